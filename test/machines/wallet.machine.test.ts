import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { signedInGate, type SignedInGateInput } from '../../src/machines/signed-in-gate.ts';
import { connectSignedInGate, gatedPage } from '../../src/machines/signed-in-gate.connect.ts';
import { walletMachine, type WalletEmitted, type WalletInput, type PopupHandle } from '../../src/machines/wallet.machine.ts';
import type { MailingAddress, PaymentMethod, Transaction, User } from '../../src/domain/entities.ts';

const user: User = { id: 42, firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false };
const card = (id: number, isGiftCard = false): PaymentMethod => ({
  id,
  brand: isGiftCard ? 'Gift card' : 'visa',
  expMonth: 4,
  expYear: 2027,
  last4: '4242',
  name: 'Ann Lee',
  billingAddress: null,
  isGiftCard,
  giftCardCredit: isGiftCard ? 25 : null,
  giftCardCurrency: isGiftCard ? 'USD' : null,
});
const tx = (id: number, displayableId: string): Transaction => ({ id, displayableId, email: 'ann@example.com', amount: 10, gateway: 'stripe', status: 'SUCCESS' });
const address = (id: number): MailingAddress => ({
  id,
  firstName: 'Ann',
  lastName: 'Lee',
  company: null,
  address1: '1 Main St',
  address2: null,
  city: 'Seattle',
  zip: '98101',
  phone: '+12065550100',
  isDefault: id === 1,
  State: null,
  Country: null,
});
const links = { addPaymentMethod: { href: 'https://pay.example/add' } };

interface Fakes {
  methods?: () => Promise<{ paymentMethods: PaymentMethod[]; _links?: typeof links | null }>;
  transactions?: (input: { userId: number; displayableId: string | null }) => Promise<{ transactions: Transaction[] }>;
  remove?: (input: { userId: number; paymentMethodId: number }) => Promise<{ success?: boolean; error?: unknown } | null>;
  update?: (input: { userId: number; paymentMethodId: number; body: { mailingAddressId: number; isGiftCard?: true } }) => Promise<{ success?: boolean; error?: unknown } | null>;
  popup?: () => Promise<PopupHandle>;
}

function provided(fakes: Fakes, calls: Array<[string, unknown]>) {
  return walletMachine.provide({
    actors: {
      fetchPaymentMethods: fromPromise(async ({ input: i }) => {
        calls.push(['fetchPaymentMethods', i]);
        return (fakes.methods ?? (async () => ({ paymentMethods: [card(1), card(2, true)], _links: links })))();
      }),
      fetchTransactions: fromPromise(async ({ input: i }) => {
        calls.push(['fetchTransactions', i]);
        return (fakes.transactions ?? (async () => ({ transactions: [tx(1, 'TX-1')] })))(i);
      }),
      deletePaymentMethod: fromPromise(async ({ input: i }) => {
        calls.push(['deletePaymentMethod', i]);
        return (fakes.remove ?? (async () => ({ success: true })))(i);
      }),
      updatePaymentMethod: fromPromise(async ({ input: i }) => {
        calls.push(['updatePaymentMethod', i]);
        return (fakes.update ?? (async () => ({ success: true })))(i);
      }),
      openPopup: fromPromise(async ({ input: i }) => {
        calls.push(['openPopup', i]);
        return (fakes.popup ?? (async () => ({ closed: false })))();
      }),
    },
  });
}

function start(fakes: Fakes = {}, input: WalletInput = { user, addresses: [address(1), address(2)] }) {
  const calls: Array<[string, unknown]> = [];
  const emitted: WalletEmitted[] = [];
  const actor = createActor(provided(fakes, calls), { input });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, calls };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const notes = (emitted: WalletEmitted[]) => emitted.filter((e) => e.type === 'notify');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The wallet behind the sign-in gate, as the page runs it. */
function startGated(input: SignedInGateInput<Omit<WalletInput, 'user'>>) {
  const calls: Array<[string, unknown]> = [];
  const emitted: { type: string }[] = [];
  const gate = createActor(signedInGate(provided({}, calls)), { input: { page: { addresses: [address(1), address(2)] }, ...input } });
  gate.on('*', (e) => emitted.push(e));
  gate.start();
  return { gate, emitted, calls, wallet: () => gatedPage(gate.getSnapshot())?.getSnapshot() as SnapshotFrom<typeof walletMachine> | undefined };
}

