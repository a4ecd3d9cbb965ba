/**
 * Types of the address book machine (`address-book.machine.ts`) and of its connect function.
 * @module
 */
import type { Country, Customer, MailingAddress, State } from '../domain/entities.ts';
import type { AddressFormField, AddressFormValues, AddressUpdateRequest } from '../domain/address.ts';
import type { AlertEmitted, LogEmitted, NotifyEmitted } from './account.helpers.ts';

/** The address book's state. */
export interface AddressBookContext {
  /** The signed-in customer's id (the delete call needs it), or null. */
  customerId: number | null;
  addresses: MailingAddress[];
  /** 'Account has no addresses.' when the list is empty, else null. */
  emptyText: string | null;
  /** The Edit modal's form, or null when closed. */
  form: AddressFormValues | null;
  /** The update waiting to be sent (set on Confirm). */
  pendingUpdate: AddressUpdateRequest | null;
  /** The form as confirmed, kept until the update answers: a failed update reopens the modal with it. */
  submittedForm: AddressFormValues | null;
  /** The address being deleted, or null. */
  deletingId: number | null;
  countries: Country[];
  /** States of the chosen country (empty until one is chosen, or on failure). */
  states: State[];
  /** The text of the open alert, or null. */
  alert: string | null;
}

/** The customer (its id and addresses) and, for server rendering, the countries. */
export interface AddressBookInput {
  customer?: Customer | null;
  countries?: Country[];
}

/** Events the page sends. */
export type AddressBookEvent =
  | { type: 'customer.changed'; customer: Customer | null }
  | { type: 'address.edit'; id: number }
  | { type: 'field.changed'; field: Exclude<AddressFormField, 'countryCode'>; value: string }
  | { type: 'country.changed'; countryCode: string }
  | { type: 'default.changed'; makeDefault: boolean }
  | { type: 'modal.close' }
  | { type: 'modal.confirm' }
  | { type: 'modal.restore' }
  | { type: 'address.update' }
  | { type: 'states.load'; countryCode: string }
  | { type: 'address.delete'; id: number }
  | { type: 'alert.dismiss' };

/** Alerts and notices of the update and delete, logs of the country and state lists. */
export type AddressBookEmitted = NotifyEmitted | AlertEmitted | LogEmitted;
