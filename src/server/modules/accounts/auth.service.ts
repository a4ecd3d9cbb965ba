/**
 * The rules of signing in and of an account's password and verification (`auth.routes.ts`
 * parses the requests, calls these and shapes the answers; the session cookie is the route's):
 * - nothing reveals whether an account exists: registration, reset and recovery requests do the
 *   same work and the same one write (a mail job) for every address, and a failed sign-in answers
 *   the same 401 for an unknown email and a wrong password, after the same scrypt work;
 * - sign-in is refused per client address past its limit, and per email only slowed down;
 * - a password change or reset ends the account's other sessions and every reset link mailed
 *   before it; a verification or reset link is used once.
 * @module
 */
import { isEmailFormat } from '../../../domain/account.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { greeting } from '../mail/outbox.ts';
import {
  customerAuthByEmail,
  customerAuthById,
  customerVerification,
  markEmailVerified,
  resetPassword,
  setPasswordHash,
  upgradePasswordHash,
} from './customers.repository.ts';
import { RECOVER_JOB, REGISTER_JOB, RESET_JOB, type RegisterJobInput } from './mail-jobs.ts';
import { DEFAULT_SCRYPT, hashPassword, needsRehash, passwordProblem, verifyPassword } from './password.ts';
import { AUTH_LIMITS, LOGIN_PACE, loginDelayMs, RATE_LIMITED_MESSAGE } from './rate-limit.ts';
import { INVALID_EMAIL_MESSAGE } from './service.ts';
import { endCustomerSessions } from './session.ts';
import { consumeToken, emailLink, endResetLinks, INVALID_LINK_MESSAGE, issueToken, limit, normalEmail, SIGN_IN_REQUIRED, waitMs, type AccountServices } from './services.ts';

export { INVALID_EMAIL_MESSAGE } from './service.ts';
/** The answer to a failed sign-in, whatever failed. */
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password.';
/** The answer to a wrong current password. */
export const WRONG_PASSWORD_MESSAGE = 'Current password is incorrect.';

/** An email as typed, normalised; 400 when it is no email address. */
export function emailInput(value: string): string {
  const e = normalEmail(value);
  if (!isEmailFormat(e)) throw new HttpError(400, INVALID_EMAIL_MESSAGE);
  return e;
}

/** Throws a 400 with the password rule a new password breaks, if any. */
export function checkNewPassword(value: string): void {
  const problem = passwordProblem(value);
  if (problem) throw new HttpError(400, problem);
}

function nameInput(value: string, field: string): string {
  const v = value.trim();
  if (v === '' || /\p{Cc}/u.test(v)) throw new HttpError(400, `Please enter your ${field}.`);
  return v;
}

/** The account calls' rules over the shared services `s`. */
export interface AuthService {
  /**
   * Queues a registration from the client address `ip` (the job creates the account, or tells the
   * owner of an existing one): answers the same whether or not the email is taken.
   */
  register(input: { email: string; password: string; firstName: string; lastName: string }, ip: string): Promise<void>;
  /**
   * The customer whose email and password these are; 401 {@link LOGIN_FAILED_MESSAGE} otherwise,
   * 429 past the client address's limit. Upgrades an old password hash on the way.
   */
  authenticate(input: { email: string; password: string }, ip: string): Promise<number>;
  /**
   * Changes the signed-in customer's password, ending the account's other sessions (all but
   * `keepSessionId`) and its reset links, and mails the owner. 400 {@link WRONG_PASSWORD_MESSAGE}.
   */
  changePassword(customerId: number, input: { currentPassword: string; newPassword: string }, keepSessionId: number | null): Promise<void>;
  /** Queues a reset link for an address (the same for unknown addresses). */
  requestReset(email: string, ip: string): Promise<void>;
  /** Sets a new password with an emailed link, ending every session of the account; 400 for a bad link. */
  resetWithLink(token: string, password: string): Promise<void>;
  /** Queues the sign-in address and a reset link to a verified recovery email (the same for unknown addresses). */
  recover(email: string, ip: string): Promise<void>;
  /** Mails a verification link to the signed-in customer (nothing when verified); answers whether a mail was stored. */
  startVerification(customerId: number): Promise<boolean>;
  /** Verifies the account with an emailed link; 400 for a bad link. */
  finishVerification(token: string): Promise<void>;
}

/**
 * The account calls' rules over `s`.
 * @example
 * const auth = authService(services);
 * const customerId = await auth.authenticate({ email, password }, request.ip);
 */
