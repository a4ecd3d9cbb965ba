/**
 * Rules of the load-once sections: the home product
 * grids, the blog carousel and the prefetch with its retries.
 *
 * Timing belongs to the machines; these functions only say what a result
 * means (empty or not), whether another attempt is allowed, and which message
 * a failure shows.
 *
 * @module
 */

/** What a failed load says, word for word (home grids show the error's own message). */
export const LOADING_MESSAGES = {
  articlesFailed: 'Failed to load articles. Please try again later.',
  noArticles: 'No articles found',
  prefetchFailed: 'Failed to prefetch data after multiple retries.',
} as const;

/**
 * Retries a failed prefetch may make after its first attempt.
 * @default 3
 */
export const PREFETCH_MAX_RETRIES = 3;

/**
 * Pause before each prefetch retry, in ms. The spec gives none; one second is
 * our choice: long enough for a blip in the connection to pass, short enough
 * that the page does not wait long for data it asked for.
 * @default 1000
 */
export const PREFETCH_RETRY_DELAY_MS = 1000;

/**
 * Whether a prefetch may try again after its `failedAttempts`-th failure.
 *
 * The spec says 'retries up to 3 times'; we read a retry as an attempt after
 * the first, so a call that always fails runs 1 + 3 = 4 times before the
 * message shows. Non-finite or negative counts never retry.
 *
 * @param failedAttempts failures so far, counting the one that just happened (1 after the first)
 * @param maxRetries retries allowed (default {@link PREFETCH_MAX_RETRIES}, 3)
 * @example
 * mayRetry(1); // true  (first retry)
 * mayRetry(3); // true  (third retry)
 * mayRetry(4); // false (show 'Failed to prefetch data after multiple retries.')
 */
export function mayRetry(failedAttempts: number, maxRetries: number = PREFETCH_MAX_RETRIES): boolean {
  if (!Number.isFinite(failedAttempts) || !Number.isFinite(maxRetries)) return false;
  return failedAttempts >= 1 && failedAttempts <= maxRetries;
}

/**
 * Whether a loaded result counts as empty: null, undefined, an empty array, or
 * an object whose only list fields are all empty (e.g. `{ articles: [] }`).
 * Anything else (a non-empty list, a plain value, an object without lists)
 * counts as data.
 *
 * @example
 * isEmptyResult([]);                 // true
 * isEmptyResult({ articles: [] });   // true
 * isEmptyResult([{ id: 1 }]);        // false
 */
export function isEmptyResult(data: unknown): boolean {
  if (data == null) return true;
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data === 'object') {
    const lists = Object.values(data).filter((value) => Array.isArray(value)) as unknown[][];
    return lists.length > 0 && lists.every((list) => list.length === 0);
  }
  return false;
}
