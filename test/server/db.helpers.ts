/**
 * The database the server tests run on. The `node` project runs them on SQLite in memory; the
 * `server-pg` project (vite.config.ts) sets TEST_DB=postgres and reruns them on PostgreSQL at
 * TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test), each database in its own
 * schema, dropped when the test file ends. An unreachable PostgreSQL fails the run with the
 * reason (it is never skipped).
 *
 * A seeded store ({@link openSeededTestDb}) on PostgreSQL is a copy of a template database
 * (`CREATE DATABASE ... TEMPLATE`): migrating and seeding a store there takes seconds, copying
 * one a fraction of that. Each template is seeded once, under an advisory lock (workers and runs
 * that start together wait for the first), and named after the store it holds (products, seed)
 * and a hash of the code that makes it (the migrations and every module the seeding imports), so
 * a change to a migration or a generator makes a new one; templates of other code made more than
 * an hour before are dropped when a new one is made.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { openSqlite, type Db } from '../../src/server/platform/db/database.ts';
import { migrate } from '../../src/server/platform/db/migrate.ts';
import { seedStore } from '../../src/server/seed/store.ts';

/** The PostgreSQL the pg project uses. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

/** Whether this run is the PostgreSQL one. */
export const onPostgres = process.env.TEST_DB === 'postgres';

const opened: { db: Db; schema: string; by: string }[] = [];

/**
 * Closes and drops every database opened since the last call: the schemas of openTestDb and the
 * copies of openSeededTestDb. test/server/setup-db.ts calls it after each test file: the node and
 * server-pg projects run unisolated (vite.config.ts, NO_ISOLATION), so this module is loaded once
 * per worker and a hook registered here would run after its first file only (the others' pools,
 * schemas and databases were left open: PostgreSQL ran out of connections).
 */
