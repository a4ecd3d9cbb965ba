/**
 * The wallet page (spec sections 2, 4, 7 and 8) over `walletMachine`: the login gate ('Checking
 * login status...', redirect to /login.asp), payment methods and transaction history with their
 * loading and empty states, delete with confirmation, the card-address modal, and adding a method
 * through the 600x400 popup, polled every 400 ms. Login state and saved addresses come from the
 * shared auth actor.
 * @module
 */
import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { isApiError } from '../api/errors.ts';
import { canDeletePaymentMethod, isCustomerPresent, MESSAGES } from '../domain/account.ts';
import type { MailingAddress, PaymentMethod, Transaction } from '../domain/entities.ts';
import { walletMachine, type WalletInput, type WalletNotice, type WalletTab } from '../machines/wallet.machine.ts';
import { useSkimmer, type SkimmerContextValue } from './context.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** The message of a popup the browser blocked (the spec has none; ours). */
export const POPUP_BLOCKED_MESSAGE = 'The payment window was blocked. Please allow pop-ups for this site and try again.';

/**
 * The spec shows 'the server's error text or the exception message' for failed wallet calls: a
 * non-ok answer's JSON `error` (kept by the client as `serverMessage`) replaces the generic text.
 */
function serverWords<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    throw isApiError(error) && error.serverMessage ? new Error(error.serverMessage, { cause: error }) : error;
  });
}

/** A list's state name. */
export type WalletListStatus = 'loading' | 'listed' | 'empty' | 'failed';

/** What {@link useWallet} returns. */
export interface WalletApi {
  /** 'checking' until the user call answers; 'redirect' (to /login.asp) when signed out; 'unavailable' for a user without id. */
  gate: 'checking' | 'redirect' | 'unavailable' | 'ready';
  /** 'Checking login status...' while checking, else null. */
  checkingText: string | null;
  tab: WalletTab;
  selectTab(tab: WalletTab): void;
  paymentMethods: (PaymentMethod & { canDelete: boolean })[];
  methodsStatus: WalletListStatus;
  /** 'No payment methods for this account' when the list is empty. */
  methodsEmptyText: string | null;
  transactions: Transaction[];
  transactionsStatus: WalletListStatus;
  /** 'No transactions for this account.' when the list is empty. */
  transactionsEmptyText: string | null;
  /** Filters the history by displayable id ('' clears). */
  filterTransactions(displayableId: string): void;
  /** The method the delete modal asks about, or null when it is closed. */
  deleteTarget: PaymentMethod | null;
  /** 'Are you sure you want to delete this payment method?' while the modal is open. */
  confirmText: string | null;
  deleting: boolean;
  askDelete(id: number): void;
  confirmDelete(): void;
  cancelDelete(): void;
  /** The method whose billing address is edited, or null when the modal is closed. */
  addressTarget: PaymentMethod | null;
  /** The account's saved addresses, listed read-only in the modal. */
  addresses: MailingAddress[];
  selectedAddressId: number | null;
  /** Save Changes is enabled once an address is chosen. */
  canSaveAddress: boolean;
  savingAddress: boolean;
  editAddress(id: number): void;
  selectAddress(mailingAddressId: number): void;
  saveAddress(): void;
  cancelAddress(): void;
  /** Opens the add-payment-method popup (or says 'Cannot add payment method. Missing target URL'). */
  addMethod(): void;
  /** The popup is open and polled. */
  adding: boolean;
  notice: WalletNotice | null;
  dismissNotice(): void;
}

type Region = 'loading' | 'listed' | 'empty' | 'failed' | 'start' | 'settle';
const listStatus = (value: Region | undefined): WalletListStatus => (value === 'listed' || value === 'empty' || value === 'failed' ? value : 'loading');

const walletValues = actorValues<Pick<SkimmerContextValue, 'client' | 'environment'>>('useWallet');
/** The machine with its calls, over the latest values of the hook that runs it. */
const providedWalletMachine = walletMachine.provide({
  actors: {
    fetchPaymentMethods: fromPromise(({ system, input: { userId }, signal }) => serverWords(walletValues.of(system).client.paymentMethods(userId, { signal }))),
    fetchTransactions: fromPromise(({ system, input: { userId, displayableId }, signal }) =>
      serverWords(walletValues.of(system).client.transactions(userId, displayableId ?? undefined, { signal })),
    ),
    deletePaymentMethod: fromPromise(({ system, input: { userId, paymentMethodId }, signal }) => serverWords(walletValues.of(system).client.deletePaymentMethod(userId, paymentMethodId, { signal }))),
    updatePaymentMethod: fromPromise(({ system, input: { userId, paymentMethodId, body }, signal }) =>
      serverWords(walletValues.of(system).client.updatePaymentMethod(userId, paymentMethodId, body, { signal })),
    ),
    openPopup: fromPromise(async ({ system, input: { url, width, height } }) => {
      const popup = walletValues.of(system).environment.openPopup(url, width, height);
      if (!popup) throw new Error(POPUP_BLOCKED_MESSAGE);
      return popup;
    }),
  },
});

