/**
 * Types of the newsletter machine (`newsletter.machine.ts`) and of its connect function.
 * @module
 */

/** The tone of the form's inline message: the view colours it (errors are red). */
export type NewsletterTone = 'info' | 'success' | 'danger';

/** Context of `newsletterMachine`. */
export interface NewsletterContext {
  /** What the email input holds. */
  email: string;
  /** The email being subscribed (trimmed), fixed at submission so typing cannot change the call. */
  submittedEmail: string;
  /** The inline message, or null in idle. */
  message: string | null;
  /** How the inline message is coloured, or null in idle. */
  tone: NewsletterTone | null;
  /** The captcha token of the current submission, once the captcha actor answered. */
  token: string | null;
  /** The captcha action name sent with the token request. */
  captchaAction: string;
}

/** Events of `newsletterMachine`. 'newsletter.submit' is the button and Enter alike. */
export type NewsletterEvent = { type: 'email.changed'; value: string } | { type: 'newsletter.submit' };

/** Input of `newsletterMachine`. */
export interface NewsletterInput {
  /** Prefilled email. @default '' */
  email?: string;
  /** Captcha action name. @default NEWSLETTER_CAPTCHA_ACTION */
  captchaAction?: string;
  /**
   * A message shown at first, in idle: the outcome of the same form posted without JavaScript,
   * which the server's answer brought back in the page's address. Typing clears it like any
   * outcome. @default none
   */
  notice?: { message: string; tone: NewsletterTone } | null;
}

/** What the machine emits: the outcome as a notice (the view also shows it inline). */
export type NewsletterEmitted = { type: 'notify'; tone: 'success' | 'danger'; message: string };

/** Input of the `subscribe` actor: POST /api/newsletterSubscriptions/subscribe?email= with {token}. */
export interface SubscribeInput {
  email: string;
  token: string;
}

/** What the `subscribe` actor resolves with (the call's `success`). */
export interface SubscribeOutput {
  success: boolean;
}
