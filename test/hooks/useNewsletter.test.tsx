import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '../../src/api/errors.ts';
import { MESSAGES } from '../../src/domain/account.ts';
import { NEWSLETTER_CAPTCHA_ACTION } from '../../src/machines/newsletter.machine.ts';
import { useNewsletter } from '../../src/hooks/useNewsletter.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

function setup(subscribe: (email: string, token: string) => Promise<{ success: boolean }>, getToken = vi.fn(async () => 'tok')) {
  const client = fakeClient({ subscribe: vi.fn(subscribe) });
  const hook = renderHook(() => ({ form: useNewsletter(), toasts: useToasts() }), {
    wrapper: wrapper(client, testEnvironment({ captcha: { getToken } })),
  });
  return { client, getToken, ...hook };
}

describe('useNewsletter', () => {
  test('a bad email shows the local message and makes no call', () => {
    const { result, client } = setup(async () => ({ success: true }));
    act(() => result.current.form.setEmail('not-an-email'));
    act(() => result.current.form.submit());
    expect(result.current.form).toMatchObject({ status: 'invalid', message: 'Invalid subscription request.', tone: 'danger' });
    expect(client.subscribe).not.toHaveBeenCalled();
  });

  test('submitting shows its message and disables the button; success shows the confirmation and a toast', async () => {
    let answer!: (v: { success: boolean }) => void;
    const { result, client, getToken } = setup(() => new Promise((r) => (answer = r)));
    act(() => result.current.form.setEmail('ann@example.com'));
    expect(result.current.form.canSubmit).toBe(true);
    act(() => result.current.form.submit());
    await waitFor(() => expect(client.subscribe).toHaveBeenCalledWith('ann@example.com', 'tok', expect.anything()));
    expect(result.current.form).toMatchObject({ status: 'submitting', message: 'Submitting request...', canSubmit: false });
    expect(getToken).toHaveBeenCalledWith(NEWSLETTER_CAPTCHA_ACTION);
    await act(async () => answer({ success: true }));
    expect(result.current.form).toMatchObject({ status: 'success', message: 'Please check your email to confirm.', tone: 'success' });
    expect(result.current.toasts.toasts.map((t) => t.message)).toEqual(['Please check your email to confirm.']);
  });

  test.each([
    ['the server error', new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 400, serverMessage: 'Already subscribed' }), 'Error: Already subscribed'],
    ['an exception', new Error('Network down'), 'Error: Network down'],
  ])("a failure shows 'Error: {message}' from %s", async (_, error, text) => {
    const { result } = setup(async () => {
      throw error;
    });
    act(() => result.current.form.setEmail('ann@example.com'));
    act(() => result.current.form.submit());
    await waitFor(() => expect(result.current.form.status).toBe('error'));
    expect(result.current.form).toMatchObject({ message: text, tone: 'danger' });
  });

  test('a missing reCAPTCHA fails the submission with its message, without a call', async () => {
    const getToken = vi.fn(async () => {
      throw new Error(MESSAGES.captchaNotLoaded);
    });
    const { result, client } = setup(async () => ({ success: true }), getToken);
    act(() => result.current.form.setEmail('ann@example.com'));
    act(() => result.current.form.submit());
    await waitFor(() => expect(result.current.form.status).toBe('error'));
    expect(result.current.form.message).toContain(MESSAGES.captchaNotLoaded);
    expect(client.subscribe).not.toHaveBeenCalled();
  });
});
