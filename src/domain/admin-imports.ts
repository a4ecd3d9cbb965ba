/**
 * The back office's rules of the catalogue import page and the operators page: the formats it
 * offers, the checks of an upload before anything is sent (the server's rules, so a refusal is
 * said at once), a job's progress and report in plain words, the recent imports of the audit log,
 * the checks of the operator and API token forms, and who may use each page. Pure: the server
 * re-checks everything.
 * @module
 */
import { isEmailFormat } from './account.ts';
import type { AdminRoleName, FormCheck } from './admin-orders.ts';

/** A catalogue file's format. */
export type CatalogueFormatName = 'shopify' | 'volusion' | 'skimmer';

/** A format the import page offers: its name, what the picker says, and the file names it takes. */
export interface ImportFormatChoice {
  value: CatalogueFormatName;
  label: string;
  /** The file input's `accept`. */
  accept: string;
  /** The export's file name. */
  exportName: string;
}

/** The formats, in the picker's order. */
export const IMPORT_FORMATS: readonly ImportFormatChoice[] = [
  { value: 'shopify', label: 'Shopify CSV', accept: '.csv,text/csv', exportName: 'catalogue-shopify.csv' },
  { value: 'volusion', label: 'Volusion CSV', accept: '.csv,text/csv', exportName: 'catalogue-volusion.csv' },
  { value: 'skimmer', label: 'Skimmer JSON Lines', accept: '.jsonl,.ndjson,application/x-ndjson', exportName: 'catalogue-skimmer.jsonl' },
];

/** Whether `value` is a format the API takes. */
export function isCatalogueFormat(value: string): value is CatalogueFormatName {
  return IMPORT_FORMATS.some((f) => f.value === value);
}

/** The largest catalogue file the API takes, in bytes (the server's IMPORT_BODY_LIMIT). @default 256 MB */
export const IMPORT_MAX_BYTES = 256 * 1024 * 1024;
/** The most pictures in one upload (the server's MAX_PICTURE_PARTS). @default 10000 */
export const IMPORT_MAX_PICTURES = 10_000;
/** A picture's file name as the server keeps it (its PICTURE_NAME). */
export const PICTURE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** The messages of the upload's check. */
export const IMPORT_MESSAGES = {
  format: 'Choose the file\'s format.',
  file: 'Choose the catalogue file to import.',
  empty: 'The file is empty.',
  tooLarge: 'The file is larger than 256 MB.',
  csvForSkimmer: 'A Skimmer catalogue is a JSON Lines file (.jsonl); this one looks like a CSV. Choose Shopify CSV or Volusion CSV.',
  jsonForCsv: 'This file looks like JSON Lines (.jsonl): choose Skimmer JSON Lines, or a CSV file.',
  categoriesNotVolusion: 'A categories file goes with a Volusion import only.',
  tooManyPictures: `At most ${IMPORT_MAX_PICTURES.toLocaleString('en-US')} pictures in one upload.`,
  pictureName: (name: string) => `The picture file name '${name.slice(0, 100)}' is not one the store keeps (letters, digits, '.', '-' and '_').`,
  pictureTwice: (name: string) => `The picture '${name}' is chosen twice.`,
} as const;

/** A file as the check sees it: its name and size. */
export interface FileFacts {
  name: string;
  size: number;
}

/** What an upload holds, as the check sees it. */
export interface ImportUploadFacts {
  format: string;
  file: FileFacts | null;
  categories?: FileFacts | null;
  images?: readonly FileFacts[];
  dryRun?: boolean;
}

