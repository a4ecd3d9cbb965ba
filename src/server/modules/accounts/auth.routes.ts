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
import { authService } from './auth.service.ts';
import { defineAccountMailJobs } from './mail-jobs.ts';
import { PASSWORD_MAX_LENGTH } from './password.ts';
import { signIn, signOut } from './session.ts';
import { requireCustomer, type AccountServices } from './services.ts';
import { customerSchema, userSchema, loadCustomer, loadUser } from './users.ts';

// the sign-in answers are the service's (kept importable from here)
export { INVALID_EMAIL_MESSAGE, LOGIN_FAILED_MESSAGE, WRONG_PASSWORD_MESSAGE } from './auth.service.ts';

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

/** Plugin with the routes of the module notes. */
export const authRoutes: FastifyPluginAsync<{ services: AccountServices }> = async (app: FastifyInstance, { services: s }) => {
  const { db, outbox } = s;
  const auth = authService(s);
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
      await auth.register(req.body, req.ip);
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
      const customerId = await auth.authenticate(req.body, req.ip);
      await signIn(app, req, reply, customerId);
      return { user: await loadUser(db, customerId) };
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
      await auth.changePassword(customerId, req.body, req.session.id);
      await signIn(app, req, reply, customerId);
      await flush();
      return { success: true };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/auth/reset-password/request',
    queuing('Email a password-reset link, ending the ones sent before (answers the same for unknown emails)', body({ email }, ['email'])),
    async (req) => {
      await auth.requestReset(req.body.email, req.ip);
      return { success: true };
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/api/auth/reset-password',
    opts('Set a new password with an emailed link (ends every session of the account)', body({ token, password }, ['token', 'password'])),
    async (req) => {
      await auth.resetWithLink(req.body.token, req.body.password);
      return { success: true };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/auth/recover-account',
    queuing('Email the sign-in address and a reset link to a verified recovery email (answers the same for unknown emails)', body({ email }, ['email'])),
    async (req) => {
      await auth.recover(req.body.email, req.ip);
      return { success: true };
    },
  );

  app.post('/api/auth/verification/start', opts('Email an account verification link to the signed-in user', null), async (req) => {
    if (await auth.startVerification(requireCustomer(req))) await flush();
    return { success: true };
  });

  app.post<{ Body: { token: string } }>(
    '/api/auth/verification/finish',
    opts('Verify the account with an emailed link', body({ token }, ['token'])),
    async (req) => {
      await auth.finishVerification(req.body.token);
      return { success: true };
    },
  );
};
