/**
 * What the login state shows, from a snapshot of the shared auth machine: a pure function, tested
 * without React; `useAuth` returns it with the refresh and sign-out events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { Customer, User } from '../domain/entities.ts';
import { accountGate, type AccountGate } from '../domain/session.ts';
import type { authMachine } from './auth.machine.ts';

/** What the login state shows. */
export interface AuthView {
  /** True once the user call has answered, success or failure. */
  fetched: boolean;
  /** The user call returned a user. */
  loggedIn: boolean;
  /** Logged in, or a non-empty customer object. */
  signedIn: boolean;
  user: User | null;
  /** The customer ({} when signed out), or null until its call answers. */
  customer: Customer | null;
  /** 'loading' until fetched, then 'ready' or 'redirect' (to /login.asp). */
  gate: AccountGate;
}

/**
 * The view of a snapshot (the hydrating page gives the server's snapshot, so both agree).
 * @example connectAuth(auth.getSnapshot()).signedIn; // false
 */
export function connectAuth(snapshot: Pick<SnapshotFrom<typeof authMachine>, 'context'>): AuthView {
  const c = snapshot.context;
  return {
    fetched: c.fetched,
    loggedIn: c.loggedIn,
    signedIn: c.signedIn,
    user: c.user,
    customer: c.customer,
    gate: accountGate({ userLoaded: c.fetched, loggedIn: c.loggedIn }),
  };
}
