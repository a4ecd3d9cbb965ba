import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { PaymentMethodsResponse } from '../../src/api/types.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { POPUP_BLOCKED_MESSAGE, useWallet } from '../../src/hooks/useWallet.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { useClient } from '../../src/hooks/context.ts';
import { useRead } from '../../src/hooks/query/useRead.ts';
import { paymentMethodsRead } from '../../src/hooks/query/account-reads.ts';
import type { PopupLike } from '../../src/hooks/environment.ts';
import { card, CUSTOMER, SIGNED_IN, SIGNED_OUT, TXN, USER } from './account.helpers.ts';
import { fakeClient, testEnvironment, unanswered, wrapper } from './hooks.helpers.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup({ initialData = SIGNED_IN, methods = [card(1), card(2, true)], links = { addPaymentMethod: { href: 'https://pay.test/add' } } as PaymentMethodsResponse['_links'], popup = null as PopupLike | null } = {}) {
  const calls = {
    paymentMethods: vi.fn(async () => ({ paymentMethods: methods, _links: links })),
    transactions: vi.fn(async () => ({ transactions: [TXN] })),
    deletePaymentMethod: vi.fn(async () => ({ success: true })),
    updatePaymentMethod: vi.fn(async () => ({ success: true })),
    user: vi.fn(unanswered),
    customer: vi.fn(unanswered),
  };
  const openPopup = vi.fn(() => popup);
  const env = testEnvironment({ openPopup });
  const hook = renderHook(() => ({ wallet: useWallet(), toasts: useToasts(), methods: useRead(paymentMethodsRead(useClient(), 42)) }), {
    wrapper: wrapper(fakeClient(calls), env, { initialData: initialData as InitialData }),
  });
  return { calls, env, openPopup, ...hook };
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('useWallet', () => {
  test("shows 'Checking login status...' until the user call answers", () => {
    const { result } = setup({ initialData: { checkout: null } as InitialData });
    expect(result.current.wallet).toMatchObject({ gate: 'checking', checkingText: 'Checking login status...' });
  });

  test('opened before the user call answers, the wallet starts once it does, with the user and the saved addresses that came first', async () => {
    let answerUser!: () => void;
    const calls = {
      paymentMethods: vi.fn(async () => ({ paymentMethods: [card(1)], _links: null })),
      transactions: vi.fn(async () => ({ transactions: [] })),
      user: vi.fn(() => new Promise<{ user: typeof USER }>((resolve) => (answerUser = () => resolve({ user: USER })))),
      customer: vi.fn(async () => ({ customer: CUSTOMER })),
    };
    const { result } = renderHook(() => useWallet(), { wrapper: wrapper(fakeClient(calls), testEnvironment(), { initialData: { checkout: null } as InitialData }) });
    await flush();
    expect(result.current.gate).toBe('checking');
    expect(calls.paymentMethods).not.toHaveBeenCalled();
    answerUser();
    await flush();
    await flush();
    expect(result.current).toMatchObject({ gate: 'ready', methodsStatus: 'listed' });
    expect(calls.paymentMethods).toHaveBeenCalledWith(42, expect.anything());
    expect(result.current.addresses.map((a) => a.id)).toEqual([1, 2]);
  });

  test('a signed-out visitor is sent to /login.asp', async () => {
    const { result, env } = setup({ initialData: SIGNED_OUT });
    expect(result.current.wallet.gate).toBe('redirect');
    await flush();
    expect(env.navigate).toHaveBeenCalledWith('/login.asp', { replace: true });
  });

  test('lists load, then show; a gift card cannot be deleted', async () => {
    const { result, calls } = setup();
    expect(result.current.wallet.methodsStatus).toBe('loading');
    await flush();
    expect(calls.paymentMethods).toHaveBeenCalledWith(42, expect.anything());
    expect(result.current.wallet.methodsStatus).toBe('listed');
    expect(result.current.wallet.paymentMethods.map((m) => m.canDelete)).toEqual([true, false]);
    expect(result.current.wallet.transactions).toEqual([TXN]);
    expect(result.current.wallet.tab).toBe('paymentMethods');
  });

  test("an empty list reads 'No payment methods for this account'", async () => {
    const { result } = setup({ methods: [] });
    await flush();
    expect(result.current.wallet).toMatchObject({ methodsStatus: 'empty', methodsEmptyText: 'No payment methods for this account' });
  });

  test('delete asks for confirmation, then deletes with the success message; cancel keeps the method', async () => {
    const { result, calls } = setup();
    await flush();
    act(() => result.current.wallet.askDelete(1));
    expect(result.current.wallet.confirmText).toBe('Are you sure you want to delete this payment method?');
    act(() => result.current.wallet.cancelDelete());
    expect(result.current.wallet.deleteTarget).toBeNull();
    act(() => result.current.wallet.askDelete(1));
    act(() => result.current.wallet.confirmDelete());
    await flush();
    expect(calls.deletePaymentMethod).toHaveBeenCalledWith(42, 1, expect.anything());
    expect(result.current.wallet.paymentMethods.map((m) => m.id)).toEqual([2]);
    expect(result.current.toasts.toasts.map((t) => t.message)).toContain('Payment method deleted successfully');
  });

  test('the card-address modal lists the saved addresses and needs a choice before saving', async () => {
    const { result, calls } = setup();
    await flush();
    act(() => result.current.wallet.editAddress(1));
    expect(result.current.wallet.addresses.map((a) => a.id)).toEqual([1, 2]);
    expect(result.current.wallet.canSaveAddress).toBe(false);
    act(() => result.current.wallet.selectAddress(2));
    expect(result.current.wallet.canSaveAddress).toBe(true);
    act(() => result.current.wallet.saveAddress());
    await flush();
    expect(calls.updatePaymentMethod).toHaveBeenCalledWith(42, 1, { mailingAddressId: 2 }, expect.anything());
    expect(result.current.wallet.addressTarget).toBeNull();
    expect(result.current.toasts.toasts.map((t) => t.message)).toContain('Address updated successfully');
  });

  test('adding opens a 600x400 popup, polls it every 400 ms and reloads the list when it closes', async () => {
    const popup = { closed: false, close: () => {} };
    const { result, calls, openPopup } = setup({ popup });
    await flush();
    act(() => result.current.wallet.addMethod());
    await flush();
    expect(openPopup).toHaveBeenCalledWith('https://pay.test/add', 600, 400);
    expect(result.current.wallet.adding).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(calls.paymentMethods).toHaveBeenCalledTimes(1);
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(calls.paymentMethods).toHaveBeenCalledTimes(2);
    expect(result.current.wallet.adding).toBe(false);
  });

  test("without an add link it says 'Cannot add payment method. Missing target URL'", async () => {
    const { result, openPopup } = setup({ links: null });
    await flush();
    act(() => result.current.wallet.addMethod());
    expect(result.current.wallet.notice).toEqual({ tone: 'danger', message: 'Cannot add payment method. Missing target URL' });
    expect(openPopup).not.toHaveBeenCalled();
  });

  test('a blocked popup shows its message as a danger notice', async () => {
    const { result } = setup({ popup: null });
    await flush();
    act(() => result.current.wallet.addMethod());
    await flush();
    expect(result.current.wallet.notice).toEqual({ tone: 'danger', message: POPUP_BLOCKED_MESSAGE });
  });

  test('the history filters by displayable id', async () => {
    const { result, calls } = setup();
    await flush();
    act(() => result.current.wallet.selectTab('transactions'));
    act(() => result.current.wallet.filterTransactions('T-1'));
    await flush();
    expect(result.current.wallet.tab).toBe('transactions');
    expect(calls.transactions).toHaveBeenLastCalledWith(42, 'T-1', expect.anything());
  });

  test('a delete re-renders the readers of the payment methods with the list the server answers after it', async () => {
    const { result, calls } = setup();
    await flush();
    expect(result.current.methods.data?.paymentMethods.map((m) => m.id)).toEqual([1, 2]);
    calls.paymentMethods.mockResolvedValue({ paymentMethods: [card(2, true)], _links: null });
    act(() => result.current.wallet.askDelete(1));
    act(() => result.current.wallet.confirmDelete());
    await flush();
    await flush();
    expect(result.current.methods.data?.paymentMethods.map((m) => m.id)).toEqual([2]);
  });

  test('a billing address change re-renders the readers of the payment methods with the changed method', async () => {
    const { result, calls } = setup();
    await flush();
    const changed = { ...card(1), billingAddress: { line1: '2 Main St', line2: null, city: 'Seattle', state: 'WA', postalCode: '98101', country: 'US' } };
    calls.paymentMethods.mockResolvedValue({ paymentMethods: [changed, card(2, true)], _links: null });
    act(() => result.current.wallet.editAddress(1));
    act(() => result.current.wallet.selectAddress(2));
    act(() => result.current.wallet.saveAddress());
    await flush();
    await flush();
    expect(result.current.methods.data?.paymentMethods[0]).toEqual(changed);
  });
});
