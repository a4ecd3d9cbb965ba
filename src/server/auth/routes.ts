/**
 * Account and sign-in calls (the storefront's /login, /register, /logout, /change-password,
 * /reset-password, /recover-account, /start-verification and /verify-account pages use them):
 *
 * | call | body | answer |
 * |---|---|---|
 * | POST /api/auth/register | {email, password, firstName, lastName} | { success } |
 * | POST /api/auth/login | {email, password} | { user } + session cookie |
 * | POST /api/auth/logout | {} | { success } |
 * | POST /api/auth/change-password | {currentPassword, newPassword} | { success } |
 * | POST /api/auth/reset-password/request | {email} | { success } |
 * | POST /api/auth/reset-password | {token, password} | { success } |
 * | POST /api/auth/recover-account | {email} | { success } |
 * | POST /api/auth/verification/start | {} | { success } |
 * | POST /api/auth/verification/finish | {token} | { success } |
 * | GET /api/user | - | { user } (null when signed out) |
 * | GET /api/customer | - | { customer } ({} when signed out) |
 *
 * Choices (the spec is silent):
 * - Nothing reveals whether an account exists: register, reset and recovery requests always
 *   answer `{ success: true }` after the same work and the same one write (a mail job; the job
 *   decides, after the answer, what the address gets: auth/mail-jobs.ts), and say what happened
 *   by email only (an existing address gets an "you already have an account" message instead of
 *   a second account). Register therefore does not sign in; the shopper signs in next (sign-in
 *   first composes a registration still queued for its address). A failed sign-in answers the
 *   same 401 for an unknown email and a wrong password, after the same scrypt work.
 * - Sign-in is refused per client address past its limit, but per email only slowed down
 *   (rate-limit.ts LOGIN_PACE): someone else's wrong passwords never stop the owner's right one.
 * - Signing in does not require a verified email; verification is its own flow. Mail greets by
 *   first name only an address that has been verified.
 * - A password change or reset ends every other session of the account and every reset link
 *   mailed before it (so does a newer reset request); the change itself re-issues the current
 *   session's token.
 * @module
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isEmailFormat } from '../../domain/account.ts';
import { HttpError } from '../errors.ts';
import { greeting } from '../email/outbox.ts';
import {
  customerAuthByEmail,
  customerAuthById,
  customerVerification,
  markEmailVerified,
  resetPassword,
  setPasswordHash,
  upgradePasswordHash,
} from '../repositories/customers.ts';
import { defineAccountMailJobs, RECOVER_JOB, REGISTER_JOB, RESET_JOB, type RegisterJobInput } from './mail-jobs.ts';
import { DEFAULT_SCRYPT, hashPassword, needsRehash, passwordProblem, PASSWORD_MAX_LENGTH, verifyPassword } from './password.ts';
import { AUTH_LIMITS, LOGIN_PACE, loginDelayMs, RATE_LIMITED_MESSAGE } from './rate-limit.ts';
import { endCustomerSessions, signIn, signOut } from './session.ts';
import {
  consumeToken,
  emailLink,
  endResetLinks,
  INVALID_LINK_MESSAGE,
  issueToken,
  limit,
  normalEmail,
  requireCustomer,
  waitMs,
  type AccountServices,
} from './services.ts';
import { customerSchema, userSchema, loadCustomer, loadUser } from './users.ts';

/** The answer to a failed sign-in, whatever failed. */
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password.';
/** The answer to a malformed email. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
/** The answer to a wrong current password. */
export const WRONG_PASSWORD_MESSAGE = 'Current password is incorrect.';

const email = { type: 'string', minLength: 3, maxLength: 254 } as const;
const password = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 4 } as const;
const name = { type: 'string', minLength: 1, maxLength: 100 } as const;
const token = { type: 'string', minLength: 1, maxLength: 200 } as const;
const success = { type: 'object', properties: { success: { type: 'boolean' } }, required: ['success'] } as const;
const errors = { 400: { $ref: 'Error#' }, 401: { $ref: 'Error#' }, 403: { $ref: 'Error#' }, 429: { $ref: 'Error#' } } as const;
const TAGS = ['account'];

function body(properties: Record<string, object>, required: string[]) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}

function checkEmail(value: string): string {
  const e = normalEmail(value);
  if (!isEmailFormat(e)) throw new HttpError(400, INVALID_EMAIL_MESSAGE);
  return e;
}

function checkPassword(value: string): void {
  const problem = passwordProblem(value);
  if (problem) throw new HttpError(400, problem);
}

function checkName(value: string, field: string): string {
  const v = value.trim();
  if (v === '' || /\p{Cc}/u.test(v)) throw new HttpError(400, `Please enter your ${field}.`);
  return v;
}


