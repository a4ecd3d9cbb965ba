/**
 * The customer's mailing addresses (spec sections 2, 4, 5, 7 and 8) over `addressBookMachine`:
 * cards titled 'Default Address' or 'Mailing Address', the Edit modal (opens on Edit, closes on
 * Close or Confirm) with the address form, the update and delete calls and their messages, the
 * empty state, and the country and state lists. The customer comes from the shared auth actor.
 * @module
 */
import type { ApiClient } from '../api/client.ts';
import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { addressCardTitle } from '../domain/account.ts';
import { addressFieldMarks, isAddressFormComplete, isStateFieldShown, type AddressFormField, type AddressFormValues, type FieldMark } from '../domain/address.ts';
import type { Country, MailingAddress, State } from '../domain/entities.ts';
import { addressBookMachine } from '../machines/address-book.machine.ts';
import { useClient } from './context.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** What {@link useAddressBook} returns. */
export interface AddressBookApi {
  /** The addresses, each with its card title. */
  addresses: (MailingAddress & { title: string })[];
  /** 'Account has no addresses.' when there are none, else null. */
  emptyText: string | null;
  /** The Edit modal's form, or null when the modal is closed. */
  form: AddressFormValues | null;
  modalOpen: boolean;
  /** Validity marks of the form's fields (phone and postal code by country). */
  fieldMarks: Record<AddressFormField, FieldMark> | null;
  /** The State field shows only once a country is chosen. */
  stateFieldShown: boolean;
  /** Every required field is filled and valid. */
  formComplete: boolean;
  countries: Country[];
  states: State[];
  updating: boolean;
  /** The address being deleted, or null. */
  deletingId: number | null;
  /** The open alert's text ('Address not updated', 'Failed to remove address.' or the server's), or null. */
  alert: string | null;
  edit(id: number): void;
  change(field: Exclude<AddressFormField, 'countryCode'>, value: string): void;
  changeCountry(countryCode: string): void;
  setMakeDefault(makeDefault: boolean): void;
  close(): void;
  confirm(): void;
  remove(id: number): void;
  dismissAlert(): void;
}

const addressBookValues = actorValues<ApiClient>('useAddressBook');
/** The machine with its calls, over the latest values of the hook that runs it. */
const providedAddressBookMachine = addressBookMachine.provide({
  actors: {
    updateMailingAddress: fromPromise(({ system, input: { id, body }, signal }) => addressBookValues.of(system).updateMailingAddress(id, body, { signal })),
    deleteMailingAddress: fromPromise(({ system, input: { customerId, id }, signal }) => addressBookValues.of(system).deleteMailingAddress(customerId, id, { signal })),
    fetchCountries: fromPromise(async ({ system, signal }) => (await addressBookValues.of(system).countries({ signal })).countries),
    fetchStates: fromPromise(async ({ system, input: { countryCode }, signal }) => (await addressBookValues.of(system).states(countryCode, { signal })).states),
  },
});

/**
 * The address book. The alert is also raised through the environment's `alert` (spec section 8:
 * "in an alert"), and kept in `alert` for a view that draws its own.
 *
 * @example
 * const book = useAddressBook();
 * book.addresses.map((a) => <Card key={a.id} title={a.title} onEdit={() => book.edit(a.id)} onDelete={() => book.remove(a.id)} />);
 */
export function useAddressBook(): AddressBookApi {
  const client = useClient();
  const api = useLatest(client);
  const { customer } = useAuth();
  const actor = addressBookValues.bind(useActorRef(providedAddressBookMachine, { input: { customer } }), api);
  useMachineNotices(actor);
  const sent = useRef(customer);
  useEffect(() => {
    if (sent.current === customer) return;
    sent.current = customer;
    actor.send({ type: 'customer.changed', customer });
  }, [actor, customer]);

  const c = useSelector(actor, (s) => s.context);
  const updating = useSelector(actor, (s) => s.matches({ update: 'updating' }));
  const modalOpen = useSelector(actor, (s) => s.matches({ modal: 'open' }));
  const addresses = useMemo(() => c.addresses.map((a) => ({ ...a, title: addressCardTitle(a) })), [c.addresses]);
  const form = c.form;
  const send = actor.send;
  return {
    addresses,
    emptyText: c.emptyText,
    form,
    modalOpen,
    fieldMarks: form ? addressFieldMarks(form) : null,
    stateFieldShown: form ? isStateFieldShown(form) : false,
    formComplete: form ? isAddressFormComplete(form) : false,
    countries: c.countries,
    states: c.states,
    updating,
    deletingId: c.deletingId,
    alert: c.alert,
    edit: (id) => send({ type: 'address.edit', id }),
    change: (field, value) => send({ type: 'field.changed', field, value }),
    changeCountry: (countryCode) => send({ type: 'country.changed', countryCode }),
    setMakeDefault: (makeDefault) => send({ type: 'default.changed', makeDefault }),
    close: () => send({ type: 'modal.close' }),
    confirm: () => send({ type: 'modal.confirm' }),
    remove: (id) => send({ type: 'address.delete', id }),
    dismissAlert: () => send({ type: 'alert.dismiss' }),
  };
}