export async function closeTestDatabases(): Promise<void> {
  for (const { db: each, schema: name } of opened.splice(0)) {
    await each.close().catch(() => undefined);
    await dropSchema(name);
  }
  for (const { db: each, name } of copies.splice(0)) {
    await each.close().catch(() => undefined);
    const admin = await adminClient();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
}

/** The test file of each open test database (between files, only the next file's own, opened while it was collected: test/server/setup-db.ts checks). */
export function openTestDatabases(): string[] {
  return [...opened, ...copies].map((d) => d.by);
}

/** The test file running now (or being collected), to name the file that left a database open. */
function openedBy(): string {
  return expect.getState().testPath ?? '?';
}

/**
 * A new empty database: SQLite in memory, or a fresh schema on PostgreSQL (pg project).
 * @example
 * const db = await openTestDb();
 * await migrate(db);
 */
export async function openTestDb(): Promise<Db> {
  if (!onPostgres) return openSqlite(':memory:');
  const { openPostgres } = await import('../../src/server/platform/db/postgres.ts');
  const schema = `t_${process.pid}_${randomBytes(5).toString('hex')}`;
  let db: Db;
  try {
    db = await openPostgres(TEST_DATABASE_URL, { schema, max: 4 });
  } catch (err) {
    throw new Error(
      `The server-pg tests need PostgreSQL at ${TEST_DATABASE_URL} (TEST_DATABASE_URL): ${(err as Error).message}. ` +
        'Start it (.ci/run does) or run only the node project.',
    );
  }
  opened.push({ db, schema, by: openedBy() });
  return db;
}

async function dropSchema(schema: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

// ------------------------------------------------------------ seeded stores from templates

/** The copies of templates this file opened, dropped when it ends. */
const copies: { db: Db; name: string; by: string }[] = [];

/** The schema the copies of a template work in (each copy is a database of its own). */
const TEMPLATE_SCHEMA = 'store';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let codeHash: string | null = null;
const IMPORT_RE = /(?:from\s*|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * A hash of what a seeded store is made from: the migrations, and every module the seeding and
 * migrating code imports, followed from src/server/seed/store.ts and src/server/platform/db/migrate.ts,
 * plus package-lock.json. A template of another hash is another store. (Not the whole tree: the
 * templates stay valid while unrelated code changes.)
 */
function seedCodeHash(): string {
  if (codeHash) return codeHash;
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const addModule = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    if (!existsSync(path)) return;
    const text = readFileSync(path, 'utf8');
    hash.update(path.slice(ROOT.length)).update('\0').update(text).update('\0');
    for (const m of text.matchAll(IMPORT_RE)) addModule(join(dirname(path), m[1] ?? ''));
  };
  addModule(join(ROOT, 'src/server/seed/store.ts'));
  addModule(join(ROOT, 'src/server/platform/db/migrate.ts'));
  for (const dir of ['src/server/platform/db/migrations', 'src/server/platform/db/migrations/postgres']) {
    for (const name of readdirSync(join(ROOT, dir)).filter((n) => n.endsWith('.sql')).sort()) {
      hash.update(`${dir}/${name}`).update('\0').update(readFileSync(join(ROOT, dir, name))).update('\0');
    }
  }
  hash.update(readFileSync(join(ROOT, 'package-lock.json')));
  codeHash = hash.digest('hex').slice(0, 12);
  return codeHash;
}

/** TEST_DATABASE_URL with another database name. */
function urlOfDatabase(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminClient() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  return client;
}

/**
 * The template database of a store (seeding it first when no complete one exists). Called with
 * the advisory lock of its name held, so it is seeded once.
 */
async function ensureTemplate(client: Awaited<ReturnType<typeof adminClient>>, name: string, prepare: (db: Db) => Promise<void>): Promise<void> {
  const found = await client.query<{ datistemplate: boolean }>('SELECT datistemplate FROM pg_database WHERE datname = $1', [name]);
  // a template is marked as one only once seeded: anything else is a seeding that died half-way
  if (found.rows[0]?.datistemplate === true) return;
  if (found.rows.length > 0) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  const { openPostgres } = await import('../../src/server/platform/db/postgres.ts');
  const db = await openPostgres(urlOfDatabase(name), { schema: TEMPLATE_SCHEMA, max: 2 });
  try {
    await prepare(db);
  } finally {
    await db.close();
  }
  await client.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
  await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
  // templates of other code made more than an hour ago: no run of this code uses them
  const stale = await client.query<{ datname: string }>(
    `SELECT d.datname FROM pg_database d WHERE d.datistemplate AND d.datname LIKE 'skimmer_tpl_%' AND d.datname NOT LIKE $1
       AND COALESCE(shobj_description(d.oid, 'pg_database'), '') < $2`,
    [`skimmer_tpl_${seedCodeHash()}_%`, new Date(Date.now() - 3600_000).toISOString()],
  );
  for (const { datname } of stale.rows) {
    await client.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`).catch(() => undefined);
    await client.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
  }
}

/**
 * A migrated database seeded with a generated store (`seedStore(db, { products, seed })`): SQLite
 * in memory, or on PostgreSQL a copy of the store's template database (seeded once), dropped when
 * the test file ends. Each call answers a database of its own: writes never reach another test
 * file or the template.
 * @example
 * const db = await openSeededTestDb(60, 7);
 */
export async function openSeededTestDb(products: number, seed: number): Promise<Db> {
  return await fromTemplate(`${products}_${seed}`, async (db) => {
    await migrate(db);
    await seedStore(db, { products, seed });
  });
}

/**
 * A database prepared by `prepare`: on SQLite at once, on PostgreSQL as a copy of the template
 * `kind`. (Only seeded stores are worth it: an empty migrated database costs about as much to
 * copy and drop as to migrate.)
 */
async function fromTemplate(kind: string, prepare: (db: Db) => Promise<unknown>): Promise<Db> {
  if (!onPostgres) {
    const db = openSqlite(':memory:');
    await prepare(db);
    return db;
  }
  const template = `skimmer_tpl_${seedCodeHash()}_${kind}`;
  const copy = `skimmer_t_${process.pid}_${randomBytes(5).toString('hex')}`;
  let client: Awaited<ReturnType<typeof adminClient>>;
  try {
    client = await adminClient();
  } catch (err) {
    throw new Error(
      `The server-pg tests need PostgreSQL at ${TEST_DATABASE_URL} (TEST_DATABASE_URL): ${(err as Error).message}. ` +
        'Start it (.ci/run does) or run only the node project.',
    );
  }
  try {
    // one seeding per template; copies are made under the same lock (a copy needs the template
    // free of other connections, which only its seeding opens)
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      await ensureTemplate(client, template, async (db) => void (await prepare(db)));
      await client.query(`CREATE DATABASE ${copy} TEMPLATE ${template}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  } finally {
    await client.end();
  }
  const { openPostgres } = await import('../../src/server/platform/db/postgres.ts');
  const db = await openPostgres(urlOfDatabase(copy), { schema: TEMPLATE_SCHEMA, max: 4 });
  copies.push({ db, name: copy, by: openedBy() });
  return db;
}