/** A checked upload: the format and the flags, the files themselves stay with the page. */
export interface CheckedImportUpload {
  format: CatalogueFormatName;
  dryRun: boolean;
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The last part of a path (a browser may give `C:\\fakepath\\x.jpg`). */
export function baseName(name: string): string {
  const parts = name.replace(/\\/g, '/').split('/');
  return parts[parts.length - 1] ?? '';
}

/**
 * The check of an upload before it is sent: a format, a file that is not empty nor too large and
 * whose extension does not contradict the format, a categories file only with Volusion, and
 * pictures the server keeps (names it takes, each once, not too many).
 * @example checkImportUpload({ format: 'skimmer', file: { name: 'a.csv', size: 10 } }); // { ok: false, error: IMPORT_MESSAGES.csvForSkimmer }
 */
export function checkImportUpload(facts: ImportUploadFacts): FormCheck<CheckedImportUpload> {
  if (!isCatalogueFormat(facts.format)) return { ok: false, error: IMPORT_MESSAGES.format };
  const file = facts.file;
  if (!file) return { ok: false, error: IMPORT_MESSAGES.file };
  if (file.size <= 0) return { ok: false, error: IMPORT_MESSAGES.empty };
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, error: IMPORT_MESSAGES.tooLarge };
  const ext = extension(file.name);
  if (facts.format === 'skimmer' && ext === 'csv') return { ok: false, error: IMPORT_MESSAGES.csvForSkimmer };
  if (facts.format !== 'skimmer' && (ext === 'jsonl' || ext === 'ndjson')) return { ok: false, error: IMPORT_MESSAGES.jsonForCsv };
  if (facts.categories && facts.format !== 'volusion') return { ok: false, error: IMPORT_MESSAGES.categoriesNotVolusion };
  if (facts.categories && facts.categories.size > IMPORT_MAX_BYTES) return { ok: false, error: IMPORT_MESSAGES.tooLarge };
  const images = facts.images ?? [];
  if (images.length > IMPORT_MAX_PICTURES) return { ok: false, error: IMPORT_MESSAGES.tooManyPictures };
  const seen = new Set<string>();
  for (const image of images) {
    const name = baseName(image.name);
    if (!PICTURE_NAME.test(name)) return { ok: false, error: IMPORT_MESSAGES.pictureName(name) };
    if (seen.has(name)) return { ok: false, error: IMPORT_MESSAGES.pictureTwice(name) };
    seen.add(name);
  }
  return { ok: true, body: { format: facts.format, dryRun: facts.dryRun === true } };
}

/** The format a file name says, when it says one (a .jsonl is Skimmer's; a CSV could be either). */
export function formatOfFileName(name: string): CatalogueFormatName | null {
  const ext = extension(name);
  return ext === 'jsonl' || ext === 'ndjson' ? 'skimmer' : null;
}

/** A job's state as the page needs it. */
export interface ImportJobFacts {
  status: string;
  rowsRead: number;
  bytesRead: number;
  bytesTotal: number;
}

/** Whether a job has ended (done or failed): polling stops. */
export function importJobEnded(status: string): boolean {
  return status === 'done' || status === 'failed';
}

/**
 * How far a job is, in whole percent (0 to 100; 100 once it ended), from the bytes read.
 * @example importPercent({ status: 'running', rowsRead: 10, bytesRead: 50, bytesTotal: 200 }); // 25
 */
export function importPercent(job: ImportJobFacts): number {
  if (importJobEnded(job.status)) return 100;
  if (!(job.bytesTotal > 0) || !(job.bytesRead > 0)) return 0;
  // a job still running says at most 99: its rows are not all written yet
  return Math.min(99, Math.max(0, Math.floor((job.bytesRead * 100) / job.bytesTotal)));
}

/** The job's state in words. */
export function importProgressText(job: ImportJobFacts): string {
  const rows = `${job.rowsRead.toLocaleString('en-US')} ${job.rowsRead === 1 ? 'row' : 'rows'} read`;
  switch (job.status) {
    case 'queued': return 'Waiting for the import before it to finish…';
    case 'running': return `Importing: ${rows} (${importPercent(job)}%)…`;
    case 'done': return `Finished: ${rows}.`;
    case 'failed': return 'The import failed: nothing was written.';
    default: return job.status;
  }
}

/** A report's totals. */
export interface ImportTotalsFacts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/**
 * A report's one-line summary.
 * @example importSummaryText({ rows: 3, created: 2, updated: 0, unchanged: 0, rejected: 1 }, false); // '3 rows: 2 created, 0 updated, 0 unchanged, 1 rejected.'
 */