/**
 * The wallet page. Its redirect to /login.asp (with `input.returnPath` as the page to come back
 * to) goes through the environment's `navigate`.
 *
 * @example
 * const wallet = useWallet();
 * if (wallet.gate === 'checking') return <p>{wallet.checkingText}</p>;
 */
export function useWallet(input: Pick<WalletInput, 'paymentMethods' | 'links' | 'transactions' | 'returnPath'> = {}): WalletApi {
  const { client, environment } = useSkimmer();
  const auth = useAuth();
  const deps = useLatest({ client, environment });
  const addresses = useMemo(() => (isCustomerPresent(auth.customer) ? auth.customer.MailingAddresses : []), [auth.customer]);
  const actor = walletValues.bind(useActorRef(providedWalletMachine, { input: { ...input, fetched: auth.fetched, user: auth.user, addresses } }), deps);
  useMachineNotices(actor);

  // only a real change of the login state restarts the gate (it would reload the lists)
  const login = useRef({ fetched: auth.fetched, user: auth.user });
  useEffect(() => {
    if (login.current.fetched === auth.fetched && login.current.user === auth.user) return;
    login.current = { fetched: auth.fetched, user: auth.user };
    actor.send({ type: 'login.changed', fetched: auth.fetched, user: auth.user });
  }, [actor, auth.fetched, auth.user]);
  useEffect(() => actor.send({ type: 'addresses.changed', addresses }), [actor, addresses]);

  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const ready = s.matches('ready');
  const regions = (ready ? s.value : {}) as { ready?: { methods?: Region; transactions?: Region; deletion?: string; addressEdit?: string; adding?: string } };
  const value = regions.ready ?? {};
  const methodsStatus = listStatus(value.methods);
  const transactionsStatus = listStatus(value.transactions);
  const gate = s.matches('redirect') ? 'redirect' : s.matches('unavailable') ? 'unavailable' : ready ? 'ready' : 'checking';
  const paymentMethods = useMemo(() => c.paymentMethods.map((m) => ({ ...m, canDelete: canDeletePaymentMethod(m) })), [c.paymentMethods]);
  const send = actor.send;
  return {
    gate,
    checkingText: gate === 'checking' ? MESSAGES.checkingLogin : null,
    tab: c.tab,
    selectTab: (tab) => send({ type: 'tab.select', tab }),
    paymentMethods,
    methodsStatus,
    methodsEmptyText: methodsStatus === 'empty' ? MESSAGES.noPaymentMethods : null,
    transactions: c.transactions,
    transactionsStatus,
    transactionsEmptyText: transactionsStatus === 'empty' ? MESSAGES.noTransactions : null,
    filterTransactions: (displayableId) => send({ type: 'transactions.filter', displayableId }),
    deleteTarget: c.deleteTarget,
    confirmText: value.deletion === 'confirming' ? MESSAGES.confirmDeletePaymentMethod : null,
    deleting: value.deletion === 'deleting',
    askDelete: (id) => send({ type: 'method.delete', id }),
    confirmDelete: () => send({ type: 'delete.confirm' }),
    cancelDelete: () => send({ type: 'delete.cancel' }),
    addressTarget: c.addressTarget,
    addresses: c.addresses,
    selectedAddressId: c.selectedAddressId,
    canSaveAddress: s.can({ type: 'address.save' }),
    savingAddress: value.addressEdit === 'saving',
    editAddress: (id) => send({ type: 'address.edit', id }),
    selectAddress: (mailingAddressId) => send({ type: 'address.select', mailingAddressId }),
    saveAddress: () => send({ type: 'address.save' }),
    cancelAddress: () => send({ type: 'address.cancel' }),
    addMethod: () => send({ type: 'method.add' }),
    adding: value.adding === 'opening' || value.adding === 'polling',
    notice: c.notice,
    dismissNotice: () => send({ type: 'notice.dismiss' }),
  };
}
