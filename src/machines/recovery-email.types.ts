/**
 * Types of the recovery email machine (`recovery-email.machine.ts`) and of its connect function.
 * @module
 */
import type { User } from '../domain/entities.ts';
import type { NavigateBackEmitted, NotifyEmitted, NotifyTone } from './account.helpers.ts';

/** The page's state. */
export interface RecoveryEmailContext {
  /** The signed-in customer. */
  user: User;
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
}

/** The signed-in customer (the sign-in gate gives it). */
export interface RecoveryEmailInput {
  user: User;
}

/** Events the page sends. */
export type RecoveryEmailEvent =
  | { type: 'email.changed'; value: string }
  | { type: 'email.submit' }
  | { type: 'email.verify' }
  | { type: 'form.back' }
  | { type: 'notice.dismiss' };

/** Toasts, and Back (-1). */
export type RecoveryEmailEmitted = NotifyEmitted | NavigateBackEmitted;
