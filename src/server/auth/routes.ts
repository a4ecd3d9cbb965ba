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
 *   answer `{ success: true }` and say what happened by email only (an existing address gets an
 *   "you already have an account" message instead of a second account). Register therefore does
 *   not sign in; the shopper signs in next. A failed sign-in answers the same 401 for an unknown
 *   email and a wrong password, after the same scrypt work.
 * - Signing in does not require a verified email; verification is its own flow.
 * - A password change or reset ends every other session of the account; the change itself
 *   re-issues the current session's token.
 * @module
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isEmailFormat } from '../../domain/account.ts';
import { HttpError } from '../errors.ts';
import { DEFAULT_SCRYPT, hashPassword, needsRehash, passwordProblem, PASSWORD_MAX_LENGTH, verifyPassword } from './password.ts';
import { AUTH_LIMITS, RATE_LIMITED_MESSAGE } from './rate-limit.ts';
import { endCustomerSessions, signIn, signOut } from './session.ts';
import {
  consumeToken,
  emailLink,
  INVALID_LINK_MESSAGE,
  issueToken,
  limit,
  normalEmail,
  requireCustomer,
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


interface CustomerAuthRow {
  id: number;
  email: string;
  password_hash: string;
  first_name: string;
}

/** Plugin with the routes of the module notes. */
export const authRoutes: FastifyPluginAsync<{ services: AccountServices }> = async (app: FastifyInstance, { services: s }) => {
  const { db, outbox } = s;
  const iso = () => new Date(s.now()).toISOString();
  // verified against when the email is unknown, so both paths cost the same; made on first need
  let dummyHash: Promise<string> | null = null;
  const flush = () => {
    void outbox.flush().catch(() => undefined);
  };
  const opts = (summary: string, b: object | null, extra: Record<string, unknown> = {}) => ({
    bodyLimit: 16_384,
    schema: { summary, tags: TAGS, ...(b ? { body: b } : {}), response: { 200: success, ...errors }, ...extra },
  });

  app.get('/api/user', { schema: { summary: 'The signed-in user, or null', tags: TAGS, response: { 200: { type: 'object', properties: { user: { anyOf: [userSchema, { type: 'null' }] } } } } } }, async (req) => ({
    user: req.session.customerId === null ? null : loadUser(db, req.session.customerId),
  }));

  app.get('/api/customer', { schema: { summary: 'The signed-in customer with addresses; {} when signed out', tags: TAGS, response: { 200: { type: 'object', properties: { customer: customerSchema } } } } }, async (req) => ({
    customer: req.session.customerId === null ? {} : (loadCustomer(db, req.session.customerId) ?? {}),
  }));

  app.post<{ Body: { email: string; password: string; firstName: string; lastName: string } }>(
    '/api/auth/register',
    opts('Create an account (answers the same whether or not the email is taken)', body({ email, password, firstName: name, lastName: name }, ['email', 'password', 'firstName', 'lastName'])),
    async (req) => {
      const e = checkEmail(req.body.email);
      checkPassword(req.body.password);
      const first = checkName(req.body.firstName, 'first name');
      const last = checkName(req.body.lastName, 'last name');
      limit(s, [`register-ip:${req.ip}`, AUTH_LIMITS.emailRequestPerIp], [`register-to:${e}`, AUTH_LIMITS.emailPerTarget]);
      const hash = await hashPassword(req.body.password, s.scrypt);
      db.transaction(() => {
        const existing = db.get<{ id: number }>('SELECT id FROM customers WHERE email = ?', [e]);
        if (existing) {
          outbox.enqueue('account-exists', {
            to: e,
            subject: 'You already have a Skimmer account',
            text: `Someone (hopefully you) tried to create a Skimmer account with this email address, which already has one.\n\nSign in: ${s.publicUrl}/login\nForgot your password? ${s.publicUrl}/reset-password\n`,
          });
          return;
        }
        const at = iso();
        const row = db.get<{ id: number }>(
          'INSERT INTO customers (email, password_hash, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
          [e, hash, first, last, at, at],
        );
        const link = emailLink(s, '/verify-account', issueToken(s, 'verify-account', { customerId: row?.id ?? null, email: e }));
        outbox.enqueue('verify-account', {
          to: e,
          subject: 'Welcome to Skimmer: please verify your email',
          text: `Hello ${first},\n\nYour Skimmer account is ready. Please verify your email address:\n${link}\n\nThe link is valid for 24 hours.\n`,
        });
      });
      flush();
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
      const accountKey = `login-account:${e}`;
      if (!s.limiter.check(ipKey, AUTH_LIMITS.loginPerIp) || !s.limiter.check(accountKey, AUTH_LIMITS.loginPerAccount)) {
        throw new HttpError(429, RATE_LIMITED_MESSAGE);
      }
      const row = isEmailFormat(e) ? db.get<CustomerAuthRow>('SELECT id, email, password_hash, first_name FROM customers WHERE email = ?', [e]) : undefined;
      const tooLong = passwordProblem(req.body.password)?.includes('at most') === true;
      const ok = row && !tooLong ? await verifyPassword(req.body.password, row.password_hash) : (await verifyPassword('x', await (dummyHash ??= hashPassword('dummy password for timing', s.scrypt))), false);
      if (!ok || !row) {
        s.limiter.hit(ipKey, AUTH_LIMITS.loginPerIp);
        s.limiter.hit(accountKey, AUTH_LIMITS.loginPerAccount);
        throw new HttpError(401, LOGIN_FAILED_MESSAGE);
      }
      s.limiter.reset(accountKey);
      if (needsRehash(row.password_hash, s.scrypt) && s.scrypt === DEFAULT_SCRYPT) {
        const upgraded = await hashPassword(req.body.password, s.scrypt);
        db.run('UPDATE customers SET password_hash = ? WHERE id = ? AND password_hash = ?', [upgraded, row.id, row.password_hash]);
      }
      signIn(app, req, reply, row.id);
      return { user: loadUser(db, row.id) };
    },
  );

  app.post('/api/auth/logout', opts('Sign out', null), async (req, reply) => {
    signOut(app, req, reply);
    return { success: true };
  });

  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/api/auth/change-password',
    opts('Change the password (ends the account\'s other sessions)', body({ currentPassword: password, newPassword: password }, ['currentPassword', 'newPassword'])),
    async (req, reply) => {
      const customerId = requireCustomer(req);
      checkPassword(req.body.newPassword);
      const accountKey = `change-password:${customerId}`;
      if (!s.limiter.check(accountKey, AUTH_LIMITS.loginPerAccount)) throw new HttpError(429, RATE_LIMITED_MESSAGE);
      const row = db.get<CustomerAuthRow>('SELECT id, email, password_hash, first_name FROM customers WHERE id = ?', [customerId]);
      if (!row) throw new HttpError(401, 'Please sign in.');
      if (!(await verifyPassword(req.body.currentPassword, row.password_hash))) {
        s.limiter.hit(accountKey, AUTH_LIMITS.loginPerAccount);
        throw new HttpError(400, WRONG_PASSWORD_MESSAGE);
      }
      const hash = await hashPassword(req.body.newPassword, s.scrypt);
      db.transaction(() => {
        db.run('UPDATE customers SET password_hash = ?, updated_at = ? WHERE id = ?', [hash, iso(), customerId]);
        endCustomerSessions(db, customerId, req.session.id);
        outbox.enqueue('password-changed', {
          to: row.email,
          subject: 'Your Skimmer password was changed',
          text: `Hello ${row.first_name},\n\nThe password of your Skimmer account was just changed. If this was not you, reset it now: ${s.publicUrl}/reset-password\n`,
        });
      });
      signIn(app, req, reply, customerId);
      flush();
      return { success: true };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/auth/reset-password/request',
    opts('Email a password-reset link (answers the same for unknown emails)', body({ email }, ['email'])),
    async (req) => {
      const e = checkEmail(req.body.email);
      limit(s, [`reset-ip:${req.ip}`, AUTH_LIMITS.emailRequestPerIp], [`reset-to:${e}`, AUTH_LIMITS.emailPerTarget]);
      db.transaction(() => {
        const row = db.get<{ id: number; first_name: string }>('SELECT id, first_name FROM customers WHERE email = ?', [e]);
        if (!row) return;
        const link = emailLink(s, '/reset-password', issueToken(s, 'reset-password', { customerId: row.id, email: e }));
        outbox.enqueue('reset-password', {
          to: e,
          subject: 'Reset your Skimmer password',
          text: `Hello ${row.first_name},\n\nFollow this link to choose a new password:\n${link}\n\nThe link is valid for one hour and works once. If you did not ask for it, ignore this email.\n`,
        });
      });
      flush();
      return { success: true };
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/api/auth/reset-password',
    opts('Set a new password with an emailed link (ends every session of the account)', body({ token, password }, ['token', 'password'])),
    async (req) => {
      checkPassword(req.body.password);
      const hash = await hashPassword(req.body.password, s.scrypt);
      const done = db.transaction(() => {
        const target = consumeToken(s, 'reset-password', req.body.token);
        if (!target || target.customerId === null) return false;
        // the link proved control of the sign-in email
        const changed = db.run('UPDATE customers SET password_hash = ?, email_verified = 1, updated_at = ? WHERE id = ? AND email = ?', [hash, iso(), target.customerId, target.email]);
        if (changed.changes !== 1) return false;
        endCustomerSessions(db, target.customerId);
        return true;
      });
      if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
      return { success: true };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/auth/recover-account',
    opts('Email the sign-in address and a reset link to a verified recovery email (answers the same for unknown emails)', body({ email }, ['email'])),
    async (req) => {
      const e = checkEmail(req.body.email);
      limit(s, [`recover-ip:${req.ip}`, AUTH_LIMITS.emailRequestPerIp], [`recover-to:${e}`, AUTH_LIMITS.emailPerTarget]);
      db.transaction(() => {
        const rows = db.all<{ id: number; email: string; first_name: string }>(
          'SELECT id, email, first_name FROM customers WHERE recovery_email = ? AND recovery_email_verified = 1 ORDER BY id LIMIT 5',
          [e],
        );
        for (const row of rows) {
          const link = emailLink(s, '/reset-password', issueToken(s, 'reset-password', { customerId: row.id, email: row.email }));
          outbox.enqueue('recover-account', {
            to: e,
            subject: 'Recover your Skimmer account',
            text: `Hello ${row.first_name},\n\nThis address is the recovery email of the Skimmer account that signs in as:\n${row.email}\n\nTo choose a new password, follow this link (valid for one hour):\n${link}\n`,
          });
        }
      });
      flush();
      return { success: true };
    },
  );

  app.post('/api/auth/verification/start', opts('Email an account verification link to the signed-in user', null), async (req) => {
    const customerId = requireCustomer(req);
    const row = db.get<{ email: string; first_name: string; email_verified: number }>('SELECT email, first_name, email_verified FROM customers WHERE id = ?', [customerId]);
    if (!row) throw new HttpError(401, 'Please sign in.');
    if (row.email_verified === 1) return { success: true };
    limit(s, [`verify-account:${customerId}`, AUTH_LIMITS.emailPerTarget]);
    db.transaction(() => {
      const link = emailLink(s, '/verify-account', issueToken(s, 'verify-account', { customerId, email: row.email }));
      outbox.enqueue('verify-account', {
        to: row.email,
        subject: 'Verify your Skimmer account',
        text: `Hello ${row.first_name},\n\nPlease verify your email address:\n${link}\n\nThe link is valid for 24 hours.\n`,
      });
    });
    flush();
    return { success: true };
  });

  app.post<{ Body: { token: string } }>(
    '/api/auth/verification/finish',
    opts('Verify the account with an emailed link', body({ token }, ['token'])),
    async (req) => {
      const done = db.transaction(() => {
        const target = consumeToken(s, 'verify-account', req.body.token);
        if (!target || target.customerId === null) return false;
        return db.run('UPDATE customers SET email_verified = 1, updated_at = ? WHERE id = ? AND email = ?', [iso(), target.customerId, target.email]).changes === 1;
      });
      if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
      return { success: true };
    },
  );
};
