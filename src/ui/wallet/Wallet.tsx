/**
 * The wallet: 'Checking login
 * status...' until the user call answers (a signed-out visitor is sent to /login.asp by the
 * hook), then two tabs, 'Payment methods' (default) and 'Transaction History'. Each method shows
 * brand, last4, expiry and billing address with Edit address and Delete (gift cards cannot be
 * deleted); Delete asks 'Are you sure you want to delete this payment method?'; the address modal
 * lists the account's saved addresses read-only and enables Save Changes once one is chosen;
 * Add payment method opens the server's hosted form in a 600x400 popup and the list reloads when
 * it closes. The history filters by displayable id and shows status badges.
 *
 * Everything shown comes from `useWallet`; the messages also arrive as toasts. Used by the
 * /wallet page and embedded (lazily) in the account page.
 * @module
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ACCOUNT_LABELS, cardExpiry, MESSAGES, transactionBadge, transactionGateway } from '../../domain/account.ts';
import { addressLine, addressLines, printableBillingAddress, printableMailingAddress } from '../../domain/address-format.ts';
import type { PaymentMethod } from '../../domain/entities.ts';
import { formatPrice } from '../../domain/money.ts';
import { tabIndexAfterKey } from '../../domain/tabs.ts';
import { useWallet, type WalletApi } from '../../hooks/useWallet.ts';
import type { WalletTab } from '../../machines/wallet.machine.ts';
import { Modal } from '../shell/Modal.tsx';
import { LoadingLine } from '../orders/LoadingLine.tsx';
import './wallet.css';

/** Texts of the wallet that the spec leaves to us. */
export const WALLET_TEXT = {
  addMethod: 'Add payment method',
  adding: 'Complete the form in the payment window. This list reloads when you close it.',
  editAddress: 'Edit billing address',
  delete: 'Delete',
  deleteTitle: 'Delete payment method',
  addressTitle: 'Edit billing address',
  saveChanges: 'Save Changes',
  chooseAddress: 'Choose one of your saved addresses',
  currentAddress: 'Current billing address',
  noBillingAddress: 'No billing address on file',
  expires: 'Expires',
  giftCard: 'Gift card',
  giftCardCredit: 'Credit',
  loadingMethods: 'Loading payment methods...',
  loadingTransactions: 'Loading transactions...',
  filterLabel: 'Filter by transaction ID',
  filter: 'Filter',
  clear: 'Clear',
  redirecting: 'Redirecting to sign in...',
} as const;

const TABS: { id: WalletTab; label: string }[] = [
  { id: 'paymentMethods', label: ACCOUNT_LABELS.paymentMethodsTab },
  { id: 'transactions', label: ACCOUNT_LABELS.transactionHistoryTab },
];

function cardTitle(m: PaymentMethod): string {
  return m.isGiftCard ? `${WALLET_TEXT.giftCard} •••• ${m.last4}` : `${m.brand} •••• ${m.last4}`;
}