describe('behind the sign-in gate', () => {
  test("shows 'Checking login status...' while the login state is unknown, and calls nothing", () => {
    const { gate, calls, wallet } = startGated({ fetched: false, user: null });
    expect(connectSignedInGate(gate.getSnapshot()).checkingText).toBe('Checking login status...');
    expect(wallet()).toBeUndefined();
    expect(calls).toEqual([]);
  });

  test("redirects to '/login.asp' when fetched and not logged in, replacing the history entry", () => {
    const { gate, emitted } = startGated({ fetched: false });
    gate.send({ type: 'login.changed', fetched: true, user: null });
    expect(connectSignedInGate(gate.getSnapshot()).gate).toBe('redirect');
    expect(emitted).toEqual([{ type: 'navigate', url: '/login.asp', replace: true }]);
  });

  test.each([
    ['/wallet', '/login.asp?returnTo=%2Fwallet'],
    ['/myaccount.asp?tab=wallet', '/login.asp?returnTo=%2Fmyaccount.asp%3Ftab%3Dwallet'],
    ['//evil.example', '/login.asp'],
  ])('the redirect carries the page to come back to: %s', (returnPath, url) => {
    const { emitted } = startGated({ fetched: true, user: null, returnPath });
    expect(emitted).toEqual([{ type: 'navigate', url, replace: true }]);
  });

  test('loads both lists once the user is known to be logged in', async () => {
    const { gate, calls, wallet } = startGated({ fetched: false });
    gate.send({ type: 'login.changed', fetched: true, user });
    await flush();
    expect(wallet()?.matches({ ready: { methods: 'listed', transactions: 'listed' } })).toBe(true);
    expect(calls).toEqual([
      ['fetchPaymentMethods', { userId: 42 }],
      ['fetchTransactions', { userId: 42, displayableId: null }],
    ]);
  });

  test('a logged-in user without an id cannot use the wallet: the generic danger message', () => {
    const { emitted, wallet } = startGated({ fetched: true, user: { ...user, id: undefined } });
    expect(wallet()?.value).toBe('unavailable');
    expect(emitted).toEqual([{ type: 'notify', tone: 'danger', message: 'Something went wrong. Please try again.' }]);
  });
});

