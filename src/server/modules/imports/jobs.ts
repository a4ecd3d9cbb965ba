/**
 * Imports started through the operators' API: the uploaded file is kept on disk, a job row is
 * recorded (`catalogue_imports`), and the import runs after the answer, one at a time per
 * process. `GET /api/admin/imports/{id}` reads the job: live progress from the process running it,
 * the report (or the one fatal error) from the database once it has ended.
 *
 * Where the import runs is chosen so the store keeps answering meanwhile:
 * - SQLite in a file: in a child process of its own (the import CLI with `--json`) on its own
 *   connection. The server's connection queues every statement behind a transaction it holds
 *   itself, so an import on it would stop every page for its whole length; on a second connection
 *   the store's reads go on (WAL: they see the catalogue as it was until the commit).
 * - PostgreSQL at the store's DATABASE_URL: in a child process too, so the import's parsing,
 *   merging and garbage never run on the thread that answers shoppers.
 * - Elsewhere (SQLite in memory, a PostgreSQL schema of the tests): in this process, giving the
 *   event loop a turn every few milliseconds (pace.ts).
 * A child process runs at a lower CPU priority ({@link IMPORT_NICENESS}, every thread of it) with
 * one thread for its pictures: on a busy machine the store's answers come first and the import
 * takes a little longer.
 * Once the import commits, `onCommitted` (the app's `catalogue.reindex`, which takes a large
 * change a slice at a time) brings this process's index and caches up to date and announces the
 * change to the other processes.
 * @module
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ImportError } from '../../platform/csv/errors.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AuditWho } from '../admin/service.ts';
import { auditFailedImport, importAuditArgument, importAuditRecorder, type ImportAudit } from './audit.ts';
import { countProducts, endImportJob, importJob, insertImportJob, postgresDatabaseOf, sqliteFile, updateImportJob, type ImportJobRow, type ImportStatus } from './repository.ts';
import type { CatalogueFormat, ImportReport } from './schemas.ts';
import { importCatalogue } from './service.ts';

/** What one import reads: files on disk, kept until it ends. */
export interface ImportRun {
  format: CatalogueFormat;
  dryRun: boolean;
  file: string;
  /** Volusion's categories CSV. */
  categoriesFile?: string;
  /** The folder of the pictures sent with the file (picture paths are read from it); none: paths are warnings. */
  imagesDir?: string;
  /** Who started it and its job: the import writes its audit row (audit.ts). */
  audit?: ImportAudit;
}

/** Rows and bytes read so far. */
export interface ImportProgress {
  rows: number;
  bytes: number;
}

/** Runs one import to its report; throws ImportError for a fatal problem of the file. */
export type ImportRunner = (run: ImportRun, onProgress: (progress: ImportProgress) => void) => Promise<ImportReport>;

/** The answer of a job that failed for a reason that is not the file's. */
export const IMPORT_FAILED = 'The import failed; nothing was written.';

/** A file read as an import's byte source, counting its bytes. */
async function* counted(path: string, onBytes: (n: number) => void): AsyncGenerator<Buffer> {
  let n = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    n += chunk.length;
    onBytes(n);
    yield chunk;
  }
}

/** Runs imports in this process, on `db`. */
export function inProcessRunner(db: Db): ImportRunner {
  return async (run, onProgress) => {
    let bytes = 0;
    return await importCatalogue(db, counted(run.file, (n) => (bytes = n)), {
      format: run.format,
      dryRun: run.dryRun,
      ...(run.categoriesFile ? { categories: createReadStream(run.categoriesFile) } : {}),
      images: { dir: run.imagesDir ?? null },
      ...(run.audit ? { record: importAuditRecorder(run.audit) } : {}),
      onProgress: (rows) => onProgress({ rows, bytes }),
    });
  };
}

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** The niceness an import's child process runs at (0 to 19, higher yields more). @default 10 */
export const IMPORT_NICENESS = 10;

/**
 * How long an API import's child on PostgreSQL rests after each stretch of work, as a multiple of
 * the stretch (IMPORT_REST overrides, on SQLite too; 0 never rests). @default 1
 */
export const IMPORT_REST = 1;

/** The `nice` program, where the system has one. */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((path) => process.platform !== 'win32' && existsSync(path)) ?? null;

/** The database a child process imports into: an SQLite file, or PostgreSQL at a connection URL. */
export type ChildDatabase = { sqlite: string } | { postgres: string };

/**
 * Runs imports in a child process (the import CLI with `--json`) on the database given, at
 * {@link IMPORT_NICENESS}. The child loads TypeScript through tsx, as `npm start` does.
 */
