/**
 * The sign-in and account-recovery pages: /login and /login.asp, /register,
 * /logout, /change-password, /reset-password (the request form, or the new-password form of an
 * emailed link), /recover-account, /start-verification and /verify-account (an emailed link),
 * one module branching on the path.
 *
 * After signing in (or registering, which signs in a new account) the shopper goes back to where
 * they were: the `returnTo` parameter when it is a path of this site, else the previous page of
 * this visit, else the account page. Signed-out visitors of /change-password and
 * /start-verification are sent to /login.asp with the page to come back to.
 * @module
 */
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ACCOUNT_LABELS, LOGIN_PATH, MESSAGES } from '../../../domain/account.ts';
import { ACCOUNT_PATH } from '../../../domain/chrome.ts';
import {
  RETURN_PARAM,
  SIGN_IN_TEXT,
  flowNeedsSignIn,
  linkToken,
  returnPathFrom,
  safeReturnPath,
  signInFlow,
  withReturnPath,
  type SignInFlow,
} from '../../../domain/sign-in.ts';
import { useAuth } from '../../../hooks/useAuth.ts';
import { useSignedInGate } from '../../../hooks/useSignedInGate.ts';
import { useSignIn, type SignInReturn } from '../../../hooks/useSignIn.ts';
import { AccountHead } from './account-head.tsx';
import { SignInForm } from '../../../ui/account/SignInForm.tsx';
import { Spinner } from '../../../ui/shell/Spinner.tsx';
import '../../../ui/account/account.css';
import NotFound from '../../NotFound.tsx';

/** The canonical path of a flow's page. */
const FLOW_PATH: Record<SignInFlow, string> = {
  login: '/login',
  register: '/register',
  logout: '/logout',
  'change-password': '/change-password',
  'reset-request': '/reset-password',
  'reset-password': '/reset-password',
  'recover-account': '/recover-account',
  'start-verification': '/start-verification',
  'verify-account': '/verify-account',
};

/** Where a sign-in returns: `returnTo`, else one page back when this visit has one, else the account page. */
function signInReturn(search: string): SignInReturn {
  if (safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM))) return returnPathFrom(search);
  const idx = typeof window === 'undefined' ? 0 : (window.history.state as { idx?: number } | null)?.idx;
  return typeof idx === 'number' && idx > 0 ? 'back' : ACCOUNT_PATH;
}

function Links({ flow, returnTo, signedIn }: { flow: SignInFlow; returnTo: string | null; signedIn: boolean }) {
  const login = withReturnPath(LOGIN_PATH, returnTo);
  switch (flow) {
    case 'login':
      return (
        <>
          <a href="/reset-password">{SIGN_IN_TEXT.forgotPassword}</a>
          <a href="/recover-account">{SIGN_IN_TEXT.forgotEmail}</a>
          <a href={withReturnPath('/register', returnTo)}>{SIGN_IN_TEXT.noAccount}</a>
        </>
      );
    case 'register':
      return <a href={login}>{SIGN_IN_TEXT.haveAccount}</a>;
    case 'reset-request':
    case 'recover-account':
    case 'reset-password':
      return <a href={login}>{SIGN_IN_TEXT.signInLink}</a>;
    default:
      return signedIn ? <a href={ACCOUNT_PATH}>{SIGN_IN_TEXT.backToAccount}</a> : null;
  }
}

function After({ flow, returnTo, signedIn }: { flow: SignInFlow; returnTo: string | null; signedIn: boolean }) {
  const login = withReturnPath(LOGIN_PATH, returnTo);
  const items: { href: string; text: string }[] = [];
  if (flow === 'logout') items.push({ href: '/', text: SIGN_IN_TEXT.continueShopping }, { href: LOGIN_PATH, text: SIGN_IN_TEXT.signInLink });
  else if (flow === 'reset-password') items.push({ href: login, text: SIGN_IN_TEXT.signInLink }, { href: '/reset-password', text: SIGN_IN_TEXT.requestNewLink });
  else if (flow === 'verify-account') items.push(signedIn ? { href: ACCOUNT_PATH, text: SIGN_IN_TEXT.backToAccount } : { href: login, text: SIGN_IN_TEXT.signInLink }, { href: '/start-verification', text: SIGN_IN_TEXT.requestNewLink });
  else if (flow === 'register' || flow === 'reset-request' || flow === 'recover-account') items.push({ href: login, text: SIGN_IN_TEXT.signInLink });
  else if (signedIn) items.push({ href: ACCOUNT_PATH, text: SIGN_IN_TEXT.backToAccount });
  else items.push({ href: '/', text: SIGN_IN_TEXT.continueShopping });
  return (
    <ul className="ac-links">
      {items.map((item) => (
        <li key={item.href + item.text}>
          <a href={item.href}>{item.text}</a>
        </li>
      ))}
    </ul>
  );
}

function Flow({ flow, token, search }: { flow: SignInFlow; token: string; search: string }) {
  const auth = useAuth();
  const returnTo = useMemo(() => signInReturn(search), [search]);
  const form = useSignIn(flow, { token, returnTo });
  const returnParam = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
  const alreadyIn = (flow === 'login' || flow === 'register') && form.status === 'editing' && auth.loggedIn;
  return alreadyIn ? (
    <div className="ac-card-form">
      <p role="status">
        You are signed in{auth.user?.firstName ? ` as ${auth.user.firstName} ${auth.user.lastName}` : ''}.
      </p>
      <ul className="ac-links">
        <li>
          <a href={ACCOUNT_PATH}>{ACCOUNT_LABELS.manageAccount}</a>
        </li>
        <li>
          <a href="/logout">{ACCOUNT_LABELS.signOut}</a>
        </li>
      </ul>
    </div>
  ) : (
    <SignInForm
      form={form}
      links={<Links flow={flow} returnTo={returnParam} signedIn={auth.loggedIn} />}
      after={<After flow={flow} returnTo={returnParam} signedIn={auth.loggedIn} />}
    />
  );
}

/** The flows that need a signed-in visitor wait for the login state, then send others to sign in. */
function Gated({ path, children }: { path: string; children: ReactNode }) {
  const gate = useSignedInGate(path);
  return gate === 'ready' ? <>{children}</> : <Spinner label={MESSAGES.checkingLogin} />;
}

/**
 * The sign-in routes.
 * @example <Route path="/login" element={<AuthPage />} />
 */
export default function AuthPage() {
  const location = useLocation();
  const flow = signInFlow(location.pathname, location.search);
  if (!flow) return <NotFound />;
  const title = SIGN_IN_TEXT.titles[flow];
  const token = linkToken(location.search);
  return (
    <div className="container ac-page ac-auth">
      <AccountHead title={title} canonicalPath={FLOW_PATH[flow]} crumbs={[{ title: 'My account', url: ACCOUNT_PATH }, { title }]} />
      {/* a new path or link is a new form */}
      {flowNeedsSignIn(flow) ? (
        <Gated path={location.pathname}>
          <Flow key={location.pathname + location.search} flow={flow} token={token} search={location.search} />
        </Gated>
      ) : (
        <Flow key={location.pathname + location.search} flow={flow} token={token} search={location.search} />
      )}
    </div>
  );
}
