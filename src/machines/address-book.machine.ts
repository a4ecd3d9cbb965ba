/**
 * The customer's mailing addresses: the Edit
 * modal (opens on Edit, closes on Close or Confirm), the update and delete
 * calls with their messages, the empty state, and the country and state
 * lists of the form.
 * @module
 */
import { assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { Country, Customer, MailingAddress, State } from '../domain/entities.ts';
import { MESSAGES, addressDeleteOutcome, addressUpdateOutcome, failureMessage, isCustomerPresent, serverMessageOf } from '../domain/account.ts';
import { addressFormFromAddress, addressUpdateRequest, withCountry, type AddressUpdateRequest } from '../domain/address.ts';
import { applyAddressUpdate, removeById } from '../domain/account-state.ts';
import { isApiError } from '../api/errors.ts';
import { logged, missingActor, notify } from './account.helpers.ts';
import type { AddressBookContext, AddressBookInput, AddressBookEvent, AddressBookEmitted } from './address-book.types.ts';

export type { AddressBookContext, AddressBookInput, AddressBookEvent, AddressBookEmitted } from './address-book.types.ts';

const withAddresses = (addresses: MailingAddress[]) => ({ addresses, emptyText: addresses.length === 0 ? MESSAGES.noAddresses : null });

const fromCustomer = (customer: Customer | null | undefined) =>
  isCustomerPresent(customer) ? { customerId: customer.id, ...withAddresses(customer.MailingAddresses ?? []) } : { customerId: null, ...withAddresses([]) };

/**
 * The address-book machine. Actors to provide: `updateMailingAddress` (input
 * the domain's `addressUpdateRequest`, `{ id, body }`; resolves
 * `{ mailingAddress }`), `deleteMailingAddress` (`{ customerId, id }`;
 * resolves `{ success }`), `fetchCountries` (resolves the countries) and
 * `fetchStates` (`{ countryCode, page: 0 }`; resolves the states).
 *
 * Choices: a successful update says 'Address updated successfully' (the
 * spec lists that text among the wallet's; a silent save left shoppers
 * unsure); a failed update, after its alert and notice, reopens the modal
 * with what was typed (the modal closes on Confirm, but a refused edit must
 * not lose the shopper's input); a delete asks no confirmation (the spec gives none) and succeeds
 * silently, the card disappearing. A delete rejected by the server (an
 * ApiError of kind 'server') shows its error in the alert; any other
 * exception is a danger notice.
 *
 * @example
 * const book = createActor(addressBookMachine.provide({ actors }), { input: { customer } }).start();
 * book.on('alert', ({ message }) => showAlert(message));
 * book.send({ type: 'address.edit', id: 3 });
 */
export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    input: {} as AddressBookInput,
    emitted: {} as AddressBookEmitted,
  },
  actors: {
    updateMailingAddress: fromPromise<{ mailingAddress?: MailingAddress | null; error?: unknown } | null, AddressUpdateRequest>(async () => {
      throw missingActor('updateMailingAddress');
    }),
    deleteMailingAddress: fromPromise<{ success?: boolean; error?: unknown } | null, { customerId: number; id: number }>(async () => {
      throw missingActor('deleteMailingAddress');
    }),
    fetchCountries: fromPromise<Country[]>(async () => {
      throw missingActor('fetchCountries');
    }),
    fetchStates: fromPromise<State[], { countryCode: string; page: 0 }>(async () => {
      throw missingActor('fetchStates');
    }),
  },
  actions: {
    fail: enqueueActions(({ enqueue }, params: { message: string; alert: boolean; notice: boolean }) => {
      if (params.alert) {
        enqueue.assign({ alert: params.message });
        enqueue.emit({ type: 'alert', message: params.message });
      }
      if (params.notice) enqueue.emit(notify('danger', params.message));
    }),
  },
}).createMachine({
  id: 'addressBook',
  type: 'parallel',
  context: ({ input }) => ({
    ...fromCustomer(input.customer),
    form: null,
    pendingUpdate: null,
    submittedForm: null,
    deletingId: null,
    countries: input.countries ?? [],
    states: [],
    alert: null,
  }),
  on: {
    'customer.changed': { actions: assign(({ event }) => fromCustomer(event.customer)) },
    'alert.dismiss': { actions: assign({ alert: null }) },
  },
  states: {
    modal: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'modal.restore': {
              guard: ({ context }) => context.submittedForm !== null,
              target: 'open',
              actions: enqueueActions(({ context, enqueue }) => {
                const form = context.submittedForm;
                if (!form) return;
                enqueue.assign({ form, submittedForm: null, states: [] });
                if (form.countryCode) enqueue.raise({ type: 'states.load', countryCode: form.countryCode });
              }),
            },
            'address.edit': {
              guard: ({ context, event }) => context.addresses.some((a) => a.id === event.id),
              target: 'open',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const address = context.addresses.find((a) => a.id === event.id);
                if (!address) return;
                const form = addressFormFromAddress(address);
                enqueue.assign({ form, states: [] });
                if (form.countryCode) enqueue.raise({ type: 'states.load', countryCode: form.countryCode });
              }),
            },
          },
        },
        open: {
          on: {
            'field.changed': { actions: assign({ form: ({ context, event }) => (context.form ? { ...context.form, [event.field]: event.value } : null) }) },
            'default.changed': { actions: assign({ form: ({ context, event }) => (context.form ? { ...context.form, makeDefault: event.makeDefault } : null) }) },
            'country.changed': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                if (!context.form) return;
                const changed = context.form.countryCode !== event.countryCode;
                enqueue.assign({ form: withCountry(context.form, event.countryCode), ...(changed ? { states: [] } : {}) });
                if (changed && event.countryCode.trim() !== '') enqueue.raise({ type: 'states.load', countryCode: event.countryCode });
              }),
            },
            'modal.close': { target: 'closed', actions: assign({ form: null }) },
            'modal.confirm': {
              target: 'closed',
              actions: enqueueActions(({ context, enqueue }) => {
                // An update without an id does nothing: the modal just closes.
                const request = context.form ? addressUpdateRequest(context.form) : null;
                enqueue.assign({ form: null, pendingUpdate: request, submittedForm: request ? context.form : null });
                if (request) enqueue.raise({ type: 'address.update' });
              }),
            },
          },
        },
      },
    },
    update: {
      initial: 'idle',
      states: {
        idle: { on: { 'address.update': { guard: ({ context }) => context.pendingUpdate !== null, target: 'updating' } } },
        updating: {
          invoke: {
            src: 'updateMailingAddress',
            input: ({ context }) => context.pendingUpdate ?? { id: 0, body: { makeDefault: false } },
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const outcome = addressUpdateOutcome(event.output);
                enqueue.assign({ pendingUpdate: null });
                if (outcome.ok) {
                  enqueue.assign({ ...withAddresses(applyAddressUpdate(context.addresses, outcome.value)), submittedForm: null, alert: null });
                  enqueue.emit(notify('success', MESSAGES.addressUpdated));
                } else {
                  enqueue({ type: 'fail', params: { message: outcome.message, alert: true, notice: true } });
                  enqueue.raise({ type: 'modal.restore' });
                }
              }),
            },
            onError: {
              target: 'idle',
              // a refusal (4xx with { error }) shows the server's words, as an ok answer with error does
              actions: [
                assign({ pendingUpdate: null }),
                {
                  type: 'fail',
                  params: ({ event }) => {
                    const error = event.error;
                    const message = isApiError(error) && error.serverMessage ? error.serverMessage : failureMessage(error);
                    return { message, alert: true, notice: true };
                  },
                },
                raise({ type: 'modal.restore' }),
              ],
            },
          },
        },
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'address.delete': {
              guard: ({ context, event }) => context.customerId !== null && context.addresses.some((a) => a.id === event.id),
              target: 'deleting',
              actions: assign({ deletingId: ({ event }) => event.id }),
            },
          },
        },
        deleting: {
          invoke: {
            src: 'deleteMailingAddress',
            input: ({ context }) => ({ customerId: context.customerId ?? 0, id: context.deletingId ?? 0 }),
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const outcome = addressDeleteOutcome(event.output);
                if (outcome.ok) enqueue.assign(withAddresses(removeById(context.addresses, context.deletingId ?? 0)));
                else enqueue({ type: 'fail', params: { message: outcome.message, alert: true, notice: false } });
                enqueue.assign({ deletingId: null });
              }),
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'fail',
                  params: ({ event }) => {
                    // An answer from the server is 'the server error' for the alert: an ok answer with
                    // { error } (kind 'server'), or a refusal (kind 'http', a 4xx with { error }: its
                    // words are kept as serverMessage), 'Failed to remove address.' without words.
                    // Anything else (no answer) is an exception: a danger notice.
                    const error = event.error;
                    if (isApiError(error) && error.kind === 'server') return { message: error.serverMessage ?? error.message, alert: true, notice: false };
                    if (isApiError(error) && error.kind === 'http') return { message: serverMessageOf(error) ?? MESSAGES.addressRemoveFailed, alert: true, notice: false };
                    return { message: failureMessage(error), alert: false, notice: true };
                  },
                },
                assign({ deletingId: null }),
              ],
            },
          },
        },
      },
    },
    countries: {
      initial: 'start',
      states: {
        start: { always: [{ guard: ({ context }) => context.countries.length > 0, target: 'loaded' }, { target: 'loading' }] },
        loading: {
          invoke: {
            src: 'fetchCountries',
            onDone: { target: 'loaded', actions: assign({ countries: ({ event }) => event.output ?? [] }) },
            // Logged only; the list stays empty.
            onError: { target: 'loaded', actions: emit(({ event }) => logged('fetchCountries', event.error)) },
          },
        },
        loaded: {},
      },
    },
    states: {
      initial: 'idle',
      states: {
        idle: {},
        loading: {
          invoke: {
            src: 'fetchStates',
            input: ({ context }) => ({ countryCode: context.form?.countryCode ?? '', page: 0 as const }),
            onDone: { target: 'idle', actions: assign({ states: ({ event }) => event.output ?? [] }) },
            onError: { target: 'idle', actions: [assign({ states: [] }), emit(({ event }) => logged('fetchStates', event.error))] },
          },
        },
      },
      on: { 'states.load': { target: '.loading' } },
    },
  },
});