describe('tabs and lists', () => {
  test("'Payment methods' is the default tab, and the tab can switch to the transaction history", () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.tab).toBe('paymentMethods');
    actor.send({ type: 'tab.select', tab: 'transactions' });
    expect(actor.getSnapshot().context.tab).toBe('transactions');
  });

  test('lists show a loading state first', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches({ ready: { methods: 'loading', transactions: 'loading' } })).toBe(true);
  });

  test("empty lists show the empty state ('No payment methods for this account', 'No transactions for this account.')", async () => {
    const { actor } = start({ methods: async () => ({ paymentMethods: [] }), transactions: async () => ({ transactions: [] }) });
    await flush();
    expect(actor.getSnapshot().matches({ ready: { methods: 'empty', transactions: 'empty' } })).toBe(true);
  });

  test.each([
    ['payment methods', { methods: async () => Promise.reject(new Error('Card service down')) }, 'methods'],
    ['transactions', { transactions: async () => Promise.reject(new Error('Ledger down')) }, 'transactions'],
  ] as const)('a failed %s call is a danger notification with the exception message', async (_label, fakes, region) => {
    const { actor, emitted } = start(fakes);
    await flush();
    expect(actor.getSnapshot().matches({ ready: { [region]: 'failed' } })).toBe(true);
    const message = region === 'methods' ? 'Card service down' : 'Ledger down';
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'danger', message }]);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'danger', message });
  });

  test("a refused call (4xx with { error }) shows the server's error text, not the generic message (spec section 8)", async () => {
    const refusal = Object.assign(new Error('Something went wrong. Please try again.'), { serverMessage: 'Session expired for this wallet.' });
    const { actor, emitted } = start({ methods: async () => Promise.reject(refusal) });
    await flush();
    expect(actor.getSnapshot().matches({ ready: { methods: 'failed' } })).toBe(true);
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'danger', message: 'Session expired for this wallet.' }]);
  });

  test('transactions are filtered by displayable id (trimmed; blank clears the filter)', async () => {
    const { actor, calls } = start();
    await flush();
    actor.send({ type: 'transactions.filter', displayableId: '  TX-9 ' });
    await flush();
    actor.send({ type: 'transactions.filter', displayableId: '   ' });
    await flush();
    expect(calls.filter(([name]) => name === 'fetchTransactions').map(([, i]) => i)).toEqual([
      { userId: 42, displayableId: null },
      { userId: 42, displayableId: 'TX-9' },
      { userId: 42, displayableId: null },
    ]);
  });

  test('preloaded lists start listed without calling (server rendering)', () => {
    const { actor, calls } = start({}, { user, paymentMethods: [card(1)], links, transactions: [] });
    expect(actor.getSnapshot().matches({ ready: { methods: 'listed', transactions: 'empty' } })).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe('deleting a payment method', () => {
  test("asks for confirmation, then deletes: 'Payment method deleted successfully'", async () => {
    const { actor, emitted, calls } = start();
    await flush();
    actor.send({ type: 'method.delete', id: 1 });
    expect(actor.getSnapshot().matches({ ready: { deletion: 'confirming' } })).toBe(true);
    expect(actor.getSnapshot().context.deleteTarget?.id).toBe(1);
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().matches({ ready: { deletion: 'deleting' } })).toBe(true);
    await flush();
    expect(calls).toContainEqual(['deletePaymentMethod', { userId: 42, paymentMethodId: 1 }]);
    expect(actor.getSnapshot().context.paymentMethods.map((m) => m.id)).toEqual([2]);
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'success', message: 'Payment method deleted successfully' }]);
    expect(actor.getSnapshot().matches({ ready: { deletion: 'idle' } })).toBe(true);
  });

  test('cancel closes the modal without a call', async () => {
    const { actor, calls } = start();
    await flush();
    actor.send({ type: 'method.delete', id: 1 });
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().matches({ ready: { deletion: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.deleteTarget).toBeNull();
    expect(calls.some(([name]) => name === 'deletePaymentMethod')).toBe(false);
  });

  test('gift cards cannot be deleted', async () => {
    const { actor } = start();
    await flush();
    expect(actor.getSnapshot().can({ type: 'method.delete', id: 2 })).toBe(false);
    actor.send({ type: 'method.delete', id: 2 });
    expect(actor.getSnapshot().matches({ ready: { deletion: 'idle' } })).toBe(true);
  });

  test('deleting the last card shows the empty state', async () => {
    const { actor } = start({ methods: async () => ({ paymentMethods: [card(5)], _links: links }) });
    await flush();
    actor.send({ type: 'method.delete', id: 5 });
    actor.send({ type: 'delete.confirm' });
    await flush();
    expect(actor.getSnapshot().matches({ ready: { methods: 'empty' } })).toBe(true);
  });

  test.each([
    ["the server's error text", async () => ({ success: false, error: 'Card has pending charges' }), 'Card has pending charges'],
    ['the exception message', async () => Promise.reject(new Error('Network down')), 'Network down'],
  ])('a failure shows %s as a danger notification and keeps the card', async (_label, remove, message) => {
    const { actor, emitted } = start({ remove });
    await flush();
    actor.send({ type: 'method.delete', id: 1 });
    actor.send({ type: 'delete.confirm' });
    await flush();
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'danger', message }]);
    expect(actor.getSnapshot().context.paymentMethods.map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('editing a card address', () => {
  test('Save Changes is disabled until one of the saved addresses is chosen', async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: 'address.edit', id: 1 });
    expect(actor.getSnapshot().matches({ ready: { addressEdit: 'open' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'address.save' })).toBe(false);
    actor.send({ type: 'address.select', mailingAddressId: 99 });
    expect(actor.getSnapshot().context.selectedAddressId).toBeNull();
    actor.send({ type: 'address.select', mailingAddressId: 2 });
    expect(actor.getSnapshot().can({ type: 'address.save' })).toBe(true);
  });

  test("saving sends the chosen address (with the gift-card flag for gift cards), says 'Address updated successfully' and reloads the list", async () => {
    const { actor, emitted, calls } = start();
    await flush();
    actor.send({ type: 'address.edit', id: 2 });
    actor.send({ type: 'address.select', mailingAddressId: 1 });
    actor.send({ type: 'address.save' });
    expect(actor.getSnapshot().matches({ ready: { addressEdit: 'saving' } })).toBe(true);
    await flush();
    expect(calls).toContainEqual(['updatePaymentMethod', { userId: 42, paymentMethodId: 2, body: { mailingAddressId: 1, isGiftCard: true } }]);
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'success', message: 'Address updated successfully' }]);
    expect(actor.getSnapshot().matches({ ready: { addressEdit: 'closed' } })).toBe(true);
    expect(calls.filter(([name]) => name === 'fetchPaymentMethods')).toHaveLength(2);
  });

  test('a failed save keeps the modal open with a danger notification', async () => {
    const { actor, emitted } = start({ update: async () => ({ success: false, error: 'Address not allowed' }) });
    await flush();
    actor.send({ type: 'address.edit', id: 1 });
    actor.send({ type: 'address.select', mailingAddressId: 2 });
    actor.send({ type: 'address.save' });
    await flush();
    expect(actor.getSnapshot().matches({ ready: { addressEdit: 'open' } })).toBe(true);
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'danger', message: 'Address not allowed' }]);
  });

  test('cancel closes the modal and forgets the choice', async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: 'address.edit', id: 1 });
    actor.send({ type: 'address.select', mailingAddressId: 2 });
    actor.send({ type: 'address.cancel' });
    expect(actor.getSnapshot().matches({ ready: { addressEdit: 'closed' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ addressTarget: null, selectedAddressId: null });
  });

  test('the saved addresses follow the customer', () => {
    const { actor } = start();
    actor.send({ type: 'addresses.changed', addresses: [address(7)] });
    expect(actor.getSnapshot().context.addresses.map((a) => a.id)).toEqual([7]);
  });
});