export function childProcessRunner(database: ChildDatabase): ImportRunner {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return (run, onProgress) =>
    new Promise<ImportReport>((resolve, reject) => {
      const args = [
        ...['--import', tsx, CLI, 'import', '--json', '--format', run.format],
        ...('sqlite' in database ? ['--db', database.sqlite] : []),
        ...(run.imagesDir ? ['--images', run.imagesDir] : ['--no-image-files']),
        ...(run.dryRun ? ['--dry-run'] : []),
        ...(run.categoriesFile ? ['--categories', run.categoriesFile] : []),
        ...(run.audit ? ['--audit', importAuditArgument(run.audit)] : []),
        run.file,
      ];
      const env = {
        ...process.env,
        DATABASE_URL: 'postgres' in database ? database.postgres : '',
        // one thread for the pictures' decoding and resizing (sharp works on libuv's pool)
        UV_THREADPOOL_SIZE: process.env.IMPORT_THREADPOOL_SIZE ?? '1',
        // on PostgreSQL it rests as long as it works (it and the database's process serving it take
        // at most half the time), so the store's searches find a core free (platform/csv/pace.ts);
        // on SQLite its one write transaction holds carts and orders back, so it goes at full pace
        IMPORT_REST: process.env.IMPORT_REST ?? ('postgres' in database ? String(IMPORT_REST) : '0'),
      };
      // started under nice where the system has it, so every thread of the child runs at the lower
      // priority (Linux lowers one thread at a time: setPriority afterwards misses those already started)
      const viaNice = NICE !== null;
      const child = viaNice ? spawn(NICE, ['-n', String(IMPORT_NICENESS), process.execPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env }) : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
      if (!viaNice) {
        try {
          if (child.pid !== undefined) setPriority(child.pid, IMPORT_NICENESS);
        } catch {
          // a system that does not let a process lower another's priority: the import runs as it is
        }
      }
      let report: ImportReport | null = null;
      let error: string | null = null;
      let pending = '';
      let stderr = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (text: string) => {
        pending += text;
        let at: number;
        while ((at = pending.indexOf('\n')) >= 0) {
          const line = pending.slice(0, at);
          pending = pending.slice(at + 1);
          try {
            const message = JSON.parse(line) as { progress?: ImportProgress; report?: ImportReport; error?: string };
            if (message.progress) onProgress(message.progress);
            if (message.report) report = message.report;
            if (typeof message.error === 'string') error = message.error;
          } catch {
            // not a line of the protocol (a library's own output): ignored
          }
        }
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        stderr = (stderr + text).slice(-4000);
      });
      child.on('error', reject);
      child.on('close', (code) => {
        if (report && code === 0) resolve(report);
        else if (error !== null && error !== IMPORT_FAILED) reject(new ImportError(error));
        else reject(new Error(`import process ended with ${code}: ${stderr.trim()}`));
      });
    });
}

/**
 * Whether `url` names the database `db` works in, in its public schema: then a child process
 * opened on the URL imports into the store's own catalogue.
 */
