/**
 * Where a shopper returns after signing in (the `returnTo` parameter of the sign-in pages): only
 * safe paths on this site. Re-exported by `sign-in.ts`; a module of its own so the header's
 * account menu can use it without loading the sign-in forms' rules.
 * @module
 */
import { ACCOUNT_PATH } from './chrome.ts';

/** The name of the query parameter carrying the page to return to after sign-in. */
export const RETURN_PARAM = 'returnTo';

// pages that make no sense to come back to once signed in (the others, e.g. /change-password, do)
const NO_RETURN_PATHS = ['/login', '/login.asp', '/register', '/logout'];

/**
 * A safe page to return to: a path on this site (a single leading slash, no scheme, no
 * backslash, no control character) that is not the sign-in, register or sign-out page; anything else is null, so
 * a crafted link cannot send a shopper to another site after sign-in.
 *
 * @example
 * safeReturnPath('/wallet?tab=2'); // '/wallet?tab=2'
 * safeReturnPath('//evil.example'); // null
 * safeReturnPath('/logout');        // null
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  const path = (value ?? '').trim();
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\p{Cc}]/u.test(path)) return null;
  const bare = (path.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '').toLowerCase();
  if (NO_RETURN_PATHS.includes(bare)) return null;
  return path;
}

/**
 * Where to go after signing in: the `returnTo` parameter when it is a safe path, else the account
 * page.
 *
 * @example
 * returnPathFrom('?returnTo=%2Fshoppingcart.asp'); // '/shoppingcart.asp'
 * returnPathFrom('');                              // '/myaccount.asp'
 */
export function returnPathFrom(search: string, fallback: string = ACCOUNT_PATH): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? fallback;
}

/**
 * A sign-in page's URL carrying the page to come back to (left out when not a safe path).
 *
 * @example
 * withReturnPath('/login.asp', '/wallet'); // '/login.asp?returnTo=%2Fwallet'
 */
export function withReturnPath(page: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${page}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : page;
}
