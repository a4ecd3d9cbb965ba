/**
 * `npm run import -- --format shopify|volusion|skimmer FILE [--dry-run] [--images DIR] [--categories FILE]`
 * and `npm run export -- --format shopify|volusion|skimmer [--out FILE] [--categories FILE]`, on
 * the store's database (DATABASE_URL, else DATABASE_PATH or data/skimmer.db; `--db` for another
 * file). On a terminal the import draws a progress bar (rows read, rows a second, time left);
 * elsewhere it prints a plain progress line every few seconds. The report follows; the exit
 * code is 0 when the import ran (rows may be rejected: the report says which), 1 on a fatal
 * problem, with the reason on one line.
 *
 * With `--json` (how the server runs an import in a process of its own) every line of stdout is
 * one JSON object: `{"progress":{"rows":n,"bytes":n}}` as the file is read, then
 * `{"report":{...}}`, or `{"error":"..."}` on a fatal problem (exit code 1).
 *
 * Pictures: an image cell with a web address is fetched (IMPORT_IMAGE_FETCH, see images.ts); a
 * path is read from `--images DIR`, else from the file's own folder. Each picture is stored in the
 * database and served from the store's own /media/images URLs; one that cannot be brought in is a
 * warning in the report, and its product shows the store's placeholder.
 *
 * Running store processes follow the import through the catalogue log the import's commit
 * advances (their catalogue feed polls it), so nothing needs restarting.
 * @module
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { setPriority } from 'node:os';
import { once } from 'node:events';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../../platform/config/config.ts';
import { ImportError } from '../../platform/csv/errors.ts';
import { restBetweenStretches } from '../../platform/csv/pace.ts';
import { openDatabase, type Db } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { importAuditRecorder, parseImportAuditArgument } from './audit.ts';
import { exportCatalogue } from './export.ts';
import { formatReport } from './report.ts';
import { CATALOGUE_FORMATS, type CatalogueFormat } from './schemas.ts';
import { IMPORT_NICENESS } from './jobs.ts';
import { sessionServerProcess } from './repository.ts';
import { importCatalogue } from './service.ts';

const USAGE = [
  'usage: npm run import -- --format shopify|volusion|skimmer FILE [--dry-run] [--images DIR] [--categories FILE] [--db PATH] [--json]',
  '       npm run export -- --format shopify|volusion|skimmer [--out FILE] [--categories FILE] [--db PATH]',
].join('\n');

/** A progress bar on a terminal, plain lines elsewhere. */
export function progressPrinter(total: number, out: NodeJS.WriteStream = process.stderr): { update(rows: number, bytes: number): void; done(): void } {
  const started = Date.now();
  let last = 0;
  const tty = out.isTTY === true;
  const line = (rows: number, bytes: number): string => {
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    const rate = rows / seconds;
    const share = total > 0 ? Math.min(1, bytes / total) : 0;
    const left = share > 0.01 ? Math.max(0, Math.round(seconds / share - seconds)) : null;
    const width = 30;
    const filled = Math.round(share * width);
    return `${tty ? `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` : ''}${Math.round(share * 100)}%  ${rows.toLocaleString('en-US')} rows read  ${Math.round(rate).toLocaleString('en-US')} rows/s  ${left === null ? '' : `${left} s left`}`;
  };
  return {
    update(rows, bytes) {
      const now = Date.now();
      if (tty ? now - last < 100 : now - last < 5000) return;
      last = now;
      out.write(tty ? `\r${line(rows, bytes)}\u001b[K` : `${line(rows, bytes)}\n`);
    },
    done() {
      if (tty && last > 0) out.write('\r\u001b[K');
    },
  };
}

/** A file read as a byte source, counting the bytes read for the progress bar. */
async function* counted(path: string, onBytes: (n: number) => void): AsyncGenerator<Buffer> {
  let n = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    n += chunk.length;
    onBytes(n);
    yield chunk;
  }
}

function format(raw: string | undefined): CatalogueFormat {
  if (!raw || !CATALOGUE_FORMATS.includes(raw as CatalogueFormat)) throw new ImportError(`--format must be one of ${CATALOGUE_FORMATS.join(', ')}.`);
  return raw as CatalogueFormat;
}

async function open(dbPath: string | undefined): Promise<Db> {
  const config = readConfig();
  const path = dbPath ?? config.databasePath;
  if (!process.env.DATABASE_URL) mkdirSync(dirname(path), { recursive: true });
  const db = await openDatabase({ url: dbPath ? undefined : process.env.DATABASE_URL, path });
  await migrate(db);
  return db;
}

