/**
 * `npm run seed -- --products N --seed S [--db path]`: (re)creates a database file with a
 * generated catalogue and content. An existing file at the path is replaced, since a seed is a
 * fresh store by definition. Defaults: 3000 products, seed 1, DATABASE_PATH or data/skimmer.db.
 * @module
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseSeedArgs } from '../config.ts';
import { openSqlite } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedStore } from './store.ts';
import { seedDemoCustomer } from '../account/demo.ts';

async function run(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  mkdirSync(dirname(args.db), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(args.db + suffix)) rmSync(args.db + suffix);
  const db = openSqlite(args.db);
  await migrate(db);
  const summary = await seedStore(db, { products: args.products, seed: args.seed });
  const demoCustomerId = await seedDemoCustomer(db);
  await db.close();
  console.log(JSON.stringify({ db: args.db, ...summary, demoCustomerId }, null, 2));
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error('usage: npm run seed -- [--products N] [--seed S] [--db path]');
  process.exit(1);
});
