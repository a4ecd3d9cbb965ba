/**
 * The operators' audit rows of imports started through the API: one row an import, naming who
 * started it (the actor and route of its POST), its job, the file's format, whether it was a dry
 * run, the products the store held before and after, and the report's totals. A committed import
 * writes its row inside its own transaction (service.ts `record`), in this process or in the
 * import's child process (`--audit`); a dry run writes it after; an import that failed, when it
 * has ended (nothing was written).
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import type { OperatorActor } from '../../platform/http/operator-access.ts';
import { audit, type AuditWho } from '../admin/service.ts';
import type { CatalogueFormat } from './schemas.ts';
import type { ImportSummary } from './service.ts';

/** The action of an import's audit row. */
export const IMPORT_AUDIT_ACTION = 'catalogue.import';
/** The entity of an import's audit row (its id: the import's job id). */
export const IMPORT_AUDIT_ENTITY = 'catalogue_import';

/** What an import's audit row names besides the import itself: who started it, and its job. */
export interface ImportAudit {
  who: AuditWho;
  jobId: string;
}

/** The recorder an import calls as it lands (ImportOptions.record). */
export function importAuditRecorder(a: ImportAudit): (db: Db, summary: ImportSummary) => Promise<void> {
  return async (db, s) =>
    await audit(
      db,
      a.who,
      IMPORT_AUDIT_ACTION,
      { type: IMPORT_AUDIT_ENTITY, id: a.jobId },
      { products: s.productsBefore },
      { format: s.format, dryRun: s.dryRun, status: 'done', products: s.productsAfter, totals: s.totals, collectionsCreated: s.collectionsCreated, problems: s.problems },
    );
}

/** The audit row of an import that failed whole (nothing was written). */
export async function auditFailedImport(db: Db, a: ImportAudit, format: CatalogueFormat, dryRun: boolean, productsBefore: number, error: string): Promise<void> {
  await audit(db, a.who, IMPORT_AUDIT_ACTION, { type: IMPORT_AUDIT_ENTITY, id: a.jobId }, { products: productsBefore }, { format, dryRun, status: 'failed', products: productsBefore, error });
}

/** The audit context as the import's child process takes it (`--audit`): the actor's kind and id, the route, the job. */
export function importAuditArgument(a: ImportAudit): string {
  return JSON.stringify({ kind: a.who.actor.kind, id: a.who.actor.id, route: a.who.route, jobId: a.jobId });
}

/**
 * Reads {@link importAuditArgument}'s text back.
 * @throws Error when it is not one
 */
export function parseImportAuditArgument(text: string): ImportAudit {
  const v = JSON.parse(text) as { kind?: unknown; id?: unknown; route?: unknown; jobId?: unknown };
  const kinds: readonly unknown[] = ['operator', 'token', 'bootstrap'];
  if (!kinds.includes(v.kind) || !(v.id === null || Number.isInteger(v.id)) || typeof v.route !== 'string' || typeof v.jobId !== 'string') throw new Error('--audit is not an import audit context');
  // the audit row records the actor's kind and id only (the role or scopes an admission checked stay with the request)
  const actor = { kind: v.kind, id: v.id } as OperatorActor;
  return { who: { actor, route: v.route }, jobId: v.jobId };
}
