import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { LOADING_MESSAGES, PREFETCH_MAX_RETRIES, PREFETCH_RETRY_DELAY_MS, isEmptyResult, mayRetry } from '../../src/domain/loading.ts';

describe('messages and constants', () => {
  test.each([
    ['articlesFailed', 'Failed to load articles. Please try again later.'],
    ['noArticles', 'No articles found'],
    ['prefetchFailed', 'Failed to prefetch data after multiple retries.'],
  ] as const)('%s reads %j', (key, text) => {
    expect(LOADING_MESSAGES[key]).toBe(text);
  });

  test('prefetch retries up to 3 times, one second apart', () => {
    expect(PREFETCH_MAX_RETRIES).toBe(3);
    expect(PREFETCH_RETRY_DELAY_MS).toBe(1000);
  });
});

describe('mayRetry', () => {
  test.each([
    [0, false],
    [1, true],
    [2, true],
    [3, true],
    [4, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('after %s failures retrying is %s', (failures, expected) => {
    expect(mayRetry(failures)).toBe(expected);
  });

  test('a call that always fails runs exactly maxRetries + 1 times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), (maxRetries) => {
        let attempts = 0;
        let failures = 0;
        do {
          attempts += 1;
          failures += 1;
        } while (mayRetry(failures, maxRetries));
        expect(attempts).toBe(maxRetries + 1);
      }),
    );
  });
});

describe('isEmptyResult', () => {
  test.each([
    [null, true],
    [undefined, true],
    [[], true],
    [{ articles: [] }, true],
    [{ products: [], pageInfo: { count: 0 } }, true],
    [[{ id: 1 }], false],
    [{ articles: [{ id: 1 }] }, false],
    [{ links: [] , more: [1] }, false],
    [{ id: 1 }, false],
    [0, false],
    ['text', false],
  ] as const)('%j is empty: %s', (data, expected) => {
    expect(isEmptyResult(data)).toBe(expected);
  });

  test('a non-empty array is never empty', () => {
    fc.assert(fc.property(fc.array(fc.anything(), { minLength: 1 }), (list) => {
        expect(isEmptyResult(list)).toBe(false);
      }));
  });
});
