/**
 * What the import page shows of the import machine's snapshot: a pure function, tested without
 * React; `useAdminImportJob` returns it with the machine's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { AdminImportJob, AdminImportProblem, AdminImportReport } from '../api/admin-imports.ts';
import { importPercent, importProgressText, rejectedRows } from '../domain/admin-imports.ts';
import type { adminImportMachine } from './admin-import.machine.ts';

/** The machine's state name. */
export type AdminImportStatus = 'idle' | 'uploading' | 'reading' | 'waiting' | 'lost' | 'finished';

/** What the import page shows. */
export interface AdminImportView {
  status: AdminImportStatus;
  /** An upload may be sent (not while one is sent or followed). */
  canSubmit: boolean;
  /** The file is being sent. */
  uploading: boolean;
  /** The job is followed (its progress read again and again). */
  watching: boolean;
  /** The check's or the server's message, or null. */
  error: string | null;
  job: AdminImportJob | null;
  /** 0 to 100. */
  percent: number;
  /** The job's state in words (null before there is a job). */
  progressText: string | null;
  /** The report of a job that is done. */
  report: AdminImportReport | null;
  /** Its rejected rows, by line. */
  rejected: AdminImportProblem[];
  /** The one error of a job that failed. */
  jobError: string | null;
}

/**
 * The view of a snapshot.
 * @example connectAdminImport(actor.getSnapshot()).canSubmit; // true
 */
export function connectAdminImport(snapshot: SnapshotFrom<typeof adminImportMachine>): AdminImportView {
  const status = snapshot.value as AdminImportStatus;
  const { job, error } = snapshot.context;
  const report = job?.status === 'done' ? job.report : null;
  return {
    status,
    canSubmit: status === 'idle' || status === 'finished',
    uploading: status === 'uploading',
    watching: status === 'reading' || status === 'waiting',
    error,
    job,
    percent: job ? importPercent(job) : 0,
    progressText: job ? importProgressText(job) : null,
    report,
    rejected: report ? rejectedRows(report.problems) : [],
    jobError: job?.status === 'failed' ? (job.error ?? 'The import failed: nothing was written.') : null,
  };
}
