/**
 * The address book's and the add-address modal's machines with their calls, over the latest
 * clients and read cache of the hook that runs each. Every address write (update, delete, create)
 * invalidates the customer's reads, which hold the saved addresses.
 * @module
 */
import { fromPromise } from 'xstate';
import type { AccountClient } from '../../api/account-client.ts';
import type { ApiClient } from '../../api/client.ts';
import { addressBookMachine } from '../../machines/address-book.machine.ts';
import { addressCreateMachine } from '../../machines/address-create.machine.ts';
import { actorValues } from '../actor-values.ts';
import type { ReadCache } from '../query/index.ts';
import { ACCOUNT_KEYS } from '../query/account-reads.ts';
import { invalidateReads } from '../query/watch.ts';

/** A write, then the invalidation of the customer's reads (whatever its answer says). */
function addressWrite<T>(cache: ReadCache, call: Promise<T>): Promise<T> {
  return call.finally(() => invalidateReads(cache, ACCOUNT_KEYS.customer));
}

/** The values of each `useAddressBook`'s actor tree. */
export const addressBookValues = actorValues<{ client: ApiClient; queryClient: ReadCache }>('useAddressBook');

/** The address book's machine with its calls. */
export const providedAddressBookMachine = addressBookMachine.provide({
  actors: {
    updateMailingAddress: fromPromise(({ system, input: { id, body }, signal }) => {
      const { client, queryClient } = addressBookValues.of(system);
      return addressWrite(queryClient, client.updateMailingAddress(id, body, { signal }));
    }),
    deleteMailingAddress: fromPromise(({ system, input: { customerId, id }, signal }) => {
      const { client, queryClient } = addressBookValues.of(system);
      return addressWrite(queryClient, client.deleteMailingAddress(customerId, id, { signal }));
    }),
    fetchCountries: fromPromise(async ({ system, signal }) => (await addressBookValues.of(system).client.countries({ signal })).countries),
    fetchStates: fromPromise(async ({ system, input: { countryCode }, signal }) => (await addressBookValues.of(system).client.states(countryCode, { signal })).states),
  },
});

/** The values of each `useNewAddress`'s actor tree. */
export const newAddressValues = actorValues<{ client: ApiClient; account: AccountClient; queryClient: ReadCache }>('useNewAddress');

/** The add-address modal's machine with its calls. */
export const providedNewAddressMachine = addressCreateMachine.provide({
  actors: {
    createMailingAddress: fromPromise(({ input, signal, system }) => {
      const { account, queryClient } = newAddressValues.of(system);
      return addressWrite(queryClient, account.createMailingAddress(input, { signal }));
    }),
    fetchStates: fromPromise(async ({ input: { countryCode }, signal, system }) => (await newAddressValues.of(system).client.states(countryCode, { signal })).states),
  },
});
