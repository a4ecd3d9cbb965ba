/**
 * `npm run redirects:import -- FILE [--db PATH]`: imports an operator's redirects CSV (a header
 * `from,to`, then one redirect a line) into the store's database (DATABASE_URL, else
 * DATABASE_PATH or data/skimmer.db; `--db` for another SQLite file). The file lands whole or not
 * at all: each line that cannot be taken is printed with its reason (a loop, an address given
 * twice, a bad address) and the exit code is 1. Running store processes read the redirects from
 * the database on each request, so nothing needs restarting.
 * @module
 */
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../../platform/config/config.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { servedStoreConfig } from '../content/service.ts';
import { createRedirectService, RedirectImportError } from './service.ts';

const USAGE = 'usage: npm run redirects:import -- FILE [--db PATH]';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { db: { type: 'string' } } });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new RedirectImportError('Give one redirects CSV to import.');
  if (!existsSync(file) || !statSync(file).isFile()) throw new RedirectImportError(`No file at ${file}.`);
  const path = values.db ?? readConfig().databasePath;
  const url = values.db ? undefined : process.env.DATABASE_URL;
  if (!url) mkdirSync(dirname(path), { recursive: true });
  const db = await openDatabase({ url, path });
  try {
    await migrate(db);
    const service = createRedirectService({ db, paths: () => servedStoreConfig(db) });
    const result = await service.importCsv(createReadStream(file));
    console.log(`${result.imported} redirects imported, ${result.collapsed} chains collapsed; the store has ${result.total} redirects.`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    if (err instanceof RedirectImportError) for (const p of err.problems) console.error(`  ${p.reason}`);
    else console.error(USAGE);
    process.exit(1);
  });
