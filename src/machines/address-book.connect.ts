/**
 * What the address book shows, from a snapshot of its machine: a pure function, tested without
 * React; `useAddressBook` returns it with the book's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { addressCardTitle } from '../domain/account.ts';
import { addressFieldMarks, isAddressFormComplete, isStateFieldShown, type AddressFormField, type AddressFormValues, type FieldMark } from '../domain/address.ts';
import type { Country, MailingAddress, State } from '../domain/entities.ts';
import type { addressBookMachine } from './address-book.machine.ts';

/** What the address book shows. */
export interface AddressBookView {
  /** The addresses, each with its card title ('Default Address' or 'Mailing Address'). */
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
}

/**
 * The view of a snapshot.
 * @example connectAddressBook(actor.getSnapshot()).emptyText; // 'Account has no addresses.'
 */
export function connectAddressBook(snapshot: SnapshotFrom<typeof addressBookMachine>): AddressBookView {
  const c = snapshot.context;
  const form = c.form;
  return {
    addresses: c.addresses.map((a) => ({ ...a, title: addressCardTitle(a) })),
    emptyText: c.emptyText,
    form,
    modalOpen: snapshot.matches({ modal: 'open' }),
    fieldMarks: form ? addressFieldMarks(form) : null,
    stateFieldShown: form ? isStateFieldShown(form) : false,
    formComplete: form ? isAddressFormComplete(form) : false,
    countries: c.countries,
    states: c.states,
    updating: snapshot.matches({ update: 'updating' }),
    deletingId: c.deletingId,
    alert: c.alert,
  };
}