export function importSummaryText(totals: ImportTotalsFacts, dryRun: boolean): string {
  const head = `${totals.rows.toLocaleString('en-US')} ${totals.rows === 1 ? 'row' : 'rows'}: ${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.rejected} rejected.`;
  return dryRun ? `Dry run, nothing was written. ${head.replace(/ created/, ' would be created').replace(/ updated/, ' would be updated')}` : head;
}

/** A row's problem. */
export interface ImportProblemFacts {
  kind: string;
  line: number;
  column: string | null;
  value: string | null;
  reason: string;
}

/** The rejected rows' problems, by line (then as reported), warnings left out. */
export function rejectedRows<P extends ImportProblemFacts>(problems: readonly P[]): P[] {
  return problems.map((p, i) => ({ p, i })).filter(({ p }) => p.kind === 'rejected').sort((a, b) => a.p.line - b.p.line || a.i - b.i).map(({ p }) => p);
}

/** An import as the audit log recorded it (its `catalogue.import` entry). */
export interface RecentImport {
  jobId: string | null;
  at: string;
  format: string | null;
  dryRun: boolean;
  status: 'done' | 'failed' | 'unknown';
  totals: ImportTotalsFacts | null;
  error: string | null;
}

/** The audit action of an import. */
export const IMPORT_AUDIT_ACTION = 'catalogue.import';

function count(v: unknown): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

/** An audit entry of an import read as a recent import (any shape of `after` is read safely). */
export function recentImportOf(entry: { at: string; entityId: string | null; after: unknown }): RecentImport {
  const after = (entry.after !== null && typeof entry.after === 'object' ? entry.after : {}) as Record<string, unknown>;
  const t = (after.totals !== null && typeof after.totals === 'object' ? after.totals : null) as Record<string, unknown> | null;
  return {
    jobId: entry.entityId,
    at: entry.at,
    format: typeof after.format === 'string' ? after.format : null,
    dryRun: after.dryRun === true,
    status: after.status === 'done' || after.status === 'failed' ? after.status : 'unknown',
    totals: t ? { rows: count(t.rows), created: count(t.created), updated: count(t.updated), unchanged: count(t.unchanged), rejected: count(t.rejected) } : null,
    error: typeof after.error === 'string' ? after.error : null,
  };
}

/**
 * Which of these pages a role may use (the server's permissions: imports are the catalogue's;
 * operators, tokens and the audit log the owner's).
 * @example importsRoleCan('staff'); // { imports: true, recentImports: false, operators: false }
 */
export function importsRoleCan(role: AdminRoleName): { imports: boolean; recentImports: boolean; operators: boolean } {
  return { imports: role === 'owner' || role === 'staff', recentImports: role === 'owner', operators: role === 'owner' };
}

/** The operators' roles, in the picker's order. */
export const OPERATOR_ROLE_CHOICES: readonly { value: AdminRoleName; label: string; hint: string }[] = [
  { value: 'owner', label: 'Owner', hint: 'everything, manages operators' },
  { value: 'staff', label: 'Staff', hint: 'catalogue, orders, customers' },
  { value: 'fulfilment', label: 'Fulfilment', hint: 'orders only: pick, pack, ship' },
];

/** The scopes of an API token. */
export const TOKEN_SCOPE_CHOICES = ['catalogue', 'orders', 'customers', 'dashboard'] as const;

/** An API token's scope. */
export type TokenScopeName = (typeof TOKEN_SCOPE_CHOICES)[number];

/** The forms of the operators page. */
export type OperatorFormKind = 'operatorInvite' | 'operatorRole' | 'operatorDisable' | 'operatorRemove' | 'operatorLink' | 'tokenCreate' | 'tokenRevoke';

/** Every kind of {@link OperatorFormKind}. */
export const OPERATOR_FORM_KINDS: readonly OperatorFormKind[] = ['operatorInvite', 'operatorRole', 'operatorDisable', 'operatorRemove', 'operatorLink', 'tokenCreate', 'tokenRevoke'];

