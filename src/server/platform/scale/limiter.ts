/**
 * Rate limiting: a fixed window per key, at most `limit` hits per `windowMs`; the window starts at
 * the key's first hit. Keys are built by the caller, e.g. `ip:203.0.113.9` or `account:42`, so one
 * limiter counts per IP and per account at once.
 *
 * Callers use the asynchronous {@link Limiter}: in memory for one process ({@link memoryLimiter}
 * over {@link RateLimiter}), or counters in Redis shared by every process of the store
 * ({@link redisLimiter}, with REDIS_URL), so alternating processes cannot double a limit. The
 * limits themselves are the modules' (the accounts' AUTH_LIMITS).
 * @module
 */
import { redisHealth, type RedisClient } from './redis.ts';

/** One limit. */
export interface LimitRule {
  limit: number;
  windowMs: number;
}

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
    return this.increment(key, rule) <= rule.limit;
  }

  /** Counts a hit on `key`; answers the hits of its window, this one included. */
  increment(key: string, rule: LimitRule): number {
    const t = this.now();
    let w = this.current(key, rule);
    if (w === undefined) {
      if (this.windows.size >= this.maxKeys) this.sweep(t, rule.windowMs);
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count;
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

  /** Takes back one hit of `key` (an attempt the store failed to answer is not the caller's). */
  forgive(key: string): void {
    const w = this.windows.get(key);
    if (w && --w.count <= 0) this.windows.delete(key);
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

/** The limiter the routes use; every answer is a promise so the counters can live in Redis. */
export interface Limiter {
  /** Whether a hit on `key` is within its limit now (does not count it). */
  check(key: string, rule: LimitRule): Promise<boolean>;
  /** Counts a hit on `key`; answers whether it was within the limit. */
  hit(key: string, rule: LimitRule): Promise<boolean>;
  /** Counts a hit on `key`; answers the hits of its window, this one included. */
  increment(key: string, rule: LimitRule): Promise<number>;
  /** Checks all keys, then counts a hit on each if every one is within its limit (atomically in Redis). */
  allow(...entries: [string, LimitRule][]): Promise<boolean>;
  /** Forgets a key (a successful sign-in clears the account's failures). */
  reset(key: string): Promise<void>;
  /** Takes back one hit of `key` (an attempt the store failed to answer is not the caller's). */
  forgive(key: string): Promise<void>;
}

/**
 * The one-process limiter: {@link RateLimiter}'s counters in this process's memory.
 * @example
 * const limiter = memoryLimiter();
 * if (!(await limiter.allow(['ip:1.2.3.4', AUTH_LIMITS.loginPerIp]))) reply.code(429);
 */
export function memoryLimiter(counters: RateLimiter = new RateLimiter()): Limiter {
  return {
    check: async (key, rule) => counters.check(key, rule),
    hit: async (key, rule) => counters.hit(key, rule),
    increment: async (key, rule) => counters.increment(key, rule),
    allow: async (...entries) => counters.allow(...entries),
    reset: async (key) => counters.reset(key),
    forgive: async (key) => counters.forgive(key),
  };
}

/** Key prefix of the limiter's counters in Redis. */
export const REDIS_LIMIT_PREFIX = 'skimmer:limit:';

// Check every key, then count a hit on each, in one script so two processes cannot both pass
// the last free hit. A counter's window starts at its first hit (PEXPIRE when it becomes 1).
// KEYS: the counters; ARGV: limit and window (ms) per key, in order.
const ALLOW_SCRIPT = `
for i = 1, #KEYS do
  local c = tonumber(redis.call('GET', KEYS[i]) or '0')
  if c >= tonumber(ARGV[2 * i - 1]) then return 0 end
end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
end
return 1`;

const FORGIVE_SCRIPT = `
local c = redis.call('DECR', KEYS[1])
if c <= 0 then redis.call('DEL', KEYS[1]) end
return c`;

const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;

/**
 * Share of a rule's limit this process allows on its own counters while Redis is away (stricter:
 * a store of two processes then lets through no more than the shared limit). @default 0.5
 */
export const REDIS_FALLBACK_SHARE = 0.5;

/** Options of {@link redisLimiter}. */
export interface RedisLimiterOptions {
  /** This process's own counters, used while Redis does not answer. @default a new RateLimiter */
  fallback?: RateLimiter;
  /** Called for each call answered by the fallback. @default redisHealth(redis).fellBack('account rate limit') */
  onFallback?: (err: unknown) => void;
}

/**
 * The limiter of a multi-process store: fixed windows kept in Redis (one counter per key with
 * the window as its expiry), shared by every process. While Redis does not answer (the
 * connection fails fast: scale/redis.ts), each call is answered from this process's own
 * counters at {@link REDIS_FALLBACK_SHARE} of each limit, so sign-in keeps working, stricter;
 * once Redis is back the shared counters take over again.
 * @example
 * const limiter = redisLimiter(await connectRedis(process.env.REDIS_URL!));
 */
export function redisLimiter(redis: RedisClient, prefix: string = REDIS_LIMIT_PREFIX, options: RedisLimiterOptions = {}): Limiter {
  const k = (key: string) => prefix + key;
  const health = redisHealth(redis);
  const local = options.fallback ?? new RateLimiter();
  const onFallback = options.onFallback ?? ((err: unknown) => health.fellBack('account rate limit', err));
  const stricter = (rule: LimitRule): LimitRule => ({ ...rule, limit: Math.max(1, Math.floor(rule.limit * REDIS_FALLBACK_SHARE)) });
  /** Runs `shared` on Redis, or `alone` on this process's counters when Redis is down or fails. */
  const either = async <T>(shared: () => Promise<T>, alone: () => T): Promise<T> => {
    if (!health.up) {
      onFallback(new Error('Redis connection down'));
      return alone();
    }
    try {
      return await shared();
    } catch (err) {
      onFallback(err);
      return alone();
    }
  };
  const increment = (key: string, rule: LimitRule): Promise<number> =>
    either(async () => Number(await redis.eval(HIT_SCRIPT, 1, k(key), String(rule.windowMs))), () => local.increment(key, stricter(rule)));
  return {
    check: (key, rule) => either(async () => Number((await redis.get(k(key))) ?? 0) < rule.limit, () => local.check(key, stricter(rule))),
    // the count is compared with the rule it was counted under (the stricter one when alone)
    hit: (key, rule) => either(async () => Number(await redis.eval(HIT_SCRIPT, 1, k(key), String(rule.windowMs))) <= rule.limit, () => local.hit(key, stricter(rule))),
    increment,
    allow: (...entries) =>
      either(async () => {
        if (entries.length === 0) return true;
        const args = entries.flatMap(([, rule]) => [String(rule.limit), String(rule.windowMs)]);
        return Number(await redis.eval(ALLOW_SCRIPT, entries.length, ...entries.map(([key]) => k(key)), ...args)) === 1;
      }, () => local.allow(...entries.map(([key, rule]): [string, LimitRule] => [key, stricter(rule)]))),
    reset: (key) =>
      either(async () => {
        await redis.del(k(key));
        local.reset(key);
      }, () => local.reset(key)),
    forgive: (key) =>
      either(async () => {
        await redis.eval(FORGIVE_SCRIPT, 1, k(key));
      }, () => local.forgive(key)),
  };
}
