/** The wallet page (/wallet) and the embeddable Wallet: gate, tabs, cards, delete, billing address, popup, history. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import type { PaymentMethodsResponse } from '../../src/api/types.ts';
import WalletPage from '../../src/app/pages/account/WalletPage.tsx';
import type { PaymentMethod, Transaction } from '../../src/domain/entities.ts';
import type { PopupLike } from '../../src/hooks/environment.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { Toasts } from '../../src/ui/shell/Toasts.tsx';
import { SIGNED_IN, SIGNED_OUT } from '../hooks/account.helpers.ts';
import { fakeClient, testEnvironment, unanswered } from '../hooks/hooks.helpers.tsx';
import { renderAt } from './pages.helpers.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function method(id: number, overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id, brand: 'Visa', expMonth: 4, expYear: 2030, last4: String(4240 + id), name: 'Ann Lee',
    billingAddress: { line1: `${id} Pool Rd`, line2: null, city: 'Tacoma', state: 'WA', postalCode: '98402', country: 'US' },
    isGiftCard: false, giftCardCredit: null, giftCardCurrency: null, ...overrides,
  };
}

const TXNS: Transaction[] = [
  { id: 1, displayableId: 'T00000001', email: 'ann@example.com', amount: 45.5, gateway: 'test', status: 'SUCCESS' },
  { id: 2, displayableId: 'T00000001-1', email: 'ann@example.com', amount: 12, gateway: null, status: 'PENDING' },
  { id: 3, displayableId: 'T00000002', email: 'ann@example.com', amount: 9, gateway: 'test', status: 'FAILURE' },
  { id: 4, displayableId: 'T00000003', email: 'ann@example.com', amount: 3, gateway: 'test', status: 'REFUNDED' },
];

function setup({
  methods = [method(1), method(2, { isGiftCard: true, brand: 'Gift', giftCardCredit: 25, giftCardCurrency: 'USD' })],
  transactions = TXNS,
  links = { addPaymentMethod: { href: '/wallet/add-card?token=abc' } } as PaymentMethodsResponse['_links'],
  initialData = SIGNED_IN as InitialData,
  popup = null as PopupLike | null,
} = {}) {
  const calls = {
    paymentMethods: vi.fn(async () => ({ paymentMethods: methods, _links: links })),
    transactions: vi.fn(async (_user: number, id?: string) => ({ transactions: id ? transactions.filter((t) => t.displayableId.includes(id)) : transactions })),
    deletePaymentMethod: vi.fn(async () => ({ success: true })),
    updatePaymentMethod: vi.fn(async () => ({ success: true })),
    user: vi.fn(unanswered),
    customer: vi.fn(unanswered),
  };
  const environment = testEnvironment({ openPopup: vi.fn(() => popup) });
  const view = renderAt(
    <>
      <WalletPage />
      <Toasts />
    </>,
    { url: '/wallet', path: '/wallet', client: fakeClient(calls), environment, options: { initialData } },
  );
  return { calls, environment, ...view };
}

describe('wallet gate', () => {
  test('the page has its SEO title, breadcrumbs My account > Wallet and canonical URL', () => {
    setup({ initialData: { checkout: null } as InitialData });
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    expect(document.title).toBe('Wallet - Skimmer');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('HomeMy accountWallet');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://localhost:3000/wallet');
  });

  test("shows 'Checking login status...' until the user call answers", () => {
    setup({ initialData: { checkout: null } as InitialData });
    expect(screen.getByText('Checking login status...')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  test('sends a signed-out visitor to /login.asp, replacing the entry, to come back to /wallet', async () => {
    const { environment, calls } = setup({ initialData: SIGNED_OUT });
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/login.asp?returnTo=%2Fwallet', { replace: true }));
    expect(calls.paymentMethods).not.toHaveBeenCalled();
  });
});

describe('payment methods', () => {
  test('each method shows brand, last4, expiry and billing address; a gift card has no Delete', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Payment methods' });
    const cards = within(list).getAllByRole('listitem');
    const visa = cards.find((c) => c.textContent?.includes('4241'));
    expect(visa?.textContent).toContain('Visa');
    expect(visa?.textContent).toContain('04/2030');
    expect(visa?.textContent).toContain('1 Pool Rd');
    expect(visa?.textContent).toContain('Tacoma, WA 98402');
    expect(within(visa!).getByRole('button', { name: 'Delete Visa •••• 4241' })).toBeTruthy();
    const gift = cards.find((c) => c.textContent?.includes('4242'));
    expect(gift?.textContent).toContain('$25.00 USD');
    expect(within(gift!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(gift!).getByRole('button', { name: /Edit billing address/ })).toBeTruthy();
  });

  test("an empty wallet reads 'No payment methods for this account'", async () => {
    setup({ methods: [] });
    expect(await screen.findByText('No payment methods for this account')).toBeTruthy();
  });

  test('delete asks for confirmation; Close keeps the card, Confirm deletes it and says so', async () => {
    const { calls } = setup();
    const del = await screen.findByRole('button', { name: 'Delete Visa •••• 4241' });
    fireEvent.click(del);
    let dialog = screen.getByRole('dialog', { name: 'Delete payment method' });
    expect(within(dialog).getByText('Are you sure you want to delete this payment method?')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.deletePaymentMethod).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Visa •••• 4241' }));
    dialog = screen.getByRole('dialog', { name: 'Delete payment method' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Payment method deleted successfully')).toBeTruthy();
    expect(calls.deletePaymentMethod).toHaveBeenCalledWith(42, 1, expect.anything());
    expect(screen.queryByRole('button', { name: 'Delete Visa •••• 4241' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a failed delete shows the server error as a notification and keeps the card', async () => {
    const { calls } = setup();
    calls.deletePaymentMethod.mockRejectedValueOnce(new Error('Card is in use'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Visa •••• 4241' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Card is in use')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Visa •••• 4241' })).toBeTruthy();
  });

  test("a refused call shows the server's own error text, not the generic message", async () => {
    const { calls } = setup();
    calls.deletePaymentMethod.mockRejectedValueOnce(new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 400, serverMessage: 'Gift cards cannot be deleted.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Visa •••• 4241' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Gift cards cannot be deleted.')).toBeTruthy();
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  });

  test('the billing address modal lists saved addresses read-only; Save Changes waits for a choice', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit billing address of Visa •••• 4241' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit billing address' });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const options = within(dialog).getAllByRole('radio');
    expect(options).toHaveLength(2);
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    expect(dialog.textContent).toContain('2 Main St');
    fireEvent.click(options[1]!);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Address updated successfully')).toBeTruthy();
    expect(calls.updatePaymentMethod).toHaveBeenCalledWith(42, 1, { mailingAddressId: 2 }, expect.anything());
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(calls.paymentMethods).toHaveBeenCalledTimes(2));
  });

  test('Add payment method opens the hosted form in a 600x400 popup and reloads the list when it closes', async () => {
    vi.useFakeTimers();
    const popup = { closed: false, close: vi.fn() };
    const { calls, environment } = setup({ popup });
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole('button', { name: 'Add payment method' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(environment.openPopup).toHaveBeenCalledWith('/wallet/add-card?token=abc', 600, 400);
    expect((screen.getByRole('button', { name: 'Add payment method' }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(calls.paymentMethods).toHaveBeenCalledTimes(1);
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(calls.paymentMethods).toHaveBeenCalledTimes(2);
    expect((screen.getByRole('button', { name: 'Add payment method' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test("without a target link, adding says 'Cannot add payment method. Missing target URL'", async () => {
    const { environment } = setup({ links: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Add payment method' }));
    expect(await screen.findByText('Cannot add payment method. Missing target URL')).toBeTruthy();
    expect(environment.openPopup).not.toHaveBeenCalled();
  });
});

describe('tabs and transaction history', () => {
  test("two tabs, 'Payment methods' first and selected; arrow keys move between them", async () => {
    setup();
    const tablist = screen.getByRole('tablist');
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Payment methods', 'Transaction History']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(tabs[1]!.getAttribute('tabindex')).toBe('-1');
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[1]!.id);
    fireEvent.keyDown(tabs[1]!, { key: 'ArrowRight' });
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tabs[0]!, { key: 'End' });
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
  });

  test('the history shows id, email, amount, gateway (N/A when empty) and status badges', async () => {
    setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Transaction History' }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['T00000001', 'T00000001-1', 'T00000002', 'T00000003']);
    expect(rows[0]!.textContent).toContain('$45.50');
    expect(within(rows[1]!).getByText('N/A')).toBeTruthy();
    const badge = (row: HTMLElement, status: string) => within(row).getByText(status).className;
    expect(badge(rows[0]!, 'SUCCESS')).toContain('status-success');
    expect(badge(rows[1]!, 'PENDING')).toContain('status-warning');
    expect(badge(rows[2]!, 'FAILURE')).toContain('status-danger');
    expect(badge(rows[3]!, 'REFUNDED')).toContain('status-dark');
  });

  test('the filter asks for a displayable id; Clear shows all again; no match reads the empty text', async () => {
    const { calls } = setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Transaction History' }));
    await screen.findByRole('table');
    const input = screen.getByLabelText('Filter by transaction ID');
    fireEvent.change(input, { target: { value: 'T00000002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.transactions).toHaveBeenLastCalledWith(42, 'T00000002', expect.anything()));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    fireEvent.change(input, { target: { value: 'ZZZ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No transactions for this account.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5));
    expect((input as HTMLInputElement).value).toBe('');
  });

  test("an account without transactions reads 'No transactions for this account.'", async () => {
    setup({ transactions: [] });
    fireEvent.click(screen.getByRole('tab', { name: 'Transaction History' }));
    expect(await screen.findByText('No transactions for this account.')).toBeTruthy();
  });
});
