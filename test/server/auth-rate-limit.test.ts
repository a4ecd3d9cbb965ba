import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { RateLimiter } from '../../src/server/auth/rate-limit.ts';
import { isSameOrigin } from '../../src/server/auth/origin-guard.ts';
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
