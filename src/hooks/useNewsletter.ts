/**
 * The footer newsletter form (spec sections 2, 4 and 8) over `newsletterMachine`: the captcha
 * token comes from the environment, the call from the provider's client.
 * @module
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { newsletterMachine, type NewsletterInput, type NewsletterTone } from '../machines/newsletter.machine.ts';
import { useSkimmer, type SkimmerContextValue } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** The form's state name. */
export type NewsletterStatus = 'idle' | 'invalid' | 'submitting' | 'success' | 'error';

/** What {@link useNewsletter} returns. */
export interface NewsletterApi {
  email: string;
  status: NewsletterStatus;
  /** The inline message ('Submitting request...', 'Please check your email to confirm.', 'Error: ...'), or null. */
  message: string | null;
  /** How the message is coloured (errors red). */
  tone: NewsletterTone | null;
  /** False while a submission is in flight (the subscribe button is disabled). */
  canSubmit: boolean;
  setEmail(value: string): void;
  /** The subscribe button and Enter. */
  submit(): void;
}

const newsletterValues = actorValues<Pick<SkimmerContextValue, 'client' | 'environment'>>('useNewsletter');
/** The machine with its calls, over the latest values of the hook that runs it. */
const providedNewsletterMachine = newsletterMachine.provide({
  actors: {
    getCaptchaToken: fromPromise(async ({ system, input: { action } }) => newsletterValues.of(system).environment.captcha.getToken(action)),
    subscribe: fromPromise(async ({ system, input: { email, token }, signal }) => newsletterValues.of(system).client.subscribe(email, token, { signal })),
  },
});

/**
 * The newsletter form. Its outcome is also raised as a toast.
 *
 * @example
 * const form = useNewsletter();
 * <form onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
 *   <input placeholder="Email address" value={form.email} onChange={(e) => form.setEmail(e.target.value)} />
 *   <button disabled={!form.canSubmit}>Subscribe</button>
 *   {form.message && <p className={form.tone ?? ''}>{form.message}</p>}
 * </form>
 */
export function useNewsletter(input?: NewsletterInput): NewsletterApi {
  const { client, environment } = useSkimmer();
  const deps = useLatest({ client, environment });
  const actor = newsletterValues.bind(useActorRef(providedNewsletterMachine, { input }), deps);
  useMachineNotices(actor);
  const email = useSelector(actor, (s) => s.context.email);
  const message = useSelector(actor, (s) => s.context.message);
  const tone = useSelector(actor, (s) => s.context.tone);
  const status = useSelector(actor, (s) => (s.matches('submitting') ? 'submitting' : (s.value as NewsletterStatus)));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'newsletter.submit' }));
  return {
    email,
    status,
    message,
    tone,
    canSubmit,
    setEmail: (value) => actor.send({ type: 'email.changed', value }),
    submit: () => actor.send({ type: 'newsletter.submit' }),
  };
}
