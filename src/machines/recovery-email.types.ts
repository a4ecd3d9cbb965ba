/**
 * Types of the recovery email machine (`recovery-email.machine.ts`) and of its connect function.
 * @module
 */
import type { User } from '../domain/entities.ts';
import type { NavigateBackEmitted, NavigateEmitted, NotifyEmitted, NotifyTone } from './account.helpers.ts';

/** The page's state. */
export interface RecoveryEmailContext {
  fetched: boolean;
  user: User | null;
  /** The saved recovery email, or null. */
  recoveryEmail: string | null;
  verified: boolean;
  /** The text in the Recovery Email field. */
  value: string;
  /** 'Update' when a recovery email exists, else 'Add'. */
  submitLabel: string;
  /** 'Recovery email verified', 'Your recovery email is not verified', or null. */
  statusText: string | null;
  /** The captcha token of the request in flight. */
  token: string | null;
  /** The last message, for inline display, or null. */
  notice: { tone: NotifyTone; message: string; detail?: string } | null;
  /** The page to come back to after signing in (the redirect's `returnTo`), or null. */
  returnPath: string | null;
}

/** Login state from the auth machine. */
export interface RecoveryEmailInput {
  /**
   * Whether the user call has answered.
   * @default false
   */
  fetched?: boolean;
  user?: User | null;
  /**
   * The page a signed-out visitor comes back to after signing in.
   * @default null (the login page's own default)
   */
  returnPath?: string | null;
}

/** Events the page sends. */
export type RecoveryEmailEvent =
  | { type: 'login.changed'; fetched: boolean; user: User | null }
  | { type: 'email.changed'; value: string }
  | { type: 'email.submit' }
  | { type: 'email.verify' }
  | { type: 'form.back' }
  | { type: 'notice.dismiss' };

/** Toasts, the redirect to '/login.asp', and Back (-1). */
export type RecoveryEmailEmitted = NotifyEmitted | NavigateEmitted | NavigateBackEmitted;
