/**
 * Emitted-event shapes and builders shared by the account, wallet and shell
 * machines (auth, address book, wallet, recovery email, loader, prefetch).
 *
 * Machines never show anything themselves: they emit these events and the
 * hook decides how (toast, alert, router, console). Listening is
 * `actor.on('notify', ...)`, `actor.on('alert', ...)`, `actor.on('navigate', ...)`
 * and `actor.on('log', ...)`.
 * @module
 */
import { failureMessage, LOGIN_PATH } from '../domain/session.ts';
import { withReturnPath } from '../domain/return-path.ts';

/** Tones of a user message, as the toast area styles them. */
export type NotifyTone = 'success' | 'danger' | 'warning' | 'error' | 'info';

/**
 * A user message (toast or notice) with the spec's exact text. `detail` carries
 * a longer second line where the spec asks for one (the verification
 * instructions).
 */
export interface NotifyEmitted {
  type: 'notify';
  tone: NotifyTone;
  message: string;
  detail?: string;
}

/** A blocking alert (the address update and delete failures 'in an alert'). */
export interface AlertEmitted {
  type: 'alert';
  message: string;
}

/**
 * A navigation the page must perform (the redirect to '/login.asp'). Every machine uses this
 * one shape: `url`, and `replace` when the history entry is replaced rather than added.
 */
export interface NavigateEmitted {
  type: 'navigate';
  url: string;
  replace?: boolean;
}

/** One page back in the history (the recovery email form's Back button). */
export interface NavigateBackEmitted {
  type: 'navigate.back';
}

/**
 * A failure the spec says is 'logged only': no user message; the hook sends it
 * to its logger (console by default). `source` names the actor that failed.
 */
export interface LogEmitted {
  type: 'log';
  source: string;
  message: string;
  error: unknown;
}

/**
 * A notify event.
 *
 * @example
 * notify('success', 'Payment method deleted successfully');
 */
export function notify(tone: NotifyTone, message: string, detail?: string): NotifyEmitted {
  return detail === undefined ? { type: 'notify', tone, message } : { type: 'notify', tone, message, detail };
}

/**
 * A log event for a failure that shows nothing to the user.
 *
 * @example
 * logged('fetchCountries', new Error('offline')); // { type: 'log', source: 'fetchCountries', message: 'offline', error }
 */
export function logged(source: string, error: unknown): LogEmitted {
  return { type: 'log', source, message: failureMessage(error), error };
}

/**
 * The error a default actor rejects with, so a machine used without
 * `.provide({ actors })` fails loudly and says what to supply.
 *
 * @example
 * missingActor('fetchUser').message; // "Provide the 'fetchUser' actor"
 */
export function missingActor(name: string): Error {
  return new Error(`Provide the '${name}' actor`);
}

/**
 * The redirect of a page that needs a signed-in visitor (to /login.asp). It
 * carries the page to come back to after signing in (`returnTo`, left out when not a safe path
 * of this site) and replaces the history entry, so Back from the login page does not land on a
 * page that redirects again.
 *
 * @example
 * loginRedirect('/wallet'); // { type: 'navigate', url: '/login.asp?returnTo=%2Fwallet', replace: true }
 * loginRedirect(null);      // { type: 'navigate', url: '/login.asp', replace: true }
 */
export function loginRedirect(returnPath: string | null | undefined): NavigateEmitted {
  return { type: 'navigate', url: withReturnPath(LOGIN_PATH, returnPath), replace: true };
}
