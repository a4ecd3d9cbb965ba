/**
 * DTO types of the back office's catalogue import, operators and API token calls (the methods are
 * `AdminClient`'s, src/api/admin-client.ts; the routes src/server/modules/imports/routes.ts and
 * src/server/modules/admin/routes.ts):
 *
 * | function | call | answer |
 * |---|---|---|
 * | `startImport` | POST /api/admin/imports (multipart: file, categories, images, format, dryRun) | 202 { id, status, href } |
 * | `importJob` | GET /api/admin/imports/{id} | the job: progress, then report or error |
 * | `createOperator` | POST /api/admin/operators {email, name, role} | { operator, link } (the link once) |
 * | `updateOperator` | PATCH /api/admin/operators/{id} {name?, role?, disabled?} | { operator } |
 * | `removeOperator` | DELETE /api/admin/operators/{id} | { success } |
 * | `operatorPasswordLink` | POST /api/admin/operators/{id}/password-link | { link } |
 * | `tokens` | GET /api/admin/tokens | { tokens } (never a value) |
 * | `createToken` | POST /api/admin/tokens {name, scopes} | { token, apiToken } (the value once) |
 * | `revokeToken` | DELETE /api/admin/tokens/{id} | { apiToken } |
 * @module
 */
import type { AdminOperator, AdminRole } from './admin-client.ts';

/** A catalogue file's format. */
export type AdminCatalogueFormat = 'shopify' | 'volusion' | 'skimmer';

/** What an import upload sends: the file (and Volusion's categories file), pictures, format, dry run. */
export interface AdminImportUpload {
  format: AdminCatalogueFormat;
  file: Blob & { name?: string };
  /** Volusion's categories CSV. */
  categories?: (Blob & { name?: string }) | null;
  /** Picture files the catalogue names by path (matched by file name). @default none */
  images?: readonly (Blob & { name?: string })[];
  /** Check and report only; nothing written. @default false */
  dryRun?: boolean;
}

/** The answer of an import upload. */
export interface AdminImportStarted {
  id: string;
  status: string;
  href: string;
}

/** One problem of a row. */
export interface AdminImportProblem {
  kind: 'rejected' | 'warning';
  line: number;
  column: string | null;
  value: string | null;
  reason: string;
}

/** Products created, updated, left unchanged and rejected. */
export interface AdminImportTotals {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/** An import's report (a dry run's too). */
export interface AdminImportReport {
  format: AdminCatalogueFormat;
  dryRun: boolean;
  totals: AdminImportTotals;
  collectionsCreated: number;
  problems: AdminImportProblem[];
  /** Problems beyond the ones kept. */
  problemsNotShown: number;
  version: number | null;
  changedIds: number[];
  milliseconds: number;
}

/** An import job's state. */
export type AdminImportStatus = 'queued' | 'running' | 'done' | 'failed';

/** An import job as `GET /api/admin/imports/{id}` answers it. */
export interface AdminImportJob {
  id: string;
  format: AdminCatalogueFormat;
  dryRun: boolean;
  status: AdminImportStatus;
  rowsRead: number;
  bytesRead: number;
  bytesTotal: number;
  createdAt: string;
  finishedAt: string | null;
  report: AdminImportReport | null;
  error: string | null;
}

/** An API token's scope. */
export type AdminTokenScope = 'catalogue' | 'orders' | 'customers' | 'dashboard';

/** An API token as listed (never its value). */
export interface AdminApiToken {
  id: number;
  name: string;
  scopes: AdminTokenScope[];
  createdBy?: number | null;
  createdAt: string;
  lastUsedAt?: string | null;
  revoked: boolean;
}

/** POST /api/admin/operators. */
export interface AdminOperatorBody {
  email: string;
  name: string;
  role: AdminRole;
}

/** PATCH /api/admin/operators/{id}. */
export interface AdminOperatorPatch {
  name?: string;
  role?: AdminRole;
  disabled?: boolean;
}

/** The answer of an invitation: the operator and their one-time set-password link. */
export interface AdminOperatorInvited {
  operator?: AdminOperator;
  link: string;
}

/** The answer of a token's creation: its value (this once) and the token as listed. */
export interface AdminTokenCreated {
  token: string;
  apiToken: AdminApiToken;
}
