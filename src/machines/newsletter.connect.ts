/**
 * What the footer newsletter form shows, from a snapshot of its machine: a pure function, tested
 * without React; `useNewsletter` returns it with the form's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { newsletterMachine } from './newsletter.machine.ts';
import type { NewsletterTone } from './newsletter.types.ts';

/** The form's state name. */
export type NewsletterStatus = 'idle' | 'invalid' | 'submitting' | 'success' | 'error';

/** What the newsletter form shows. */
export interface NewsletterView {
  email: string;
  status: NewsletterStatus;
  /** The inline message ('Submitting request...', 'Please check your email to confirm.', 'Error: ...'), or null. */
  message: string | null;
  /** How the message is coloured (errors red). */
  tone: NewsletterTone | null;
  /** False while a submission is in flight (the subscribe button is disabled). */
  canSubmit: boolean;
}

/**
 * The view of a snapshot.
 * @example connectNewsletter(actor.getSnapshot()).canSubmit; // true
 */
export function connectNewsletter(snapshot: SnapshotFrom<typeof newsletterMachine>): NewsletterView {
  const c = snapshot.context;
  return {
    email: c.email,
    status: snapshot.matches('submitting') ? 'submitting' : (snapshot.value as NewsletterStatus),
    message: c.message,
    tone: c.tone,
    canSubmit: snapshot.can({ type: 'newsletter.submit' }),
  };
}
