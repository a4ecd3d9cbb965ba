/**
 * The wallet page (/wallet; spec section 2): breadcrumbs Home > My account > Wallet, the heading
 * and the wallet itself (src/ui/wallet), which shows 'Checking login status...' until the user
 * call answers and sends a signed-out visitor to /login.asp.
 * @module
 */
import { pageTitle } from '../../../domain/product-page.ts';
import { useStoreConfig } from '../../../hooks/SkimmerProvider.tsx';
import { Breadcrumbs } from '../../../ui/shell/Breadcrumbs.tsx';
import { Wallet } from '../../../ui/wallet/Wallet.tsx';
import { useDocumentTitle } from '../page-kit.tsx';

/** The page's heading. */
export const WALLET_HEADING = 'Wallet';

/**
 * The /wallet route.
 * @example <Route path="/wallet" element={<WalletPage />} />
 */
export default function WalletPage() {
  const store = useStoreConfig();
  useDocumentTitle(pageTitle(WALLET_HEADING, store.storeName));
  return (
    <div className="container account-page">
      <Breadcrumbs items={[{ title: 'My account', url: '/myaccount.asp' }, { title: WALLET_HEADING }]} />
      <h1>{WALLET_HEADING}</h1>
      <Wallet />
    </div>
  );
}
