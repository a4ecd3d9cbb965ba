import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ApiClient } from '../../src/api/client.ts';
import { MESSAGES } from '../../src/domain/account.ts';
import type { User } from '../../src/domain/entities.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { RECOVERY_CAPTCHA_ACTIONS } from '../../src/machines/recovery-email.machine.ts';
import { useRecoveryEmail } from '../../src/hooks/useRecoveryEmail.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { useClient } from '../../src/hooks/context.ts';
import { userRead } from '../../src/hooks/query/account-reads.ts';
import { useRead } from '../../src/hooks/query/useRead.ts';
import { CUSTOMER, SIGNED_OUT, USER } from './account.helpers.ts';
import { fakeClient, testEnvironment, unanswered, wrapper } from './hooks.helpers.tsx';

function setup(user: User | null | undefined, calls: Partial<ApiClient> = {}) {
  const getToken = vi.fn(async (action: string) => `tok-${action}`);
  const client = {
    setRecoveryEmail: vi.fn(async () => ({ success: true })),
    verifyRecoveryEmail: vi.fn(async () => ({ success: true })),
    user: vi.fn(unanswered),
    customer: vi.fn(unanswered),
    ...calls,
  };
  const env = testEnvironment({ captcha: { getToken } });
  const initialData: InitialData = user === undefined ? { checkout: null } : user === null ? SIGNED_OUT : { auth: { user, customer: CUSTOMER }, checkout: null };
  const hook = renderHook(() => ({ page: useRecoveryEmail(), toasts: useToasts() }), { wrapper: wrapper(fakeClient(client), env, { initialData }) });
  return { client, env, getToken, ...hook };
}

describe('useRecoveryEmail', () => {
  test('shows Loading until the user call finishes', () => {
    expect(setup(undefined).result.current.page.status).toBe('loading');
  });

  test('fetched but not logged in: a redirect to login', async () => {
    const { result, env } = setup(null);
    expect(result.current.page.status).toBe('redirect');
    await waitFor(() => expect(env.navigate).toHaveBeenCalledWith('/login.asp', { replace: true }));
  });

  test("not set: the submit reads 'Add'; saving sends the captcha token and shows the success message", async () => {
    const { result, client, getToken } = setup(USER);
    expect(result.current.page).toMatchObject({ status: 'notSet', submitLabel: 'Add', fieldLabel: 'Recovery Email', statusText: null, canVerify: false });
    act(() => result.current.page.change('backup@example.com'));
    expect(result.current.page.canSubmit).toBe(true);
    act(() => result.current.page.submit());
    expect(result.current.page).toMatchObject({ status: 'saving', busy: true, canSubmit: false });
    await waitFor(() => expect(result.current.page.status).toBe('unverified'));
    expect(getToken).toHaveBeenCalledWith(RECOVERY_CAPTCHA_ACTIONS.save);
    expect(client.setRecoveryEmail).toHaveBeenCalledWith({ token: 'tok-recovery_email', recoveryEmail: 'backup@example.com' }, expect.anything());
    expect(result.current.page).toMatchObject({ submitLabel: 'Update', statusText: 'Your recovery email is not verified', canVerify: true });
    expect(result.current.page.notice).toEqual({ tone: 'success', message: 'Recovery email updated successfully' });
  });

  test("verified: 'Recovery email verified' and the submit reads 'Update'", () => {
    const { result } = setup({ ...USER, recoveryEmail: 'b@example.com', recoveryEmailVerified: true });
    expect(result.current.page).toMatchObject({ status: 'verified', statusText: 'Recovery email verified', submitLabel: 'Update', canVerify: false });
  });

  test('Verify now sends the link, with the instructions, and a second press while in flight is ignored', async () => {
    let answer!: (v: { success: boolean }) => void;
    const { result, client } = setup(
      { ...USER, recoveryEmail: 'b@example.com', recoveryEmailVerified: false },
      { verifyRecoveryEmail: vi.fn(() => new Promise<{ success: boolean }>((r) => (answer = r))) },
    );
    act(() => result.current.page.verify());
    await waitFor(() => expect(client.verifyRecoveryEmail).toHaveBeenCalledTimes(1));
    expect(result.current.page.canVerify).toBe(false);
    act(() => result.current.page.verify());
    await act(async () => answer({ success: true }));
    expect(client.verifyRecoveryEmail).toHaveBeenCalledTimes(1);
    expect(result.current.page.notice).toEqual({ tone: 'success', message: MESSAGES.verificationSent, detail: MESSAGES.verificationInstructions });
    expect(result.current.toasts.toasts[0]).toMatchObject({ message: 'Verification link has been sent to your recovery email.', detail: MESSAGES.verificationInstructions });
  });

  test("a failure shows the server's error text as a danger notice", async () => {
    const { result } = setup(USER, { setRecoveryEmail: vi.fn(async () => { throw new Error('Email already used'); }) });
    act(() => result.current.page.change('backup@example.com'));
    act(() => result.current.page.submit());
    await waitFor(() => expect(result.current.page.notice?.tone).toBe('danger'));
    expect(result.current.page.notice?.message).toBe('Email already used');
  });

  test('Back goes one page back', () => {
    const { result, env } = setup(USER);
    act(() => result.current.page.back());
    expect(env.back).toHaveBeenCalledTimes(1);
  });

  test('a save re-renders the readers of the user with what the server answers after it', async () => {
    const saved: User = { ...USER, recoveryEmail: 'pat@pool.com' };
    let answer: User = USER;
    const client = { setRecoveryEmail: vi.fn(async () => ({ success: true })), user: vi.fn(async () => ({ user: answer })), customer: vi.fn(unanswered) };
    const env = testEnvironment({ captcha: { getToken: async () => 'tok' } });
    const { result } = renderHook(() => ({ page: useRecoveryEmail(), reader: useRead(userRead(useClient())) }), {
      wrapper: wrapper(fakeClient(client), env, { initialData: { auth: { user: USER, customer: CUSTOMER }, checkout: null } }),
    });
    await waitFor(() => expect(result.current.reader.data?.user).toEqual(USER));
    answer = saved;
    act(() => result.current.page.change('pat@pool.com'));
    act(() => result.current.page.submit());
    await waitFor(() => expect(client.setRecoveryEmail).toHaveBeenCalled());
    await waitFor(() => expect(result.current.reader.data?.user).toEqual(saved));
  });
});
