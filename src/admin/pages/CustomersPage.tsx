/**
 * The customers (owner and staff): a search by email, name or phone (kept in the address), the
 * results newest first, paged by the API's cursor; each links to its page.
 * @module
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { officeRoleCan } from '../../domain/admin-office.ts';
import { formatAdminDate } from '../../domain/admin-orders.ts';
import { OFFICE_PAGE_SIZE } from '../../hooks/admin/office-reads.ts';
import { useAdminCustomers } from '../../hooks/admin/useAdminCustomers.ts';
import { useAdminSession } from '../../hooks/admin/useAdminSession.ts';
import { ReadError } from '../components/ReadError.tsx';

/** The customer search's query of a URL query. */
export function customerQueryOf(search: string): { q?: string; before?: number; limit: number } {
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim().slice(0, 100).trim();
  const before = params.get('before') ?? '';
  return { ...(q ? { q } : {}), ...(/^\d{1,9}$/.test(before) && Number(before) > 0 ? { before: Number(before) } : {}), limit: OFFICE_PAGE_SIZE };
}

/** The page: the customer search for the roles that may, else a plain refusal without asking the API. */
export function CustomersPage() {
  const session = useAdminSession();
  if (!officeRoleCan(session.operator?.role ?? 'fulfilment').customers) {
    return <><h1>Customers</h1><p className="admin-error" role="alert">Your role cannot look up customers.</p></>;
  }
  return <CustomersView />;
}

function CustomersView() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = customerQueryOf(location.search);
  const page = useAdminCustomers(query);
  const [draft, setDraft] = useState(query.q ?? '');
  const id = useId();
  useEffect(() => setDraft(customerQueryOf(location.search).q ?? ''), [location.search]);
  const go = (q: string | undefined, before?: number) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (before) params.set('before', String(before));
    const text = params.toString();
    navigate({ pathname: '/customers', search: text ? `?${text}` : '' });
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    go(draft.trim() || undefined);
  };
  return (
    <>
      <h1>Customers</h1>
      <form className="admin-filters" role="search" aria-label="Search customers" onSubmit={search}>
        <div className="admin-field admin-field-grow">
          <label htmlFor={`${id}-q`}>Search</label>
          <input id={`${id}-q`} type="search" placeholder="Email, name or phone" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <div className="admin-filter-buttons">
          <button type="submit" className="admin-button">Search</button>
          <button type="button" className="admin-button admin-button-quiet" onClick={() => go(undefined)}>Clear</button>
        </div>
      </form>
      {page.status === 'pending' ? <p role="status">Loading customers…</p> : null}
      {page.status === 'error' ? <ReadError error={page.error} what="The customers" /> : null}
      {page.data && page.data.customers.length === 0 ? <p role="status">No customers match this search.</p> : null}
      {page.data && page.data.customers.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-cards">
            <caption className="admin-visually-hidden">Customers, newest first</caption>
            <thead>
              <tr><th scope="col">Customer</th><th scope="col">Email</th><th scope="col">Orders</th><th scope="col">Since</th></tr>
            </thead>
            <tbody>
              {page.data.customers.map((c) => (
                <tr key={c.id}>
                  <td data-label="Customer"><Link to={`/customers/${c.id}`}>{[c.firstName, c.lastName].filter(Boolean).join(' ') || `Customer ${c.id}`}</Link></td>
                  <td data-label="Email"><span>{c.email}{c.emailVerified ? null : <> <span className="admin-hint">(not verified)</span></>}</span></td>
                  <td data-label="Orders">{c.orders}</td>
                  <td data-label="Since"><time dateTime={c.createdAt}>{formatAdminDate(c.createdAt)}</time></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav className="admin-pager" aria-label="Customer pages">
        {query.before ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go(query.q)}>Newest customers</button> : null}
        {page.data?.nextBefore ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go(query.q, page.data?.nextBefore ?? undefined)}>Older customers</button> : null}
      </nav>
    </>
  );
}
