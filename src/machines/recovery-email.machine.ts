/**
 * The recovery email page of a signed-in customer (the sign-in gate, `signed-in-gate.ts`, runs it
 * with the user as input): not set, set but unverified, or verified; saving and verifying each
 * get a captcha token first.
 * @module
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { User } from '../domain/entities.ts';
import {
  MESSAGES,
  canSaveRecoveryEmail,
  serverFailureMessage,
  recoveryEmailState,
  recoveryEmailStatusText,
  recoveryEmailSubmitLabel,
} from '../domain/account.ts';
import { successOutcome } from '../domain/account-state.ts';
import { missingActor, notify, type NotifyTone } from './account.helpers.ts';
import type { RecoveryEmailContext, RecoveryEmailInput, RecoveryEmailEvent, RecoveryEmailEmitted } from './recovery-email.types.ts';

export type { RecoveryEmailContext, RecoveryEmailInput, RecoveryEmailEvent, RecoveryEmailEmitted } from './recovery-email.types.ts';

/**
 * Captcha action names of the two calls ('a captcha token is
 * requested with a product-specific action name'; the names are ours).
 */
export const RECOVERY_CAPTCHA_ACTIONS = { save: 'recovery_email', verify: 'recovery_email_verify' } as const;

const fromUser = (user: User) => {
  const state = recoveryEmailState(user);
  return {
    user,
    recoveryEmail: state === 'not-set' ? null : (user.recoveryEmail ?? null),
    verified: state === 'verified',
    submitLabel: recoveryEmailSubmitLabel(state),
    statusText: recoveryEmailStatusText(state),
  };
};

/**
 * The recovery email machine. Actors to provide: `getCaptchaToken` (input
 * `{ action }`; resolves the token, or null/'' when the captcha script is not
 * loaded, which shows 'reCAPTCHA is not loaded. Make sure JavaScript is
 * enabled in your browser.'), `setRecoveryEmail` (`{ token, recoveryEmail }`;
 * PUT /api/user/recoveryEmail) and `verifyRecoveryEmail` (`{ token }`; POST
 * /api/user/recoveryEmail/verify), both resolving `{ success, error }`.
 *
 * A newly saved address counts as unverified unless it is the address that
 * was already verified (the server sends a new link for a new address).
 *
 * @example
 * const page = createActor(recoveryEmailMachine.provide({ actors }), { input: { user } }).start();
 * page.send({ type: 'email.changed', value: 'backup@example.com' });
 * page.send({ type: 'email.submit' });
 */
