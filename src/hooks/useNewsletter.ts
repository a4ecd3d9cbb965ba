/**
 * The footer newsletter form over `newsletterMachine`: the captcha token comes from the
 * environment, the call from the provider's client.
 * @module
 */
import { connectNewsletter, type NewsletterView } from '../machines/newsletter.connect.ts';
import type { NewsletterInput } from '../machines/newsletter.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useMachineView } from './useMachineView.ts';
import { useMachineNotices } from './useToasts.ts';
import { newsletterValues, providedNewsletterMachine } from './actors/newsletter.ts';

export type { NewsletterStatus } from '../machines/newsletter.connect.ts';

/** What {@link useNewsletter} returns: the form's view and its events. */
export interface NewsletterApi extends NewsletterView {
  setEmail(value: string): void;
  /** The subscribe button and Enter. */
  submit(): void;
}

/**
 * The newsletter form. Its outcome is also raised as a toast.
 * @example
 * const form = useNewsletter();
 * <form onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
 *   <input placeholder="Email address" value={form.email} onChange={(e) => form.setEmail(e.target.value)} />
 *   <button disabled={!form.canSubmit}>Subscribe</button>
 * </form>
 */
export function useNewsletter(input?: NewsletterInput): NewsletterApi {
  const { client, environment } = useSkimmer();
  const values = useLatest({ client, environment });
  const { view, actor } = useMachineView(providedNewsletterMachine, connectNewsletter, { input, values: [newsletterValues, values] });
  useMachineNotices(actor);
  return {
    ...view,
    setEmail: (value) => actor.send({ type: 'email.changed', value }),
    submit: () => actor.send({ type: 'newsletter.submit' }),
  };
}
