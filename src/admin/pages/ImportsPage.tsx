/**
 * The catalogue's imports and exports (owner and staff): upload a catalogue file (Shopify CSV,
 * Volusion CSV, Skimmer JSON Lines; pictures; a dry run), follow its job to its report, download
 * the exports, and (owners, who read the audit log) the recent imports from the audit log's
 * `catalogue.import` entries: the API keeps no list of past imports of its own.
 * @module
 */
import { useId } from 'react';
import { IMPORT_AUDIT_ACTION, IMPORT_FORMATS, importSummaryText, importsRoleCan, recentImportOf } from '../../domain/admin-imports.ts';
import { formatAdminDate } from '../../domain/admin-orders.ts';
import { useAdminAudit } from '../../hooks/admin/useAdminAudit.ts';
import { useAdminImportJob } from '../../hooks/admin/useAdminImportJob.ts';
import { useAdminSession } from '../../hooks/admin/useAdminSession.ts';
import { ImportForm } from '../components/ImportForm.tsx';
import { ImportReport } from '../components/ImportReport.tsx';
import { ReadError } from '../components/ReadError.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';

/** The audit filter of the recent imports. */
export const RECENT_IMPORTS_FILTER = { action: IMPORT_AUDIT_ACTION } as const;

/** The page: imports for the roles that may, else a plain refusal without asking the API. */
export function ImportsPage() {
  const session = useAdminSession();
  const can = importsRoleCan(session.operator?.role ?? 'fulfilment');
  if (!can.imports) return <><h1>Imports</h1><p className="admin-error" role="alert">Your role cannot import or export the catalogue.</p></>;
  return <ImportsView recent={can.recentImports} />;
}

function ImportsView({ recent }: { recent: boolean }) {
  const job = useAdminImportJob();
  const id = useId();
  return (
    <>
      <h1>Imports</h1>
      <ImportForm job={job} />
      <ImportReport job={job} />
      <section className="admin-card" aria-labelledby={`${id}-exports`}>
        <h2 id={`${id}-exports`}>Export the catalogue</h2>
        <p className="admin-hint">The whole catalogue as a file, to keep or to edit and import again.</p>
        <ul className="admin-export-links">
          {IMPORT_FORMATS.map((f) => <li key={f.value}><a href={`/api/admin/exports/${f.value}`} download={f.exportName}>{f.label}</a></li>)}
          <li><a href="/api/admin/exports/volusion?part=categories" download="catalogue-volusion-categories.csv">Volusion categories CSV</a></li>
        </ul>
      </section>
      {recent ? <RecentImports /> : null}
    </>
  );
}

function RecentImports() {
  const log = useAdminAudit(RECENT_IMPORTS_FILTER);
  const id = useId();
  const rows = (log.data?.entries ?? []).map(recentImportOf);
  return (
    <section className="admin-card" aria-labelledby={`${id}-recent`}>
      <h2 id={`${id}-recent`}>Recent imports</h2>
      {log.status === 'pending' ? <p role="status">Loading recent imports…</p> : null}
      {log.status === 'error' ? <ReadError error={log.error} what="The recent imports" /> : null}
      {log.data && rows.length === 0 ? <p role="status">No imports yet.</p> : null}
      {rows.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-cards">
            <caption className="admin-visually-hidden">Recent imports, newest first</caption>
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
    </section>
  );
}