/** Whether a form kind is one of the operators page's. */
export function isOperatorFormKind(kind: string): kind is OperatorFormKind {
  return (OPERATOR_FORM_KINDS as readonly string[]).includes(kind);
}

/** The messages of the operator and token forms' checks. */
export const OPERATOR_MESSAGES = {
  email: 'Enter the operator\'s email address.',
  name: 'Enter the operator\'s name (at most 100 characters).',
  role: 'Choose a role.',
  operator: 'This operator is not known: reload the page.',
  tokenName: 'Name the token (at most 100 characters), for example the integration that uses it.',
  scopes: 'Choose at least one scope.',
  token: 'This token is not known: reload the page.',
} as const;

function id(text: string | undefined): number | null {
  return /^[1-9]\d{0,14}$/.test(text ?? '') ? Number(text) : null;
}

function roleOf(text: string | undefined): AdminRoleName | null {
  return OPERATOR_ROLE_CHOICES.some((r) => r.value === text) ? (text as AdminRoleName) : null;
}

/** The scopes ticked in a form's fields (`scope.<name>` = 'yes'), in the API's order. */
export function tokenScopesOf(fields: Record<string, string>): TokenScopeName[] {
  return TOKEN_SCOPE_CHOICES.filter((s) => fields[`scope.${s}`] === 'yes');
}

/**
 * The check of an operators page form of `kind`, as its body or its message.
 * @example checkOperatorForm('operatorInvite', { email: 'sam@shop.test', name: 'Sam', role: 'staff' }); // { ok: true, body: { email: 'sam@shop.test', name: 'Sam', role: 'staff' } }
 */
export function checkOperatorForm(kind: OperatorFormKind, fields: Record<string, string>): FormCheck<unknown> {
  const name = (fields.name ?? '').trim();
  switch (kind) {
    case 'operatorInvite': {
      const email = (fields.email ?? '').trim();
      if (!isEmailFormat(email)) return { ok: false, error: OPERATOR_MESSAGES.email };
      if (name === '' || [...name].length > 100) return { ok: false, error: OPERATOR_MESSAGES.name };
      const role = roleOf(fields.role);
      if (!role) return { ok: false, error: OPERATOR_MESSAGES.role };
      return { ok: true, body: { email, name, role } };
    }
    case 'operatorRole': {
      const operatorId = id(fields.id);
      if (operatorId === null) return { ok: false, error: OPERATOR_MESSAGES.operator };
      const role = roleOf(fields.role);
      if (!role) return { ok: false, error: OPERATOR_MESSAGES.role };
      return { ok: true, body: { id: operatorId, role } };
    }
    case 'operatorDisable': {
      const operatorId = id(fields.id);
      if (operatorId === null) return { ok: false, error: OPERATOR_MESSAGES.operator };
      return { ok: true, body: { id: operatorId, disabled: fields.disabled === 'yes' } };
    }
    case 'operatorRemove':
    case 'operatorLink': {
      const operatorId = id(fields.id);
      return operatorId === null ? { ok: false, error: OPERATOR_MESSAGES.operator } : { ok: true, body: { id: operatorId } };
    }
    case 'tokenCreate': {
      if (name === '' || [...name].length > 100) return { ok: false, error: OPERATOR_MESSAGES.tokenName };
      const scopes = tokenScopesOf(fields);
      if (scopes.length === 0) return { ok: false, error: OPERATOR_MESSAGES.scopes };
      return { ok: true, body: { name, scopes } };
    }
    case 'tokenRevoke': {
      const tokenId = id(fields.id);
      return tokenId === null ? { ok: false, error: OPERATOR_MESSAGES.token } : { ok: true, body: { id: tokenId } };
    }
  }
}

/** What the operators list offers on an operator's row: never on one's own row (the server keeps the last owner). */
export function operatorRowActions(operator: { id: number; disabled: boolean }, selfId: number): { changeRole: boolean; disable: boolean; enable: boolean; remove: boolean; link: boolean } {
  const self = operator.id === selfId;
  return { changeRole: !self, disable: !self && !operator.disabled, enable: !self && operator.disabled, remove: !self, link: true };
}
