/**
 * In-memory rate limits (one process; a scale-out deployment would move the counters to a shared
 * store). A fixed window per key: at most `limit` hits per `windowMs`; the window starts at the
 * key's first hit. Keys are built by the caller, e.g. `ip:203.0.113.9` or `account:42`, so one
 * limiter counts per IP and per account at once.
 *
 * The limits the server uses are {@link AUTH_LIMITS}.
 * @module
 */

/** One limit. */
export interface LimitRule {
  limit: number;
  windowMs: number;
}

/**
 * The server's limits. Failed sign-ins count per IP and per email; requests that send email
 * (password reset, account recovery, verification, newsletter, recovery email) count per IP and
 * per target, so nobody can flood a mailbox.
 */
export const AUTH_LIMITS = {
  /** Failed sign-ins per IP. @default 20 per 15 minutes */
  loginPerIp: { limit: 20, windowMs: 15 * 60_000 },
  /** Failed sign-ins per email address (existing or not, so the answer reveals nothing). @default 10 per 15 minutes */
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

/** The message of a refused request. */
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';

/**
 * A fixed-window counter set.
 * @example
 * const limiter = new RateLimiter();
 * if (!limiter.allow('ip:1.2.3.4', AUTH_LIMITS.loginPerIp)) reply.code(429);
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** @param now the clock. @default Date.now */
  constructor(private readonly now: () => number = Date.now, private readonly maxKeys = 100_000) {}

  /** Whether a hit on `key` is within its limit now (does not count it). */
  check(key: string, rule: LimitRule): boolean {
    const w = this.current(key, rule);
    return w === undefined || w.count < rule.limit;
  }

  /** Counts a hit on `key`; answers whether it was within the limit. */
  hit(key: string, rule: LimitRule): boolean {
    const t = this.now();
    let w = this.current(key, rule);
    if (w === undefined) {
      if (this.windows.size >= this.maxKeys) this.sweep(t, rule.windowMs);
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count <= rule.limit;
  }

  /** Checks all keys, then counts a hit on each if every one is within its limit. */
  allow(...entries: [string, LimitRule][]): boolean {
    if (!entries.every(([key, rule]) => this.check(key, rule))) return false;
    for (const [key, rule] of entries) this.hit(key, rule);
    return true;
  }

  /** Forgets a key (a successful sign-in clears the account's failures). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string, rule: LimitRule): { start: number; count: number } | undefined {
    const w = this.windows.get(key);
    if (w && this.now() - w.start >= rule.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(t: number, windowMs: number): void {
    for (const [key, w] of this.windows) if (t - w.start >= windowMs) this.windows.delete(key);
    // still full (an attack with endless keys): drop the oldest half rather than grow without bound
    if (this.windows.size >= this.maxKeys) {
      let n = Math.floor(this.windows.size / 2);
      for (const key of this.windows.keys()) {
        if (n-- <= 0) break;
        this.windows.delete(key);
      }
    }
  }
}
