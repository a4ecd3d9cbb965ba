/**
 * Types of the catalogue import machine (`admin-import.machine.ts`) and of its connect function.
 * @module
 */
import type { AdminImportJob, AdminImportUpload } from '../api/admin-imports.ts';

export type { AdminImportJob, AdminImportStarted, AdminImportUpload } from '../api/admin-imports.ts';

/** What the machine knows. */
export interface AdminImportContext {
  /** The upload being sent (its files stay as the page gave them). */
  upload: AdminImportUpload | null;
  /** The job's id once the upload is answered. */
  jobId: string | null;
  /** The job as last read. */
  job: AdminImportJob | null;
  /** The check's message, or the server's `{ error }` of a refused upload or read. */
  error: string | null;
  /** Reads of the job that failed in a row (the import goes on on the server meanwhile). */
  failures: number;
  /** How long between two reads of the job, in ms. */
  pollMs: number;
}

/** The machine's input. */
export interface AdminImportInput {
  /** @default ADMIN_IMPORT_POLL_MS */
  pollMs?: number;
}

/** Events: an upload sent (its check first), the page started again. */
export type AdminImportEvent =
  | { type: 'import.submit'; upload: AdminImportUpload }
  | { type: 'import.reset' };
