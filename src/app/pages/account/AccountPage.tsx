/**
 * The account page (/myaccount.asp, 'Manage Account'): a side
 * navigation with the page's two views, Addresses (the default) and Wallet (/myaccount.asp?tab=wallet,
 * the wallet component of /wallet), and links to the orders, the addresses page, the recovery
 * email, the password change and Sign Out.
 *
 * The addresses view (cards, Edit and Add modals with the address form) and the wallet load
 * lazily, each its own chunk: the phone and postal-code rules come only with the address form.
 * 'Checking login status...' shows until the user call answers; a signed-out visitor is sent to
 * /login.asp, and comes back here after signing in.
 * @module
 */
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_LABELS, MESSAGES } from '../../../domain/account.ts';
import { ACCOUNT_PATH } from '../../../domain/chrome.ts';
import { useAuth } from '../../../hooks/useAuth.ts';
import { useSignedInGate } from '../../../hooks/useSignedInGate.ts';
import { AccountHead } from './account-head.tsx';
import { Spinner } from '../../../ui/shell/Spinner.tsx';
import '../../../ui/account/account.css';

const AddressBook = lazy(() => import('../../../ui/account/AddressBook.tsx'));
const Wallet = lazy(() => import('../../../ui/wallet/Wallet.tsx').then((m) => ({ default: m.Wallet })));

/** The views of the page and their labels. */
const VIEWS = { addresses: 'Addresses', wallet: 'Wallet' } as const;
type View = keyof typeof VIEWS;

/** The account page's own links besides its views. */
const LINKS = [
  { href: '/orders.asp', text: 'Orders' },
  { href: '/address.asp', text: 'Mailing addresses' },
  { href: '/recovery-email', text: 'Recovery email' },
  { href: '/change-password', text: 'Change password' },
  { href: '/logout', text: ACCOUNT_LABELS.signOut },
] as const;

function Account() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const view: View = params.get('tab') === 'wallet' ? 'wallet' : 'addresses';
  const gate = useSignedInGate(view === 'wallet' ? `${ACCOUNT_PATH}?tab=wallet` : ACCOUNT_PATH);
  if (gate !== 'ready') return <Spinner label={MESSAGES.checkingLogin} />;
  const name = [auth.user?.firstName, auth.user?.lastName].filter(Boolean).join(' ');
  return (
    <>
      {name && <p className="ac-lead">Hello, {name}.{auth.user?.email ? ` You sign in as ${auth.user.email}.` : ''}</p>}
      <div className="ac-layout">
        <nav className="ac-nav" aria-label="My account">
          <ul>
            {(Object.keys(VIEWS) as View[]).map((key) => (
              <li key={key}>
                <a href={key === 'wallet' ? `${ACCOUNT_PATH}?tab=wallet` : ACCOUNT_PATH} aria-current={view === key ? 'page' : undefined}>
                  {VIEWS[key]}
                </a>
              </li>
            ))}
            {LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.text}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ac-main">
          <Suspense fallback={<Spinner label={`Loading ${VIEWS[view].toLowerCase()}`} />}>
            {view === 'wallet' ? (
              <section className="ac-section" aria-labelledby="ac-wallet-heading">
                <h2 id="ac-wallet-heading">{VIEWS.wallet}</h2>
                <Wallet />
              </section>
            ) : (
              <AddressBook heading={VIEWS.addresses} />
            )}
          </Suspense>
        </div>
      </div>
    </>
  );
}

/**
 * The account route.
 * @example <Route path="/myaccount.asp" element={<AccountPage />} />
 */
export default function AccountPage() {
  return (
    <div className="container ac-page">
      <AccountHead title={ACCOUNT_LABELS.manageAccount} canonicalPath={ACCOUNT_PATH} crumbs={[{ title: 'My account' }]} />
      <Account />
    </div>
  );
}
