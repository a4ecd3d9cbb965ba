/**
 * The sign-in and address-creation calls of the reference server, which the spec's call list
 * leaves out (it names the routes /login, /register ... but not their calls):
 *
 * | function | call | answer |
 * |---|---|---|
 * | `login` | POST /api/auth/login {email, password} | { user } and the session cookie |
 * | `register` | POST /api/auth/register {email, password, firstName, lastName} | { success } |
 * | `logout` | POST /api/auth/logout {} | { success } |
 * | `changePassword` | POST /api/auth/change-password {currentPassword, newPassword} | { success } |
 * | `requestPasswordReset` | POST /api/auth/reset-password/request {email} | { success } |
 * | `resetPassword` | POST /api/auth/reset-password {token, password} | { success } |
 * | `recoverAccount` | POST /api/auth/recover-account {email} | { success } |
 * | `startVerification` | POST /api/auth/verification/start {} | { success } |
 * | `finishVerification` | POST /api/auth/verification/finish {token} | { success } |
 * | `createMailingAddress` | POST /api/mailingAddresses {fields, countryCode, stateCode, makeDefault} | { mailingAddress } |
 *
 * A separate client beside `createClient` (same options, same response and error rules, sent
 * once, never retried: a sign-in must not be replayed behind the shopper's back), so the main
 * client's interface stays the spec's list of calls.
 * @module
 */
import ky, { type KyInstance } from 'ky';
import type { User, MailingAddress } from '../domain/entities.ts';
import type { CallOptions, ClientOptions, FetchLike } from './client.ts';
import { DEFAULT_TIMEOUT_MS } from './client.ts';
import { readResponse } from './response.ts';
import { NO_RETRY, toCallError } from './retry.ts';

/** `{ success }` of the sign-in calls. */
export interface AccountSuccess {
  success: boolean;
}

/** The body of a new mailing address: the address fields, countryCode, stateCode and makeDefault. */
export interface NewMailingAddress {
  firstName?: string;
  lastName?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  zip?: string;
  phone?: string;
  countryCode?: string;
  stateCode?: string;
  makeDefault: boolean;
}

/** The sign-in, recovery and address-creation calls. Every function rejects with an `ApiError`. */
export interface AccountClient {
  login(body: { email: string; password: string }, call?: CallOptions): Promise<{ user?: User | null }>;
  register(body: { email: string; password: string; firstName: string; lastName: string }, call?: CallOptions): Promise<AccountSuccess>;
  logout(call?: CallOptions): Promise<AccountSuccess>;
  changePassword(body: { currentPassword: string; newPassword: string }, call?: CallOptions): Promise<AccountSuccess>;
  requestPasswordReset(body: { email: string }, call?: CallOptions): Promise<AccountSuccess>;
  resetPassword(body: { token: string; password: string }, call?: CallOptions): Promise<AccountSuccess>;
  recoverAccount(body: { email: string }, call?: CallOptions): Promise<AccountSuccess>;
  startVerification(call?: CallOptions): Promise<AccountSuccess>;
  finishVerification(body: { token: string }, call?: CallOptions): Promise<AccountSuccess>;
  createMailingAddress(body: NewMailingAddress, call?: CallOptions): Promise<{ mailingAddress?: MailingAddress | null }>;
}

/**
 * Creates the account client with the options of `createClient` (base URL, fetch, headers, ky
 * hooks, credentials, timeout).
 *
 * @example
 * const account = createAccountClient({ baseUrl: '' });
 * const { user } = await account.login({ email, password });
 */
export function createAccountClient(options: ClientOptions): AccountClient {
  const http: KyInstance = ky.create({
    fetch: (input, init) => {
      const fetchFn: FetchLike = options.fetch ?? globalThis.fetch.bind(globalThis);
      return fetchFn(input as Request, init);
    },
    hooks: options.hooks ?? {},
    credentials: options.credentials ?? 'include',
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    throwHttpErrors: false,
    retry: NO_RETRY,
  });

  async function post<T>(path: string, json: unknown, call?: CallOptions): Promise<T> {
    try {
      const headers = new Headers(options.headers);
      headers.set('Accept', 'application/json');
      headers.set('Content-Type', 'application/json');
      const response = await http(options.baseUrl.replace(/\/+$/, '') + path, {
        method: 'POST',
        headers,
        body: JSON.stringify(json),
        retry: NO_RETRY,
        signal: call?.signal,
      });
      return (await readResponse(response)) as T;
    } catch (error) {
      throw toCallError(error);
    }
  }

  return {
    login: (body, call) => post('/api/auth/login', body, call),
    register: (body, call) => post('/api/auth/register', body, call),
    logout: (call) => post('/api/auth/logout', {}, call),
    changePassword: (body, call) => post('/api/auth/change-password', body, call),
    requestPasswordReset: (body, call) => post('/api/auth/reset-password/request', body, call),
    resetPassword: (body, call) => post('/api/auth/reset-password', body, call),
    recoverAccount: (body, call) => post('/api/auth/recover-account', body, call),
    startVerification: (call) => post('/api/auth/verification/start', {}, call),
    finishVerification: (body, call) => post('/api/auth/verification/finish', body, call),
    createMailingAddress: (body, call) => post('/api/mailingAddresses', body, call),
  };
}
