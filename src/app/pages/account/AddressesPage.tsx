/**
 * The customer's mailing addresses (/address.asp): the address book of the
 * account page (cards titled 'Default Address' or 'Mailing Address' with Edit and Delete, the
 * Edit and Add modals, 'Account has no addresses.'), on its own page. The address book loads
 * lazily with the address rules; a signed-out visitor is sent to /login.asp and comes back here.
 * @module
 */
import { lazy, Suspense } from 'react';
import { MESSAGES } from '../../../domain/account.ts';
import { ACCOUNT_PATH } from '../../../domain/chrome.ts';
import { useSignedInGate } from '../../../hooks/useSignedInGate.ts';
import { AccountHead } from './account-head.tsx';
import { Spinner } from '../../../ui/shell/Spinner.tsx';
import '../../../ui/account/account.css';

const AddressBook = lazy(() => import('../../../ui/account/AddressBook.tsx'));

const PATH = '/address.asp';
const TITLE = 'Mailing addresses';

function Addresses() {
  const gate = useSignedInGate(PATH);
  if (gate !== 'ready') return <Spinner label={MESSAGES.checkingLogin} />;
  return (
    <Suspense fallback={<Spinner label="Loading addresses" />}>
      <AddressBook heading="Your addresses" />
    </Suspense>
  );
}

/**
 * The addresses route.
 * @example <Route path="/address.asp" element={<AddressesPage />} />
 */
export default function AddressesPage() {
  return (
    <div className="container ac-page">
      <AccountHead title={TITLE} canonicalPath={PATH} crumbs={[{ title: 'My account', url: ACCOUNT_PATH }, { title: TITLE }]} />
      <Addresses />
      <p>
        <a href={ACCOUNT_PATH}>Back to my account</a>
      </p>
    </div>
  );
}
