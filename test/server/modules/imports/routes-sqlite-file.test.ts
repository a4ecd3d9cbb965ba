/**
 * On an SQLite file the server runs an import in a child process on its own connection (the
 * server's connection would queue every page behind the import's transaction): the job still
 * shows its progress and report, the pictures sent with the file reach it, and once it has
 * committed the running store serves the products, pictures and collections it brought. Both
 * projects run it on an SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { openSqlite, type Db } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import type { ImportJobView } from '../../../../src/server/modules/imports/jobs.ts';
import { sample } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const TOKEN = 'operators-token-imports-file-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'skimmer-imports-file-'));
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = openSqlite(join(dir, 'store.db'));
  await migrate(db);
  app = await buildApp({ db, dataDir: dir, webDir: join(dir, 'no-web'), operators: { token: TOKEN, allowedHosts: [], allowedOrigins: [] } });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The Shopify sample and the pictures it names, as one multipart upload. */
function sampleUpload(): { payload: Buffer; type: string } {
  const boundary = '----skimmer-file-test-boundary';
  const names = [...new Set(sample('shopify-pool-parts.csv').toString('utf8').match(/images\/[a-z0-9-]+\.png/g))].map((p) => p.slice('images/'.length));
  const parts: [string, string, Buffer][] = [['file', 'shopify-pool-parts.csv', sample('shopify-pool-parts.csv')], ...names.map((n): [string, string, Buffer] => ['images', n, sample(`images/${n}`)])];
  const chunks: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="format"\r\n\r\nshopify\r\n`)];
  for (const [name, filename, value] of parts) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n\r\n`), value, Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

test('a Shopify sample and its pictures imported in a child process: progress, the report, and the running store serves them', async () => {
  const upload = sampleUpload();
  const res = await app.inject({ method: 'POST', url: '/api/admin/imports', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': upload.type }, payload: upload.payload });
  expect(res.statusCode).toBe(202);
  const { id } = res.json<{ id: string }>();
  let job: ImportJobView;
  for (;;) {
    // the store answers while the import runs
    expect((await app.inject({ url: '/api/collections' })).statusCode).toBe(200);
    job = (await app.inject({ url: `/api/admin/imports/${id}`, headers: { authorization: `Bearer ${TOKEN}` } })).json<ImportJobView>();
    if (job.status === 'done' || job.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(job.error).toBeNull();
  expect(job.report).toMatchObject({ totals: { rows: 51, created: 32, rejected: 0 }, problems: [] });
  // its audit row, written by the child inside the import's transaction
  const audit = (await app.inject({ url: `/api/admin/audit?entity=catalogue_import&entityId=${id}`, headers: { authorization: `Bearer ${TOKEN}` } })).json<{ entries: { actor: unknown; route: string; before: unknown; after: Record<string, unknown> }[] }>();
  expect(audit.entries).toEqual([
    expect.objectContaining({ actor: { kind: 'bootstrap', id: null }, route: 'POST /api/admin/imports', before: { products: 0 }, after: expect.objectContaining({ format: 'shopify', dryRun: false, status: 'done', products: 32 }) }),
  ]);
  // the pictures sent with the file reached the child's import (--images): stored, served by the store
  const pump = (await app.inject({ url: '/api/products/handle/tidewell-aquadrive-1-5-hp-pool-pump' })).json<{ product: { Images: { url: string }[] } }>().product;
  expect(pump.Images).toHaveLength(2);
  const picture = await app.inject({ url: pump.Images[1]!.url });
  expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/png']);
  expect((await app.inject({ url: '/api/products/handle/brightwater-replacement-cartridge' })).statusCode).toBe(200);
  expect((await app.inject({ url: '/api/collections/handle/filter-cartridges' })).statusCode).toBe(200);
  expect(JSON.stringify((await app.inject({ url: '/api/products/filter?q=aquadrive' })).json())).toContain('tidewell-aquadrive-1-5-hp-pool-pump');
});
