/**
 * What every page needs of the visitor's session: sign-in detection,
 * the gate of pages that need a signed-in user, the account menu's labels, the message of a
 * failed call, the captcha and popup constants the browser environment uses. `account.ts`
 * re-exports all of it beside the account pages' own rules, which load only with those pages.
 *
 * @module
 */
import type { Customer, User } from './entities.ts';
import { SHELL_MESSAGES } from './shell.ts';

/** The account menu's labels. */
export const MENU_LABELS = {
  signIn: 'Sign in',
  register: 'Register',
  manageAccount: 'Manage Account',
  signOut: 'Sign Out',
} as const;

/** The captcha helper's message when the captcha script is missing. */
export const CAPTCHA_NOT_LOADED = 'reCAPTCHA is not loaded. Make sure JavaScript is enabled in your browser.';

/**
 * Where account pages send visitors who are not logged in.
 * @default '/login.asp'
 */
export const LOGIN_PATH = '/login.asp';

/**
 * Whether the user call returned a user. Only a non-null object with at least
 * one field counts: an empty object or a bare value is the server's way of
 * saying nobody is signed in.
 *
 * @example
 * isUserLoggedIn({ firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false }); // true
 * isUserLoggedIn(null); // false
 */
export function isUserLoggedIn(user: User | Record<string, never> | null | undefined): user is User {
  return typeof user === 'object' && user !== null && !Array.isArray(user) && Object.keys(user).length > 0;
}

/**
 * Whether a customer object is non-empty (the signed-out customer is `{}`).
 *
 * @example
 * isCustomerPresent({}); // false
 */
export function isCustomerPresent(customer: Customer | null | undefined): customer is Exclude<Customer, Record<string, never>> {
  return typeof customer === 'object' && customer !== null && !Array.isArray(customer) && Object.keys(customer).length > 0;
}

/**
 * Signed-in detection: logged in when the user call returned a user, and also
 * when the customer object is non-empty (either call may answer first).
 *
 * @example
 * isSignedIn({ user: null, customer: { id: 1, MailingAddresses: [] } }); // true
 */
export function isSignedIn({ user, customer }: { user?: User | Record<string, never> | null; customer?: Customer | null }): boolean {
  return isUserLoggedIn(user) || isCustomerPresent(customer);
}

/** What an account page (wallet, recovery email) renders. */
export type AccountGate = 'loading' | 'redirect' | 'ready';

/**
 * Access to a page that needs a logged-in user: 'loading' until the user call
 * has answered (success or failure), then 'ready' when logged in, else
 * 'redirect' (to {@link LOGIN_PATH}).
 *
 * @example
 * accountGate({ userLoaded: false, loggedIn: false }); // 'loading'
 * accountGate({ userLoaded: true, loggedIn: false });  // 'redirect'
 */
export function accountGate({ userLoaded, loggedIn }: { userLoaded: boolean; loggedIn: boolean }): AccountGate {
  if (!userLoaded) return 'loading';
  return loggedIn ? 'ready' : 'redirect';
}

/** A call's outcome as the pages need it: a value, or the message to show. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** The text of an error, a message or a string; null when there is none. */
export function errorText(error: unknown): string | null {
  if (typeof error === 'string') return error.trim() ? error : null;
  if (error instanceof Error) return error.message.trim() ? error.message : null;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const message = (error as { message: string }).message;
    return message.trim() ? message : null;
  }
  return null;
}

/**
 * Message of a failed wallet, transaction, address or recovery call: the
 * server's error text or the exception's message, else the generic message.
 *
 * @example
 * failureMessage(new Error('Card expired')); // 'Card expired'
 */
export function failureMessage(error: unknown): string {
  return errorText(error) ?? SHELL_MESSAGES.generic;
}

/**
 * The server's own words of a refused call, when it gave some: the `serverMessage` an API error
 * keeps from a non-ok answer's JSON `error` (read structurally: the domain imports no client).
 *
 * @example
 * serverMessageOf(apiError); // 'Please enter a valid email address.'
 * serverMessageOf(new Error('Network down')); // null
 */
export function serverMessageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const message = (error as { serverMessage?: unknown }).serverMessage;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * Message of a failed call whose screen shows the server's error text ("Wallet,
 * transaction, address or recovery calls fail: the server's error text or the exception
 * message"): the server's words of a refusal (a 4xx with `{ error }`, whose exception carries the
 * generic message), else {@link failureMessage}.
 *
 * @example
 * serverFailureMessage(new ApiError(GENERIC, { kind: 'http', status: 400, serverMessage: 'Please enter a valid email address.' }));
 * // 'Please enter a valid email address.'
 */
export function serverFailureMessage(error: unknown): string {
  return serverMessageOf(error) ?? failureMessage(error);
}

/** Size of the add-payment-method popup and how often it is polled. */
export const PAYMENT_POPUP = { width: 600, height: 400, pollMs: 400 } as const;
