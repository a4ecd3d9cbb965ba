/**
 * What the wallet page shows, from a snapshot of its machine: a pure function, tested without
 * React; `useWallet` returns it with the page's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { canDeletePaymentMethod, MESSAGES } from '../domain/account.ts';
import type { MailingAddress, PaymentMethod, Transaction } from '../domain/entities.ts';
import type { walletMachine } from './wallet.machine.ts';
import type { SignedInGateView } from './signed-in-gate.types.ts';
import type { WalletNotice, WalletTab } from './wallet.types.ts';

/** A list's state name. */
export type WalletListStatus = 'loading' | 'listed' | 'empty' | 'failed';

/** What the wallet page shows: the gate's view (and 'unavailable' for a user without id), then the wallet's. */
export interface WalletView extends Omit<SignedInGateView, 'gate'> {
  /** 'checking' until the user call answers; 'redirect' (to /login.asp) when signed out; 'unavailable' for a user without id. */
  gate: SignedInGateView['gate'] | 'unavailable';
  tab: WalletTab;
  paymentMethods: (PaymentMethod & { canDelete: boolean })[];
  methodsStatus: WalletListStatus;
  /** 'No payment methods for this account' when the list is empty. */
  methodsEmptyText: string | null;
  transactions: Transaction[];
  transactionsStatus: WalletListStatus;
  /** 'No transactions for this account.' when the list is empty. */
  transactionsEmptyText: string | null;
  /** The method the delete modal asks about, or null when it is closed. */
  deleteTarget: PaymentMethod | null;
  /** 'Are you sure you want to delete this payment method?' while the modal is open. */
  confirmText: string | null;
  deleting: boolean;
  /** The method whose billing address is edited, or null when the modal is closed. */
  addressTarget: PaymentMethod | null;
  /** The account's saved addresses, listed read-only in the modal. */
  addresses: MailingAddress[];
  selectedAddressId: number | null;
  /** Save Changes is enabled once an address is chosen. */
  canSaveAddress: boolean;
  savingAddress: boolean;
  /** The popup is open and polled. */
  adding: boolean;
  notice: WalletNotice | null;
}

type Regions = { methods?: string; transactions?: string; deletion?: string; addressEdit?: string; adding?: string };
const listStatus = (value: string | undefined): WalletListStatus => (value === 'listed' || value === 'empty' || value === 'failed' ? value : 'loading');

/**
 * The view of the gate and of the wallet's snapshot (none before it runs: loading, nothing listed).
 * @example connectWallet({ gate: 'ready', checkingText: null }, actor.getSnapshot()).methodsStatus; // 'listed'
 */
export function connectWallet(gate: SignedInGateView, snapshot: SnapshotFrom<typeof walletMachine> | undefined): WalletView {
  const c = snapshot?.context;
  const ready = snapshot?.matches('ready') === true;
  const value: Regions = ready ? (snapshot!.value as { ready: Regions }).ready : {};
  const methodsStatus = listStatus(value.methods);
  const transactionsStatus = listStatus(value.transactions);
  return {
    ...gate,
    gate: snapshot?.matches('unavailable') ? 'unavailable' : gate.gate,
    tab: c?.tab ?? 'paymentMethods',
    paymentMethods: (c?.paymentMethods ?? []).map((m) => ({ ...m, canDelete: canDeletePaymentMethod(m) })),
    methodsStatus,
    methodsEmptyText: methodsStatus === 'empty' ? MESSAGES.noPaymentMethods : null,
    transactions: c?.transactions ?? [],
    transactionsStatus,
    transactionsEmptyText: transactionsStatus === 'empty' ? MESSAGES.noTransactions : null,
    deleteTarget: c?.deleteTarget ?? null,
    confirmText: value.deletion === 'confirming' ? MESSAGES.confirmDeletePaymentMethod : null,
    deleting: value.deletion === 'deleting',
    addressTarget: c?.addressTarget ?? null,
    addresses: c?.addresses ?? [],
    selectedAddressId: c?.selectedAddressId ?? null,
    canSaveAddress: snapshot?.can({ type: 'address.save' }) === true,
    savingAddress: value.addressEdit === 'saving',
    adding: value.adding === 'opening' || value.adding === 'polling',
    notice: c?.notice ?? null,
  };
}
