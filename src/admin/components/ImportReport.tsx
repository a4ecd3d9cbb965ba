/**
 * An import's progress (a progress bar with its words, announced politely) and, once it ended, its
 * report: the totals and the rejected rows with their line, column, value and reason; or the one
 * error of an import that failed (nothing was written).
 * @module
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { importSummaryText } from '../../domain/admin-imports.ts';
import type { AdminImportApi } from '../../hooks/admin/useAdminImportJob.ts';

/** The job's progress and report, or nothing before a job. */
export function ImportReport({ job }: { job: AdminImportApi }) {
  const id = useId();
  if (job.uploading) return <section className="admin-card"><p role="status">Sending the file…</p></section>;
  if (!job.job) return null;
  const { report } = job;
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{job.job.dryRun ? 'Dry run' : 'Import'} {job.job.id}</h2>
      <div className="admin-import-progress">
        <progress max={100} value={job.percent} aria-labelledby={`${id}-words`} />
        <p id={`${id}-words`} role="status">{job.progressText}</p>
      </div>
      {job.status === 'lost' ? (
        <>
          <p className="admin-error" role="alert">The import's progress could not be read ({job.error}). It goes on on the server: see Recent imports, or reload the page.</p>
          <button type="button" className="admin-button admin-button-quiet" onClick={job.reset}>Import another file</button>
        </>
      ) : null}
      {job.jobError ? <p className="admin-error" role="alert">{job.jobError}</p> : null}
      {report ? (
        <>
          <p className={report.totals.rejected > 0 ? 'admin-warning' : 'admin-success'}>{importSummaryText(report.totals, report.dryRun)}</p>
          <dl className="admin-import-totals">
            <div><dt>Created</dt><dd>{report.totals.created}</dd></div>
            <div><dt>Updated</dt><dd>{report.totals.updated}</dd></div>
            <div><dt>Unchanged</dt><dd>{report.totals.unchanged}</dd></div>
            <div><dt>Rejected</dt><dd>{report.totals.rejected}</dd></div>
          </dl>
          {report.collectionsCreated > 0 ? <p>{report.collectionsCreated} {report.collectionsCreated === 1 ? 'collection' : 'collections'} created.</p> : null}
          {!report.dryRun && report.totals.created + report.totals.updated > 0 ? <p><Link to="/products">See the products</Link></p> : null}
          {job.rejected.length > 0 ? (
            <div className="admin-table-wrap">
              <table className="admin-table admin-table-cards">
                <caption>Rejected rows</caption>
                <thead><tr><th scope="col">Line</th><th scope="col">Column</th><th scope="col">Value</th><th scope="col">Reason</th></tr></thead>
                <tbody>
                  {job.rejected.map((p, i) => (
                    <tr key={`${p.line}-${i}`}>
                      <td data-label="Line">{p.line}</td>
                      <td data-label="Column">{p.column ?? '—'}</td>
                      <td data-label="Value"><span className="admin-import-value">{p.value ?? '—'}</span></td>
                      <td data-label="Reason">{p.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {report.problemsNotShown > 0 ? <p className="admin-hint">{report.problemsNotShown.toLocaleString('en-US')} more problems are not shown.</p> : null}
        </>
      ) : null}
    </section>
  );
}
