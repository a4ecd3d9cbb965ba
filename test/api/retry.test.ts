import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { HTTPError, TimeoutError, type NormalizedOptions } from 'ky';
import { createClient, type ApiClient, type ClientOptions, type FetchLike } from '../../src/api/client.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../src/api/errors.ts';
import {
  CART_RETRY_LIMIT,
  CART_RETRY_STEP_MS,
  cartRetryOptions,
  isNetworkFailure,
  retryDelay,
  toCallError,
  totalRetryDelay,
} from '../../src/api/retry.ts';
import { BASE, flakyFetch, jsonBody, jsonResponse, recordingFetch } from './api.helpers.ts';

const HOUR = 60 * 60 * 1000;

/** undici's own network failure (what fetch throws with no answer), which ky passes through. */
const fetchFailed = () => new TypeError('fetch failed');
/** A failure ky does not recognise, numbered so the last one can be told apart. */
const socketHangUp = (attempt: number) => new Error(`socket hang up #${attempt}`);

function cartClient(fetch: FetchLike, extra: Partial<ClientOptions> = {}) {
  const keys: string[] = [];
  const client = createClient({
    baseUrl: BASE,
    fetch,
    idempotencyKey: () => {
      const key = `key-${keys.length + 1}`;
      keys.push(key);
      return key;
    },
    ...extra,
  });
  return { client, keys };
}

/** Watches a promise without letting a rejection go unhandled while timers are advanced. */
function settle<T>(promise: Promise<T>) {
  const state: { done: boolean; value?: T; error?: unknown } = { done: false };
  promise.then(
    (value) => Object.assign(state, { done: true, value }),
    (error: unknown) => Object.assign(state, { done: true, error }),
  );
  return state;
}

