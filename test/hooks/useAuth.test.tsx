import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { User } from '../../src/domain/entities.ts';
import { useAuth } from '../../src/hooks/useAuth.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

const ANN: User = { firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false } as User;

function setup(user: () => Promise<{ user?: User | null }>, customer = async () => ({ customer: {} })) {
  const client = fakeClient({ user: vi.fn(user), customer: vi.fn(customer) });
  const hook = renderHook(() => ({ auth: useAuth(), toasts: useToasts() }), {
    wrapper: wrapper(client, testEnvironment(), { initialData: {} }),
  });
  return { client, ...hook };
}

describe('useAuth', () => {
  test("is 'loading' and not fetched until the user call answers", () => {
    const { result } = setup(() => new Promise(() => {}));
    expect(result.current.auth).toMatchObject({ fetched: false, loggedIn: false, gate: 'loading' });
  });

  test('logged in when the user call returns a user; the gate is ready', async () => {
    const { result } = setup(async () => ({ user: ANN }));
    await waitFor(() => expect(result.current.auth.fetched).toBe(true));
    expect(result.current.auth).toMatchObject({ loggedIn: true, signedIn: true, user: ANN, gate: 'ready' });
  });

  test('signed out: fetched, not logged in, the gate redirects', async () => {
    const { result } = setup(async () => ({ user: null }));
    await waitFor(() => expect(result.current.auth.fetched).toBe(true));
    expect(result.current.auth).toMatchObject({ loggedIn: false, signedIn: false, gate: 'redirect' });
  });

  test('a failed user call still sets the fetched flag and shows a danger notice with the message', async () => {
    const { result } = setup(async () => {
      throw new Error('offline');
    });
    await waitFor(() => expect(result.current.auth.fetched).toBe(true));
    expect(result.current.toasts.toasts.map((t) => [t.tone, t.message])).toEqual([['danger', 'offline']]);
  });

  test('a non-empty customer signs the visitor in even without a user', async () => {
    const { result } = setup(async () => ({ user: null }), async () => ({ customer: { id: 3, MailingAddresses: [] } }));
    await waitFor(() => expect(result.current.auth.signedIn).toBe(true));
    expect(result.current.auth.loggedIn).toBe(false);
  });

  test('refresh calls both endpoints again; signOut forgets the visitor without a call', async () => {
    const { result, client } = setup(async () => ({ user: ANN }));
    await waitFor(() => expect(result.current.auth.loggedIn).toBe(true));
    act(() => result.current.auth.refresh());
    await waitFor(() => expect(client.user).toHaveBeenCalledTimes(2));
    expect(client.customer).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(result.current.auth.loggedIn).toBe(true));
    act(() => result.current.auth.signOut());
    expect(result.current.auth).toMatchObject({ loggedIn: false, signedIn: false, user: null });
    expect(client.user).toHaveBeenCalledTimes(2);
  });

  test('server-rendered data starts settled, with no call', () => {
    const client = fakeClient({ user: vi.fn(), customer: vi.fn() });
    const { result } = renderHook(() => useAuth(), {
      wrapper: wrapper(client, testEnvironment(), { initialData: { auth: { user: ANN, customer: { id: 1, MailingAddresses: [] } } } }),
    });
    expect(result.current).toMatchObject({ fetched: true, loggedIn: true, gate: 'ready' });
    expect(client.user).not.toHaveBeenCalled();
  });
});
