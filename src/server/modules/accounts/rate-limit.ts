/**
 * Rate limits of the account routes, counted by the platform's limiter (platform/scale/limiter.ts:
 * a fixed window per key, in memory or in Redis). The limits the server uses are
 * {@link AUTH_LIMITS}. Sign-in is limited per client address (refused past the limit) but only
 * paced per email ({@link LOGIN_PACE}, {@link loginDelayMs}): a limit that refused the right
 * password would let anyone lock an owner out by typing ten wrong ones.
 * @module
 */
import type { LimitRule } from '../../platform/scale/limiter.ts';

// the limiter itself is the platform's (one process, or Redis shared by every process)
export {
  memoryLimiter, RateLimiter, REDIS_FALLBACK_SHARE, REDIS_LIMIT_PREFIX, redisLimiter, type Limiter, type LimitRule, type RedisLimiterOptions,
} from '../../platform/scale/limiter.ts';

/**
 * The server's limits. Failed sign-ins count per IP (paced per email: {@link LOGIN_PACE});
 * wrong current passwords count per signed-in account; requests that send email
 * (password reset, account recovery, verification, newsletter, recovery email) count per IP and
 * per target, so nobody can flood a mailbox.
 */
export const AUTH_LIMITS = {
  /** Failed sign-ins per IP. @default 20 per 15 minutes */
  loginPerIp: { limit: 20, windowMs: 15 * 60_000 },
  /** Wrong current passwords of a signed-in account changing its password. @default 10 per 15 minutes */
  loginPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  /** Registrations, reset and recovery requests per IP. @default 10 per 15 minutes */
  emailRequestPerIp: { limit: 10, windowMs: 15 * 60_000 },
  /** Emails of one kind to one address. @default 3 per hour */
  emailPerTarget: { limit: 3, windowMs: 60 * 60_000 },
  /** Newsletter subscriptions per IP. @default 5 per hour */
  newsletterPerIp: { limit: 5, windowMs: 60 * 60_000 },
  /** Recovery-email changes and verification requests per account. @default 5 per hour */
  recoveryPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  /** Recovery-email requests per IP. @default 20 per hour */
  recoveryPerIp: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/**
 * The pace of sign-ins per email address (existing or not, so the pace reveals nothing). Every
 * attempt counts (before its password is checked, so tries sent in parallel each wait longer than
 * the one before); a successful sign-in clears the count. The first `freeAttempts` go at once;
 * then each is held `baseDelayMs`, doubling per attempt up to `maxDelayMs`, before its password
 * is checked. Nothing is refused: the owner's right password still signs in, only later. The
 * longest hold stays well below the storefront's 10-second call timeout.
 */
export const LOGIN_PACE = {
  /** Attempts of a window answered without delay. @default 5 */
  freeAttempts: 5,
  /** The first delay. @default 500 */
  baseDelayMs: 500,
  /** The longest delay. @default 5000 */
  maxDelayMs: 5000,
  /** The counter's window (from its first attempt). @default 15 minutes */
  window: { limit: Number.MAX_SAFE_INTEGER, windowMs: 15 * 60_000 },
} as const;

/**
 * How long a sign-in attempt is held when `earlier` attempts on its email came before it in the
 * window: 0 for the free ones, then {@link LOGIN_PACE}'s doubling delay, capped.
 * @example
 * loginDelayMs(4); // 0
 * loginDelayMs(5); // 500
 * loginDelayMs(10); // 5000
 */
export function loginDelayMs(earlier: number, pace: Pick<typeof LOGIN_PACE, 'freeAttempts' | 'baseDelayMs' | 'maxDelayMs'> = LOGIN_PACE): number {
  if (!(earlier >= pace.freeAttempts)) return 0;
  // capped before the power grows past what a double holds exactly
  const doublings = Math.min(earlier - pace.freeAttempts, 30);
  return Math.min(pace.baseDelayMs * 2 ** doublings, pace.maxDelayMs);
}

/** The message of a refused request. */
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';

