/**
 * `npm run migrate`: applies the pending migrations to the store's database (DATABASE_URL, else
 * the SQLite file at DATABASE_PATH or DATA_DIR/skimmer.db) under the setup lock, and prints the
 * versions it applied. `npm start` does the same at every start; this runs it alone (a deploy step
 * before the new processes start).
 * @module
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { readConfig } from '../config/config.ts';
import { openDatabase } from './database.ts';
import { appliedVersions, migrate } from './migrate.ts';

async function run(): Promise<void> {
  const config = readConfig();
  const url = process.env.DATABASE_URL;
  if (!url) mkdirSync(dirname(config.databasePath), { recursive: true });
  const db = await openDatabase({ url, path: config.databasePath });
  try {
    const applied = await migrate(db);
    console.log(JSON.stringify({ database: url ? 'postgres' : config.databasePath, applied, versions: await appliedVersions(db) }));
  } finally {
    await db.close();
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
