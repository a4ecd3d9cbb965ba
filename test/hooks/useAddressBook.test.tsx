import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { useAddressBook } from '../../src/hooks/useAddressBook.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { useClient } from '../../src/hooks/context.ts';
import { customerRead } from '../../src/hooks/query/account-reads.ts';
import { useRead } from '../../src/hooks/query/useRead.ts';
import { address, CUSTOMER, USER } from './account.helpers.ts';
import { fakeClient, testEnvironment, unanswered, wrapper } from './hooks.helpers.tsx';

const US = { countryCode: 'US', title: 'United States' };
const WA = { stateCode: 'WA', title: 'Washington' };

function setup(calls: Partial<ApiClient> = {}, initialData: InitialData = { auth: { user: USER, customer: CUSTOMER }, checkout: null }) {
  const client = {
    countries: vi.fn(async () => ({ countries: [US] })),
    states: vi.fn(async () => ({ states: [WA] })),
    updateMailingAddress: vi.fn(async (id: number) => ({ mailingAddress: { ...address(id), city: 'Tacoma' } })),
    deleteMailingAddress: vi.fn(async () => ({ success: true })),
    ...calls,
  };
  const alert = vi.fn();
  const log = vi.fn();
  const hook = renderHook(() => ({ book: useAddressBook(), toasts: useToasts() }), {
    wrapper: wrapper(fakeClient(client), testEnvironment({ alert, log }), { initialData }),
  });
  return { client, alert, log, ...hook };
}

describe('useAddressBook', () => {
  test("cards are titled 'Default Address' or 'Mailing Address'; the countries load", async () => {
    const { result } = setup();
    expect(result.current.book.addresses.map((a) => a.title)).toEqual(['Default Address', 'Mailing Address']);
    await waitFor(() => expect(result.current.book.countries).toEqual([US]));
  });

  test("an account without addresses reads 'Account has no addresses.'", () => {
    const { result } = setup({}, { auth: { user: USER, customer: { id: 42, MailingAddresses: [] } }, checkout: null });
    expect(result.current.book.emptyText).toBe('Account has no addresses.');
  });

  test('Edit opens the modal with the form and the states of its country (page 0); Close closes it', async () => {
    const { result, client } = setup();
    act(() => result.current.book.edit(2));
    expect(result.current.book.modalOpen).toBe(true);
    expect(result.current.book.form).toMatchObject({ id: 2, countryCode: 'US', city: 'Seattle' });
    expect(result.current.book.stateFieldShown).toBe(true);
    await waitFor(() => expect(result.current.book.states).toEqual([WA]));
    expect(client.states).toHaveBeenCalledWith('US', expect.anything());
    act(() => result.current.book.close());
    expect(result.current.book).toMatchObject({ modalOpen: false, form: null });
  });

  test('Confirm closes the modal and sends the update; the card follows the answer', async () => {
    const { result, client } = setup();
    act(() => result.current.book.edit(2));
    act(() => result.current.book.change('city', 'Tacoma'));
    act(() => result.current.book.confirm());
    expect(result.current.book.modalOpen).toBe(false);
    await waitFor(() => expect(result.current.book.addresses.find((a) => a.id === 2)?.city).toBe('Tacoma'));
    expect(client.updateMailingAddress).toHaveBeenCalledWith(2, expect.objectContaining({ city: 'Tacoma', countryCode: 'US' }), expect.anything());
    expect(result.current.toasts.toasts.map((t) => t.message)).toContain('Address updated successfully');
  });

  test("an update with no address back says 'Address not updated' in an alert and a danger notice", async () => {
    const { result, alert } = setup({ updateMailingAddress: vi.fn(async () => ({ mailingAddress: null })) });
    act(() => result.current.book.edit(2));
    act(() => result.current.book.confirm());
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Address not updated'));
    expect(result.current.book.alert).toBe('Address not updated');
    expect(result.current.toasts.toasts.map((t) => [t.tone, t.message])).toEqual([['danger', 'Address not updated']]);
  });

  test('delete removes the card; a server refusal shows its error in an alert', async () => {
    const { result } = setup();
    act(() => result.current.book.remove(2));
    await waitFor(() => expect(result.current.book.addresses.map((a) => a.id)).toEqual([1]));
    const refused = setup({
      deleteMailingAddress: vi.fn(async () => {
        throw new ApiError('Address in use', { kind: 'server', status: 200, serverMessage: 'Address in use' });
      }),
    });
    act(() => refused.result.current.book.remove(2));
    await waitFor(() => expect(refused.alert).toHaveBeenCalledWith('Address in use'));
  });

  test('a failed countries call is logged only and the list stays empty', async () => {
    const { result, log } = setup({ countries: vi.fn(async () => { throw new Error('offline'); }) });
    await waitFor(() => expect(log).toHaveBeenCalledWith('fetchCountries', 'offline', expect.any(Error)));
    expect(result.current.book.countries).toEqual([]);
    expect(result.current.toasts.toasts).toEqual([]);
  });

  test('a delete re-renders the readers of the customer with the addresses the server answers after it', async () => {
    let answer: typeof CUSTOMER = CUSTOMER;
    const customer = vi.fn(async () => ({ customer: answer }));
    const client = { countries: vi.fn(async () => ({ countries: [US] })), deleteMailingAddress: vi.fn(async () => ({ success: true })), customer, user: vi.fn(unanswered) };
    const { result } = renderHook(() => ({ book: useAddressBook(), reader: useRead(customerRead(useClient())) }), {
      wrapper: wrapper(fakeClient(client), testEnvironment(), { initialData: { auth: { user: USER, customer: CUSTOMER }, checkout: null } }),
    });
    await waitFor(() => expect(result.current.reader.data?.customer.MailingAddresses).toHaveLength(2));
    answer = { id: 42, MailingAddresses: [address(1, true)] };
    act(() => result.current.book.remove(2));
    await waitFor(() => expect(client.deleteMailingAddress).toHaveBeenCalled());
    await waitFor(() => expect(result.current.reader.data?.customer.MailingAddresses).toHaveLength(1));
  });
});
