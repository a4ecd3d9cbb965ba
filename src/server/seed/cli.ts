/**
 * `npm run seed -- --products N --seed S [--db path]`: (re)creates a database file with a
 * generated catalogue and content. An existing file at the path is replaced, since a seed is a
 * fresh store by definition. Defaults: 3000 products, seed 1, DATABASE_PATH or data/skimmer.db.
 *
 * `npm run seed -- --from FILE --format shopify|volusion|skimmer [--categories FILE] [--db path]`
 * makes the store from a catalogue file instead of the generator: the same fresh database with
 * the store's content (pages, navigation, configuration) and the demo customer, and the file's
 * products and collections through the import (every rejected row reported, exit code 1 when
 * the file cannot be read at all). No generated equipment: its fitment names generated parts.
 * @module
 */
import { createReadStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseSeedArgs, type SeedArgs } from '../platform/config/config.ts';
import { openSqlite, type Db } from '../platform/db/database.ts';
import { migrate, syncIdentities } from '../platform/db/migrate.ts';
import { seedContent } from '../modules/content/seed.ts';
import { formatReport } from '../modules/imports/report.ts';
import { importCatalogue } from '../modules/imports/index.ts';
import { markCatalogueFromFile } from './equipment-database.ts';
import { seedStore } from './store.ts';
import { seedDemoCustomer } from './demo-customer.ts';

async function fromFile(db: Db, args: SeedArgs & { from: string; format: NonNullable<SeedArgs['format']> }): Promise<object> {
  const content = await seedContent(db, { seed: args.seed });
  await syncIdentities(db);
  const report = await importCatalogue(db, createReadStream(args.from), {
    format: args.format,
    ...(args.categories ? { categories: createReadStream(args.categories) } : {}),
    // picture paths in the file are read from the file's own folder
    images: { dir: dirname(resolve(args.from)) },
  });
  console.error(formatReport(report));
  await markCatalogueFromFile(db, args.format);
  return { catalogue: { from: args.from, format: args.format, ...report.totals, collectionsCreated: report.collectionsCreated }, content };
}

async function run(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  if (args.from !== undefined && !existsSync(args.from)) throw new Error(`No file at ${args.from}`);
  if (args.categories !== undefined && !existsSync(args.categories)) throw new Error(`No categories file at ${args.categories}`);
  mkdirSync(dirname(args.db), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(args.db + suffix)) rmSync(args.db + suffix);
  const db = openSqlite(args.db);
  // a fresh file of our own: a rollback journal while it is written, so a million products' pages
  // are written once into the file (in WAL mode one transaction of them went to a 2.5 GB WAL first,
  // then was copied into the file). The journal of a fresh file holds next to nothing, and rolls a
  // transaction cut short back as the WAL would. The file is left in WAL mode, as the store opens it.
  await db.exec('PRAGMA journal_mode = DELETE');
  await migrate(db);
  const summary = args.from !== undefined && args.format !== undefined ? await fromFile(db, { ...args, from: args.from, format: args.format }) : await seedStore(db, { products: args.products, seed: args.seed });
  const demoCustomerId = await seedDemoCustomer(db);
  await db.exec('PRAGMA journal_mode = WAL');
  await db.close();
  console.log(JSON.stringify({ db: args.db, ...summary, demoCustomerId }, null, 2));
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error('usage: npm run seed -- [--products N] [--seed S] [--db path]');
  console.error('       npm run seed -- --from FILE --format shopify|volusion|skimmer [--categories FILE] [--db path]');
  process.exit(1);
});
