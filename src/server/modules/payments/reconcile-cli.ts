/**
 * The command behind `npm run payments:reconcile -- --from YYYY-MM-DD --to YYYY-MM-DD`, on the
 * store's database (DATABASE_URL, else the SQLite file of DATABASE_PATH or DATA_DIR) and the
 * configured provider (PAYMENT_PROVIDER and its settings). See reconcile.ts for the report.
 * @module
 */
import { readConfig } from '../../platform/config/config.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { parseReconcileArgs, runReconcile } from './reconcile.ts';
import { paymentsFromConfig } from './setup.ts';

async function run(): Promise<number> {
  let range;
  try {
    range = parseReconcileArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const config = readConfig();
  const db = await openDatabase({ url: process.env.DATABASE_URL, path: config.databasePath });
  try {
    return await runReconcile(paymentsFromConfig(db), range, (line) => console.log(line));
  } finally {
    await db.close();
  }
}

run().then((code) => {
  process.exitCode = code;
}, (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