function Tabs({ wallet, ids }: { wallet: WalletApi; ids: Record<WalletTab, { tab: string; panel: string }> }) {
  const refs = useRef<Partial<Record<WalletTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexAfterKey(event.key, TABS.findIndex((t) => t.id === wallet.tab), TABS.length);
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    wallet.selectTab(tab.id);
    refs.current[tab.id]?.focus();
  };
  return (
    <div role="tablist" aria-label="Wallet" className="wallet-tabs" onKeyDown={onKeyDown}>
      {TABS.map((t) => (
        <button
          key={t.id}
          ref={(el) => {
            refs.current[t.id] = el;
          }}
          type="button"
          role="tab"
          id={ids[t.id].tab}
          aria-selected={wallet.tab === t.id}
          aria-controls={ids[t.id].panel}
          tabIndex={wallet.tab === t.id ? 0 : -1}
          className="wallet-tab"
          onClick={() => wallet.selectTab(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

function MethodCard({ method, wallet }: { method: PaymentMethod & { canDelete: boolean }; wallet: WalletApi }) {
  const title = cardTitle(method);
  return (
    <li className="wallet-card">
      <div className="wallet-card-head">
        <span className="wallet-brand">{method.isGiftCard ? WALLET_TEXT.giftCard : method.brand}</span>
        <span className="wallet-last4"><span aria-hidden="true">•••• </span><span className="visually-hidden">ending in </span>{method.last4}</span>
      </div>
      <dl className="wallet-card-details">
        <div>
          <dt>{WALLET_TEXT.expires}</dt>
          <dd>{cardExpiry(method.expMonth, method.expYear)}</dd>
        </div>
        {method.name && (
          <div>
            <dt>Name</dt>
            <dd>{method.name}</dd>
          </div>
        )}
        {method.isGiftCard && method.giftCardCredit !== null && (
          <div>
            <dt>{WALLET_TEXT.giftCardCredit}</dt>
            <dd>
              {formatPrice(method.giftCardCredit)}
              {method.giftCardCurrency ? ` ${method.giftCardCurrency}` : ''}
            </dd>
          </div>
        )}
        <div>
          <dt>Billing address</dt>
          <dd>
            {method.billingAddress ? (
              <address>
                {addressLines(printableBillingAddress(method.billingAddress)).map((line, i) => (
                  <span key={i} className="wallet-line">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              WALLET_TEXT.noBillingAddress
            )}
          </dd>
        </div>
      </dl>
      <div className="wallet-card-actions">
        <button type="button" className="button button-secondary" onClick={() => wallet.editAddress(method.id)} aria-label={`${WALLET_TEXT.editAddress} of ${title}`}>
          {WALLET_TEXT.editAddress}
        </button>
        {method.canDelete && (
          <button type="button" className="button button-danger" onClick={() => wallet.askDelete(method.id)} aria-label={`${WALLET_TEXT.delete} ${title}`}>
            {WALLET_TEXT.delete}
          </button>
        )}
      </div>
    </li>
  );
}

function MethodsPanel({ wallet }: { wallet: WalletApi }) {
  return (
    <>
      <div className="wallet-toolbar">
        <button type="button" className="button" onClick={wallet.addMethod} disabled={wallet.adding}>
          {WALLET_TEXT.addMethod}
        </button>
        {wallet.adding && (
          <p className="wallet-hint" role="status">
            {WALLET_TEXT.adding}
          </p>
        )}
      </div>
      {wallet.methodsStatus === 'loading' && <LoadingLine text={WALLET_TEXT.loadingMethods} />}
      {wallet.methodsEmptyText && <p className="wallet-empty">{wallet.methodsEmptyText}</p>}
      {wallet.paymentMethods.length > 0 && wallet.methodsStatus !== 'loading' && (
        <ul className="wallet-cards" aria-label={ACCOUNT_LABELS.paymentMethodsTab}>
          {wallet.paymentMethods.map((m) => (
            <MethodCard key={m.id} method={m} wallet={wallet} />
          ))}
        </ul>
      )}
    </>
  );
}

function TransactionsPanel({ wallet }: { wallet: WalletApi }) {
  const [filter, setFilter] = useState('');
  const id = useId();
  return (
    <>
      <form
        role="search"
        className="wallet-filter"
        onSubmit={(e) => {
          e.preventDefault();
          wallet.filterTransactions(filter);
        }}
      >
        <label htmlFor={id}>{WALLET_TEXT.filterLabel}</label>
        <div className="wallet-filter-row">
          <input id={id} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} autoComplete="off" />
          <button type="submit" className="button">
            {WALLET_TEXT.filter}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={filter === ''}
            onClick={() => {
              setFilter('');
              wallet.filterTransactions('');
            }}
          >
            {WALLET_TEXT.clear}
          </button>
        </div>
      </form>
      {wallet.transactionsStatus === 'loading' && <LoadingLine text={WALLET_TEXT.loadingTransactions} />}
      {wallet.transactionsEmptyText && <p className="wallet-empty">{wallet.transactionsEmptyText}</p>}
      {wallet.transactionsStatus === 'listed' && (
        <div className="wallet-table-wrap">
          <table className="wallet-table">
            <caption className="visually-hidden">{ACCOUNT_LABELS.transactionHistoryTab}</caption>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Email</th>
                <th scope="col">Amount</th>
                <th scope="col">Gateway</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {wallet.transactions.map((t) => (
                <tr key={t.id}>
                  <td data-label="ID">{t.displayableId}</td>
                  <td data-label="Email" className="wallet-email">{t.email}</td>
                  <td data-label="Amount">{formatPrice(t.amount)}</td>
                  <td data-label="Gateway">{transactionGateway(t.gateway)}</td>
                  <td data-label="Status">
                    <span className={`status-badge status-${transactionBadge(t.status)}`}>{t.status}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function AddressModal({ wallet }: { wallet: WalletApi }) {
  const target = wallet.addressTarget;
  const legend = useId();
  return (
    <Modal
      open={target !== null}
      title={WALLET_TEXT.addressTitle}
      onClose={wallet.cancelAddress}
      onConfirm={wallet.saveAddress}
      confirmLabel={WALLET_TEXT.saveChanges}
      confirmDisabled={!wallet.canSaveAddress || wallet.savingAddress}
    >
      {target && (
        <div>
          <p className="wallet-modal-card">{cardTitle(target)}</p>
          <p className="wallet-modal-current">
            <strong>{WALLET_TEXT.currentAddress}:</strong> {target.billingAddress ? addressLine(printableBillingAddress(target.billingAddress)) : WALLET_TEXT.noBillingAddress}
          </p>
          {wallet.addresses.length === 0 ? (
            <p className="wallet-empty">
              {MESSAGES.noAddresses} <a href="/myaccount.asp">Manage Account</a>
            </p>
          ) : (
            <fieldset className="wallet-addresses" aria-labelledby={legend}>
              <legend id={legend}>{WALLET_TEXT.chooseAddress}</legend>
              {wallet.addresses.map((a) => (
                <label key={a.id} className="wallet-address-option">
                  <input
                    type="radio"
                    name="mailingAddressId"
                    value={a.id}
                    checked={wallet.selectedAddressId === a.id}
                    onChange={() => wallet.selectAddress(a.id)}
                  />
                  <span>{addressLine(printableMailingAddress(a), { phone: false })}</span>
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </Modal>
  );
}

function DeleteModal({ wallet }: { wallet: WalletApi }) {
  const target = wallet.deleteTarget;
  return (
    <Modal open={target !== null} title={WALLET_TEXT.deleteTitle} onClose={wallet.cancelDelete} onConfirm={wallet.confirmDelete} confirmDisabled={wallet.deleting}>
      <p>{wallet.confirmText ?? MESSAGES.confirmDeletePaymentMethod}</p>
      {target && <p className="wallet-modal-card">{cardTitle(target)}</p>}
    </Modal>
  );
}

/** Props of {@link Wallet}. */
export interface WalletProps {
  /** The page a signed-out visitor comes back to after signing in (the page showing the wallet). */
  returnPath?: string;
}

/**
 * The wallet: payment methods and transaction history of the signed-in customer.
 * @example <Wallet returnPath="/wallet" />
 */
export function Wallet({ returnPath }: WalletProps) {
  const wallet = useWallet({ returnPath });
  const base = useId();
  const ids = {
    paymentMethods: { tab: `${base}-methods-tab`, panel: `${base}-methods` },
    transactions: { tab: `${base}-transactions-tab`, panel: `${base}-transactions` },
  };
  if (wallet.gate === 'checking') {
    return <LoadingLine text={wallet.checkingText ?? MESSAGES.checkingLogin} />;
  }
  if (wallet.gate === 'redirect') return <p className="wallet">{WALLET_TEXT.redirecting}</p>;
  if (wallet.gate === 'unavailable') {
    return (
      <p className="wallet" role="alert">
        {wallet.notice?.message}
      </p>
    );
  }
  return (
    <div className="wallet">
      <Tabs wallet={wallet} ids={ids} />
      <section id={ids.paymentMethods.panel} role="tabpanel" aria-labelledby={ids.paymentMethods.tab} hidden={wallet.tab !== 'paymentMethods'} className="wallet-panel" tabIndex={0}>
        <MethodsPanel wallet={wallet} />
      </section>
      <section id={ids.transactions.panel} role="tabpanel" aria-labelledby={ids.transactions.tab} hidden={wallet.tab !== 'transactions'} className="wallet-panel" tabIndex={0}>
        <TransactionsPanel wallet={wallet} />
      </section>
      <DeleteModal wallet={wallet} />
      <AddressModal wallet={wallet} />
    </div>
  );
}
