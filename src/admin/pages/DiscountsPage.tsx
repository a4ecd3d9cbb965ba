/**
 * The discount codes (owner and staff): the list with each code's state and uses, filtered by
 * state and text (kept in the address), paged by the API's cursor; the create form; pause, resume, expire.
 * @module
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AdminDiscount, AdminDiscountStatus } from '../../api/admin-office.ts';
import { discountValueText } from '../../domain/admin-office.ts';
import { officeRoleCan } from '../../domain/admin-office.ts';
import { formatAdminDate, formatAdminMoney, statusWords } from '../../domain/admin-orders.ts';
import { useAdminDiscounts } from '../../hooks/admin/useAdminDiscounts.ts';
import { OFFICE_PAGE_SIZE } from '../../hooks/admin/office-reads.ts';
import { useAdminSession } from '../../hooks/admin/useAdminSession.ts';
import { DiscountActions, DiscountCreateForm } from '../components/DiscountForms.tsx';
import { FormMessage } from '../components/FormMessage.tsx';
import { ReadError } from '../components/ReadError.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';

const STATUSES: readonly AdminDiscountStatus[] = ['active', 'paused', 'scheduled', 'ended', 'used_up'];

/** The discount list's query of a URL query (unknown values dropped). */
export function discountQueryOf(search: string): { status?: AdminDiscountStatus; q?: string; after?: string; limit: number } {
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim().slice(0, 100).trim();
  const status = params.get('status');
  const after = params.get('after');
  return {
    ...(status !== null && (STATUSES as readonly string[]).includes(status) ? { status: status as AdminDiscountStatus } : {}),
    ...(q !== '' ? { q } : {}),
    ...(after !== null && /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(after) ? { after } : {}),
    limit: OFFICE_PAGE_SIZE,
  };
}

function when(d: AdminDiscount): string {
  const from = d.startsAt ? formatAdminDate(d.startsAt) : null;
  const to = d.endsAt ? formatAdminDate(d.endsAt) : null;
  if (from && to) return `${from} – ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return 'Always';
}

/** The page: the discount codes for the roles that may, else a plain refusal without asking the API. */
export function DiscountsPage() {
  const session = useAdminSession();
  if (!officeRoleCan(session.operator?.role ?? 'fulfilment').discounts) {
    return <><h1>Discounts</h1><p className="admin-error" role="alert">Your role cannot manage discount codes.</p></>;
  }
  return <DiscountsView />;
}

function DiscountsView() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = discountQueryOf(location.search);
  const page = useAdminDiscounts(query);
  const [notice, setNotice] = useState<string | null>(null);
  const [created, setCreated] = useState(0);
  const [editing, setEditing] = useState<AdminDiscount | null>(null);
  const id = useId();
  const [draft, setDraft] = useState(query.q ?? '');
  useEffect(() => setDraft(discountQueryOf(location.search).q ?? ''), [location.search]);
  const go = (next: { status?: string; q?: string; after?: string }) => {
    const params = new URLSearchParams();
    if (next.status) params.set('status', next.status);
    if (next.q) params.set('q', next.q);
    if (next.after) params.set('after', next.after);
    const text = params.toString();
    navigate({ pathname: '/discounts', search: text ? `?${text}` : '' });
  };
  return (
    <>
      <h1>Discounts</h1>
      <FormMessage error={null} success={notice} />
      {editing
        ? <DiscountCreateForm key={`edit-${editing.code}`} discount={editing} onDone={(message) => { setNotice(message); setEditing(null); }} onCancel={() => setEditing(null)} />
        : <DiscountCreateForm key={created} onDone={(message) => { setNotice(message); setCreated((n) => n + 1); }} />}
      <section aria-labelledby={`${id}-codes`} className="admin-card">
        <h2 id={`${id}-codes`}>Codes</h2>
        <form className="admin-filters" role="search" aria-label="Filter discount codes" onSubmit={(e: FormEvent) => { e.preventDefault(); go({ status: query.status, q: draft.trim() }); }}>
          <div className="admin-field">
            <label htmlFor={`${id}-status`}>State</label>
            <select id={`${id}-status`} value={query.status ?? ''} onChange={(e) => go({ status: e.target.value, q: query.q })}>
              <option value="">Any</option>
              {STATUSES.map((s) => <option key={s} value={s}>{statusWords(s)}</option>)}
            </select>
          </div>
          <div className="admin-field admin-field-grow">
            <label htmlFor={`${id}-q`}>Search codes</label>
            <input id={`${id}-q`} type="search" placeholder="Part of a code or its title" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </div>
          <div className="admin-filter-buttons">
            <button type="submit" className="admin-button">Search</button>
          </div>
        </form>
        {page.status === 'pending' ? <p role="status">Loading discount codes…</p> : null}
        {page.status === 'error' ? <ReadError error={page.error} what="The discount codes" /> : null}
        {page.data && page.data.discounts.length === 0 ? <p role="status">No discount codes{query.status ? ' in this state' : ' yet'}.</p> : null}
        {page.data && page.data.discounts.length > 0 ? (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-cards">
              <caption className="admin-visually-hidden">Discount codes in code order</caption>
              <thead>
                <tr><th scope="col">Code</th><th scope="col">Discount</th><th scope="col">State</th><th scope="col">Dates</th><th scope="col">Uses</th><th scope="col">Actions</th></tr>
              </thead>
              <tbody>
                {page.data.discounts.map((d) => (
                  <tr key={d.code}>
                    <td data-label="Code"><span><strong>{d.code}</strong><br /><span className="admin-hint">{d.title}</span></span></td>
                    <td data-label="Discount"><span>
                      {discountValueText(d.kind, d.value)}
                      {d.minSubtotalCents > 0 ? <><br /><span className="admin-hint">on {formatAdminMoney(d.minSubtotalCents)} or more</span></> : null}
                      {d.oncePerCustomer ? <><br /><span className="admin-hint">once per customer</span></> : null}
                    </span></td>
                    <td data-label="State"><StatusBadge value={d.status} /></td>
                    <td data-label="Dates">{when(d)}</td>
                    <td data-label="Uses">{d.uses}{d.maxUses !== null ? ` of ${d.maxUses}` : ''}</td>
                    <td data-label="Actions">
                      <div className="admin-row-actions">
                        <button type="button" className="admin-button admin-button-quiet" aria-label={`Edit ${d.code}`} onClick={() => { setNotice(null); setEditing(d); }}>Edit</button>
                        <DiscountActions discount={d} onDone={setNotice} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <nav className="admin-pager" aria-label="Discount pages">
          {query.after ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go({ status: query.status, q: query.q })}>First codes</button> : null}
          {page.data?.nextAfter ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go({ status: query.status, q: query.q, after: page.data?.nextAfter ?? undefined })}>Next codes</button> : null}
        </nav>
      </section>
    </>
  );
}
