/**
 * The back office's upload as the browser sends it: `AdminClient.startImport` (a FormData through
 * ky, the boundary the runtime writes) against the real import routes, on SQLite and PostgreSQL;
 * the job read with `importJob` until it ends gives the report the Imports page shows, with a
 * rejected row's line, column, value and reason.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createAdminClient, type AdminClient } from '../../../../src/api/admin-client.ts';
import type { AdminImportJob } from '../../../../src/api/admin-imports.ts';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { emptyStore, sample } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const TOKEN = 'operators-token-admin-client-0123456789';

let db: Db;
let app: FastifyInstance;
let client: AdminClient;

beforeAll(async () => {
  db = await emptyStore();
  const folder = mkdtempSync(join(tmpdir(), 'skimmer-admin-upload-'));
  app = await buildApp({ db, dataDir: folder, webDir: join(folder, 'no-web'), operators: { token: TOKEN, allowedHosts: [], allowedOrigins: [] } });
  // the client's requests go to the app in process, body and headers as sent
  const fetch = async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    const payload = Buffer.from(await input.arrayBuffer());
    const res = await app.inject({ method: input.method as 'GET', url: `${url.pathname}${url.search}`, headers: Object.fromEntries(input.headers), ...(payload.length > 0 ? { payload } : {}) });
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  };
  client = createAdminClient({ baseUrl: 'http://localhost', fetch, headers: { authorization: `Bearer ${TOKEN}` } });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function until(id: string): Promise<AdminImportJob> {
  for (let i = 0; i < 600; i++) {
    const job = await client.importJob(id);
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not end');
}

describe('the back office\'s upload against the import routes', () => {
  test('a dry run of the sample Shopify file answers a job whose report counts its products and writes nothing', async () => {
    const file = new File([new Uint8Array(sample('shopify-pool-parts.csv'))], 'shopify-pool-parts.csv', { type: 'text/csv' });
    const started = await client.startImport({ format: 'shopify', file, dryRun: true });
    expect(started.id).toMatch(/^imp_[0-9a-f]{20}$/);
    const job = await until(started.id);
    expect(job.status).toBe('done');
    expect(job.report).toMatchObject({ dryRun: true, totals: { rows: 51, created: 32, rejected: 0 } });
    expect(job.report?.version).toBeNull();
  });

  test('a row refused is reported with its line, column, value and reason; the rest imported', async () => {
    const text = 'Handle,Title,Variant SKU,Variant Price,Status\ngood-pump,Good Pump,GP-1,10.00,active\nbad-pump,Bad Pump,BP-1,ten dollars,active\n';
    const started = await client.startImport({ format: 'shopify', file: new File([text], 'two.csv', { type: 'text/csv' }) });
    const job = await until(started.id);
    expect(job.status).toBe('done');
    expect(job.report?.totals).toMatchObject({ created: 1, rejected: 1 });
    const rejected = job.report?.problems.filter((p) => p.kind === 'rejected') ?? [];
    expect(rejected[0]).toMatchObject({ line: 3, value: 'ten dollars' });
    expect(rejected[0]?.column).toMatch(/Variant Price/);
    expect(rejected[0]?.reason).not.toBe('');
  });

  test('a refused upload answers the server\'s words', async () => {
    const refused = await client.startImport({ format: 'shopify', file: new File([''], 'empty.csv') }).catch((e: unknown) => e);
    expect((refused as { status?: number }).status).toBe(400);
    expect((refused as { serverMessage?: string }).serverMessage).toBe('The file is empty.');
  });
});
