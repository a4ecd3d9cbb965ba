/**
 * The customer's mailing addresses over `addressBookMachine`: cards titled 'Default Address' or
 * 'Mailing Address', the Edit modal (opens on Edit, closes on Close or Confirm) with the address
 * form, the update and delete calls and their messages, the empty state, and the country and
 * state lists. The customer comes from the shared auth actor.
 * @module
 */
import { useEffect, useRef } from 'react';
import type { AddressFormField } from '../domain/address.ts';
import { connectAddressBook, type AddressBookView } from '../machines/address-book.connect.ts';
import { useSkimmer } from './context.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { useMachineView } from './useMachineView.ts';
import { useMachineNotices } from './useToasts.ts';
import { addressBookValues, providedAddressBookMachine } from './actors/address-book.ts';

/** What {@link useAddressBook} returns: the book's view and its events. */
export interface AddressBookApi extends AddressBookView {
  edit(id: number): void;
  change(field: Exclude<AddressFormField, 'countryCode'>, value: string): void;
  changeCountry(countryCode: string): void;
  setMakeDefault(makeDefault: boolean): void;
  close(): void;
  confirm(): void;
  remove(id: number): void;
  dismissAlert(): void;
}

/**
 * The address book. The alert is also raised through the environment's `alert`, and kept in
 * `alert` for a view that draws its own.
 * @example
 * const book = useAddressBook();
 * book.addresses.map((a) => <Card key={a.id} title={a.title} onEdit={() => book.edit(a.id)} />);
 */
export function useAddressBook(): AddressBookApi {
  const { client, queryClient } = useSkimmer();
  const values = useLatest({ client, queryClient });
  const { customer } = useAuth();
  const { view, actor } = useMachineView(providedAddressBookMachine, connectAddressBook, { input: { customer }, values: [addressBookValues, values] });
  useMachineNotices(actor);
  const sent = useRef(customer);
  useEffect(() => {
    if (sent.current === customer) return;
    sent.current = customer;
    actor.send({ type: 'customer.changed', customer });
  }, [actor, customer]);
  const send = actor.send;
  return {
    ...view,
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
