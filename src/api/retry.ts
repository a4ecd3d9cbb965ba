/**
 * The cart retry rule: a mutating cart call retries on network failure
 * up to 60 times, with a delay that grows by 2000 ms each time; only POST, PUT and DELETE are
 * retried; when the retries run out it fails with the last failure's message.
 *
 * Expressed with ky's own retry options (limit, methods, statusCodes: [], delay, backoffLimit,
 * shouldRetry); this module holds the policy and the pure pieces the tests state laws about.
 * @module
 */
import { isHTTPError, isTimeoutError, type RetryOptions } from 'ky';
import { ApiError } from './errors.ts';

/**
 * How many times a mutating cart call is retried after its first attempt: cart retries are up
 * to 60. So at most 61 attempts in all.
 */
export const CART_RETRY_LIMIT = 60;

/** How much each retry's wait grows, in ms: +2000 ms steps. */
export const CART_RETRY_STEP_MS = 2000;

/** The HTTP methods that retry: only POST, PUT and DELETE are retried. */
export const RETRY_METHODS = ['post', 'put', 'delete'] as const;

/** Settings of the retry rule; both default to the spec's figures. */
export interface RetryPolicy {
  /**
   * Retries after the first attempt.
   * @default 60
   */
  limit?: number;
  /**
   * Growth of the wait per retry, in ms.
   * @default 2000
   */
  stepMs?: number;
}

/**
 * The wait before retry number `retry` (1-based): `retry * stepMs`. The spec says the delay
 * "grows by 2000 ms each time"; we read that as 2000, 4000, 6000 ..., so the FIRST retry already
 * waits 2000 ms (no immediate retry). The total wait before retry n is `stepMs * n(n+1)/2`.
 *
 * @example
 * retryDelay(1) // 2000
 * retryDelay(3) // 6000
 */
export function retryDelay(retry: number, stepMs: number = CART_RETRY_STEP_MS): number {
  return retry * stepMs;
}

/**
 * Total time spent waiting across `retries` retries: the sum of {@link retryDelay} for 1..n.
 * Used by the tests as the law the timing must satisfy, and handy for a UI that wants to say
 * how long it will keep trying.
 *
 * @example
 * totalRetryDelay(60) // 3_660_000 ms, a little over an hour
 */
export function totalRetryDelay(retries: number, stepMs: number = CART_RETRY_STEP_MS): number {
  return (stepMs * retries * (retries + 1)) / 2;
}

/** Whether a rejection is the caller cancelling (an AbortSignal), which must never be retried. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * Whether a failure is a network failure: the request got no HTTP answer. That is fetch's own
 * TypeError ('fetch failed' / 'Failed to fetch', which ky passes through), ky's TimeoutError (no answer
 * within the timeout: we count a silent server as a network failure, so it is retried), or
 * anything else a custom `fetch` throws, since a fetch only throws when it has no response.
 * Never an HTTP status, never the caller's abort.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (isHTTPError(error)) return false;
  if (isAbort(error)) return false;
  return true;
}

/**
 * ky's retry options for the rule. `statusCodes: []` plus `shouldRetry` keep HTTP statuses out
 * (the client also runs with `throwHttpErrors: false`, so a status never even reaches here);
 * `backoffLimit: Infinity` and no jitter keep the steps exact.
 */
export function cartRetryOptions(policy: RetryPolicy = {}): RetryOptions {
  const limit = policy.limit ?? CART_RETRY_LIMIT;
  const stepMs = policy.stepMs ?? CART_RETRY_STEP_MS;
  return {
    limit,
    methods: [...RETRY_METHODS],
    statusCodes: [],
    afterStatusCodes: [],
    backoffLimit: Number.POSITIVE_INFINITY,
    jitter: undefined,
    retryOnTimeout: true,
    delay: (attempt) => retryDelay(attempt, stepMs),
    shouldRetry: ({ error }) => isNetworkFailure(error),
  };
}

/** The options of a call that must not retry at all (every GET, every non-cart call). */
export const NO_RETRY: RetryOptions = { limit: 0 };

/**
 * Turns the failure ky ends with into what the caller sees: the LAST failure's own message (a
 * cart request that keeps failing retries, then fails with the last message; the default message
 * is not shown). ky passes fetch's own error through, so its message is the one shown.
 * ApiErrors and aborts pass through untouched.
 */
export function toCallError(error: unknown): unknown {
  if (error instanceof ApiError || isAbort(error)) return error;
  if (isTimeoutError(error)) return new ApiError(error.message, { kind: 'network', cause: error });
  if (error instanceof Error) return new ApiError(error.message, { kind: 'network', cause: error });
  return new ApiError(String(error), { kind: 'network', cause: error });
}