/** Plugin with the routes of the module notes. */
export const authRoutes: FastifyPluginAsync<{ services: AccountServices }> = async (app: FastifyInstance, { services: s }) => {
  const { db, outbox } = s;
  const iso = () => new Date(s.now()).toISOString();
  defineAccountMailJobs(s);
  // jobs answered by a process that stopped before composing them are composed before this one
  // is ready (an acknowledged registration is an account by then), then by the worker loop,
  // with or without SMTP (the loop runs once per outbox, whoever starts it)
  app.addHook('onReady', async () => {
    await outbox.composeJobs().catch(() => 0);
    void outbox.flush().catch(() => undefined);
    outbox.startLoop();
  });
  app.addHook('onClose', async () => outbox.stopLoop());
  // verified against when the email is unknown, so both paths cost the same; made on first need
  let dummyHash: Promise<string> | null = null;
  const flush = async () => {
    void outbox.flush().catch(() => undefined);
  };
  const opts = (summary: string, b: object | null, extra: Record<string, unknown> = {}) => ({
    bodyLimit: 16_384,
    schema: { summary, tags: TAGS, ...(b ? { body: b } : {}), response: { 200: success, ...errors }, ...extra },
  });
  // routes that queue a mail job start the worker once their answer is sent, so its work (which
  // differs by address) never adds to the answer's time
  const queuing = (summary: string, b: object) => ({ ...opts(summary, b), onResponse: flush });

  app.get('/api/user', { schema: { summary: 'The signed-in user, or null', tags: TAGS, response: { 200: { type: 'object', properties: { user: { anyOf: [userSchema, { type: 'null' }] } } } } } }, async (req) => ({
    user: req.session.customerId === null ? null : await loadUser(db, req.session.customerId),
  }));

  app.get('/api/customer', { schema: { summary: 'The signed-in customer with addresses; {} when signed out', tags: TAGS, response: { 200: { type: 'object', properties: { customer: customerSchema } } } } }, async (req) => ({
    customer: req.session.customerId === null ? {} : (await loadCustomer(db, req.session.customerId) ?? {}),
  }));

  app.post<{ Body: { email: string; password: string; firstName: string; lastName: string } }>(
    '/api/auth/register',
    queuing('Create an account (answers the same whether or not the email is taken)', body({ email, password, firstName: name, lastName: name }, ['email', 'password', 'firstName', 'lastName'])),
    async (req) => {
      const e = checkEmail(req.body.email);
      checkPassword(req.body.password);
      const first = checkName(req.body.firstName, 'first name');
      const last = checkName(req.body.lastName, 'last name');
      await limit(s, [`register-ip:${req.ip}`, AUTH_LIMITS.emailRequestPerIp], [`register-to:${e}`, AUTH_LIMITS.emailPerTarget]);
      const job: RegisterJobInput = { passwordHash: await hashPassword(req.body.password, s.scrypt), firstName: first, lastName: last };
      // the account is created (or the owner told) by the job: one row here for every address
      await outbox.enqueueJob(REGISTER_JOB, e, job);
      return { success: true };
    },
  );

  app.post<{ Body: { email: string; password: string } }>(
    '/api/auth/login',
    {
      bodyLimit: 16_384,
      schema: { summary: 'Sign in', tags: TAGS, body: body({ email, password }, ['email', 'password']), response: { 200: { type: 'object', properties: { user: userSchema } }, ...errors } },
    },
    async (req, reply) => {
      const e = normalEmail(req.body.email);
      const ipKey = `login-ip:${req.ip}`;
      const paceKey = `login-pace:${e}`;
      if (!(await s.limiter.check(ipKey, AUTH_LIMITS.loginPerIp))) throw new HttpError(429, RATE_LIMITED_MESSAGE);
      // per email: slowed, never refused (counted before the password is checked, so tries sent
      // in parallel each wait longer than the one before)
      const attempt = await s.limiter.increment(paceKey, LOGIN_PACE.window);
      const delay = loginDelayMs(attempt - 1);
      if (delay > 0) await (s.sleep ?? waitMs)(delay);
      const valid = isEmailFormat(e);
      let row: Awaited<ReturnType<typeof customerAuthByEmail>>;
      try {
        // a registration answered a moment ago may still be queued: its job creates the account
        if (valid) await outbox.composeJobs({ to: e });
        row = valid ? await customerAuthByEmail(db, e) : undefined;
      } catch (err) {
        // the store could not answer (a database fault: 503): the attempt does not count against
        // the shopper, who would otherwise wait on every sign-in once the database is back
        await s.limiter.forgive(paceKey).catch(() => undefined);
        throw err;
      }
      const tooLong = passwordProblem(req.body.password)?.includes('at most') === true;
      const ok = row && !tooLong ? await verifyPassword(req.body.password, row.password_hash) : (await verifyPassword('x', await (dummyHash ??= hashPassword('dummy password for timing', s.scrypt))), false);
      if (!ok || !row) {
        await s.limiter.hit(ipKey, AUTH_LIMITS.loginPerIp);
        throw new HttpError(401, LOGIN_FAILED_MESSAGE);
      }
      await s.limiter.reset(paceKey);
      if (needsRehash(row.password_hash, s.scrypt) && s.scrypt === DEFAULT_SCRYPT) {
        const upgraded = await hashPassword(req.body.password, s.scrypt);
        await upgradePasswordHash(db, row.id, upgraded, row.password_hash);
      }
      await signIn(app, req, reply, row.id);
      return { user: await loadUser(db, row.id) };
    },
  );

  app.post('/api/auth/logout', opts('Sign out', null), async (req, reply) => {
    await signOut(app, req, reply);
    return { success: true };
  });

  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/api/auth/change-password',
    opts('Change the password (ends the account\'s other sessions)', body({ currentPassword: password, newPassword: password }, ['currentPassword', 'newPassword'])),
    async (req, reply) => {
      const customerId = requireCustomer(req);
      checkPassword(req.body.newPassword);
      const accountKey = `change-password:${customerId}`;
      if (!(await s.limiter.check(accountKey, AUTH_LIMITS.loginPerAccount))) throw new HttpError(429, RATE_LIMITED_MESSAGE);
      const row = await customerAuthById(db, customerId);
      if (!row) throw new HttpError(401, 'Please sign in.');
      if (!(await verifyPassword(req.body.currentPassword, row.password_hash))) {
        await s.limiter.hit(accountKey, AUTH_LIMITS.loginPerAccount);
        throw new HttpError(400, WRONG_PASSWORD_MESSAGE);
      }
      const hash = await hashPassword(req.body.newPassword, s.scrypt);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, customerId, hash, iso());
        await endCustomerSessions(tx, customerId, req.session.id);
        // a link mailed before the change would undo it
        await endResetLinks({ db: tx }, customerId);
        await outbox.in(tx).enqueue('password-changed', {
          to: row.email,
          subject: 'Your Skimmer password was changed',
          text: `${greeting(row.first_name, row.email_verified === 1)}\n\nThe password of your Skimmer account was just changed. If this was not you, reset it now: ${s.publicUrl}/reset-password\n`,
        });
      });
      await signIn(app, req, reply, customerId);
      await flush();
      return { success: true };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/auth/reset-password/request',
    queuing('Email a password-reset link, ending the ones sent before (answers the same for unknown emails)', body({ email }, ['email'])),
    async (req) => {
      const e = checkEmail(req.body.email);
      await limit(s, [`reset-ip:${req.ip}`, AUTH_LIMITS.emailRequestPerIp], [`reset-to:${e}`, AUTH_LIMITS.emailPerTarget]);
      // the job looks the address up, ends the older links and issues the new one
      await outbox.enqueueJob(RESET_JOB, e, null);
      return { success: true };
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/api/auth/reset-password',
    opts('Set a new password with an emailed link (ends every session of the account)', body({ token, password }, ['token', 'password'])),
    async (req) => {
      checkPassword(req.body.password);
      const hash = await hashPassword(req.body.password, s.scrypt);
      const done = await db.transaction(async (tx) => {
        const target = await consumeToken({ ...s, db: tx }, 'reset-password', req.body.token);
        if (!target || target.customerId === null) return false;
        // the link proved control of the sign-in email
        if (!await resetPassword(tx, target.customerId, target.email, hash, iso())) return false;
        await endCustomerSessions(tx, target.customerId);
        // the account's other reset links (an older request, a recovery mail) end with this one
        await endResetLinks({ db: tx }, target.customerId);
        return true;
      });
      if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
      return { success: true };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/auth/recover-account',
    queuing('Email the sign-in address and a reset link to a verified recovery email (answers the same for unknown emails)', body({ email }, ['email'])),
    async (req) => {
      const e = checkEmail(req.body.email);
      await limit(s, [`recover-ip:${req.ip}`, AUTH_LIMITS.emailRequestPerIp], [`recover-to:${e}`, AUTH_LIMITS.emailPerTarget]);
      await outbox.enqueueJob(RECOVER_JOB, e, null);
      return { success: true };
    },
  );

  app.post('/api/auth/verification/start', opts('Email an account verification link to the signed-in user', null), async (req) => {
    const customerId = requireCustomer(req);
    const row = await customerVerification(db, customerId);
    if (!row) throw new HttpError(401, 'Please sign in.');
    if (row.email_verified === 1) return { success: true };
    await limit(s, [`verify-account:${customerId}`, AUTH_LIMITS.emailPerTarget]);
    await db.transaction(async (tx) => {
      const link = emailLink({ ...s, db: tx }, '/verify-account', await issueToken({ ...s, db: tx }, 'verify-account', { customerId, email: row.email }));
      await outbox.in(tx).enqueue('verify-account', {
        to: row.email,
        subject: 'Verify your Skimmer account',
        // not verified yet (or this mail would not go): no name in front of it
        text: `${greeting(row.first_name, row.email_verified === 1)}\n\nPlease verify your email address:\n${link}\n\nThe link is valid for 24 hours.\n`,
      });
    });
    await flush();
    return { success: true };
  });

  app.post<{ Body: { token: string } }>(
    '/api/auth/verification/finish',
    opts('Verify the account with an emailed link', body({ token }, ['token'])),
    async (req) => {
      const done = await db.transaction(async (tx) => {
        const target = await consumeToken({ ...s, db: tx }, 'verify-account', req.body.token);
        if (!target || target.customerId === null) return false;
        return await markEmailVerified(tx, target.customerId, target.email, iso());
      });
      if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
      return { success: true };
    },
  );
};
