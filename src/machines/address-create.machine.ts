/**
 * Adding a mailing address (the account and addresses pages' Add address modal): the same form
 * as the Edit modal (State only after a country is chosen, the states of that country loaded on
 * choice), the create call, and its outcome. A failed save keeps the modal open with everything
 * typed and shows the server's words.
 * @module
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { MailingAddress, State } from '../domain/entities.ts';
import { emptyAddressForm, withCountry, type AddressUpdatePayload } from '../domain/address.ts';
import { ADDRESS_CREATE_TEXT, addressCreatePayload } from '../domain/address-create.ts';
import { logged, missingActor, notify } from './account.helpers.ts';
import { signInFailureText } from './sign-in.machine.ts';
import type { AddressCreateContext, AddressCreateEvent, AddressCreateEmitted } from './address-create.types.ts';

export type { AddressCreateContext, AddressCreateEvent, AddressCreateEmitted } from './address-create.types.ts';

/**
 * The add-address machine. Actors to provide: `createMailingAddress` (input the body; resolves
 * `{ mailingAddress }`) and `fetchStates` (`{ countryCode, page: 0 }`; resolves the states).
 *
 * @example
 * const add = createActor(addressCreateMachine.provide({ actors }), {}).start();
 * add.send({ type: 'modal.open' });
 * add.send({ type: 'country.changed', countryCode: 'US' });
 */
export const addressCreateMachine = setup({
  types: {
    context: {} as AddressCreateContext,
    events: {} as AddressCreateEvent,
    emitted: {} as AddressCreateEmitted,
  },
  actors: {
    createMailingAddress: fromPromise<{ mailingAddress?: MailingAddress | null } | null, AddressUpdatePayload>(async () => {
      throw missingActor('createMailingAddress');
    }),
    fetchStates: fromPromise<State[], { countryCode: string; page: 0 }>(async () => {
      throw missingActor('fetchStates');
    }),
  },
}).createMachine({
  id: 'addressCreate',
  type: 'parallel',
  context: { form: emptyAddressForm(), states: [], error: null, created: null },
  states: {
    modal: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'modal.open': { target: 'open', actions: assign({ form: () => emptyAddressForm(), states: [], error: null }) } },
        },
        open: {
          on: {
            'modal.close': 'closed',
            'field.changed': { actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }) },
            'default.changed': { actions: assign({ form: ({ context, event }) => ({ ...context.form, makeDefault: event.makeDefault }) }) },
            'country.changed': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                if (context.form.countryCode === event.countryCode) return;
                enqueue.assign({ form: withCountry(context.form, event.countryCode), states: [] });
                if (event.countryCode.trim() !== '') enqueue.raise({ type: 'states.load' });
              }),
            },
            'form.submit': 'saving',
          },
        },
        saving: {
          invoke: {
            src: 'createMailingAddress',
            input: ({ context }) => addressCreatePayload(context.form),
            onDone: [
              {
                guard: ({ event }) => Boolean(event.output?.mailingAddress),
                target: 'closed',
                actions: enqueueActions(({ event, enqueue }) => {
                  const address = event.output?.mailingAddress;
                  if (!address) return;
                  enqueue.assign({ created: address, error: null });
                  enqueue.emit({ type: 'address.created', address });
                  enqueue.emit(notify('success', ADDRESS_CREATE_TEXT.added));
                }),
              },
              { target: 'open', actions: [assign({ error: ADDRESS_CREATE_TEXT.notAdded }), emit(notify('danger', ADDRESS_CREATE_TEXT.notAdded))] },
            ],
            onError: {
              target: 'open',
              actions: [
                assign({ error: ({ event }) => signInFailureText(event.error) }),
                emit(({ event }) => notify('danger', signInFailureText(event.error))),
              ],
            },
          },
        },
      },
    },
    states: {
      initial: 'idle',
      states: {
        idle: {},
        loading: {
          invoke: {
            src: 'fetchStates',
            input: ({ context }) => ({ countryCode: context.form.countryCode, page: 0 as const }),
            onDone: { target: 'idle', actions: assign({ states: ({ event }) => event.output ?? [] }) },
            // logged only, the list stays empty
            onError: { target: 'idle', actions: [assign({ states: [] }), emit(({ event }) => logged('fetchStates', event.error))] },
          },
        },
      },
      on: { 'states.load': { target: '.loading' } },
    },
  },
});
