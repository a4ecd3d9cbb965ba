/**
 * The catalogue's imports and exports (owner and staff): upload a catalogue file (Shopify CSV,
 * Volusion CSV, Skimmer JSON Lines; pictures; a dry run), follow its job to its report, download
 * the exports, and (owners, who read the audit log) the recent imports from the audit log's
 * `catalogue.import` entries: the API keeps no list of past imports of its own.
 * @module
 */
import { useId } from 'react';
import { IMPORT_FORMATS, importsRoleCan } from '../../domain/admin-imports.ts';
import { useAdminImportJob } from '../../hooks/admin/useAdminImportJob.ts';
import { useAdminSession } from '../../hooks/admin/useAdminSession.ts';
import { ImportForm } from '../components/ImportForm.tsx';
import { ImportReport } from '../components/ImportReport.tsx';
import { RecentImports } from '../components/RecentImports.tsx';

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
