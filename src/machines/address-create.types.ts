/**
 * Types of the address create machine (`address-create.machine.ts`) and of its connect function.
 * @module
 */
import type { MailingAddress, State } from '../domain/entities.ts';
import type { AddressFormField, AddressFormValues } from '../domain/address.ts';
import type { LogEmitted, NotifyEmitted } from './account.helpers.ts';

/** The add form's state. */
export interface AddressCreateContext {
  form: AddressFormValues;
  states: State[];
  /** The last failure's message, shown in the modal, or null. */
  error: string | null;
  /** The address the last save created. */
  created: MailingAddress | null;
}

/** Events the page sends. */
export type AddressCreateEvent =
  | { type: 'modal.open' }
  | { type: 'modal.close' }
  | { type: 'field.changed'; field: Exclude<AddressFormField, 'countryCode'>; value: string }
  | { type: 'country.changed'; countryCode: string }
  | { type: 'default.changed'; makeDefault: boolean }
  | { type: 'form.submit' }
  | { type: 'states.load' };

/** The success and failure notices, the log of a failed states call, and 'address.created'. */
export type AddressCreateEmitted = NotifyEmitted | LogEmitted | { type: 'address.created'; address: MailingAddress };
