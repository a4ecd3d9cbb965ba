/**
 * The operators' import and export routes on SQLite and PostgreSQL: only an operator reaches them
 * (404 with no ADMIN_TOKEN, 401 without a token, 403 with a wrong one), junk bodies answer 400
 * `{ error }`, a sample Shopify file sent raw answers an id whose job shows progress and then its
 * report (the running store finds the products at once), a Volusion file sent as multipart with
 * its categories and pictures brings collections and pictures the running store serves, a broken
 * file fails whole, and an export streams the catalogue.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import type { ImportJobView } from '../../../../src/server/modules/imports/jobs.ts';
import { EMPTY_FILE, FILE_REQUIRED, FORMAT_REQUIRED, NO_SUCH_IMPORT } from '../../../../src/server/modules/imports/routes.ts';
import { OPERATOR_ROUTES_ABSENT, OPERATOR_TOKEN_REQUIRED, OPERATORS_ONLY, type OperatorAccess } from '../../../../src/server/platform/http/operator-access.ts';
import { emptyStore, exported, rowCounts, sample } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const TOKEN = 'operators-token-imports-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };

let db: Db;
let app: FastifyInstance;
let closed: FastifyInstance;

/** The data folder of the app under test (uploads wait under its imports/). */
let dataDir: string;

/** What the app under test keeps of uploads. */
const leftovers = (): string[] => (existsSync(join(dataDir, 'imports')) ? readdirSync(join(dataDir, 'imports')) : []);

async function appWith(operators: OperatorAccess): Promise<FastifyInstance> {
  const folder = mkdtempSync(join(tmpdir(), 'skimmer-imports-routes-'));
  dataDir ??= folder;
  return buildApp({ db, dataDir: folder, webDir: join(folder, 'no-web'), operators });
}

beforeAll(async () => {
  db = await emptyStore();
  app = await appWith({ token: TOKEN, allowedHosts: [], allowedOrigins: [] });
  closed = await appWith({ token: null, allowedHosts: [], allowedOrigins: [] });
});
afterAll(async () => {
  await app?.close();
  await closed?.close();
  await db?.close();
});

const csv = (text: string | Buffer, query = 'format=shopify', headers: Record<string, string> = AUTH): InjectOptions => ({
  method: 'POST',
  url: `/api/admin/imports${query ? `?${query}` : ''}`,
  headers: { 'content-type': 'text/csv', ...headers },
  payload: text,
});

function multipart(parts: { name: string; filename?: string; value: string | Buffer }[]): { payload: Buffer; type: string } {
  const boundary = '----skimmer-test-boundary-7d1';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? (p.filename.endsWith('.png') ? 'image/png' : 'text/csv') : null;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** The audit log's rows of an import (GET /api/admin/audit, as an owner reads it). */
async function auditRows(jobId: string): Promise<{ actor: unknown; action: string; route: string; entity: string; entityId: string; before: unknown; after: Record<string, unknown> }[]> {
  const res = await app.inject({ url: `/api/admin/audit?entity=catalogue_import&entityId=${jobId}`, headers: AUTH });
  expect(res.statusCode).toBe(200);
  return res.json<{ entries: Awaited<ReturnType<typeof auditRows>> }>().entries;
}

/** Reads the job until it has ended, keeping every status seen on the way. */
async function settled(id: string): Promise<{ job: ImportJobView; seen: string[] }> {
  const seen: string[] = [];
  for (;;) {
    const res = await app.inject({ url: `/api/admin/imports/${id}`, headers: AUTH });
    expect(res.statusCode).toBe(200);
    const job = res.json<ImportJobView>();
    if (seen.at(-1) !== job.status) seen.push(job.status);
    if (job.status === 'done' || job.status === 'failed') return { job, seen };
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('who may call', () => {
  const calls: InjectOptions[] = [
    csv(sample('shopify-pool-parts.csv'), 'format=shopify', {}),
    { method: 'GET', url: '/api/admin/imports/imp_0123456789abcdef0123' },
    { method: 'GET', url: '/api/admin/exports/shopify' },
  ];

  test.each(calls.map((c) => [c.method, c.url as string, c] as const))('%s %s is absent (404) while no ADMIN_TOKEN is configured', async (_m, _u, call) => {
    const res = await closed.inject(call);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: OPERATOR_ROUTES_ABSENT });
  });

  test.each(calls.map((c) => [c.method, c.url as string, c] as const))('%s %s answers 401 without a token and 403 with a wrong one', async (_m, _u, call) => {
    const anonymous = await app.inject(call);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: OPERATOR_TOKEN_REQUIRED });
    const wrong = await app.inject({ ...call, headers: { ...(call.headers ?? {}), authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: OPERATORS_ONLY });
  });

  test('an import from a foreign Origin is refused even with the token', async () => {
    const res = await app.inject(csv(sample('shopify-pool-parts.csv'), 'format=shopify', { ...AUTH, origin: 'https://attacker.example' }));
    expect(res.statusCode).toBe(403);
    expect(await rowCounts(db)).toMatchObject({ products: 0 });
  });
});