export const recoveryEmailMachine = setup({
  types: {
    context: {} as RecoveryEmailContext,
    events: {} as RecoveryEmailEvent,
    input: {} as RecoveryEmailInput,
    emitted: {} as RecoveryEmailEmitted,
  },
  actors: {
    getCaptchaToken: fromPromise<string | null, { action: string }>(async () => {
      throw missingActor('getCaptchaToken');
    }),
    setRecoveryEmail: fromPromise<{ success?: boolean; error?: unknown } | null, { token: string; recoveryEmail: string }>(async () => {
      throw missingActor('setRecoveryEmail');
    }),
    verifyRecoveryEmail: fromPromise<{ success?: boolean; error?: unknown } | null, { token: string }>(async () => {
      throw missingActor('verifyRecoveryEmail');
    }),
  },
  guards: {
    canSave: ({ context }) => canSaveRecoveryEmail(context.value),
    hasToken: ({ event }) => {
      const output = (event as { output?: unknown }).output;
      return typeof output === 'string' && output !== '';
    },
    succeeded: ({ event }) => successOutcome((event as { output?: { success?: boolean; error?: unknown } | null }).output).ok,
  },
  actions: {
    tell: enqueueActions(({ enqueue }, params: { tone: NotifyTone; message: string; detail?: string }) => {
      enqueue.assign({ notice: params });
      enqueue.emit(notify(params.tone, params.message, params.detail));
    }),
    tellFailure: enqueueActions(({ enqueue, event }) => {
      const { error, output } = event as { error?: unknown; output?: { success?: boolean; error?: unknown } | null };
      const outcome = 'output' in (event as object) ? successOutcome(output) : null;
      // a refused save (4xx with { error }) shows the server's reason, not the generic message
      const message = outcome && !outcome.ok ? outcome.message : serverFailureMessage(error);
      enqueue.assign({ notice: { tone: 'danger', message } });
      enqueue.emit(notify('danger', message));
    }),
  },
}).createMachine({
  id: 'recoveryEmail',
  context: ({ input }) => ({ value: input.user.recoveryEmail ?? '', token: null, notice: null, ...fromUser(input.user) }),
  initial: 'ready',
  on: {
    'notice.dismiss': { actions: assign({ notice: null }) },
  },
  states: {
    ready: {
      initial: 'settle',
      on: {
        'email.changed': { actions: assign({ value: ({ event }) => event.value }) },
        'form.back': { actions: emit({ type: 'navigate.back' }) },
      },
      states: {
        settle: {
          always: [
            { guard: ({ context }) => context.recoveryEmail === null, target: 'notSet' },
            { guard: ({ context }) => context.verified, target: 'verified' },
            { target: 'unverified' },
          ],
        },
        // Submit and verify exist only in these three: while saving or verifying
        // the request in flight ignores them.
        notSet: {
          on: { 'email.submit': { guard: 'canSave', target: 'saving' } },
        },
        unverified: {
          on: { 'email.submit': { guard: 'canSave', target: 'saving' }, 'email.verify': 'verifying' },
        },
        verified: {
          on: { 'email.submit': { guard: 'canSave', target: 'saving' } },
        },
        saving: {
          initial: 'token',
          states: {
            token: {
              invoke: {
                src: 'getCaptchaToken',
                input: { action: RECOVERY_CAPTCHA_ACTIONS.save },
                onDone: [
                  { guard: 'hasToken', target: 'request', actions: assign({ token: ({ event }) => event.output }) },
                  { target: '#recoveryEmail.ready.settle', actions: { type: 'tell', params: { tone: 'danger', message: MESSAGES.captchaNotLoaded } } },
                ],
                onError: { target: '#recoveryEmail.ready.settle', actions: 'tellFailure' },
              },
            },
            request: {
              invoke: {
                src: 'setRecoveryEmail',
                input: ({ context }) => ({ token: context.token ?? '', recoveryEmail: context.value.trim() }),
                onDone: [
                  {
                    guard: 'succeeded',
                    target: '#recoveryEmail.ready.settle',
                    actions: [
                      assign(({ context }) => {
                        const recoveryEmail = context.value.trim();
                        const verified = context.verified && recoveryEmail === context.recoveryEmail;
                        const state = verified ? 'verified' : 'unverified';
                        return { recoveryEmail, verified, value: recoveryEmail, token: null, submitLabel: recoveryEmailSubmitLabel(state), statusText: recoveryEmailStatusText(state) };
                      }),
                      { type: 'tell', params: { tone: 'success', message: MESSAGES.recoveryEmailUpdated } },
                    ],
                  },
                  { target: '#recoveryEmail.ready.settle', actions: [assign({ token: null }), 'tellFailure'] },
                ],
                onError: { target: '#recoveryEmail.ready.settle', actions: [assign({ token: null }), 'tellFailure'] },
              },
            },
          },
        },
        verifying: {
          initial: 'token',
          states: {
            token: {
              invoke: {
                src: 'getCaptchaToken',
                input: { action: RECOVERY_CAPTCHA_ACTIONS.verify },
                onDone: [
                  { guard: 'hasToken', target: 'request', actions: assign({ token: ({ event }) => event.output }) },
                  { target: '#recoveryEmail.ready.settle', actions: { type: 'tell', params: { tone: 'danger', message: MESSAGES.captchaNotLoaded } } },
                ],
                onError: { target: '#recoveryEmail.ready.settle', actions: 'tellFailure' },
              },
            },
            request: {
              invoke: {
                src: 'verifyRecoveryEmail',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: [
                  {
                    guard: 'succeeded',
                    target: '#recoveryEmail.ready.settle',
                    actions: [
                      assign({ token: null }),
                      { type: 'tell', params: { tone: 'success', message: MESSAGES.verificationSent, detail: MESSAGES.verificationInstructions } },
                    ],
                  },
                  { target: '#recoveryEmail.ready.settle', actions: [assign({ token: null }), 'tellFailure'] },
                ],
                onError: { target: '#recoveryEmail.ready.settle', actions: [assign({ token: null }), 'tellFailure'] },
              },
            },
          },
        },
      },
    },
  },
});
