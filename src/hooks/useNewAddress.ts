/**
 * The Add address modal over `addressCreateMachine`: the form with its valid/invalid marks (the
 * same rules as the Edit modal), the states of the chosen country, the create call through the
 * account client. After a save the shared login state reloads the customer, so every address
 * list (the account page's cards, /address.asp, the wallet's address picker) shows the new one.
 * @module
 */
import { useEffect } from 'react';
import type { AddressFormField } from '../domain/address.ts';
import { connectNewAddress, type NewAddressView } from '../machines/address-create.connect.ts';
import { useSkimmer } from './context.ts';
import { useAccountClient } from './useAccountClient.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { useMachineView } from './useMachineView.ts';
import { useMachineNotices } from './useToasts.ts';
import { newAddressValues, providedNewAddressMachine } from './actors/address-book.ts';

/** What {@link useNewAddress} returns: the modal's view and its events. */
export interface NewAddressApi extends NewAddressView {
  open(): void;
  close(): void;
  change(field: Exclude<AddressFormField, 'countryCode'>, value: string): void;
  changeCountry(countryCode: string): void;
  setMakeDefault(makeDefault: boolean): void;
  submit(): void;
}

/**
 * The add-address modal.
 * @example
 * const add = useNewAddress();
 * <button onClick={add.open}>Add address</button>
 */
export function useNewAddress(): NewAddressApi {
  const { client, queryClient } = useSkimmer();
  const account = useAccountClient();
  const { refresh } = useAuth();
  const values = useLatest({ client, account, queryClient, refresh });
  const { view, actor } = useMachineView(providedNewAddressMachine, connectNewAddress, { values: [newAddressValues, values] });
  useMachineNotices(actor);
  useEffect(() => {
    const sub = actor.on('address.created', () => values.current.refresh());
    return () => sub.unsubscribe();
  }, [actor, values]);
  const send = actor.send;
  return {
    ...view,
    open: () => send({ type: 'modal.open' }),
    close: () => send({ type: 'modal.close' }),
    change: (field, value) => send({ type: 'field.changed', field, value }),
    changeCountry: (countryCode) => send({ type: 'country.changed', countryCode }),
    setMakeDefault: (makeDefault) => send({ type: 'default.changed', makeDefault }),
    submit: () => send({ type: 'form.submit' }),
  };
}
