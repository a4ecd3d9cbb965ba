/**
 * `orMissing`: a call's answer, or `null` for a 404 (the reads of a page that may not exist).
 * @module
 */
import { isApiError } from './errors.ts';

/**
 * The answer of a call, or `null` when the server says it does not exist (404). Every other
 * failure still rejects, so a broken connection is not mistaken for a missing page.
 *
 * @example
 * const found = await orMissing(api.page('about-us')); // { page } or null
 */
export async function orMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