export async function isStoreDatabase(db: Db, url: string | undefined): Promise<boolean> {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol) || parsed.searchParams.has('options')) return false;
  const here = await postgresDatabaseOf(db);
  return here !== null && here.schema === 'public' && here.name === decodeURIComponent(parsed.pathname.replace(/^\//, ''));
}

/**
 * The runner for the store's database: a child process on an SQLite file or on the store's
 * PostgreSQL database (DATABASE_URL), this process otherwise (see the module notes).
 */
export async function runnerFor(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<ImportRunner> {
  const file = await sqliteFile(db);
  if (file) return childProcessRunner({ sqlite: file });
  if (db.dialect.name === 'postgres' && (await isStoreDatabase(db, env.DATABASE_URL))) return childProcessRunner({ postgres: env.DATABASE_URL! });
  return inProcessRunner(db);
}

/** A job as the API answers it. */
export interface ImportJobView {
  id: string;
  format: string;
  dryRun: boolean;
  status: ImportStatus;
  rowsRead: number;
  bytesRead: number;
  bytesTotal: number;
  createdAt: string;
  finishedAt: string | null;
  report: ImportReport | null;
  error: string | null;
}

/** Options of {@link ImportJobs}. */
export interface ImportJobsOptions {
  db: Db;
  /** How an import runs. @default runnerFor(db) */
  runner?: ImportRunner;
  /** Called after an import committed a change: the app's `catalogue.reindex`. */
  onCommitted?: (changedIds: number[], version: number) => Promise<void>;
  /** Called with an error that is not the file's (logged by the caller). */
  onError?: (error: unknown) => void;
  /** The clock. @default () => new Date() */
  now?: () => Date;
}

/** The imports of this process: started, run one at a time, read back. */
export class ImportJobs {
  private readonly live = new Map<string, ImportProgress & { status: ImportStatus }>();
  private queue: Promise<void> = Promise.resolve();
  private runner: ImportRunner | undefined;

  constructor(private readonly options: ImportJobsOptions) {
    this.runner = options.runner;
  }

  /**
   * Records a job for files already on disk and queues its run; answers its id at once. The
   * files are removed when the run ends.
   */
  async start(run: Omit<ImportRun, 'audit'>, bytesTotal: number, who?: AuditWho): Promise<string> {
    const { db } = this.options;
    const id = `imp_${randomBytes(10).toString('hex')}`;
    await insertImportJob(db, { id, format: run.format, dryRun: run.dryRun, bytesTotal, createdAt: this.now() });
    this.live.set(id, { status: 'queued', rows: 0, bytes: 0 });
    const withAudit: ImportRun = who ? { ...run, audit: { who, jobId: id } } : run;
    this.queue = this.queue.then(() => this.run(id, withAudit));
    return id;
  }

  /** Waits until every queued import has ended (tests, shutdown). */
  async idle(): Promise<void> {
    await this.queue;
  }

  /** A job as the API answers it, or undefined. */
  async get(id: string): Promise<ImportJobView | undefined> {
    const row = await importJob(this.options.db, id);
    if (!row) return undefined;
    return view(row, row.status === 'done' || row.status === 'failed' ? undefined : this.live.get(id));
  }

  private now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  private async run(id: string, run: ImportRun): Promise<void> {
    const { db } = this.options;
    const state = this.live.get(id)!;
    state.status = 'running';
    let lastWrite = 0;
    // the store's products before the import, for the audit row of one that fails
    const productsBefore = run.audit ? await countProducts(db).catch(() => 0) : 0;
    try {
      // PostgreSQL takes the progress on another pooled connection; SQLite's writer is the import
      if (db.dialect.name === 'postgres') await updateImportJob(db, id, 'running', 0, 0);
      this.runner ??= await runnerFor(db);
      const report = await this.runner(run, (p) => {
        state.rows = p.rows;
        state.bytes = p.bytes;
        const now = Date.now();
        if (db.dialect.name === 'postgres' && now - lastWrite > 1000) {
          lastWrite = now;
          updateImportJob(db, id, 'running', p.rows, p.bytes).catch(() => undefined);
        }
      });
      // the store's index and caches take the change before the job reads 'done', so whoever polls
      // the job finds the products at once; the rows are committed whatever the reindex does
      if (report.version !== null && report.changedIds.length + report.collectionsCreated > 0) {
        await this.options.onCommitted?.(report.changedIds, report.version).catch((e: unknown) => this.options.onError?.(e));
      }
      await endImportJob(db, id, { status: 'done', rowsRead: report.totals.rows, bytesRead: state.bytes, report: JSON.stringify(report), error: null, finishedAt: this.now() });
    } catch (err) {
      if (!(err instanceof ImportError)) this.options.onError?.(err);
      const error = err instanceof ImportError ? err.message : IMPORT_FAILED;
      // audited before the job reads failed, so whoever polls it finds the row
      if (run.audit) await auditFailedImport(db, run.audit, run.format, run.dryRun, productsBefore, error).catch((e: unknown) => this.options.onError?.(e));
      await endImportJob(db, id, { status: 'failed', rowsRead: state.rows, bytesRead: state.bytes, report: null, error, finishedAt: this.now() }).catch((e: unknown) => this.options.onError?.(e));
    } finally {
      this.live.delete(id);
      await Promise.all([
        rm(run.file, { force: true }),
        run.categoriesFile ? rm(run.categoriesFile, { force: true }) : undefined,
        run.imagesDir ? rm(run.imagesDir, { force: true, recursive: true }) : undefined,
      ]);
    }
  }
}

function view(row: ImportJobRow, live: (ImportProgress & { status: ImportStatus }) | undefined): ImportJobView {
  return {
    id: row.id,
    format: row.format,
    dryRun: row.dryRun,
    status: live?.status ?? row.status,
    rowsRead: live?.rows ?? row.rowsRead,
    bytesRead: live?.bytes ?? row.bytesRead,
    bytesTotal: row.bytesTotal,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    report: row.report === null ? null : (JSON.parse(row.report) as ImportReport),
    error: row.error,
  };
}
