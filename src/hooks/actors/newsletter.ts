/**
 * The newsletter machine with its calls (the captcha token, the subscription), over the latest
 * client and environment of the `useNewsletter` that runs it.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { newsletterMachine } from '../../machines/newsletter.machine.ts';
import type { SkimmerEnvironment } from '../environment.ts';
import { actorValues } from '../actor-values.ts';

/** The values of each `useNewsletter`'s actor tree. */
export const newsletterValues = actorValues<{ client: ApiClient; environment: SkimmerEnvironment }>('useNewsletter');

/** The machine with its calls, over the latest values of the hook that runs it. */
export const providedNewsletterMachine = newsletterMachine.provide({
  actors: {
    getCaptchaToken: fromPromise(async ({ system, input: { action } }) => newsletterValues.of(system).environment.captcha.getToken(action)),
    subscribe: fromPromise(async ({ system, input: { email, token }, signal }) => newsletterValues.of(system).client.subscribe(email, token, { signal })),
  },
});
