/**
 * The Add address modal over `addressCreateMachine`: the form with its valid/invalid marks (the
 * same rules as the Edit modal), the states of the chosen country, the create call through the
 * account client. After a save the shared login state reloads the customer, so every address
 * list (the account page's cards, /address.asp, the wallet's address picker) shows the new one.
 * @module
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { AccountClient } from '../api/account-client.ts';
import type { ApiClient } from '../api/client.ts';
import { addressFieldMarks, isStateFieldShown, type AddressFormField, type AddressFormValues, type FieldMark } from '../domain/address.ts';
import type { State } from '../domain/entities.ts';
import { addressCreateMachine } from '../machines/address-create.machine.ts';
import { useClient } from './context.ts';
import { useAccountClient } from './useAccountClient.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** What {@link useNewAddress} returns. */
export interface NewAddressApi {
  modalOpen: boolean;
  saving: boolean;
  form: AddressFormValues;
  fieldMarks: Record<AddressFormField, FieldMark>;
  stateFieldShown: boolean;
  states: State[];
  /** The failure message of the last save, or null. */
  error: string | null;
  open(): void;
  close(): void;
  change(field: Exclude<AddressFormField, 'countryCode'>, value: string): void;
  changeCountry(countryCode: string): void;
  setMakeDefault(makeDefault: boolean): void;
  submit(): void;
}

const newAddressValues = actorValues<{ client: ApiClient; account: AccountClient }>('useNewAddress');
/** The machine with its calls, over the latest clients of the hook that runs it. */
const providedNewAddressMachine = addressCreateMachine.provide({
  actors: {
    createMailingAddress: fromPromise(({ input, signal, system }) => newAddressValues.of(system).account.createMailingAddress(input, { signal })),
    fetchStates: fromPromise(async ({ input: { countryCode }, signal, system }) => (await newAddressValues.of(system).client.states(countryCode, { signal })).states),
  },
});

/**
 * The add-address modal.
 * @example
 * const add = useNewAddress();
 * <button onClick={add.open}>Add address</button>
 */
export function useNewAddress(): NewAddressApi {
  const client = useClient();
  const account = useAccountClient();
  const auth = useAuth();
  const deps = useLatest({ client, account, refresh: auth.refresh });
  const actor = newAddressValues.bind(useActorRef(providedNewAddressMachine), deps);
  useMachineNotices(actor);
  useEffect(() => {
    const sub = actor.on('address.created', () => deps.current.refresh());
    return () => sub.unsubscribe();
  }, [actor, deps]);

  const c = useSelector(actor, (s) => s.context);
  const modalOpen = useSelector(actor, (s) => !s.matches({ modal: 'closed' }));
  const saving = useSelector(actor, (s) => s.matches({ modal: 'saving' }));
  const send = actor.send;
  return {
    modalOpen,
    saving,
    form: c.form,
    fieldMarks: addressFieldMarks(c.form),
    stateFieldShown: isStateFieldShown(c.form),
    states: c.states,
    error: c.error,
    open: () => send({ type: 'modal.open' }),
    close: () => send({ type: 'modal.close' }),
    change: (field, value) => send({ type: 'field.changed', field, value }),
    changeCountry: (countryCode) => send({ type: 'country.changed', countryCode }),
    setMakeDefault: (makeDefault) => send({ type: 'default.changed', makeDefault }),
    submit: () => send({ type: 'form.submit' }),
  };
}
