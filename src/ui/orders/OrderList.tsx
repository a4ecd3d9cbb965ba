/**
 * The customer's order list (/orders.asp): 'Checking login status...' until the user call
 * answers (a signed-out visitor is sent to /login.asp by the hook), then the orders, newest
 * first, each with its number, date, status badge, item count, total and a link to its page.
 * Everything shown comes from `useOrders`.
 * @module
 */
import { MESSAGES } from '../../domain/account.ts';
import { ORDER_TEXT } from '../../domain/orders.ts';
import { useOrders } from '../../hooks/useOrders.ts';
import { LoadingLine } from './LoadingLine.tsx';
import './orders.css';

/**
 * The order list. `returnPath` is the page a signed-out visitor comes back to after signing in.
 * @example <OrderList returnPath="/orders.asp" />
 */
export function OrderList({ returnPath }: { returnPath?: string }) {
  const list = useOrders({ returnPath });
  if (list.gate === 'checking') {
    return <LoadingLine text={list.checkingText ?? MESSAGES.checkingLogin} />;
  }
  if (list.gate === 'redirect') return <p>Redirecting to sign in...</p>;
  if (list.status === 'loading') {
    return <LoadingLine text={ORDER_TEXT.loadingList} />;
  }
  if (list.status === 'failed') {
    return (
      <div className="account-notice account-notice-danger" role="alert">
        <p>{list.errorText}</p>
        <button type="button" className="button button-secondary" onClick={list.reload}>
          Try again
        </button>
      </div>
    );
  }
  if (list.emptyText) {
    return (
      <div className="account-empty">
        <p>{list.emptyText}</p>
        <a className="button" href="/">
          Start shopping
        </a>
      </div>
    );
  }
  return (
    <ul className="order-list" aria-label={ORDER_TEXT.listTitle}>
      {list.orders.map((o) => (
        <li key={o.orderId} className="order-row">
          <div className="order-row-main">
            <h2 className="order-row-title">
              <a href={o.href}>{o.title}</a>
            </h2>
            <p className="order-row-meta">
              Placed {o.dateText} · {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'}
            </p>
          </div>
          <span className={`status-badge status-${o.badge}`}>{o.status}</span>
          <p className="order-row-total">
            <span className="visually-hidden">Total </span>
            {o.totalText}
          </p>
          <a className="button button-secondary order-row-view" href={o.href} aria-label={`${ORDER_TEXT.viewOrder} ${o.orderId}`}>
            {ORDER_TEXT.viewOrder}
          </a>
        </li>
      ))}
    </ul>
  );
}
