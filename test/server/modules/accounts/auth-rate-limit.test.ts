import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { LOGIN_PACE, loginDelayMs, memoryLimiter, RateLimiter, redisLimiter } from '../../../../src/server/modules/accounts/rate-limit.ts';
import { connectRedis, type RedisClient } from '../../../../src/server/platform/scale/redis.ts';
import { isSameOrigin } from '../../../../src/server/platform/http/origin-guard.ts';
import type { FastifyRequest } from 'fastify';

describe('rate limiter', () => {
  test('never lets more than the limit through in one window, and always lets the first ones through', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 100 }), (limit, gaps) => {
        let now = 0;
        const limiter = new RateLimiter(() => now);
        const rule = { limit, windowMs: 1000 };
        let windowStart = -Infinity;
        let allowedInWindow = 0;
        for (const gap of gaps) {
          now += gap;
          if (now - windowStart >= 1000) {
            windowStart = now;
            allowedInWindow = 0;
          }
          const ok = limiter.hit('k', rule);
          allowedInWindow++;
          // every hit counts; the first `limit` of a window pass, the rest are refused
          expect(ok).toBe(allowedInWindow <= limit);
        }
      }),
    );
  });

  test('allow counts every key only when all are within their limits', () => {
    const limiter = new RateLimiter(() => 0);
    const one = { limit: 1, windowMs: 1000 };
    const many = { limit: 10, windowMs: 1000 };
    expect(limiter.allow(['a', one], ['b', many])).toBe(true);
    expect(limiter.allow(['a', one], ['b', many])).toBe(false);
    // 'b' was not counted by the refused call: 9 more fit
    for (let i = 0; i < 9; i++) expect(limiter.allow([`c${i}`, one], ['b', many])).toBe(true);
    expect(limiter.allow(['z', one], ['b', many])).toBe(false);
  });

  test('reset forgets a key', () => {
    const limiter = new RateLimiter(() => 0);
    const rule = { limit: 1, windowMs: 1000 };
    limiter.hit('k', rule);
    expect(limiter.check('k', rule)).toBe(false);
    limiter.reset('k');
    expect(limiter.check('k', rule)).toBe(true);
  });

  test('stays bounded under endless distinct keys', () => {
    const limiter = new RateLimiter(() => 0, 100);
    for (let i = 0; i < 1000; i++) limiter.hit(`k${i}`, { limit: 1, windowMs: 1000 });
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(100);
  });
});

describe('sign-in pace', () => {
  test('holds no free attempt, then never less than the attempt before, never more than the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (earlier) => {
        const ms = loginDelayMs(earlier);
        expect(ms).toBeGreaterThanOrEqual(loginDelayMs(Math.max(earlier - 1, 0)));
        expect(ms).toBeLessThanOrEqual(LOGIN_PACE.maxDelayMs);
        expect(ms === 0).toBe(earlier < LOGIN_PACE.freeAttempts);
      }),
    );
  });

  test('increment answers the attempts of the window, counted once in all by two processes sharing Redis', async () => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `skimmer-test:${randomBytes(4).toString('hex')}:pace:`;
    const clients: RedisClient[] = [await connectRedis(url, 'pace-a'), await connectRedis(url, 'pace-b')];
    try {
      const [a, b] = clients.map((c) => redisLimiter(c, prefix));
      const seen: number[] = [];
      for (let i = 0; i < 6; i++) seen.push(await (i % 2 === 0 ? a : b)!.increment('login-pace:ann@example.com', LOGIN_PACE.window));
      expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
      await b!.reset('login-pace:ann@example.com');
      expect(await a!.increment('login-pace:ann@example.com', LOGIN_PACE.window)).toBe(1);
      // the in-memory limiter answers the same counts
      const m = memoryLimiter(new RateLimiter(() => 0));
      expect([await m.increment('k', LOGIN_PACE.window), await m.increment('k', LOGIN_PACE.window)]).toEqual([1, 2]);
    } finally {
      const keys = await clients[0]!.keys(`${prefix}*`);
      if (keys.length > 0) await clients[0]!.del(...keys);
      await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
    }
  });
});

describe('origin check', () => {
  const req = (headers: Record<string, string>) => ({ protocol: 'http', host: 'shop.test:3000', headers }) as unknown as FastifyRequest;
  test.each([
    [{}, true],
    [{ origin: 'http://shop.test:3000' }, true],
    [{ origin: 'https://shop.test:3000' }, false],
    [{ origin: 'http://shop.test:3000.evil.test' }, false],
    [{ referer: 'http://shop.test:3000/wallet' }, true],
    [{ referer: 'http://evil.test/http://shop.test:3000' }, false],
    [{ origin: 'http://localhost:5173' }, true],
    [{ origin: 'garbage' }, false],
  ])('judges %o as same-origin=%s', (headers, expected) => {
    expect(isSameOrigin(req(headers), ['http://localhost:5173'])).toBe(expected);
  });
});
