/**
 * The audit log (owners): every operator write, newest first, filtered by action, operator and
 * dates (kept in the address), paged by the API's cursor; each entry's before and after shown
 * compactly as the fields that changed.
 * @module
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { auditChanges, auditFiltersSearch, parseAuditFilters, type AuditFilters } from '../../domain/admin-office.ts';
import { officeRoleCan } from '../../domain/admin-office.ts';
import { formatAdminDate } from '../../domain/admin-orders.ts';
import { useAdminAudit } from '../../hooks/admin/useAdminAudit.ts';
import { useAdminAuditOperators } from '../../hooks/admin/useAdminAuditOperators.ts';
import { useAdminSession } from '../../hooks/admin/useAdminSession.ts';
import { ReadError } from '../components/ReadError.tsx';

interface Draft {
  action: string;
  actorId: string;
  from: string;
  to: string;
}

const draftOf = (f: AuditFilters): Draft => ({ action: f.action ?? '', actorId: f.actorId ? String(f.actorId) : '', from: f.from ?? '', to: f.to ?? '' });

/** The page: the audit log for the roles that may, else a plain refusal without asking the API. */
export function AuditPage() {
  const session = useAdminSession();
  if (!officeRoleCan(session.operator?.role ?? 'fulfilment').audit) {
    return <><h1>Audit log</h1><p className="admin-error" role="alert">Only owners can read the audit log.</p></>;
  }
  return <AuditView />;
}

function AuditView() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = parseAuditFilters(location.search);
  const page = useAdminAudit(filters);
  const operators = useAdminAuditOperators();
  const [draft, setDraft] = useState<Draft>(draftOf(filters));
  const id = useId();
  useEffect(() => setDraft(draftOf(parseAuditFilters(location.search))), [location.search]);
  const go = (next: AuditFilters) => navigate({ pathname: '/audit', search: auditFiltersSearch(next) });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const { before: _before, ...rest } = parseAuditFilters(`?${new URLSearchParams({ ...draft }).toString()}`);
    go(rest);
  };
  const nameOf = (actor: { kind: string; id: number | null }) => {
    if (actor.kind !== 'operator') return actor.kind === 'token' ? `API token ${actor.id ?? ''}` : actor.kind;
    const op = operators.data?.find((o) => o.id === actor.id);
    return op ? (op.name || op.email) : `Operator ${actor.id ?? ''}`;
  };
  const { before, ...withoutCursor } = filters;
  return (
    <>
      <h1>Audit log</h1>
      <form className="admin-filters" role="search" aria-label="Filter the audit log" onSubmit={apply}>
        <div className="admin-field admin-field-grow">
          <label htmlFor={`${id}-action`}>Action</label>
          <input id={`${id}-action`} placeholder="order.refund" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-actor`}>Operator</label>
          <select id={`${id}-actor`} value={draft.actorId} onChange={(e) => setDraft({ ...draft, actorId: e.target.value })}>
            <option value="">Anyone</option>
            {(operators.data ?? []).map((o) => <option key={o.id} value={String(o.id)}>{o.name || o.email}</option>)}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <div className="admin-filter-buttons">
          <button type="submit" className="admin-button">Apply</button>
          <button type="button" className="admin-button admin-button-quiet" onClick={() => go({})}>Clear</button>
        </div>
      </form>
      {page.status === 'pending' ? <p role="status">Loading the audit log…</p> : null}
      {page.status === 'error' ? <ReadError error={page.error} what="The audit log" /> : null}
      {page.data && page.data.entries.length === 0 ? <p role="status">No entries match these filters.</p> : null}
      {page.data && page.data.entries.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-cards">
            <caption className="admin-visually-hidden">Audit log, newest first (times in UTC)</caption>
            <thead>
              <tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">What</th><th scope="col">Changes</th></tr>
            </thead>
            <tbody>
              {page.data.entries.map((e) => {
                const changes = auditChanges(e.before, e.after);
                return (
                  <tr key={e.id}>
                    <td data-label="When"><time dateTime={e.at}>{formatAdminDate(e.at)}</time></td>
                    <td data-label="Who">{nameOf(e.actor)}</td>
                    <td data-label="Action"><code>{e.action}</code></td>
                    <td data-label="What">{e.entity}{e.entityId ? ` ${e.entityId}` : ''}</td>
                    <td data-label="Changes">
                      {changes.length === 0 ? '—' : <ul className="admin-changes">{changes.map((c, i) => <li key={i}>{c}</li>)}</ul>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav className="admin-pager" aria-label="Audit log pages">
        {before ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go(withoutCursor)}>Newest entries</button> : null}
        {page.data?.nextBefore ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go({ ...withoutCursor, before: page.data?.nextBefore ?? undefined })}>Older entries</button> : null}
      </nav>
    </>
  );
}
