import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { MESSAGES } from '../../src/domain/account.ts';
import type { MailingAddress, PaymentMethod, User } from '../../src/domain/entities.ts';
import type { SignedInGateView } from '../../src/machines/signed-in-gate.types.ts';
import { connectWallet } from '../../src/machines/wallet.connect.ts';
import { walletMachine, type PopupHandle, type WalletActors, type WalletInput } from '../../src/machines/wallet.machine.ts';

const user = { id: 42, firstName: 'Ann' } as User;
const card = (id: number, isGiftCard = false) => ({ id, isGiftCard, brand: 'visa', last4: '4242' }) as PaymentMethod;
/** A call that never answers, typed as the machine's call so `provide` takes it. */
const never = <T,>() => new Promise<T>(() => undefined);
const ready: SignedInGateView = { gate: 'ready', checkingText: null };
const start = (input: WalletInput) =>
  createActor(
    walletMachine.provide({
      actors: {
        fetchPaymentMethods: fromPromise(() => never<WalletActors['fetchPaymentMethods']['output']>()),
        fetchTransactions: fromPromise(async (): Promise<WalletActors['fetchTransactions']['output']> => ({ transactions: [] })),
        deletePaymentMethod: fromPromise(() => never<WalletActors['deletePaymentMethod']['output']>()),
        updatePaymentMethod: fromPromise(() => never<WalletActors['updatePaymentMethod']['output']>()),
        openPopup: fromPromise(() => never<PopupHandle>()),
      },
    }),
    { input },
  ).start();

describe('connectWallet', () => {
  test('before the wallet runs (the gate checking) the page says so and lists nothing', () => {
    expect(connectWallet({ gate: 'checking', checkingText: MESSAGES.checkingLogin }, undefined)).toMatchObject({
      gate: 'checking', checkingText: MESSAGES.checkingLogin, methodsStatus: 'loading', paymentMethods: [], canSaveAddress: false, notice: null,
    });
  });

  test('a signed-out visitor is redirected; a user without id is unavailable', () => {
    expect(connectWallet({ gate: 'redirect', checkingText: null }, undefined).gate).toBe('redirect');
    expect(connectWallet(ready, start({ user: { firstName: 'Ann' } as User }).getSnapshot()).gate).toBe('unavailable');
  });

  test('preloaded methods are listed and a gift card cannot be deleted', () => {
    const view = connectWallet(ready, start({ user, paymentMethods: [card(1), card(2, true)], transactions: [] }).getSnapshot());
    expect(view).toMatchObject({ gate: 'ready', methodsStatus: 'listed', methodsEmptyText: null, transactionsStatus: 'empty', transactionsEmptyText: MESSAGES.noTransactions });
    expect(view.paymentMethods.map((m) => m.canDelete)).toEqual([true, false]);
  });

  test('the delete question shows while confirming; Save Changes waits for a chosen address', async () => {
    const actor = start({ user, paymentMethods: [card(1)], transactions: [], addresses: [{ id: 5 } as MailingAddress] });
    actor.send({ type: 'method.delete', id: 1 });
    expect(connectWallet(ready, actor.getSnapshot())).toMatchObject({ confirmText: MESSAGES.confirmDeletePaymentMethod, deleteTarget: card(1) });
    actor.send({ type: 'delete.cancel' });
    actor.send({ type: 'address.edit', id: 1 });
    expect(connectWallet(ready, actor.getSnapshot())).toMatchObject({ confirmText: null, canSaveAddress: false });
    actor.send({ type: 'address.select', mailingAddressId: 5 });
    expect(connectWallet(ready, actor.getSnapshot())).toMatchObject({ canSaveAddress: true, selectedAddressId: 5 });
    actor.send({ type: 'address.save' });
    await waitFor(actor, (s) => s.matches({ ready: { addressEdit: 'saving' } }));
    expect(connectWallet(ready, actor.getSnapshot())).toMatchObject({ savingAddress: true, canSaveAddress: false });
  });
});