describe('junk', () => {
  const form = multipart([{ name: 'format', value: 'shopify' }]);
  const PNG = sample('images/tidewell-pump-lid-o-ring.png');
  /** A multipart Shopify import with these parts after its file. */
  const withFile = (parts: Parameters<typeof multipart>[0]): InjectOptions => {
    const m = multipart([{ name: 'format', value: 'shopify' }, { name: 'file', filename: 'p.csv', value: 'Handle,Title,Image Src\na,A,a.png\n' }, ...parts]);
    return { method: 'POST', url: '/api/admin/imports', headers: { ...AUTH, 'content-type': m.type }, payload: m.payload };
  };
  test.each([
    ['no body', { method: 'POST', url: '/api/admin/imports?format=shopify', headers: AUTH }, FILE_REQUIRED],
    ['a JSON body', { method: 'POST', url: '/api/admin/imports?format=shopify', headers: { ...AUTH, 'content-type': 'application/json' }, payload: '{"rows":[]}' }, FILE_REQUIRED],
    ['no format', csv('Handle,Title\na,A\n', ''), FORMAT_REQUIRED],
    ['an empty file', csv('', 'format=shopify'), EMPTY_FILE],
    ['a multipart body without its file', { method: 'POST', url: '/api/admin/imports', headers: { ...AUTH, 'content-type': form.type }, payload: form.payload }, FILE_REQUIRED],
    ['a broken multipart body', { method: 'POST', url: '/api/admin/imports?format=shopify', headers: { ...AUTH, 'content-type': 'multipart/form-data; boundary=nope' }, payload: 'garbage\u0000\u0001' }, null],
    ['categories with a Shopify file', withFile([{ name: 'categories', filename: 'c.csv', value: 'categoryid\n1\n' }]), null],
    ['a picture whose file name climbs out of the folder', withFile([{ name: 'images', filename: '..', value: PNG }]), "The picture file name '..' is not one the store keeps (letters, digits, '.', '-' and '_')."],
    ['a picture with a hidden file name', withFile([{ name: 'images', filename: '.htaccess', value: PNG }]), "The picture file name '.htaccess' is not one the store keeps (letters, digits, '.', '-' and '_')."],
    ['a picture sent twice', withFile([{ name: 'images', filename: 'a.png', value: PNG }, { name: 'images', filename: 'a.png', value: PNG }]), "The picture 'a.png' is sent twice."],
    ['an images part that is no file', withFile([{ name: 'images', value: 'a.png' }]), 'Each images part is a picture file (with its file name).'],
  ] as [string, InjectOptions, string | null][])('%s answers 400 { error }, writes nothing and keeps no file', async (_name, call, message) => {
    const res = await app.inject(call);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string }>();
    expect(typeof body.error).toBe('string');
    if (message !== null) expect(body.error).toBe(message);
    expect(await rowCounts(db)).toMatchObject({ products: 0 });
    expect(leftovers()).toEqual([]);
  });

  test.each([
    ['a format the store does not read', '/api/admin/imports?format=woocommerce'],
    ['a dry run that is not a yes or no', '/api/admin/imports?format=shopify&dryRun=maybe'],
  ])('%s answers 400 { error } and keeps no file', async (_name, url) => {
    const res = await app.inject({ method: 'POST', url, headers: { ...AUTH, 'content-type': 'text/csv' }, payload: 'Handle\na\n' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
    // the body reached the disk before the query was checked: removed with the answer
    await expect.poll(leftovers).toEqual([]);
  });

  test.each([
    ['/api/admin/imports/imp_0123456789abcdef0123', 404],
    ['/api/admin/imports/..%2F..%2Fetc', 400],
    ['/api/admin/exports/woocommerce', 400],
    ['/api/admin/exports/shopify?part=categories', 400],
  ])('GET %s answers %i { error }', async (url, status) => {
    const res = await app.inject({ url, headers: AUTH });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toHaveProperty('error');
    if (status === 404) expect(res.json()).toEqual({ error: NO_SUCH_IMPORT });
  });

  test('binary garbage is taken, then fails whole with one clear error', async () => {
    const res = await app.inject(csv(Buffer.from([0x00, 0xff, 0xfe, 0x13, 0x37, 0x00, 0x80, 0x81, 0x0a]), 'format=shopify'));
    expect(res.statusCode).toBe(202);
    const { job } = await settled(res.json<{ id: string }>().id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/\w/);
    expect(job.report).toBeNull();
    expect(await rowCounts(db)).toMatchObject({ products: 0, catalogue_log: 0 });
    expect((await auditRows(job.id)).map((r) => [r.before, r.after])).toEqual([[{ products: 0 }, { format: 'shopify', dryRun: false, status: 'failed', products: 0, error: job.error }]]);
  });
});

describe('a good import and the export', () => {
  test('a dry run reports and writes nothing', async () => {
    const res = await app.inject(csv(sample('shopify-pool-parts.csv'), 'format=shopify&dryRun=true'));
    expect(res.statusCode).toBe(202);
    const { job } = await settled(res.json<{ id: string }>().id);
    expect(job).toMatchObject({ status: 'done', dryRun: true, report: { dryRun: true, totals: { created: 32, rejected: 0 }, version: null } });
    expect(await rowCounts(db)).toMatchObject({ products: 0 });
    // audited all the same: a dry run, and what the store would hold had it landed
    expect(await auditRows(job.id)).toEqual([
      expect.objectContaining({
        action: 'catalogue.import',
        entity: 'catalogue_import',
        entityId: job.id,
        before: { products: 0 },
        after: { format: 'shopify', dryRun: true, status: 'done', products: 32, totals: job.report!.totals, collectionsCreated: job.report!.collectionsCreated, problems: 39 },
      }),
    ]);
  });

  test('a Shopify sample sent raw: an id, progress, then the report; the running store finds the products', async () => {
    const res = await app.inject(csv(sample('shopify-pool-parts.csv')));
    expect(res.statusCode).toBe(202);
    const { id, status, href } = res.json<{ id: string; status: string; href: string }>();
    expect(status).toBe('queued');
    expect(href).toBe(`/api/admin/imports/${id}`);
    expect(res.headers.location).toBe(href);
    const { job, seen } = await settled(id);
    expect(seen.at(-1)).toBe('done');
    expect(seen.every((s) => ['queued', 'running', 'done'].includes(s))).toBe(true);
    expect(job.bytesTotal).toBe(sample('shopify-pool-parts.csv').length);
    expect(job.rowsRead).toBe(51);
    expect(job.report).toMatchObject({ format: 'shopify', dryRun: false, totals: { rows: 51, created: 32, updated: 0, unchanged: 0, rejected: 0 } });
    // sent raw, the file comes without the pictures it names by path: each is a warning, the product is imported
    expect(job.report!.problems.length).toBe(39);
    for (const p of job.report!.problems) {
      expect(p).toMatchObject({ kind: 'warning', column: 'Image Src' });
      expect(p.reason).toMatch(/^Image 'images\/[a-z0-9-]+\.png' is a file path, and no picture files came with the catalogue \(send them as 'images' parts of the upload/);
    }
    expect(job.report!.version).toBeGreaterThan(0);
    expect(job.finishedAt).not.toBeNull();
    // one audit row: who (the bootstrap token), the route, the format, not a dry run, the products before and after, the totals
    expect(await auditRows(id)).toEqual([
      expect.objectContaining({
        actor: { kind: 'bootstrap', id: null },
        action: 'catalogue.import',
        route: 'POST /api/admin/imports',
        entity: 'catalogue_import',
        entityId: id,
        before: { products: 0 },
        after: { format: 'shopify', dryRun: false, status: 'done', products: 32, totals: { rows: 51, created: 32, updated: 0, unchanged: 0, rejected: 0 }, collectionsCreated: job.report!.collectionsCreated, problems: 39 },
      }),
    ]);
    // and no second, generic row for the request
    const generic = await app.inject({ url: '/api/admin/audit?entity=imports', headers: AUTH });
    expect(generic.json<{ entries: unknown[] }>().entries).toEqual([]);
    const product = await app.inject({ url: '/api/products/handle/brightwater-replacement-cartridge' });
    expect(product.statusCode).toBe(200);
    const search = await app.inject({ url: '/api/products/filter?q=aquadrive' });
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json())).toContain('tidewell-aquadrive-1-5-hp-pool-pump');
    const collection = await app.inject({ url: '/api/collections/handle/filter-cartridges' });
    expect(collection.statusCode).toBe(200);
  });

  test('the same file again changes nothing', async () => {
    const before = await rowCounts(db);
    const res = await app.inject(csv(sample('shopify-pool-parts.csv')));
    const { job } = await settled(res.json<{ id: string }>().id);
    expect(job.report).toMatchObject({ totals: { created: 0, updated: 0, unchanged: 32 }, version: null });
    expect(await rowCounts(db)).toEqual(before);
    expect((await auditRows(job.id)).map((r) => [r.before, r.after.products, r.after.totals])).toEqual([[{ products: 32 }, 32, { rows: 51, created: 0, updated: 0, unchanged: 32, rejected: 0 }]]);
  });

  test('a Volusion file sent as multipart with its categories and pictures: the running store serves the new collections and the pictures', async () => {
    const names = [...new Set(sample('volusion-pool-parts.csv').toString('utf8').match(/images\/[a-z0-9-]+\.png/g))].map((p) => p.slice('images/'.length));
    expect(names).toHaveLength(23);
    const m = multipart([
      { name: 'format', value: 'volusion' },
      { name: 'file', filename: 'volusion-pool-parts.csv', value: sample('volusion-pool-parts.csv') },
      { name: 'categories', filename: 'volusion-pool-parts-categories.csv', value: sample('volusion-pool-parts-categories.csv') },
      ...names.map((name) => ({ name: 'images', filename: name, value: sample(`images/${name}`) })),
    ]);
    const res = await app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...AUTH, 'content-type': m.type }, payload: m.payload });
    expect(res.statusCode).toBe(202);
    const { job } = await settled(res.json<{ id: string }>().id);
    expect(job.status).toBe('done');
    // every photourl found among the pictures sent
    expect(job.report!.problems).toEqual([]);
    const pump = (await app.inject({ url: '/api/products/handle/tidewell-aquadrive-1-5-hp-pool-pump' })).json<{ product: { Images: { url: string }[] } }>().product;
    expect(pump.Images[0]!.url).toMatch(/^\/media\/images\/\d+-800\.png$/);
    const picture = await app.inject({ url: pump.Images[0]!.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    // the upload's files are gone once the import has ended (just after its job reads done)
    await expect.poll(leftovers).toEqual([]);
    // the store holds the Shopify sample already: the products both files carry are updated
    expect(job.report).toMatchObject({ format: 'volusion', totals: { rows: 32, rejected: 0 } });
    expect(job.report!.totals.created + job.report!.totals.updated + job.report!.totals.unchanged).toBe(23);
    expect(job.report!.collectionsCreated).toBeGreaterThan(0);
    const tabs = await app.inject({ url: '/api/products/handle/marlin-3-in-chlorine-tablets' });
    expect(tabs.statusCode).toBe(200);
    const sanitizers = await app.inject({ url: '/api/collections/handle/sanitizers' });
    expect(sanitizers.statusCode).toBe(200);
  });

  test.each(['shopify', 'skimmer'] as const)('GET /api/admin/exports/%s streams the whole catalogue', async (format) => {
    const res = await app.inject({ url: `/api/admin/exports/${format}`, headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(format === 'skimmer' ? /^application\/x-ndjson/ : /^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="catalogue-${format}.${format === 'skimmer' ? 'jsonl' : 'csv'}"`);
    const want = await exported(db, format);
    if (format === 'skimmer') expect(res.body).toBe(want);
    else expect(parse(res.body, { columns: true })).toEqual(parse(want, { columns: true }));
    expect(res.body.split('\n').length).toBeGreaterThan(50);
  });

  test("GET /api/admin/exports/volusion?part=categories streams Volusion's categories file", async () => {
    const res = await app.inject({ url: '/api/admin/exports/volusion?part=categories', headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(await exported(db, 'volusion', 'categories'));
  });

  test('the routes are in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> }>();
    expect(Object.keys(doc.paths['/api/admin/imports']!)).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/admin/imports']!.post!.requestBody!.content)).toEqual(expect.arrayContaining(['text/csv', 'multipart/form-data']));
    expect(doc.paths['/api/admin/imports/{id}']).toHaveProperty('get');
    expect(doc.paths['/api/admin/exports/{format}']).toHaveProperty('get');
  });
});
