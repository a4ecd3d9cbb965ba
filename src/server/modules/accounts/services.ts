/**
 * What the account routes share: the database, the email outbox, the captcha verifier, the rate
 * limiter, the public URL emailed links start with, the scrypt cost and the clock; plus the small
 * guards every route uses (signed-in customer, captcha, rate limit) and one-time tokens.
 *
 * Emailed links are built from `publicUrl` (PUBLIC_URL), never from the request's Host header,
 * so a forged Host cannot make a reset link point elsewhere.
 * @module
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { CaptchaVerifier } from '../captcha/verifier.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { Outbox } from '../mail/outbox.ts';
import { deleteAuthTokens, findAuthToken, insertAuthToken, markAuthTokenUsed } from './customers.repository.ts';
import type { ScryptParams } from './password.ts';
import { RATE_LIMITED_MESSAGE, type LimitRule, type Limiter } from './rate-limit.ts';
import { hashToken, newToken } from './session.ts';
import { CAPTCHA_FAILED_MESSAGE } from '../captcha/verifier.ts';

/** The shared services of the account routes. */
export interface AccountServices {
  db: Db;
  outbox: Outbox;
  captcha: CaptchaVerifier;
  limiter: Limiter;
  /** Origin of emailed links, without a trailing slash. @default 'http://localhost:3000' */
  publicUrl: string;
  /** Base of `_links.addPaymentMethod.href`: '' for a same-origin path, or an absolute origin. @default '' */
  linkBase: string;
  scrypt: ScryptParams;
  /** HMAC key of the add-card links (SESSION_SECRET, or random per process). */
  secret: Buffer;
  now: () => number;
  /**
   * Holds a paced sign-in this long (a test sets `app.accounts.sleep` to one that records the
   * wait). @default a timer ({@link waitMs})
   */
  sleep?: (ms: number) => Promise<void>;
  /** Origins accepted besides the server's own (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
}

/** Waits `ms` milliseconds (a timer). */
export function waitMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The answer to anonymous calls on account data. */
export const SIGN_IN_REQUIRED = 'Please sign in.';
/** The answer to another customer's object (and to a missing one): the same, so ids reveal nothing. */
export const NOT_FOUND_MESSAGE = 'Not found.';
/** The answer to a used, expired or unknown emailed link. */
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

/** The signed-in customer's id, or a 401. */
export function requireCustomer(request: FastifyRequest): number {
  const id = request.session.customerId;
  if (id === null) throw new HttpError(401, SIGN_IN_REQUIRED);
  return id;
}

/** The signed-in customer's id when it equals the path's `{id}`; anonymous 401, another id 404. */
export function requireSelf(request: FastifyRequest, id: number): number {
  const self = requireCustomer(request);
  if (self !== id) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return self;
}

/** Counts a hit on each key; a refusal is a 429. */
export async function limit(s: AccountServices, ...entries: [string, LimitRule][]): Promise<void> {
  if (!(await s.limiter.allow(...entries))) throw new HttpError(429, RATE_LIMITED_MESSAGE);
}

/** Verifies a captcha token; a failure is a 400 with {@link CAPTCHA_FAILED_MESSAGE}. */
export async function requireCaptcha(s: AccountServices, request: FastifyRequest, token: string): Promise<void> {
  const result = await s.captcha.verify(token, { remoteIp: request.ip });
  if (!result.ok) {
    request.log.info({ reason: result.reason }, 'captcha refused');
    throw new HttpError(400, CAPTCHA_FAILED_MESSAGE);
  }
}

/** Normalised email: trimmed, lower-cased. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An emailed link. */
export function emailLink(s: AccountServices, path: string, token: string): string {
  return `${s.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

/** How long each kind of emailed link lives. */
export const TOKEN_TTL_MS = {
  'reset-password': 60 * 60_000,
  'verify-account': 24 * 60 * 60_000,
  'recovery-email': 24 * 60 * 60_000,
  newsletter: 7 * 24 * 60 * 60_000,
} as const;

/** Kinds of one-time tokens. */
export type TokenPurpose = keyof typeof TOKEN_TTL_MS;

/** Stores a one-time token (hashed) and answers it; call inside the transaction that emails it. */
export async function issueToken(s: AccountServices, purpose: TokenPurpose, target: { customerId?: number | null; email: string }): Promise<string> {
  const token = newToken();
  const now = s.now();
  await insertAuthToken(s.db, {
    tokenHash: hashToken(token), purpose, customerId: target.customerId ?? null, email: target.email,
    createdAt: new Date(now).toISOString(), expiresAt: new Date(now + TOKEN_TTL_MS[purpose]).toISOString(),
  });
  return token;
}

/**
 * Ends every reset link already mailed for an account (the links of account recovery included).
 * Call inside the transaction of the change that makes them stale: a password change, a
 * completed reset, a newer reset request.
 */
export async function endResetLinks(s: Pick<AccountServices, 'db'>, customerId: number): Promise<void> {
  await deleteAuthTokens(s.db, customerId, 'reset-password');
}

/** A consumed token's target. */
export interface TokenTarget {
  customerId: number | null;
  email: string;
}

/**
 * Uses a one-time token: answers its target and marks it used, or null when it is unknown, of
 * another purpose, used or expired. Call inside a transaction with the change it allows.
 */
export async function consumeToken(s: AccountServices, purpose: TokenPurpose, token: string): Promise<TokenTarget | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const row = await findAuthToken(s.db, hashToken(token), purpose);
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= s.now()) return null;
  if (!await markAuthTokenUsed(s.db, row.id, new Date(s.now()).toISOString())) return null;
  return { customerId: row.customer_id, email: row.email ?? '' };
}

/** A signed, expiring add-card token for a customer: `{customerId}.{expiresMs}.{hmac}`. */
export function addCardToken(s: AccountServices, customerId: number, ttlMs = 60 * 60_000): string {
  const expires = s.now() + ttlMs;
  return `${customerId}.${expires}.${createHmac('sha256', s.secret).update(`add-card:${customerId}:${expires}`).digest('base64url')}`;
}

/** The customer an add-card token was issued to, or null when forged or expired. */
export function readAddCardToken(s: AccountServices, token: string): number | null {
  const m = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, id, expires, sig] = m;
  const expected = createHmac('sha256', s.secret).update(`add-card:${id}:${expires}`).digest();
  const given = Buffer.from(sig ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) <= s.now()) return null;
  return Number(id);
}