async function runImport(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      'dry-run': { type: 'boolean' },
      images: { type: 'string' },
      // an import through the API: picture paths in the file name nothing the operator sent
      'no-image-files': { type: 'boolean' },
      // an import through the API: who started it and its job, for its audit row (audit.ts)
      audit: { type: 'string' },
      categories: { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  json = values.json === true;
  // IMPORT_REST: rest this many times as long as each stretch of work (an API import's child: 1)
  if (process.env.IMPORT_REST) restBetweenStretches(Number(process.env.IMPORT_REST));
  const audited = values.audit === undefined ? null : parseImportAuditArgument(values.audit);
  const fmt = format(values.format);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new ImportError('Give one file to import.');
  if (!existsSync(file) || !statSync(file).isFile()) throw new ImportError(`No file at ${file}.`);
  if (values.categories && fmt !== 'volusion') throw new ImportError('--categories goes with --format volusion only.');
  if (values.categories && !existsSync(values.categories)) throw new ImportError(`No categories file at ${values.categories}.`);
  const imagesDir = values.images ? resolve(values.images) : dirname(resolve(file));
  if (values.images && !existsSync(imagesDir)) throw new ImportError(`No images folder at ${values.images}.`);
  const db = await open(values.db);
  try {
    let lastJson = 0;
    const progress = json
      ? {
          update(rows: number, n: number): void {
            const now = Date.now();
            if (now - lastJson < 250) return;
            lastJson = now;
            process.stdout.write(`${JSON.stringify({ progress: { rows, bytes: n } })}\n`);
          },
          done(): void {},
        }
      : progressPrinter(statSync(file).size);
    let bytes = 0;
    const report = await importCatalogue(db, counted(file, (n) => (bytes = n)), {
      format: fmt,
      dryRun: values['dry-run'] === true,
      ...(values.categories ? { categories: createReadStream(values.categories) } : {}),
      images: { dir: values['no-image-files'] ? null : imagesDir },
      ...(audited ? { record: importAuditRecorder(audited) } : {}),
      onProgress: (rows) => progress.update(rows, bytes),
      // the server's import process: its database session gives way to the store as the process does
      ...(json ? { onTransaction: lowerSessionPriority } : {}),
    });
    progress.done();
    if (json) {
      process.stdout.write(`${JSON.stringify({ report })}\n`);
      return 0;
    }
    console.log(formatReport(report));
    if (report.version !== null) console.log(`Catalogue version ${report.version}: running store processes pick the change up from the catalogue log.`);
    return 0;
  } finally {
    await db.close();
  }
}

/**
 * Lowers the priority of the PostgreSQL server process that serves the import's session to the
 * import's own ({@link IMPORT_NICENESS}) when the server runs on this machine and the system
 * allows it: an import through the API otherwise leaves its lowered process waiting on a server
 * process that competes with the store at full priority (most of a PostgreSQL import's CPU is the
 * server's). The process is checked to be a `postgres` one of this machine before it is touched;
 * elsewhere (another machine, another user's server, not Linux) nothing changes.
 */
async function lowerSessionPriority(tx: Db): Promise<void> {
  const server = await sessionServerProcess(tx).catch(() => null);
  if (!server?.local) return;
  try {
    if (readFileSync(`/proc/${server.pid}/comm`, 'utf8').trim() !== 'postgres') return;
    setPriority(server.pid, IMPORT_NICENESS);
  } catch {
    // not Linux, or not allowed: the session keeps its priority
  }
}

async function runExport(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { format: { type: 'string' }, out: { type: 'string' }, categories: { type: 'string' }, db: { type: 'string' } } });
  const fmt = format(values.format);
  if (values.categories && fmt !== 'volusion') throw new ImportError('--categories goes with --format volusion only.');
  const db = await open(values.db);
  try {
    const write = async (part: 'products' | 'categories', path: string | undefined): Promise<void> => {
      const out = path ? createWriteStream(path) : process.stdout;
      for await (const chunk of exportCatalogue(db, fmt, part)) if (!out.write(chunk)) await once(out, 'drain');
      if (path) {
        (out as ReturnType<typeof createWriteStream>).end();
        await once(out, 'finish');
      }
    };
    await write('products', values.out);
    if (fmt === 'volusion') {
      const categories = values.categories ?? (values.out ? join(dirname(values.out), `${basename(values.out, extname(values.out))}-categories.csv`) : undefined);
      if (categories) {
        await write('categories', categories);
        console.error(`Categories written to ${categories}.`);
      }
    }
    if (values.out) console.error(`Catalogue (${fmt}) written to ${values.out}.`);
    return 0;
  } finally {
    await db.close();
  }
}

/** Whether the import speaks JSON lines (`--json`). */
let json = false;

const [command, ...rest] = process.argv.slice(2);
(command === 'export' ? runExport(rest) : command === 'import' ? runImport(rest) : Promise.reject(new ImportError('Say import or export.')))
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    if (json) {
      const message = err instanceof ImportError ? err.message : 'The import failed; nothing was written.';
      process.stdout.write(`${JSON.stringify({ error: message })}\n`, () => process.exit(1));
      if (!(err instanceof ImportError)) console.error(err);
      return;
    }
    console.error(err instanceof ImportError || (err instanceof Error && err.name === 'TypeError' && 'code' in err) ? `error: ${err.message}` : `error: ${err instanceof Error ? err.message : String(err)}`);
    console.error(USAGE);
    process.exit(1);
  });
