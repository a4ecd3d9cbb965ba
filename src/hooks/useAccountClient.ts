/**
 * The account client (sign-in, recovery and address-creation calls, `createAccountClient`) for
 * the hooks that need it: from {@link AccountClientProvider} when one is mounted, else a client
 * for the page's own origin, made once per provider tree (the storefront's main client also
 * uses the page's origin).
 * @module
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { createAccountClient, type AccountClient } from '../api/account-client.ts';

const AccountClientContext = createContext<AccountClient | null>(null);

let sameOrigin: AccountClient | null = null;

/**
 * Supplies the account client (another base URL, a test fake).
 * @example <AccountClientProvider client={createAccountClient({ baseUrl: 'https://shop.example' })}>...</AccountClientProvider>
 */
export function AccountClientProvider({ client, children }: { client: AccountClient; children?: ReactNode }) {
  return createElement(AccountClientContext.Provider, { value: client }, children);
}

/**
 * The account client of the nearest {@link AccountClientProvider}, else one for the page's
 * origin (created on first use, never at import).
 * @example const account = useAccountClient(); await account.logout();
 */
export function useAccountClient(): AccountClient {
  const provided = useContext(AccountClientContext);
  return useMemo(() => provided ?? (sameOrigin ??= createAccountClient({ baseUrl: '' })), [provided]);
}
