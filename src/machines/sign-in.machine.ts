/**
 * One sign-in or recovery flow (the /login ... /verify-account pages): the form's
 * values, the checks before any call (field by field), the call, and its outcome. The text the
 * shopper typed is kept whatever happens, so a failed submit never loses it.
 *
 * Sign-out and the emailed verification link run on entry; the other flows wait for a submit.
 * @module
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { isApiError } from '../api/errors.ts';
import { failureMessage } from '../domain/session.ts';
import { SIGN_IN_TEXT, flowNeedsToken, flowRunsOnOpen, hasSignInErrors, serverMessageField, signInRequest, validateSignIn, type SignInFlow } from '../domain/sign-in.ts';
import { missingActor } from './account.helpers.ts';
import type { SignInOutput, SignInContext, SignInInput, SignInEvent, SignInEmitted } from './sign-in.types.ts';

export type { SignInOutput, SignInContext, SignInInput, SignInEvent, SignInEmitted } from './sign-in.types.ts';

/** The message of a failed call: the server's own words when it sent some, else the error's message. */
export function signInFailureText(error: unknown): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return failureMessage(error);
}

/**
 * The sign-in machine. Actor to provide: `submitFlow` (input `{ flow, body }`, the domain's
 * `signInRequest`; resolves `{ signedIn? }` or rejects with the call's error).
 *
 * @example
 * const flow = createActor(signInMachine.provide({ actors: { submitFlow } }), { input: { flow: 'login' } }).start();
 * flow.send({ type: 'field.changed', field: 'email', value: 'ann@example.com' });
 * flow.send({ type: 'form.submit' });
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    emitted: {} as SignInEmitted,
  },
  actors: {
    submitFlow: fromPromise<SignInOutput | null, { flow: SignInFlow; body: Record<string, string> }>(async () => {
      throw missingActor('submitFlow');
    }),
  },
  guards: {
    runsOnOpen: ({ context }) => flowRunsOnOpen(context.flow),
    missingToken: ({ context }) => flowNeedsToken(context.flow) && context.token === '',
    invalid: ({ context }) => hasSignInErrors(validateSignIn(context.flow, context.values)),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    flow: input.flow,
    token: (input.token ?? '').trim(),
    values: { ...input.values },
    errors: {},
    formError: null,
    failures: 0,
    output: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'missingToken', target: 'linkBroken' },
        { guard: 'runsOnOpen', target: 'submitting' },
        { target: 'editing' },
      ],
    },
    editing: {
      on: {
        'field.changed': {
          actions: assign(({ context, event }) => {
            // a corrected field loses its message; the others keep theirs until the next submit
            const { [event.field]: _fixed, ...errors } = context.errors;
            return { values: { ...context.values, [event.field]: event.value }, errors };
          }),
        },
        'form.submit': [
          {
            guard: 'invalid',
            actions: assign(({ context }) => ({ errors: validateSignIn(context.flow, context.values), formError: null, failures: context.failures + 1 })),
          },
          { target: 'submitting', actions: assign({ errors: {}, formError: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'submitFlow',
        input: ({ context }) => ({ flow: context.flow, body: signInRequest(context.flow, context.values, context.token) }),
        onDone: {
          target: 'done',
          actions: [
            assign({ output: ({ event }) => event.output ?? {} }),
            emit(({ context, event }) => ({ type: 'signIn.succeeded' as const, flow: context.flow, output: event.output ?? {} })),
          ],
        },
        onError: [
          // sign-out and the verification link have no form to go back to
          {
            guard: 'runsOnOpen',
            target: 'failed',
            actions: assign(({ context, event }) => ({ formError: signInFailureText(event.error), failures: context.failures + 1 })),
          },
          {
            target: 'editing',
            actions: assign(({ context, event }) => {
              const message = signInFailureText(event.error);
              const field = serverMessageField(context.flow, message);
              return field
                ? { errors: { [field]: message }, formError: null, failures: context.failures + 1 }
                : { errors: {}, formError: message, failures: context.failures + 1 };
            }),
          },
        ],
      },
    },
    done: {},
    failed: {},
    linkBroken: {
      entry: assign({ formError: SIGN_IN_TEXT.missingToken }),
    },
  },
});