describe('adding a payment method', () => {
  test("without the server's link: 'Cannot add payment method. Missing target URL'", async () => {
    const { actor, emitted, calls } = start({ methods: async () => ({ paymentMethods: [] }) });
    await flush();
    actor.send({ type: 'method.add' });
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'danger', message: 'Cannot add payment method. Missing target URL' }]);
    expect(calls.some(([name]) => name === 'openPopup')).toBe(false);
  });

  test('opens a 600x400 popup, polls it every 400 ms, and reloads the list when it closes', async () => {
    const handle = { closed: false };
    const { actor, calls } = start({ popup: async () => handle });
    await flush();
    actor.send({ type: 'method.add' });
    await flush();
    expect(calls).toContainEqual(['openPopup', { url: 'https://pay.example/add', width: 600, height: 400, features: 'popup=yes,width=600,height=400' }]);
    expect(actor.getSnapshot().matches({ ready: { adding: 'polling' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1200);
    expect(calls.filter(([name]) => name === 'fetchPaymentMethods')).toHaveLength(1);
    handle.closed = true;
    await vi.advanceTimersByTimeAsync(399);
    expect(actor.getSnapshot().matches({ ready: { adding: 'polling' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ ready: { adding: 'idle' } })).toBe(true);
    expect(calls.filter(([name]) => name === 'fetchPaymentMethods')).toHaveLength(2);
  });

  test('a blocked popup is a danger notification with its message', async () => {
    const { actor, emitted } = start({ popup: async () => Promise.reject(new Error('Popup blocked')) });
    await flush();
    actor.send({ type: 'method.add' });
    await flush();
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'danger', message: 'Popup blocked' }]);
    expect(actor.getSnapshot().matches({ ready: { adding: 'idle' } })).toBe(true);
  });

  test('a second add while the popup is open is ignored', async () => {
    const { actor, calls } = start();
    await flush();
    actor.send({ type: 'method.add' });
    await flush();
    actor.send({ type: 'method.add' });
    await flush();
    expect(calls.filter(([name]) => name === 'openPopup')).toHaveLength(1);
  });
});

describe('texts of the states (meta)', () => {
  const messages = (actor: ReturnType<typeof start>['actor']) =>
    Object.values(actor.getSnapshot().getMeta() as Record<string, { message?: string }>).map((m) => m.message);

  test("empty lists show 'No payment methods for this account' and 'No transactions for this account.'", async () => {
    const { actor } = start({ methods: async () => ({ paymentMethods: [] }), transactions: async () => ({ transactions: [] }) });
    await flush();
    expect(messages(actor).sort()).toEqual(['No payment methods for this account', 'No transactions for this account.']);
  });

  test("the delete modal asks 'Are you sure you want to delete this payment method?'", async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: 'method.delete', id: 1 });
    expect(messages(actor)).toEqual(['Are you sure you want to delete this payment method?']);
  });
});

describe('notices', () => {
  test('notice.dismiss clears the inline message', async () => {
    const { actor } = start({ methods: async () => ({ paymentMethods: [] }) });
    await flush();
    actor.send({ type: 'method.add' });
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
