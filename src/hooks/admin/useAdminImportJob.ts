/**
 * A catalogue import from the back office over `adminImportMachine`: the hook supplies its calls
 * (the upload and the job's read, with the session's CSRF token) and, when the job ends, refreshes
 * what an import changes (the products, the dashboard, the audit log's recent imports).
 * @module
 */
import { fromPromise } from 'xstate';
import type { AdminClient, AdminSession } from '../../api/admin-client.ts';
import { connectAdminImport, type AdminImportView } from '../../machines/admin-import.connect.ts';
import { adminImportMachine } from '../../machines/admin-import.machine.ts';
import type { AdminImportUpload } from '../../machines/admin-import.types.ts';
import { actorValues } from '../actor-values.ts';
import { invalidateReads, type ReadCache } from '../query/index.ts';
import { useLatest } from '../useLatest.ts';
import { useMachineView } from '../useMachineView.ts';
import { useAdmin } from './AdminProvider.tsx';
import { OFFICE_KEYS } from './office-reads.ts';
import { ADMIN_KEYS } from './reads.ts';

export type { AdminImportView } from '../../machines/admin-import.connect.ts';

interface ImportValues {
  client: AdminClient;
  queryClient: ReadCache;
}

const importValues = actorValues<ImportValues>('useAdminImportJob');

/** The machine with its calls. */
export const providedAdminImportMachine = adminImportMachine.provide({
  actors: {
    upload: fromPromise(async ({ system, input, signal }) => {
      const { client, queryClient } = importValues.of(system);
      // a page rendered on the server started from the session in the cache: its CSRF token goes with the upload
      const session = queryClient.getQueryData<AdminSession | null>(ADMIN_KEYS.me);
      if (session && client.csrfToken() === null) client.setCsrfToken(session.csrfToken);
      return await client.startImport(input, { signal });
    }),
    readJob: fromPromise(async ({ system, input, signal }) => {
      const { client, queryClient } = importValues.of(system);
      const job = await client.importJob(input, { signal });
      if (job.status === 'done' || job.status === 'failed') {
        invalidateReads(queryClient, ADMIN_KEYS.products);
        invalidateReads(queryClient, ['admin', 'product']);
        invalidateReads(queryClient, ADMIN_KEYS.dashboard);
        invalidateReads(queryClient, OFFICE_KEYS.audit);
      }
      return job;
    }),
  },
});

/** What {@link useAdminImportJob} returns: the view and its events. */
export interface AdminImportApi extends AdminImportView {
  /** Sends an upload (its check first). */
  submit(upload: AdminImportUpload): void;
  /** Back to an empty form. */
  reset(): void;
}

/**
 * An import: send a file, follow its job to its report.
 * @example
 * const job = useAdminImportJob();
 * job.submit({ format: 'shopify', file, dryRun: true });
 * job.report?.totals.created;
 */
export function useAdminImportJob(options: { pollMs?: number } = {}): AdminImportApi {
  const { client, queryClient } = useAdmin();
  const values = useLatest({ client, queryClient });
  const { view, actor } = useMachineView(providedAdminImportMachine, connectAdminImport, { input: { ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}) }, values: [importValues, values] });
  return {
    ...view,
    submit: (upload) => actor.send({ type: 'import.submit', upload }),
    reset: () => actor.send({ type: 'import.reset' }),
  };
}
