/**
 * `npm run backup -- --out FILE [--db PATH] [--force]`: a consistent online backup of the
 * store's SQLite database (ops/backup.ts), safe while the store runs. `--db` defaults to
 * DATABASE_PATH (or `{DATA_DIR}/skimmer.db`), like `npm start`. Prints a JSON summary (size,
 * pages, integrity, migrations, row counts); exits 1 with a message on failure, 2 on bad usage.
 * @module
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config/config.ts';
import { backupDatabase } from './backup.ts';

const USAGE = 'Usage: npm run backup -- --out FILE [--db PATH] [--force]';

async function main(): Promise<number> {
  let values: { out?: string; db?: string; force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { out: { type: 'string' }, db: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.out) {
    console.error(`--out FILE is required.\n${USAGE}`);
    return 2;
  }
  const source = values.db ? resolve(values.db) : readConfig().databasePath;
  try {
    const summary = await backupDatabase(source, resolve(values.out), { overwrite: values.force === true });
    console.log(JSON.stringify({ backup: 'ok', ...summary }));
    return 0;
  } catch (err) {
    console.error(`backup failed: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
