/**
 * `npm run restore -- FILE [--db PATH] [--discard-previous]`: restores a backup taken by
 * `npm run backup` onto the store's database (ops/backup.ts). The store must be stopped: while
 * any process has the database open the restore is refused (exit 3) and nothing changes. The
 * replaced database is kept as `{db}.before-restore` unless --discard-previous. `--db` defaults
 * to DATABASE_PATH (or `{DATA_DIR}/skimmer.db`). Prints a JSON summary; exits 1 on failure, 2 on
 * bad usage.
 * @module
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config/config.ts';
import { DatabaseInUseError, restoreDatabase } from './backup.ts';

const USAGE = 'Usage: npm run restore -- FILE [--db PATH] [--discard-previous]';

function main(): number {
  let parsed: { values: { db?: string; 'discard-previous'?: boolean; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { db: { type: 'string' }, 'discard-previous': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || !positionals[0]) {
    console.error(`One backup FILE is required.\n${USAGE}`);
    return 2;
  }
  const target = values.db ? resolve(values.db) : readConfig().databasePath;
  try {
    mkdirSync(dirname(target), { recursive: true });
    const summary = restoreDatabase(resolve(positionals[0]), target, { keepPrevious: values['discard-previous'] !== true });
    console.log(JSON.stringify({ restore: 'ok', ...summary }));
    return 0;
  } catch (err) {
    console.error(`restore refused: ${(err as Error).message}`);
    return err instanceof DatabaseInUseError ? 3 : 1;
  }
}

process.exitCode = main();
