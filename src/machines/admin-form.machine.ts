/**
 * The back office's forms (sign-in, set-password, fulfil, cancel, refund): editing, submitting,
 * done. A submit runs the domain's check of the form's kind (`checkAdminForm`) first: a refused
 * check shows its message and sends nothing; a checked body goes to the `submit` actor (supplied
 * by the hook: the call of the form's kind). A refused call shows the server's `{ error }` and the
 * form stays as typed; a second submit while one is under way is ignored.
 * @module
 */
import { assign, fromPromise, setup } from 'xstate';
import { checkAdminForm } from '../domain/admin-orders.ts';
import type { AdminFormContext, AdminFormEvent, AdminFormInput, AdminSubmitInput } from './admin-form.types.ts';

export type { AdminFormContext, AdminFormEvent, AdminFormInput, AdminSubmitInput } from './admin-form.types.ts';

/** The message of a refused call: the server's words when it sent some, else the error's message. */
export function adminFailureText(error: unknown): string {
  const server = (error as { serverMessage?: unknown } | null)?.serverMessage;
  if (typeof server === 'string' && server.trim() !== '') return server;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * The form machine.
 * @example
 * const actor = createActor(adminFormMachine.provide({ actors: { submit: fromPromise(({ input }) => client.cancel(id, input.body as { reason: string })) } }), { input: { kind: 'cancel' } }).start();
 * actor.send({ type: 'field.changed', name: 'reason', value: 'Customer asked' });
 * actor.send({ type: 'form.submit' });
 */
export const adminFormMachine = setup({
  types: {
    context: {} as AdminFormContext,
    events: {} as AdminFormEvent,
    input: {} as AdminFormInput,
  },
  actors: {
    submit: fromPromise<unknown, AdminSubmitInput>(async () => {
      throw new Error("Provide the 'submit' actor");
    }),
  },
  guards: {
    valid: ({ context }) => checkAdminForm(context.kind, context.fields, context.subject).ok,
  },
  actions: {
    setField: assign({
      fields: ({ context, event }) => (event.type === 'field.changed' ? { ...context.fields, [event.name]: event.value } : context.fields),
      error: null,
    }),
    showCheck: assign({
      error: ({ context }) => {
        const check = checkAdminForm(context.kind, context.fields, context.subject);
        return check.ok ? null : check.error;
      },
    }),
    reset: assign(({ context, event }) => (event.type === 'form.reset'
      ? { fields: event.fields ?? {}, subject: event.subject ?? context.subject, error: null, result: null }
      : {})),
  },
}).createMachine({
  id: 'adminForm',
  context: ({ input }) => ({
    kind: input.kind,
    fields: input.fields ?? {},
    subject: input.subject ?? { lines: [], refundableCents: 0 },
    error: null,
    result: null,
  }),
  initial: 'editing',
  on: {
    'form.reset': { target: '.editing', actions: 'reset' },
  },
  states: {
    editing: {
      on: {
        'field.changed': { actions: 'setField' },
        'form.submit': [
          { guard: 'valid', target: 'submitting' },
          { actions: 'showCheck' },
        ],
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'submit',
        input: ({ context }): AdminSubmitInput => {
          const check = checkAdminForm(context.kind, context.fields, context.subject);
          return { kind: context.kind, body: check.ok ? check.body : null };
        },
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => adminFailureText(event.error) }) },
      },
    },
    done: {
      on: {
        'field.changed': { target: 'editing', actions: 'setField' },
      },
    },
  },
});
