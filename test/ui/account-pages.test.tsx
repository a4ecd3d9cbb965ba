/** The account page, the addresses page and the recovery email page, over fake clients. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountClient } from '../../src/api/account-client.ts';
import type { Customer, MailingAddress, User } from '../../src/domain/entities.ts';
import { AccountClientProvider } from '../../src/hooks/useAccountClient.ts';
import AccountPage from '../../src/app/pages/account/AccountPage.tsx';
import AddressesPage from '../../src/app/pages/account/AddressesPage.tsx';
import RecoveryEmailPage from '../../src/app/pages/account/RecoveryEmailPage.tsx';
import { fakeClient, testEnvironment } from '../hooks/hooks.helpers.tsx';
import { renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

const ANN: User = { id: 1, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false };
const US = { countryCode: 'US', title: 'United States' };
const WA = { stateCode: 'WA', title: 'Washington' };

function address(id: number, overrides: Partial<MailingAddress> = {}): MailingAddress {
  return {
    id, firstName: 'Ann', lastName: 'Lee', company: null, address1: `${id} Pine St`, address2: null, city: 'Seattle', zip: '98101',
    phone: '(206) 555-0123', isDefault: false, State: WA, Country: US, ...overrides,
  };
}

function mountAccount(element: React.ReactNode, url: string, { user = ANN as User | null, addresses = [address(1, { isDefault: true }), address(2)], calls = {}, account = {} as Partial<AccountClient> } = {}) {
  const customer: Customer = user ? { id: 1, MailingAddresses: addresses } : {};
  const client = fakeClient({
    user: vi.fn(async () => ({ user })),
    customer: vi.fn(async () => ({ customer })),
    countries: vi.fn(async () => ({ countries: [US] })),
    states: vi.fn(async () => ({ states: [WA, { stateCode: 'OR', title: 'Oregon' }] })),
    ...calls,
  });
  const environment = testEnvironment({ alert: vi.fn() });
  renderAt(<AccountClientProvider client={account as AccountClient}>{element}</AccountClientProvider>, {
    url, path: new URL(url, 'http://x').pathname, client, environment, options: { initialData: { auth: { user, customer }, checkout: null } },
  });
  return { client, environment };
}

describe('account page', () => {
  test("shows 'Manage Account', the address cards with Edit and Delete, and the account links", async () => {
    mountAccount(<AccountPage />, '/myaccount.asp');
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Account' })).toBeTruthy();
    expect(document.title).toBe('Manage Account - Skimmer');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://localhost:3000/myaccount.asp');
    // the shopper's own page: never indexed
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, follow');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Default Address', 'Mailing Address']);
    expect(within(cards[0]!).getByRole('button', { name: /^Edit/ })).toBeTruthy();
    expect(within(cards[0]!).getByRole('button', { name: /^Delete/ })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'My account' });
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/orders.asp');
    expect(within(nav).getByRole('link', { name: 'Recovery email' }).getAttribute('href')).toBe('/recovery-email');
    expect(within(nav).getByRole('link', { name: 'Wallet' }).getAttribute('href')).toBe('/myaccount.asp?tab=wallet');
  });

  test("says 'Account has no addresses.' when there are none", async () => {
    mountAccount(<AccountPage />, '/myaccount.asp', { addresses: [] });
    expect(await screen.findByText('Account has no addresses.')).toBeTruthy();
  });

  test('sends a signed-out visitor to /login.asp, to come back', async () => {
    const { environment } = mountAccount(<AccountPage />, '/myaccount.asp', { user: null });
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/login.asp?returnTo=%2Fmyaccount.asp', { replace: true }));
    expect(screen.queryByRole('article')).toBeNull();
  });

  test('Edit opens the modal with the address form; Confirm sends the update and closes it', async () => {
    const updateMailingAddress = vi.fn(async (id: number) => ({ mailingAddress: address(id, { city: 'Tacoma' }) }));
    mountAccount(<AccountPage />, '/myaccount.asp', { calls: { updateMailingAddress } });
    const [, second] = await screen.findAllByRole('article');
    fireEvent.click(within(second!).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    const labels = ['Country', 'State', 'Address Line 1', 'Address Line 2', 'City', 'Postal Code', 'Company', 'First Name', 'Last Name', 'Phone Number'];
    for (const label of labels) expect(within(dialog).getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Make this my default address' })).toBeTruthy();
    expect(document.activeElement && dialog.contains(document.activeElement)).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^City/), { target: { value: 'Tacoma' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(updateMailingAddress).toHaveBeenCalledWith(2, expect.objectContaining({ city: 'Tacoma', countryCode: 'US', stateCode: 'WA' }), expect.anything()));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the form marks an invalid phone and postal code, with the reason beside each', async () => {
    mountAccount(<AccountPage />, '/myaccount.asp');
    const [first] = await screen.findAllByRole('article');
    fireEvent.click(within(first!).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByLabelText(/^Phone Number/);
    const zip = within(dialog).getByLabelText(/^Postal Code/);
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(phone.className).toContain('ac-input--valid');
    fireEvent.change(phone, { target: { value: '12' } });
    fireEvent.change(zip, { target: { value: 'ABCDE' } });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.className).toContain('ac-input--invalid');
    expect(within(dialog).getByText('Please enter a valid mobile phone number.').id).toBe(phone.getAttribute('aria-describedby'));
    expect(within(dialog).getByText('Please enter a valid postal code.').id).toBe(zip.getAttribute('aria-describedby'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a failed update shows the alert and reopens the modal with what was typed', async () => {
    const updateMailingAddress = vi.fn(async () => ({ error: 'Zip not served' }));
    const { environment } = mountAccount(<AccountPage />, '/myaccount.asp', { calls: { updateMailingAddress } });
    const [first] = await screen.findAllByRole('article');
    fireEvent.click(within(first!).getByRole('button', { name: /^Edit/ }));
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText('City'), { target: { value: 'Walla Walla' } });
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(/^Postal Code/), { target: { value: '99362' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Zip not served');
    expect(environment.alert).toHaveBeenCalledWith('Zip not served');
    expect((within(dialog).getByLabelText('City') as HTMLInputElement).value).toBe('Walla Walla');
    expect((within(dialog).getByLabelText(/^Postal Code/) as HTMLInputElement).value).toBe('99362');
    expect((within(dialog).getByLabelText(/^State/) as HTMLSelectElement).value).toBe('WA');
    // closing keeps the message on the page; the card is unchanged
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('alert').textContent).toContain('Zip not served');
    expect(within(first!).queryByText(/Walla Walla/)).toBeNull();
  });

  test('an update that fails on the network also keeps what was typed', async () => {
    const updateMailingAddress = vi.fn(async () => Promise.reject(new Error('Failed to fetch')));
    mountAccount(<AccountPage />, '/myaccount.asp', { calls: { updateMailingAddress } });
    const [first] = await screen.findAllByRole('article');
    fireEvent.click(within(first!).getByRole('button', { name: /^Edit/ }));
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(/^Address Line 1/), { target: { value: '77 Cove Rd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to fetch');
    expect((within(dialog).getByLabelText(/^Address Line 1/) as HTMLInputElement).value).toBe('77 Cove Rd');
  });

  test('Delete removes the card', async () => {
    const deleteMailingAddress = vi.fn(async () => ({ success: true }));
    mountAccount(<AccountPage />, '/myaccount.asp', { calls: { deleteMailingAddress } });
    const [, second] = await screen.findAllByRole('article');
    fireEvent.click(within(second!).getByRole('button', { name: /^Delete/ }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(deleteMailingAddress).toHaveBeenCalledWith(1, 2, expect.anything());
  });
});

describe('addresses page', () => {
  test('adds an address: State only after a country is chosen, marks once a field is left, the new card after saving', async () => {
    const created = address(3, { address1: '9 Elm St' });
    let addresses = [address(1, { isDefault: true })];
    const createMailingAddress = vi.fn(async () => {
      addresses = [...addresses, created];
      return { mailingAddress: created };
    });
    const customer = vi.fn(async () => ({ customer: { id: 1, MailingAddresses: addresses } }));
    mountAccount(<AddressesPage />, '/address.asp', { addresses, calls: { customer }, account: { createMailingAddress } });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('HomeMy accountMailing addresses');
    fireEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    // the dialog opens when the form's machine is ready (a turn later on a loaded machine)
    const dialog = await screen.findByRole('dialog', { name: 'Add Address' });
    expect(within(dialog).queryByLabelText(/^State/)).toBeNull();
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(1));
    fireEvent.change(within(dialog).getByLabelText(/^Country/), { target: { value: 'US' } });
    const state = within(dialog).getByLabelText(/^State/);
    await waitFor(() => expect(within(state).getByRole('option', { name: 'Washington' })).toBeTruthy());
    fireEvent.change(state, { target: { value: 'WA' } });
    const phone = within(dialog).getByLabelText(/^Phone Number/);
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(phone);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const fill: [string, string][] = [['Address Line 1', '9 Elm St'], ['Postal Code', '98101'], ['First Name', 'Ann'], ['Last Name', 'Lee'], ['Phone Number', '(206) 555-0123']];
    for (const [label, value] of fill) fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(createMailingAddress).toHaveBeenCalledWith(
      { countryCode: 'US', stateCode: 'WA', address1: '9 Elm St', zip: '98101', firstName: 'Ann', lastName: 'Lee', phone: '(206) 555-0123', makeDefault: false },
      expect.anything(),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  test('a refused new address keeps the modal open with what was typed and the server message', async () => {
    const { ApiError } = await import('../../src/api/errors.ts');
    const createMailingAddress = vi.fn(async () => {
      throw new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 400, serverMessage: 'Please enter a valid postal code.' });
    });
    mountAccount(<AddressesPage />, '/address.asp', { account: { createMailingAddress } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Postal Code/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please enter a valid postal code.');
    expect((within(dialog).getByLabelText(/^Postal Code/) as HTMLInputElement).value).toBe('1');
  });
});

describe('recovery email page', () => {
  test("shows 'Loading' until the user call answers", () => {
    const client = fakeClient({ user: () => new Promise(() => {}), customer: () => new Promise(() => {}) });
    renderAt(<RecoveryEmailPage />, { url: '/recovery-email', path: '/recovery-email', client, options: { initialData: { auth: {}, checkout: null } } });
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('HomeMy accountRecovery email');
  });

  test('redirects a signed-out visitor to /login.asp, to come back here', async () => {
    const { environment } = mountAccount(<RecoveryEmailPage />, '/recovery-email', { user: null });
    expect(screen.getByText('Redirect to login')).toBeTruthy();
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/login.asp?returnTo=%2Frecovery-email', { replace: true }));
  });

  test('no recovery email: the Recovery Email field and Add; Back goes one page back', () => {
    const { environment } = mountAccount(<RecoveryEmailPage />, '/recovery-email');
    expect(screen.getByRole('heading', { level: 1, name: 'Recovery email' })).toBeTruthy();
    const field = screen.getByLabelText('Recovery Email') as HTMLInputElement;
    expect(field.type).toBe('email');
    expect(field.required).toBe(true);
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(environment.back).toHaveBeenCalled();
  });

  test('unverified: Update, the notice and Verify now, which sends the link', async () => {
    const verifyRecoveryEmail = vi.fn(async () => ({ success: true }));
    mountAccount(<RecoveryEmailPage />, '/recovery-email', { user: { ...ANN, recoveryEmail: 'backup@example.com' }, calls: { verifyRecoveryEmail } });
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.getByText('Your recovery email is not verified')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(await screen.findByText('Verification link has been sent to your recovery email.', { selector: '.ac-notice p' })).toBeTruthy();
    expect(verifyRecoveryEmail).toHaveBeenCalledWith('test-token', expect.anything());
  });

  test("verified: 'Recovery email verified' and no Verify now", () => {
    mountAccount(<RecoveryEmailPage />, '/recovery-email', { user: { ...ANN, recoveryEmail: 'backup@example.com', recoveryEmailVerified: true } });
    expect(screen.getByText('Recovery email verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify now' })).toBeNull();
  });

  test('saving shows the success message and keeps the address', async () => {
    const setRecoveryEmail = vi.fn(async () => ({ success: true }));
    mountAccount(<RecoveryEmailPage />, '/recovery-email', { calls: { setRecoveryEmail } });
    fireEvent.change(screen.getByLabelText('Recovery Email'), { target: { value: 'backup@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Recovery email updated successfully', { selector: '.ac-notice p' })).toBeTruthy();
    expect(setRecoveryEmail).toHaveBeenCalledWith({ token: 'test-token', recoveryEmail: 'backup@example.com' }, expect.anything());
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.getByText('Your recovery email is not verified')).toBeTruthy();
  });
  test('a refused save shows its message under the field, linked to it, and keeps what was typed', async () => {
    const { ApiError } = await import('../../src/api/errors.ts');
    const setRecoveryEmail = vi.fn(async () => {
      throw new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 400, serverMessage: 'Enter a valid email address.' });
    });
    mountAccount(<RecoveryEmailPage />, '/recovery-email', { calls: { setRecoveryEmail } });
    const field = screen.getByLabelText('Recovery Email') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'backup@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const error = await screen.findByRole('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(error.id);
    expect(error.closest('.ac-field')).toBe(field.closest('.ac-field'));
    expect(error.textContent).not.toBe('');
    expect(field.value).toBe('backup@example');
    expect(document.querySelector('.ac-notice')).toBeNull();
  });
});

describe('address update refused by the server', () => {
  test("the alert carries the server's words, not the generic message", async () => {
    const { ApiError } = await import('../../src/api/errors.ts');
    const updateMailingAddress = vi.fn(async () => {
      throw new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 400, serverMessage: 'Please enter a valid postal code.' });
    });
    const { environment } = mountAccount(<AccountPage />, '/myaccount.asp', { calls: { updateMailingAddress } });
    const [first] = await screen.findAllByRole('article');
    fireEvent.click(within(first!).getByRole('button', { name: /^Edit/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a valid postal code.');
    expect(environment.alert).toHaveBeenCalledWith('Please enter a valid postal code.');
  });
});