const add = (c: ApiClient) => c.addLineItem({ inventoryLevelId: 7, quantity: 1 });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the cart retry rule', () => {
  test.each([0, 1, 5])(
    'after %i network failures the add succeeds, each retry waiting exactly 2000 ms more than the last (the first waits 2000 ms)',
    async (failures) => {
      const rec = flakyFetch(failures, socketHangUp);
      const { client } = cartClient(rec.fetch);
      const state = settle(add(client));
      await vi.advanceTimersByTimeAsync(0);
      expect(rec.attempts).toHaveLength(1);
      for (let retry = 1; retry <= failures; retry++) {
        await vi.advanceTimersByTimeAsync(retry * CART_RETRY_STEP_MS - 1);
        expect(rec.attempts, `no attempt before ${retry * CART_RETRY_STEP_MS} ms`).toHaveLength(retry);
        await vi.advanceTimersByTimeAsync(1);
        expect(rec.attempts).toHaveLength(retry + 1);
      }
      await vi.advanceTimersByTimeAsync(0);
      expect(state).toMatchObject({ done: true, value: { checkout: null } });
      await vi.advanceTimersByTimeAsync(HOUR);
      expect(rec.attempts).toHaveLength(failures + 1);
    },
  );

  test('60 failures then success: 61 attempts at 2000, 4000 ... 120000 ms gaps', async () => {
    const rec = flakyFetch(60, socketHangUp);
    const { client } = cartClient(rec.fetch);
    const state = settle(add(client));
    await vi.runAllTimersAsync();
    expect(state).toMatchObject({ done: true, value: { checkout: null } });
    expect(rec.attempts).toHaveLength(61);
    const gaps = rec.attempts.slice(1).map((a, i) => a.at - rec.attempts[i]!.at);
    expect(gaps).toEqual(Array.from({ length: 60 }, (_, i) => (i + 1) * 2000));
  });

  test("61 failures: 61 attempts, then it fails with the last failure's message, not the generic one", async () => {
    const rec = flakyFetch(61, socketHangUp);
    const { client } = cartClient(rec.fetch);
    const state = settle(add(client));
    await vi.runAllTimersAsync();
    expect(rec.attempts).toHaveLength(61);
    expect(state.done).toBe(true);
    expect(state.error).toBeInstanceOf(ApiError);
    expect(state.error).toMatchObject({ message: 'socket hang up #61', kind: 'network', status: null });
    expect((state.error as Error).message).not.toBe(GENERIC_ERROR_MESSAGE);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(rec.attempts).toHaveLength(61);
  });

  test("fetch's own network error surfaces with its message, not ky's wrapper message", async () => {
    const rec = flakyFetch(61, (attempt) => (attempt < 61 ? new TypeError('Failed to fetch') : fetchFailed()));
    const { client } = cartClient(rec.fetch);
    const state = settle(add(client));
    await vi.runAllTimersAsync();
    expect(rec.attempts).toHaveLength(61);
    expect(state.error).toMatchObject({ name: 'ApiError', message: 'fetch failed', kind: 'network' });
    expect((state.error as Error).cause).toBeInstanceOf(TypeError);
  });

  test('one idempotency key for all attempts of one add, a fresh key for the next add', async () => {
    const rec = flakyFetch(5, fetchFailed);
    const { client, keys } = cartClient(rec.fetch);
    const first = settle(add(client));
    await vi.runAllTimersAsync();
    expect(first.done).toBe(true);
    expect(rec.attempts).toHaveLength(6);
    expect(rec.attempts.map((a) => a.request.headers.get('idempotency-key'))).toEqual(Array(6).fill('key-1'));
    expect(rec.attempts.map((a) => jsonBody(a))).toEqual(Array(6).fill({ inventoryLevelId: 7, quantity: 1 }));

    await add(client);
    expect(rec.attempts).toHaveLength(7);
    expect(rec.attempts[6]!.request.headers.get('idempotency-key')).toBe('key-2');
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  test.each<[string, (c: ApiClient) => Promise<unknown>]>([
    ['setLineItemQuantity (PUT)', (c) => c.setLineItemQuantity({ inventoryLevelId: 7, quantity: 2 })],
    ['deleteLineItem (DELETE)', (c) => c.deleteLineItem(41)],
    ['applyDiscountCode (POST)', (c) => c.applyDiscountCode('c9f1', 'SPRING10')],
    ['removeDiscountCode (DELETE)', (c) => c.removeDiscountCode('c9f1', 'SPRING10')],
    ['addProductsByHandles (POST)', (c) => c.addProductsByHandles(['pump-a'])],
  ])('every mutating cart call retries network failures: %s', async (_label, run) => {
    const rec = flakyFetch(2, fetchFailed);
    const state = settle(run(cartClient(rec.fetch).client));
    await vi.runAllTimersAsync();
    expect(state).toMatchObject({ done: true, value: { checkout: null } });
    expect(rec.attempts.map((a) => a.at)).toEqual([0, 2000, 6000].map((t) => t + rec.attempts[0]!.at));
  });

  test('addProductsByHandles keeps one idempotency key across its retries too', async () => {
    const rec = flakyFetch(3, fetchFailed);
    const state = settle(cartClient(rec.fetch).client.addProductsByHandles(['pump-a']));
    await vi.runAllTimersAsync();
    expect(state.done).toBe(true);
    expect(new Set(rec.attempts.map((a) => a.request.headers.get('idempotency-key')))).toEqual(new Set(['key-1']));
  });

  test.each<[string, (c: ApiClient) => Promise<unknown>]>([
    ['getCheckout', (c) => c.getCheckout()],
    ['productByHandle', (c) => c.productByHandle('pump')],
    ['customer', (c) => c.customer()],
    ['filterProducts', (c) => c.filterProducts({ q: 'pump' })],
  ])('a GET is never retried: %s', async (_label, run) => {
    const rec = flakyFetch(1, fetchFailed);
    const state = settle(run(cartClient(rec.fetch).client));
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(rec.attempts).toHaveLength(1);
    expect(state.error).toMatchObject({ name: 'ApiError', message: 'fetch failed', kind: 'network' });
  });

  test.each([500, 502, 503, 504, 429, 408])('an HTTP %i is never retried, and shows the generic message', async (status) => {
    const rec = recordingFetch(() => jsonResponse({ error: 'busy' }, status, { 'retry-after': '1' }));
    const state = settle(add(cartClient(rec.fetch).client));
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(rec.attempts).toHaveLength(1);
    expect(state.error).toMatchObject({ message: GENERIC_ERROR_MESSAGE, kind: 'http', status, serverMessage: 'busy' });
  });

  test.each<[string, (c: ApiClient) => Promise<unknown>]>([
    ['subscribe', (c) => c.subscribe('ana@example.com', 'tok')],
    ['updateMailingAddress', (c) => c.updateMailingAddress(3, { zip: '98101' })],
    ['deletePaymentMethod', (c) => c.deletePaymentMethod(8, 2)],
    ['setRecoveryEmail', (c) => c.setRecoveryEmail({ token: 't', recoveryEmail: 'a@b.co' })],
    ['addRelatedProductToOrder', (c) => c.addRelatedProductToOrder(1001, 5)],
  ])('a write outside the cart is sent once: %s', async (_label, run) => {
    const rec = flakyFetch(1, socketHangUp);
    const state = settle(run(cartClient(rec.fetch).client));
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(rec.attempts).toHaveLength(1);
    expect(state.error).toMatchObject({ message: 'socket hang up #1', kind: 'network' });
  });

  test('a cart call that gets no answer within the timeout counts as a network failure and is retried', async () => {
    const rec = recordingFetch((request, attempt) =>
      attempt === 1
        ? new Promise<Response>((_resolve, reject) => {
            request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          })
        : jsonResponse({ checkout: null }),
    );
    const state = settle(add(cartClient(rec.fetch, { timeout: 10_000 }).client));
    await vi.advanceTimersByTimeAsync(10_000 + 2000 - 1);
    expect(rec.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rec.attempts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(state).toMatchObject({ done: true, value: { checkout: null } });
    expect(rec.attempts[1]!.request.headers.get('idempotency-key')).toBe('key-1');
  });

  test("the caller's abort stops the retries and rejects with the AbortError", async () => {
    const rec = flakyFetch(60, fetchFailed);
    const controller = new AbortController();
    const state = settle(cartClient(rec.fetch).client.addLineItem({ inventoryLevelId: 7, quantity: 1 }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(2000 + 4000);
    expect(rec.attempts).toHaveLength(3);
    controller.abort();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(rec.attempts).toHaveLength(3);
    expect(state.error).toMatchObject({ name: 'AbortError' });
  });

  test('a custom policy changes the limit and the step', async () => {
    const rec = flakyFetch(10, socketHangUp);
    const state = settle(add(cartClient(rec.fetch, { retry: { limit: 3, stepMs: 100 } }).client));
    await vi.runAllTimersAsync();
    const start = rec.attempts[0]!.at;
    expect(rec.attempts.map((a) => a.at - start)).toEqual([0, 100, 300, 600]);
    expect(state.error).toMatchObject({ message: 'socket hang up #4' });
  });
});

describe('laws of the retry rule', () => {
  test('for any n <= 60 failures the add succeeds after exactly n+1 attempts, having waited 2000*n(n+1)/2 ms', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: CART_RETRY_LIMIT }), async (n) => {
        const rec = flakyFetch(n, fetchFailed);
        const { client, keys } = cartClient(rec.fetch);
        const state = settle(add(client));
        await vi.runAllTimersAsync();
        expect(state).toMatchObject({ done: true, value: { checkout: null } });
        expect(rec.attempts).toHaveLength(n + 1);
        expect(rec.attempts.at(-1)!.at - rec.attempts[0]!.at).toBe((2000 * n * (n + 1)) / 2);
        expect(keys).toHaveLength(1);
      }),
      { numRuns: 40 },
    );
  });

  test('for any limit and step, a call succeeds exactly when its failures do not exceed the limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 1, max: 5000 }),
        async (limit, failures, stepMs) => {
          const rec = flakyFetch(failures, socketHangUp);
          const state = settle(add(cartClient(rec.fetch, { retry: { limit, stepMs } }).client));
          await vi.runAllTimersAsync();
          expect(state.done).toBe(true);
          const attempts = Math.min(failures, limit) + 1;
          expect(rec.attempts).toHaveLength(attempts);
          expect(rec.attempts.at(-1)!.at - rec.attempts[0]!.at).toBe(totalRetryDelay(attempts - 1, stepMs));
          if (failures <= limit) expect(state.error).toBeUndefined();
          else expect(state.error).toMatchObject({ message: `socket hang up #${attempts}` });
        },
      ),
      { numRuns: 60 },
    );
  });

  test('the total wait is the sum of the steps, each step 2000 ms longer than the one before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 10_000 }), (n, step) => {
        expect(totalRetryDelay(n, step) - totalRetryDelay(n - 1, step)).toBe(retryDelay(n, step));
        expect(retryDelay(n, step) - retryDelay(n - 1, step)).toBe(step);
        expect(totalRetryDelay(n, step)).toBe(Array.from({ length: n }, (_, i) => retryDelay(i + 1, step)).reduce((a, b) => a + b, 0));
      }),
    );
  });

  test.each([
    [1, 2000],
    [2, 4000],
    [3, 6000],
    [60, 120_000],
  ])('retry %i waits %i ms', (retry, ms) => {
    expect(retryDelay(retry)).toBe(ms);
  });

  test('all 60 retries wait 3,660,000 ms in total', () => {
    expect(totalRetryDelay(CART_RETRY_LIMIT)).toBe(3_660_000);
  });
});

