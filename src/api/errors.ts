/**
 * The one error type the client throws, so machines and screens can tell a server's refusal
 * from a broken connection without parsing messages.
 * @module
 */
import { SHELL_MESSAGES } from '../domain/shell.ts';

/**
 * The message shown for any non-ok response (the generic message). The server's own
 * JSON `error` is kept on {@link ApiError.serverMessage} for the screens that show it.
 */
export const GENERIC_ERROR_MESSAGE: typeof SHELL_MESSAGES.generic = SHELL_MESSAGES.generic;

/**
 * The refusal of a discount call without a checkout id ('Invalid checkout.'). The client
 * rejects with it before sending anything, so no request goes to `/api/checkouts//discountCodes`.
 */
export const INVALID_CHECKOUT_MESSAGE = 'Invalid checkout.';

/**
 * Why a call failed.
 * - `server`: an ok (2xx) JSON answer carried an `error` field; the message is that error.
 * - `http`: a non-ok status; the message is {@link GENERIC_ERROR_MESSAGE}.
 * - `parse`: an ok answer declared JSON but its body was not JSON; the generic message.
 * - `network`: no answer at all (connection failure or timeout), after any retries; the
 *   message is the last failure's own message.
 * - `invalid`: the client refused to send a request it knows is wrong (for example a
 *   discount call without a checkout id); no request was made.
 */
export type ApiErrorKind = 'server' | 'http' | 'parse' | 'network' | 'invalid';

/** What an {@link ApiError} carries besides its message. */
export interface ApiErrorDetails {
  kind: ApiErrorKind;
  /**
   * HTTP status of the answer, or null when there was none (`network`, `invalid`).
   * @default null
   */
  status?: number | null;
  /**
   * The `error` field of the server's JSON body when it sent one, else null. Screens that
   * show the server's words (address update, coupon, add to order) read this; the others show
   * `message`.
   * @default null
   */
  serverMessage?: string | null;
  /** The underlying failure (a network error, a JSON syntax error). */
  cause?: unknown;
}

/**
 * A failed API call. `message` is what a screen shows by default: the server's error for an ok
 * answer with `error`, the generic message for a non-ok status, the last network message after
 * retries.
 *
 * @example
 * try { await client.applyDiscountCode(id, code); }
 * catch (e) { if (isApiError(e)) alert(e.serverMessage ?? e.message); }
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Why the call failed. */
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no answer arrived. */
  readonly status: number | null;
  /** The server's JSON `error`, when there was one. */
  readonly serverMessage: string | null;

  constructor(message: string, details: ApiErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.status = details.status ?? null;
    this.serverMessage = details.serverMessage ?? null;
  }
}

/**
 * Narrows an unknown rejection to an {@link ApiError}. Checks the name as well as the class so an
 * error crossing realms (a test's fake module, a second copy of the package) still counts.
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'kind' in error);
}
