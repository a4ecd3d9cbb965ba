/**
 * The footer newsletter form: idle, invalid ('Invalid subscription request.', no call),
 * submitting ('Submitting request...'), success ('Please check your email to confirm.') or error
 * ('Error: {message}').
 *
 * A submission asks the `getCaptchaToken` actor for a token (with {@link NEWSLETTER_CAPTCHA_ACTION}
 * or the action given in the input), then calls the `subscribe` actor with the email and the
 * token. Both actors are supplied by the caller (`machine.provide`).
 * @module
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { MESSAGES, checkNewsletterEmail, newsletterErrorText } from '../domain/account.ts';
import type { NewsletterContext, NewsletterEmitted, NewsletterEvent, NewsletterInput, SubscribeInput, SubscribeOutput } from './newsletter.types.ts';

export type { NewsletterContext, NewsletterEmitted, NewsletterEvent, NewsletterInput, NewsletterTone, SubscribeInput, SubscribeOutput } from './newsletter.types.ts';

/**
 * The captcha action name of a newsletter subscription (a captcha token is requested with a
 * product-specific action name; the name is ours).
 * @default 'newsletter_subscribe'
 */
export const NEWSLETTER_CAPTCHA_ACTION = 'newsletter_subscribe';

/**
 * The message of a failed call. The client's `ApiError` keeps the server's own words in
 * `serverMessage` and puts the generic text in `message`; the newsletter shows the server's words
 * when there are some ("Error: {message}"), else the exception's message, else 'Failed.'.
 */
function failureText(error: unknown): string {
  const server = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return newsletterErrorText(typeof server === 'string' && server.trim() !== '' ? server : error);
}

/**
 * The newsletter form machine.
 *
 * Choices: typing after an outcome (invalid, success, error) clears the message and returns to
 * idle; typing while submitting only updates the input (the call keeps the submitted email); a
 * second submit while submitting is ignored. A `{ success: false }` answer without an error reads
 * 'Error: Failed.' (the domain's `newsletterErrorText`). Captcha failures ('reCAPTCHA is not
 * loaded...') show the same way as the call's failures.
 *
 * @example
 * const actor = createActor(newsletterMachine.provide({ actors: {
 *   getCaptchaToken: fromPromise(async ({ input }) => captcha.getToken(input.action)),
 *   subscribe: fromPromise(async ({ input, signal }) => client.subscribe(input.email, input.token, { signal })),
 * } })).start();
 * actor.send({ type: 'email.changed', value: 'ann@example.com' });
 * actor.send({ type: 'newsletter.submit' });
 */
export const newsletterMachine = setup({
  types: {
    context: {} as NewsletterContext,
    events: {} as NewsletterEvent,
    input: {} as NewsletterInput | undefined,
    emitted: {} as NewsletterEmitted,
  },
  actors: {
    getCaptchaToken: fromPromise<string, { action: string }>(async () => {
      throw new Error("Provide the 'getCaptchaToken' actor");
    }),
    subscribe: fromPromise<SubscribeOutput, SubscribeInput>(async () => {
      throw new Error("Provide the 'subscribe' actor");
    }),
  },
  guards: {
    emailValid: ({ context }) => checkNewsletterEmail(context.email).ok,
    subscribed: (_, output: SubscribeOutput) => output?.success === true,
  },
  actions: {
    setEmail: assign({ email: (_, value: string) => value }),
    clearMessage: assign({ message: null, tone: null }),
    notifyFailure: emit(({ context }) => ({ type: 'notify' as const, tone: 'danger' as const, message: context.message ?? MESSAGES.newsletterFailed })),
  },
}).createMachine({
  id: 'newsletter',
  context: ({ input }) => ({
    email: input?.email ?? '',
    submittedEmail: '',
    token: null,
    message: input?.notice?.message ?? null,
    tone: input?.notice?.tone ?? null,
    captchaAction: input?.captchaAction ?? NEWSLETTER_CAPTCHA_ACTION,
  }),
  initial: 'idle',
  on: {
    'email.changed': { target: '.idle', actions: [{ type: 'setEmail', params: ({ event }) => event.value }, 'clearMessage'] },
    'newsletter.submit': [{ guard: 'emailValid', target: '.submitting' }, { target: '.invalid' }],
  },
  states: {
    idle: {},
    invalid: {
      entry: [
        assign({ message: MESSAGES.newsletterInvalid, tone: 'danger' }),
        emit({ type: 'notify', tone: 'danger', message: MESSAGES.newsletterInvalid }),
      ],
    },
    submitting: {
      entry: assign({
        submittedEmail: ({ context }) => {
          const checked = checkNewsletterEmail(context.email);
          return checked.ok ? checked.value : context.email.trim();
        },
        message: MESSAGES.newsletterSubmitting,
        tone: 'info',
        token: null,
      }),
      on: {
        'email.changed': { actions: { type: 'setEmail', params: ({ event }) => event.value } },
        'newsletter.submit': {},
      },
      initial: 'captcha',
      states: {
        captcha: {
          invoke: {
            src: 'getCaptchaToken',
            input: ({ context }) => ({ action: context.captchaAction }),
            onDone: { target: 'subscribing', actions: assign({ token: ({ event }) => event.output }) },
            onError: { target: '#newsletter.error', actions: assign({ message: ({ event }) => failureText(event.error), tone: 'danger' }) },
          },
        },
        subscribing: {
          invoke: {
            src: 'subscribe',
            input: ({ context }) => ({ email: context.submittedEmail, token: context.token ?? '' }),
            onDone: [
              { guard: { type: 'subscribed', params: ({ event }) => event.output }, target: '#newsletter.success' },
              { target: '#newsletter.error', actions: assign({ message: failureText(undefined), tone: 'danger' }) },
            ],
            onError: { target: '#newsletter.error', actions: assign({ message: ({ event }) => failureText(event.error), tone: 'danger' }) },
          },
        },
      },
    },
    success: {
      entry: [
        assign({ message: MESSAGES.newsletterSuccess, tone: 'success' }),
        emit({ type: 'notify', tone: 'success', message: MESSAGES.newsletterSuccess }),
      ],
    },
    error: { entry: 'notifyFailure' },
  },
});