describe('retry options and failure kinds', () => {
  test('ky is told: 60 retries, POST/PUT/DELETE only, no status codes, no jitter, no backoff cap', () => {
    const options = cartRetryOptions();
    expect(options).toMatchObject({
      limit: 60,
      methods: ['post', 'put', 'delete'],
      statusCodes: [],
      backoffLimit: Number.POSITIVE_INFINITY,
      jitter: undefined,
    });
    expect([1, 2, 3].map((n) => options.delay!(n))).toEqual([2000, 4000, 6000]);
  });

  const request = new Request('https://shop.test/api/checkouts/lineItems', { method: 'POST' });
  test.each<[string, unknown, boolean]>([
    ["fetch's own TypeError", new TypeError('fetch failed'), true],
    ['a ky TimeoutError', new TimeoutError(request), true],
    ['any error a custom fetch throws', new Error('ECONNRESET'), true],
    ['an HTTP error', new HTTPError(new Response(null, { status: 500 }), request, {} as NormalizedOptions), false],
    ['the caller aborting', new DOMException('The operation was aborted.', 'AbortError'), false],
  ])('counts as a network failure or not: %s', (_label, error, expected) => {
    expect(isNetworkFailure(error)).toBe(expected);
  });

  test.each<[string, unknown, string]>([
    ["fetch's own TypeError", new TypeError('fetch failed'), 'fetch failed'],
    ['a TimeoutError, by its own message', new TimeoutError(request), 'Request timed out: POST https://shop.test/api/checkouts/lineItems'],
    ['any Error', new Error('ECONNRESET'), 'ECONNRESET'],
    ['a thrown string', 'offline', 'offline'],
  ])('the final failure keeps its own message: %s', (_label, error, message) => {
    expect(toCallError(error)).toMatchObject({ name: 'ApiError', kind: 'network', message });
  });

  test('ApiErrors and aborts pass through unchanged', () => {
    const api = new ApiError('x', { kind: 'http', status: 500 });
    const abort = new DOMException('aborted', 'AbortError');
    expect(toCallError(api)).toBe(api);
    expect(toCallError(abort)).toBe(abort);
  });
});
