import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, test } from 'vitest';
import type { AdminImportJob, AdminImportUpload } from '../../src/api/admin-imports.ts';
import { ApiError } from '../../src/api/errors.ts';
import { IMPORT_MESSAGES } from '../../src/domain/admin-imports.ts';
import { connectAdminImport } from '../../src/machines/admin-import.connect.ts';
import { ADMIN_IMPORT_READ_TRIES, adminImportMachine } from '../../src/machines/admin-import.machine.ts';

const job = (status: AdminImportJob['status'], extra: Partial<AdminImportJob> = {}): AdminImportJob => ({
  id: 'imp_1', format: 'shopify', dryRun: false, status, rowsRead: 2, bytesRead: 20, bytesTotal: 80, createdAt: '', finishedAt: null, report: null, error: null, ...extra,
});

const report = {
  format: 'shopify' as const, dryRun: false, totals: { rows: 3, created: 1, updated: 1, unchanged: 0, rejected: 1 }, collectionsCreated: 0,
  problems: [{ kind: 'warning' as const, line: 2, column: null, value: null, reason: 'w' }, { kind: 'rejected' as const, line: 4, column: 'Variant Price', value: 'abc', reason: 'Not a price.' }],
  problemsNotShown: 0, version: 7, changedIds: [1, 2], milliseconds: 5,
};

function start(reads: (() => AdminImportJob)[]) {
  const uploads: AdminImportUpload[] = [];
  let readCount = 0;
  const machine = adminImportMachine.provide({
    actors: {
      upload: fromPromise(async ({ input }) => { uploads.push(input); return { id: 'imp_1', status: 'queued', href: '/api/admin/imports/imp_1' }; }),
      readJob: fromPromise(async () => { const next = reads[Math.min(readCount, reads.length - 1)]!; readCount += 1; return next(); }),
    },
  });
  const actor = createActor(machine, { input: { pollMs: 1 } }).start();
  return { actor, uploads, reads: () => readCount };
}

const file = new File(['Handle\nx\n'], 'a.csv');

describe('the import machine', () => {
  test('sends nothing and says why when the upload fails its check', () => {
    const { actor, uploads } = start([() => job('done')]);
    actor.send({ type: 'import.submit', upload: { format: 'skimmer', file } });
    expect(connectAdminImport(actor.getSnapshot()).error).toBe(IMPORT_MESSAGES.csvForSkimmer);
    expect(uploads).toEqual([]);
  });

  test('uploads, reads the job until it is done, then shows its report and rejected rows', async () => {
    const { actor, uploads, reads } = start([() => job('queued'), () => job('running'), () => job('done', { report })]);
    actor.send({ type: 'import.submit', upload: { format: 'shopify', file, dryRun: true } });
    expect(connectAdminImport(actor.getSnapshot()).uploading).toBe(true);
    await waitFor(actor, (s) => s.matches('finished'), { timeout: 2000 });
    const view = connectAdminImport(actor.getSnapshot());
    expect(uploads[0]).toMatchObject({ format: 'shopify', dryRun: true });
    expect(reads()).toBe(3);
    expect(view.percent).toBe(100);
    expect(view.report?.totals.created).toBe(1);
    expect(view.rejected.map((p) => p.line)).toEqual([4]);
    expect(view.canSubmit).toBe(true);
  });

  test('a failed job shows its one error', async () => {
    const { actor } = start([() => job('failed', { error: 'Line 1: not a Shopify CSV.' })]);
    actor.send({ type: 'import.submit', upload: { format: 'shopify', file } });
    await waitFor(actor, (s) => s.matches('finished'), { timeout: 2000 });
    expect(connectAdminImport(actor.getSnapshot()).jobError).toBe('Line 1: not a Shopify CSV.');
  });

  test('reads that fail are tried again, and after too many in a row the page says so and stops', async () => {
    const { actor, reads } = start([() => { throw new ApiError('x', { kind: 'network' }); }]);
    actor.send({ type: 'import.submit', upload: { format: 'shopify', file } });
    await waitFor(actor, (s) => s.matches('lost'), { timeout: 2000 });
    expect(reads()).toBe(ADMIN_IMPORT_READ_TRIES);
    expect(connectAdminImport(actor.getSnapshot()).canSubmit).toBe(false);
    actor.send({ type: 'import.reset' });
    expect(connectAdminImport(actor.getSnapshot()).status).toBe('idle');
  });
});
