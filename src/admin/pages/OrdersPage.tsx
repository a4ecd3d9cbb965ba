/**
 * The order list: filters by status, payment, fulfilment and text (kept in the address, so a
 * filtered list can be bookmarked and the back button works), the grid, and paging by the API's
 * cursor.
 * @module
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_FILTER_CHOICES, orderFiltersSearch, parseOrderFilters, statusWords, type AdminOrderFilters } from '../../domain/admin-orders.ts';
import { useAdminOrders } from '../../hooks/admin/useAdminOrders.ts';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { ReadError } from '../components/ReadError.tsx';

/** Orders a page. @default 25 */
export const ORDERS_PAGE_SIZE = 25;

const FILTER_LABELS = { status: 'Status', payment: 'Payment', fulfilment: 'Fulfilment' } as const;

/** The page. */
export function OrdersPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = parseOrderFilters(location.search);
  const page = useAdminOrders({ ...filters, limit: ORDERS_PAGE_SIZE });
  const [draft, setDraft] = useState<AdminOrderFilters>(filters);
  const id = useId();
  // the form follows the address (back and forward, a link to a filtered list)
  useEffect(() => setDraft(parseOrderFilters(location.search)), [location.search]);

  const go = (next: AdminOrderFilters) => navigate({ pathname: '/orders', search: orderFiltersSearch(next) });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const { before: _before, ...rest } = draft;
    go(rest);
  };
  const { before, ...withoutCursor } = filters;
  return (
    <>
      <h1>Orders</h1>
      <form className="admin-filters" role="search" aria-label="Filter orders" onSubmit={apply}>
        {(['status', 'payment', 'fulfilment'] as const).map((name) => (
          <div key={name} className="admin-field">
            <label htmlFor={`${id}-${name}`}>{FILTER_LABELS[name]}</label>
            <select id={`${id}-${name}`} value={draft[name] ?? ''} onChange={(e) => setDraft({ ...draft, [name]: e.target.value === '' ? undefined : e.target.value })}>
              <option value="">Any</option>
              {ADMIN_FILTER_CHOICES[name].map((value) => <option key={value} value={value}>{statusWords(value)}</option>)}
            </select>
          </div>
        ))}
        <div className="admin-field admin-field-grow">
          <label htmlFor={`${id}-q`}>Search</label>
          <input id={`${id}-q`} type="search" placeholder="Order number, email, name or SKU" value={draft.q ?? ''} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </div>
        <div className="admin-filter-buttons">
          <button type="submit" className="admin-button">Apply</button>
          <button type="button" className="admin-button admin-button-quiet" onClick={() => go({})}>Clear</button>
        </div>
      </form>
      {page.status === 'pending' ? <p role="status">Loading orders…</p> : null}
      {page.status === 'error' ? <ReadError error={page.error} what="The orders" /> : null}
      {page.data ? (
        page.data.orders.length === 0
          ? <p role="status">No orders match these filters.</p>
          : <OrdersTable orders={page.data.orders} caption="Orders, newest first" />
      ) : null}
      <nav className="admin-pager" aria-label="Order pages">
        {before ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go(withoutCursor)}>Newest orders</button> : null}
        {page.data?.nextBefore ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go({ ...withoutCursor, before: page.data?.nextBefore ?? undefined })}>Older orders</button> : null}
      </nav>
    </>
  );
}
