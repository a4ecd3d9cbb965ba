/** The sign-in and recovery pages (AuthPage) over a fake account client. */
import { StrictMode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AccountClient } from '../../src/api/account-client.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { CustomerResponse } from '../../src/api/types.ts';
import type { Customer, User } from '../../src/domain/entities.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { SIGN_IN_TEXT } from '../../src/domain/sign-in.ts';
import { AccountClientProvider } from '../../src/hooks/useAccountClient.ts';
import AuthPage from '../../src/app/pages/account/AuthPage.tsx';
import { fakeClient, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';
import { renderAt } from './pages.helpers.tsx';

const ANN: User = { id: 1, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false };

function fakeAccount(calls: Partial<AccountClient>): AccountClient {
  return new Proxy(calls as AccountClient, {
    get: (target, key: string) => (key in target ? target[key as keyof AccountClient] : () => Promise.reject(new Error(`no '${key}'`))),
  });
}

const serverSays = (message: string, status = 400) => new ApiError('Something went wrong. Please try again.', { kind: 'http', status, serverMessage: message });

function mount(url: string, account: AccountClient, { client = fakeClient(), environment = testEnvironment(), signedIn = false } = {}) {
  const customer: Customer = signedIn ? { id: 1, MailingAddresses: [] } : {};
  const initialData: InitialData = { auth: { user: signedIn ? ANN : null, customer }, checkout: null };
  const path = new URL(url, 'http://x').pathname;
  renderAt(
    <AccountClientProvider client={account}>
      <AuthPage />
    </AccountClientProvider>,
    { url, path, client, environment, options: { initialData } },
  );
  return { environment };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(cleanup);

describe('sign-in pages', () => {
  test('a failed sign-in shows the server message, keeps what was typed and moves focus to it', async () => {
    const login = vi.fn(async () => {
      throw serverSays('Invalid email or password.', 401);
    });
    mount('/login.asp', fakeAccount({ login }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(document.title).toBe('Sign in - Skimmer');
    type('Email', 'ann@example.com');
    type('Password', 'not my password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password.');
    expect(document.activeElement).toBe(alert);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('not my password');
  });

  test('problems show beside their fields before any call, and focus goes to the first', () => {
    const register = vi.fn();
    mount('/register', fakeAccount({ register }));
    type('First Name', 'Ann');
    type('Email', 'ann-at-example');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(register).not.toHaveBeenCalled();
    const last = screen.getByLabelText('Last Name');
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(last);
    expect(screen.getByText(SIGN_IN_TEXT.lastNameRequired).id).toBe(last.getAttribute('aria-describedby'));
    expect(screen.getByText(SIGN_IN_TEXT.emailInvalid)).toBeTruthy();
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ann');
  });

  test('signing in refreshes the login state and returns to the page in returnTo', async () => {
    const login = vi.fn(async () => ({ user: ANN }));
    let signedIn = false;
    const client = fakeClient({
      user: vi.fn(async () => ({ user: signedIn ? ANN : null })),
      customer: vi.fn(async (): Promise<CustomerResponse> => ({ customer: signedIn ? { id: 1, MailingAddresses: [] } : {} })),
      getCheckout: vi.fn(async () => ({ checkout: null })),
    });
    login.mockImplementation(async () => {
      signedIn = true;
      return { user: ANN };
    });
    const { environment } = mount('/login?returnTo=%2Fshoppingcart.asp', fakeAccount({ login }), { client });
    type('Email', 'ann@example.com');
    type('Password', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/shoppingcart.asp', { replace: true }));
    expect(login).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'correct horse battery' }, expect.anything());
  });

  test('a returnTo to another site is ignored', () => {
    mount('/login?returnTo=%2F%2Fevil.example', fakeAccount({}));
    expect(screen.getByRole('link', { name: SIGN_IN_TEXT.noAccount }).getAttribute('href')).toBe('/register');
  });

  test('the reset request says the same whatever the address, and offers sign-in', async () => {
    const requestPasswordReset = vi.fn(async () => ({ success: true }));
    mount('/reset-password', fakeAccount({ requestPasswordReset }));
    type('Email', 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(SIGN_IN_TEXT.success['reset-request']);
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: 'nobody@example.com' }, expect.anything());
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  test('an emailed reset link sets the new password with its token', async () => {
    const resetPassword = vi.fn(async () => ({ success: true }));
    mount('/reset-password?token=tok123', fakeAccount({ resetPassword }));
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    type('New Password', 'a brand new password');
    type('Confirm Password', 'a brand new password');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByText(SIGN_IN_TEXT.success['reset-password']);
    expect(resetPassword).toHaveBeenCalledWith({ token: 'tok123', password: 'a brand new password' }, expect.anything());
  });

  test('change password sends a signed-out visitor to the login page, to come back', async () => {
    const { environment } = mount('/change-password', fakeAccount({}));
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/login.asp?returnTo=%2Fchange-password', { replace: true }));
  });

  test('a wrong current password shows beside its field', async () => {
    const changePassword = vi.fn(async () => {
      throw serverSays('Current password is incorrect.');
    });
    mount('/change-password', fakeAccount({ changePassword }), { signedIn: true });
    type('Current Password', 'wrong');
    type('New Password', 'a brand new password');
    type('Confirm Password', 'a brand new password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Current password is incorrect.');
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('New Password') as HTMLInputElement).value).toBe('a brand new password');
  });

  test('sign-out calls the server once under StrictMode and forgets the visitor', async () => {
    const logout = vi.fn(async () => ({ success: true }));
    const Wrapper = wrapper(fakeClient({ getCheckout: vi.fn(async () => ({ checkout: null })) }), testEnvironment(), {
      initialData: { auth: { user: ANN, customer: { id: 1, MailingAddresses: [] } }, checkout: null },
    });
    render(
      <StrictMode>
        <Wrapper>
          <AccountClientProvider client={fakeAccount({ logout })}>
            <MemoryRouter initialEntries={['/logout']}>
              <Routes>
                <Route path="/logout" element={<AuthPage />} />
              </Routes>
            </MemoryRouter>
          </AccountClientProvider>
        </Wrapper>
      </StrictMode>,
    );
    expect(await screen.findByText(SIGN_IN_TEXT.success.logout)).toBeTruthy();
    await act(async () => {});
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login.asp');
  });

  test('a verification link is used once, and a spent one says so', async () => {
    const finishVerification = vi.fn(async () => {
      throw serverSays('This link is invalid or has expired.');
    });
    mount('/verify-account?token=spent', fakeAccount({ finishVerification }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired.');
    expect(finishVerification).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: SIGN_IN_TEXT.requestNewLink }).getAttribute('href')).toBe('/start-verification');
  });

  test('an unknown path of the module is the not-found page', () => {
    renderAt(<AuthPage />, { url: '/nope', path: '/nope' });
    expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeTruthy();
  });
});
