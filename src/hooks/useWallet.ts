/**
 * The wallet page over `walletMachine`, behind the account pages' login gate: payment methods and
 * transaction history with their loading and empty states, delete with confirmation, the
 * card-address modal, and adding a method through the 600x400 popup, polled every 400 ms. Saved
 * addresses come from the shared login state's customer.
 * @module
 */
import { useEffect, useMemo } from 'react';
import { isCustomerPresent } from '../domain/account.ts';
import { connectWallet, type WalletView } from '../machines/wallet.connect.ts';
import type { WalletInput, WalletTab } from '../machines/wallet.machine.ts';
import { useSkimmer } from './context.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { useSignedInMachineView } from './useSignedInMachineView.ts';
import { providedWalletMachine, walletValues } from './actors/wallet.ts';

export { POPUP_BLOCKED_MESSAGE } from './actors/wallet.ts';
export type { WalletListStatus } from '../machines/wallet.connect.ts';

/** What {@link useWallet} returns: the page's view and its events. */
export interface WalletApi extends WalletView {
  selectTab(tab: WalletTab): void;
  /** Filters the history by displayable id ('' clears). */
  filterTransactions(displayableId: string): void;
  askDelete(id: number): void;
  confirmDelete(): void;
  cancelDelete(): void;
  editAddress(id: number): void;
  selectAddress(mailingAddressId: number): void;
  saveAddress(): void;
  cancelAddress(): void;
  /** Opens the add-payment-method popup (or says 'Cannot add payment method. Missing target URL'). */
  addMethod(): void;
  dismissNotice(): void;
}

/**
 * The wallet page. Its redirect to /login.asp (with `input.returnPath` as the page to come back
 * to) goes through the environment's `navigate`.
 * @example
 * const wallet = useWallet();
 * if (wallet.gate === 'checking') return <p>{wallet.checkingText}</p>;
 */
export function useWallet(input: Pick<WalletInput, 'paymentMethods' | 'links' | 'transactions'> & { returnPath?: string | null } = {}): WalletApi {
  const { client, environment, queryClient } = useSkimmer();
  const { customer } = useAuth();
  const values = useLatest({ client, environment, queryClient });
  const addresses = useMemo(() => (isCustomerPresent(customer) ? customer.MailingAddresses : []), [customer]);
  const { view, actor } = useSignedInMachineView(providedWalletMachine, connectWallet, { input: { ...input, addresses }, values: [walletValues, values] });
  // again when the wallet starts: addresses that came while the gate was checking reach it
  useEffect(() => actor.send({ type: 'addresses.changed', addresses }), [actor, addresses, view.gate]);
  const send = actor.send;
  return {
    ...view,
    selectTab: (tab) => send({ type: 'tab.select', tab }),
    filterTransactions: (displayableId) => send({ type: 'transactions.filter', displayableId }),
    askDelete: (id) => send({ type: 'method.delete', id }),
    confirmDelete: () => send({ type: 'delete.confirm' }),
    cancelDelete: () => send({ type: 'delete.cancel' }),
    editAddress: (id) => send({ type: 'address.edit', id }),
    selectAddress: (mailingAddressId) => send({ type: 'address.select', mailingAddressId }),
    saveAddress: () => send({ type: 'address.save' }),
    cancelAddress: () => send({ type: 'address.cancel' }),
    addMethod: () => send({ type: 'method.add' }),
    dismissNotice: () => send({ type: 'notice.dismiss' }),
  };
}