export function authService(s: AccountServices): AuthService {
  const { db, outbox } = s;
  const iso = () => new Date(s.now()).toISOString();
  // verified against when the email is unknown, so both paths cost the same; made on first need
  let dummyHash: Promise<string> | null = null;

  return {
    async register(input, ip) {
      const e = emailInput(input.email);
      checkNewPassword(input.password);
      const first = nameInput(input.firstName, 'first name');
      const last = nameInput(input.lastName, 'last name');
      await limit(s, [`register-ip:${ip}`, AUTH_LIMITS.emailRequestPerIp], [`register-to:${e}`, AUTH_LIMITS.emailPerTarget]);
      const job: RegisterJobInput = { passwordHash: await hashPassword(input.password, s.scrypt), firstName: first, lastName: last };
      // the account is created (or the owner told) by the job: one row here for every address
      await outbox.enqueueJob(REGISTER_JOB, e, job);
    },

    async authenticate(input, ip) {
      const e = normalEmail(input.email);
      const ipKey = `login-ip:${ip}`;
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
      const tooLong = passwordProblem(input.password)?.includes('at most') === true;
      const ok = row && !tooLong ? await verifyPassword(input.password, row.password_hash) : (await verifyPassword('x', await (dummyHash ??= hashPassword('dummy password for timing', s.scrypt))), false);
      if (!ok || !row) {
        await s.limiter.hit(ipKey, AUTH_LIMITS.loginPerIp);
        throw new HttpError(401, LOGIN_FAILED_MESSAGE);
      }
      await s.limiter.reset(paceKey);
      if (needsRehash(row.password_hash, s.scrypt) && s.scrypt === DEFAULT_SCRYPT) {
        const upgraded = await hashPassword(input.password, s.scrypt);
        await upgradePasswordHash(db, row.id, upgraded, row.password_hash);
      }
      return row.id;
    },

    async changePassword(customerId, input, keepSessionId) {
      checkNewPassword(input.newPassword);
      const accountKey = `change-password:${customerId}`;
      if (!(await s.limiter.check(accountKey, AUTH_LIMITS.loginPerAccount))) throw new HttpError(429, RATE_LIMITED_MESSAGE);
      const row = await customerAuthById(db, customerId);
      if (!row) throw new HttpError(401, SIGN_IN_REQUIRED);
      if (!(await verifyPassword(input.currentPassword, row.password_hash))) {
        await s.limiter.hit(accountKey, AUTH_LIMITS.loginPerAccount);
        throw new HttpError(400, WRONG_PASSWORD_MESSAGE);
      }
      const hash = await hashPassword(input.newPassword, s.scrypt);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, customerId, hash, iso());
        await endCustomerSessions(tx, customerId, keepSessionId);
        // a link mailed before the change would undo it
        await endResetLinks({ db: tx }, customerId);
        await outbox.in(tx).enqueue('password-changed', {
          to: row.email,
          subject: 'Your Skimmer password was changed',
          text: `${greeting(row.first_name, row.email_verified === 1)}\n\nThe password of your Skimmer account was just changed. If this was not you, reset it now: ${s.publicUrl}/reset-password\n`,
        });
      });
    },

    async requestReset(email, ip) {
      const e = emailInput(email);
      await limit(s, [`reset-ip:${ip}`, AUTH_LIMITS.emailRequestPerIp], [`reset-to:${e}`, AUTH_LIMITS.emailPerTarget]);
      // the job looks the address up, ends the older links and issues the new one
      await outbox.enqueueJob(RESET_JOB, e, null);
    },

    async resetWithLink(token, password) {
      checkNewPassword(password);
      const hash = await hashPassword(password, s.scrypt);
      const done = await db.transaction(async (tx) => {
        const target = await consumeToken({ ...s, db: tx }, 'reset-password', token);
        if (!target || target.customerId === null) return false;
        // the link proved control of the sign-in email
        if (!await resetPassword(tx, target.customerId, target.email, hash, iso())) return false;
        await endCustomerSessions(tx, target.customerId);
        // the account's other reset links (an older request, a recovery mail) end with this one
        await endResetLinks({ db: tx }, target.customerId);
        return true;
      });
      if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
    },

    async recover(email, ip) {
      const e = emailInput(email);
      await limit(s, [`recover-ip:${ip}`, AUTH_LIMITS.emailRequestPerIp], [`recover-to:${e}`, AUTH_LIMITS.emailPerTarget]);
      await outbox.enqueueJob(RECOVER_JOB, e, null);
    },

    async startVerification(customerId) {
      const row = await customerVerification(db, customerId);
      if (!row) throw new HttpError(401, SIGN_IN_REQUIRED);
      if (row.email_verified === 1) return false;
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
      return true;
    },

    async finishVerification(token) {
      const done = await db.transaction(async (tx) => {
        const target = await consumeToken({ ...s, db: tx }, 'verify-account', token);
        if (!target || target.customerId === null) return false;
        return await markEmailVerified(tx, target.customerId, target.email, iso());
      });
      if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
    },
  };
}
