/**
 * The wallet machine with its calls, over the latest client, environment and read cache of the
 * `useWallet` that runs it. The lists are read through the cache under the account's keys, and a
 * delete or an address change invalidates the payment methods, so every other reader of them
 * asks again.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { walletMachine } from '../../machines/wallet.machine.ts';
import type { SkimmerEnvironment } from '../environment.ts';
import { actorValues } from '../actor-values.ts';
import { fetchRead, type ReadCache } from '../query/index.ts';
import { ACCOUNT_KEYS, paymentMethodsRead, transactionsRead } from '../query/account-reads.ts';
import { invalidateReads } from '../query/watch.ts';

/** The message of a popup the browser blocked (ours: the store's texts have none). */
export const POPUP_BLOCKED_MESSAGE = 'The payment window was blocked. Please allow pop-ups for this site and try again.';

/**
 * A failed wallet call shows the server's error text or the exception message: a non-ok answer's
 * JSON `error` (kept by the client as `serverMessage`) replaces the generic text.
 */
function serverWords<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    throw isApiError(error) && error.serverMessage ? new Error(error.serverMessage, { cause: error }) : error;
  });
}

/** A write, then the invalidation of the user's payment methods (whatever its answer says). */
function writing<T>(cache: ReadCache, userId: number, call: Promise<T>): Promise<T> {
  return serverWords(call).finally(() => invalidateReads(cache, ACCOUNT_KEYS.paymentMethods(userId)));
}

/** The values of each `useWallet`'s actor tree. */
export const walletValues = actorValues<{ client: ApiClient; environment: SkimmerEnvironment; queryClient: ReadCache }>('useWallet');

/** The machine with its calls, over the latest values of the hook that runs it. */
export const providedWalletMachine = walletMachine.provide({
  actors: {
    fetchPaymentMethods: fromPromise(({ system, input: { userId } }) => {
      const { client, queryClient } = walletValues.of(system);
      return serverWords(fetchRead(queryClient, paymentMethodsRead(client, userId)));
    }),
    fetchTransactions: fromPromise(({ system, input: { userId, displayableId } }) => {
      const { client, queryClient } = walletValues.of(system);
      return serverWords(fetchRead(queryClient, transactionsRead(client, userId, displayableId)));
    }),
    deletePaymentMethod: fromPromise(({ system, input: { userId, paymentMethodId }, signal }) => {
      const { client, queryClient } = walletValues.of(system);
      return writing(queryClient, userId, client.deletePaymentMethod(userId, paymentMethodId, { signal }));
    }),
    updatePaymentMethod: fromPromise(({ system, input: { userId, paymentMethodId, body }, signal }) => {
      const { client, queryClient } = walletValues.of(system);
      return writing(queryClient, userId, client.updatePaymentMethod(userId, paymentMethodId, body, { signal }));
    }),
    openPopup: fromPromise(async ({ system, input: { url, width, height } }) => {
      const popup = walletValues.of(system).environment.openPopup(url, width, height);
      if (!popup) throw new Error(POPUP_BLOCKED_MESSAGE);
      return popup;
    }),
  },
});
