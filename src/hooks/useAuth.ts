/**
 * The login state from the provider's shared auth actor: fetched flag, logged in (the user call
 * returned a user), signed in (also a non-empty customer), and the gate of the pages that need a
 * user.
 * @module
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { connectAuth, type AuthView } from '../machines/auth.connect.ts';
import { lastView } from './same-view.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';

/** What {@link useAuth} returns: the login state and its events. */
export interface AuthApi extends AuthView {
  /** Calls the user and customer endpoints again (after signing in). */
  refresh(): void;
  /** Forgets the visitor at once, without a call (after signing out). */
  signOut(): void;
}

/**
 * The visitor's login state, shared by the whole page.
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
  const viewOf = useMemo(() => lastView(connectAuth), []);
  // the server's login state while hydrating (the live one as the server snapshot: an answered
  // user call mid-hydration made a mismatch, React error 418)
  const view = useSyncExternalStore(subscribe, () => viewOf(auth.getSnapshot()), () => viewOf(authServerSnapshot));
  return { ...view, refresh: () => auth.send({ type: 'auth.refresh' }), signOut: () => auth.send({ type: 'auth.signedOut' }) };
}
