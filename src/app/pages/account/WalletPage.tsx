/**
 * The wallet page (/wallet): the SEO title and canonical URL, breadcrumbs
 * Home > My account > Wallet, the heading and the wallet itself (src/ui/wallet), which shows
 * 'Checking login status...' until the user call answers and sends a signed-out visitor to
 * /login.asp, to come back here after signing in.
 * @module
 */
import { useLocation } from 'react-router-dom';
import { ACCOUNT_PATH } from '../../../domain/chrome.ts';
import { AccountHead } from './account-head.tsx';
import { Wallet } from '../../../ui/wallet/Wallet.tsx';

/** The page's heading. */
export const WALLET_HEADING = 'Wallet';

const PATH = '/wallet';

/**
 * The /wallet route.
 * @example <Route path="/wallet" element={<WalletPage />} />
 */
export default function WalletPage() {
  const { pathname, search } = useLocation();
  return (
    <div className="container account-page">
      <AccountHead title={WALLET_HEADING} canonicalPath={PATH} crumbs={[{ title: 'My account', url: ACCOUNT_PATH }, { title: WALLET_HEADING }]} />
      <Wallet returnPath={pathname + search} />
    </div>
  );
}
