/**
 * The login state (spec sections 4 and 6) from the provider's shared auth actor: fetched flag,
 * logged in (the user call returned a user), signed in (also a non-empty customer), and the gate
 * of the pages that need a user.
 * @module
 */
import { useCallback, useSyncExternalStore } from 'react';
import { accountGate, type AccountGate } from '../domain/session.ts';
import type { Customer, User } from '../domain/entities.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';

/** What {@link useAuth} returns. */
export interface AuthApi {
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
  /** Calls the user and customer endpoints again (after signing in). */
  refresh(): void;
  /** Forgets the visitor at once, without a call (after signing out). */
  signOut(): void;
}

/**
 * The visitor's login state, shared by the whole page.
 *
 * @example
 * const { signedIn } = useAuth();
 * return signedIn ? <a href="/myaccount.asp">Manage Account</a> : <a href="/login">Sign in</a>;
 */
export function useAuth(): AuthApi {
  const { auth, authServerSnapshot } = useSharedActors();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = auth.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [auth],
  );
  // the server's login state while hydrating (useSelector would give React the live one as the
  // server snapshot: an answered user call mid-hydration made a mismatch, React error 418)
  const context = useSyncExternalStore(
    subscribe,
    () => auth.getSnapshot().context,
    () => authServerSnapshot.context,
  );
  return {
    fetched: context.fetched,
    loggedIn: context.loggedIn,
    signedIn: context.signedIn,
    user: context.user,
    customer: context.customer,
    gate: accountGate({ userLoaded: context.fetched, loggedIn: context.loggedIn }),
    refresh: () => auth.send({ type: 'auth.refresh' }),
    signOut: () => auth.send({ type: 'auth.signedOut' }),
  };
}
