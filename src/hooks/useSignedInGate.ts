/**
 * The gate of the account pages (account pages need a logged-in user, else the
 * visitor goes to /login.asp): 'loading' until the user call answers, then 'ready', or
 * 'redirect' after sending the visitor to the login page with the page to come back to.
 * @module
 */
import { useEffect } from 'react';
import { LOGIN_PATH, type AccountGate } from '../domain/session.ts';
import { withReturnPath } from '../domain/sign-in.ts';
import { useEnvironment } from './context.ts';
import { useAuth } from './useAuth.ts';

/**
 * The login gate of a page at `path` (the redirect replaces the history entry, so Back after
 * signing in does not land on a page that redirects again).
 * @example
 * const gate = useSignedInGate('/myaccount.asp');
 * if (gate !== 'ready') return <Spinner label="Checking login status..." />;
 */
export function useSignedInGate(path: string): AccountGate {
  const { gate } = useAuth();
  const environment = useEnvironment();
  useEffect(() => {
    if (gate === 'redirect') environment.navigate(withReturnPath(LOGIN_PATH, path), { replace: true });
  }, [gate, environment, path]);
  return gate;
}
