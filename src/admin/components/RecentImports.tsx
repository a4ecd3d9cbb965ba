/**
 * The recent catalogue imports, newest first, from the audit log's `catalogue.import` entries (the
 * API keeps no list of past imports of its own, and the audit log is the owner's): on the imports
 * page in full, on the dashboard the last few with a link to the imports page.
 * @module
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { IMPORT_AUDIT_ACTION, IMPORT_FORMATS, importSummaryText, recentImportOf } from '../../domain/admin-imports.ts';
import { formatAdminDate } from '../../domain/admin-orders.ts';
import { useAdminAudit } from '../../hooks/admin/useAdminAudit.ts';
import { ReadError } from './ReadError.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** The audit filter of the recent imports (one read, shared by the dashboard and the imports page). */
export const RECENT_IMPORTS_FILTER = { action: IMPORT_AUDIT_ACTION } as const;

/**
 * The recent imports as a table.
 * @param props.limit at most this many rows, with a link to the imports page (the dashboard); all of the page's entries without it
 * @param props.title the section's heading
 */
export function RecentImports({ limit, title = 'Recent imports' }: { limit?: number; title?: string }) {
  const log = useAdminAudit(RECENT_IMPORTS_FILTER);
  const id = useId();
  const all = (log.data?.entries ?? []).map(recentImportOf);
  const rows = limit === undefined ? all : all.slice(0, limit);
  return (
    <section className="admin-card" aria-labelledby={`${id}-recent`}>
      <h2 id={`${id}-recent`}>{title}</h2>
      {log.status === 'pending' ? <p role="status">Loading recent imports…</p> : null}
      {log.status === 'error' ? <ReadError error={log.error} what="The recent imports" /> : null}
      {log.data && rows.length === 0 ? <p role="status">No imports yet.</p> : null}
      {rows.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-cards">
            <caption className="admin-visually-hidden">{title}, newest first</caption>
            <thead><tr><th scope="col">When</th><th scope="col">Format</th><th scope="col">State</th><th scope="col">Result</th></tr></thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.jobId ?? i}>
                  <td data-label="When">{formatAdminDate(r.at)}</td>
                  <td data-label="Format">{IMPORT_FORMATS.find((f) => f.value === r.format)?.label ?? r.format ?? '—'}{r.dryRun ? ' (dry run)' : ''}</td>
                  <td data-label="State"><StatusBadge value={r.status} /></td>
                  <td data-label="Result">{r.totals ? importSummaryText(r.totals, r.dryRun) : r.error ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {limit !== undefined && log.data ? <p><Link to="/imports">Import a catalogue</Link></p> : null}
    </section>
  );
}
