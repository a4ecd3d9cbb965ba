/**
 * An import job reads 'done' only once the store has taken its change: `onCommitted` (the app's
 * reindex) has run before anyone polling the job sees it end, so "done" means "the store finds the
 * products". A reindex that throws is logged and the job still ends done (its rows are committed).
 * On PostgreSQL at the store's DATABASE_URL the import runs in a child process on that database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { openPostgres } from '../../../../src/server/platform/db/postgres.ts';
import { ImportJobs, isStoreDatabase, runnerFor, type ImportRunner } from '../../../../src/server/modules/imports/jobs.ts';
import type { ImportReport } from '../../../../src/server/modules/imports/schemas.ts';
import { onPostgres, TEST_DATABASE_URL } from '../../db.helpers.ts';
import { emptyStore, sample } from './imports.helpers.ts';

let db: Db;
beforeAll(async () => {
  db = await emptyStore();
});
afterAll(async () => {
  await db?.close();
});

const report: ImportReport = {
  format: 'shopify',
  dryRun: false,
  totals: { rows: 2, created: 2, updated: 0, unchanged: 0, rejected: 0 },
  collectionsCreated: 0,
  problems: [],
  problemsNotShown: 0,
  version: 7,
  changedIds: [11, 12],
  milliseconds: 1,
};
const runner: ImportRunner = async () => report;

function file(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'skimmer-import-job-')), 'upload.csv');
  writeFileSync(path, 'Handle\n');
  return path;
}

test('the job is not done while the store takes the change, and is done after', async () => {
  const seenDuring: string[] = [];
  let calledWith: [number[], number] | null = null;
  const jobs: ImportJobs = new ImportJobs({
    db,
    runner,
    onCommitted: async (ids, version) => {
      calledWith = [ids, version];
      seenDuring.push((await jobs.get(id))!.status);
    },
  });
  const id = await jobs.start({ format: 'shopify', dryRun: false, file: file() }, 7);
  await jobs.idle();
  expect(calledWith).toEqual([[11, 12], 7]);
  expect(seenDuring).toEqual(['running']);
  expect((await jobs.get(id))!.status).toBe('done');
});

test('a reindex that throws is reported and the committed import still ends done', async () => {
  const errors: unknown[] = [];
  const jobs = new ImportJobs({
    db,
    runner,
    onCommitted: async () => {
      throw new Error('index down');
    },
    onError: (e) => errors.push(e),
  });
  const id = await jobs.start({ format: 'shopify', dryRun: false, file: file() }, 7);
  await jobs.idle();
  expect((await jobs.get(id))!).toMatchObject({ status: 'done', report: { version: 7 } });
  expect(errors).toHaveLength(1);
  expect(String(errors[0])).toContain('index down');
});

test('a change without products (collections only) still reaches the store once', async () => {
  const calls: number[][] = [];
  const jobs = new ImportJobs({ db, runner: async () => ({ ...report, changedIds: [], collectionsCreated: 2 }), onCommitted: async (slice) => void calls.push(slice) });
  await jobs.start({ format: 'shopify', dryRun: false, file: file() }, 7);
  await jobs.idle();
  expect(calls).toEqual([[]]);
});

test("an import runs beside the store only on the store's own database", async () => {
  // a test database (SQLite in memory, or a PostgreSQL schema of its own) is never the one DATABASE_URL names
  expect(await isStoreDatabase(db, TEST_DATABASE_URL)).toBe(false);
  expect(await isStoreDatabase(db, undefined)).toBe(false);
});

if (onPostgres) {
  describe('PostgreSQL at DATABASE_URL: the import runs in a child process on the same database', () => {
    const name = `skimmer_imp_${randomBytes(5).toString('hex')}`;
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    let store: Db;
    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      store = await openPostgres(url.toString(), { max: 2 });
      await migrate(store);
    });
    afterAll(async () => {
      await store?.close();
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    test('the URL names the store: the sample is imported by the child, committed, and reaches the store', async () => {
      expect(await isStoreDatabase(store, url.toString())).toBe(true);
      const other = new URL(url);
      other.pathname = '/some_other_store';
      expect(await isStoreDatabase(store, other.toString())).toBe(false);
      const seen: number[][] = [];
      const jobs = new ImportJobs({ db: store, runner: await runnerFor(store, { DATABASE_URL: url.toString() }), onCommitted: async (slice) => void seen.push(slice) });
      const path = file();
      writeFileSync(path, sample('shopify-pool-parts.csv'));
      const id = await jobs.start({ format: 'shopify', dryRun: false, file: path }, 1, { actor: { kind: 'bootstrap', id: null }, route: 'POST /api/admin/imports' });
      await jobs.idle();
      const job = (await jobs.get(id))!;
      expect(job.error).toBeNull();
      expect(job).toMatchObject({ status: 'done', report: { totals: { created: 32, rejected: 0 } } });
      expect(Number((await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))!.n)).toBe(32);
      // the child wrote the audit row in the import's transaction
      const rows = await store.all<{ actor_kind: string; action: string; entity_id: string; before_json: string; after_json: string }>('SELECT actor_kind, action, entity_id, before_json, after_json FROM audit_log');
      expect(rows.map((r) => [r.actor_kind, r.action, r.entity_id, JSON.parse(r.before_json), (JSON.parse(r.after_json) as { products: number }).products])).toEqual([['bootstrap', 'catalogue.import', id, { products: 0 }, 32]]);
      expect(seen.flat().sort((a, b) => a - b)).toEqual(job.report!.changedIds.slice().sort((a, b) => a - b));
    }, 120_000);
  });
}
