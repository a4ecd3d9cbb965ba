/**
 * An import job reads 'done' only once the store has taken its change: `onCommitted` (the app's
 * reindex) has run before anyone polling the job sees it end, so "done" means "the store finds the
 * products". A reindex that throws is logged and the job still ends done (its rows are committed).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../../../src/server/db/database.ts';
import { ImportJobs, type ImportRunner } from '../../../../src/server/modules/imports/jobs.ts';
import type { ImportReport } from '../../../../src/server/modules/imports/schemas.ts';
import { emptyStore } from './imports.helpers.ts';

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
