/**
 * What the add-address modal shows, from a snapshot of its machine: a pure function, tested
 * without React; `useNewAddress` returns it with the modal's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { addressFieldMarks, isStateFieldShown, type AddressFormField, type AddressFormValues, type FieldMark } from '../domain/address.ts';
import type { State } from '../domain/entities.ts';
import type { addressCreateMachine } from './address-create.machine.ts';

/** What the add-address modal shows. */
export interface NewAddressView {
  modalOpen: boolean;
  saving: boolean;
  form: AddressFormValues;
  fieldMarks: Record<AddressFormField, FieldMark>;
  stateFieldShown: boolean;
  states: State[];
  /** The failure message of the last save, or null. */
  error: string | null;
  /** Submit does something now (the machine takes `form.submit`). */
  canSubmit: boolean;
}

/**
 * The view of a snapshot.
 * @example connectNewAddress(actor.getSnapshot()).modalOpen; // false
 */
export function connectNewAddress(snapshot: SnapshotFrom<typeof addressCreateMachine>): NewAddressView {
  const c = snapshot.context;
  return {
    modalOpen: !snapshot.matches({ modal: 'closed' }),
    saving: snapshot.matches({ modal: 'saving' }),
    form: c.form,
    fieldMarks: addressFieldMarks(c.form),
    stateFieldShown: isStateFieldShown(c.form),
    states: c.states,
    error: c.error,
    canSubmit: snapshot.can({ type: 'form.submit' }),
  };
}
