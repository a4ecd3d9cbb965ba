/**
 * An import's pictures, on SQLite and PostgreSQL: web addresses fetched from a server this test
 * starts on the loopback interface (nothing else is ever contacted) and picture files read from
 * the images folder go into the database and are served from the store's own
 * /media/images/{id}-{width}.png at every width; a picture that cannot be brought in (404, no
 * answer in time, too large, not a picture, a private address, a missing file) is a warning on
 * its line and column, and its product is imported with the store's placeholder; importing the
 * file again fetches nothing and changes nothing; an export names each picture by its source.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { addressAllowed, type ImageSourceOptions } from '../../../../src/server/modules/imports/images.ts';
import { loadItems, productIdsByHandle } from '../../../../src/server/modules/imports/repository.ts';
import type { ImportReport } from '../../../../src/server/modules/imports/schemas.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { bytes, emptyStore, exported } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const HEADER = 'Handle,Title,Vendor,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text';
const OWN_IMAGE = /^\/media\/images\/\d+-800\.png$/;

let server: Server;
let origin: string;
const hits = new Map<string, number>();
let pump: Buffer;
let filter: Buffer;
let photosDir: string;

/** A picture made here: `w` x `h`, one colour. */
const picture = (w: number, h: number, colour: string, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })[format]().toBuffer();

beforeAll(async () => {
  pump = await picture(1200, 600, '#1060c0', 'jpeg');
  filter = await picture(300, 300, '#20a040');
  const replacement = await picture(200, 200, '#c02020');
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/pump.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(pump);
    if (path === '/filter.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(filter);
    if (path === '/red.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(replacement);
    if (path === '/moved.png') return res.writeHead(301, { location: '/filter.png' }).end();
    if (path === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(300_000, 1));
    if (path === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not a picture</html>');
    if (path === '/slow.png') return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  photosDir = mkdtempSync(join(tmpdir(), 'skimmer-import-photos-'));
  writeFileSync(join(photosDir, 'skimmer.png'), await picture(400, 400, '#e0e020'));
  // a Volusion store's photos folder copied as it was
  mkdirSync(join(photosDir, 'v', 'vspfiles', 'photos'), { recursive: true });
  writeFileSync(join(photosDir, 'v', 'vspfiles', 'photos', 'heater.jpg'), await picture(500, 250, '#f08000', 'jpeg'));
  writeFileSync(join(photosDir, 'notes.txt'), 'not a picture');
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const options = (dir: string | null = photosDir): { images: ImageSourceOptions } => ({ images: { dir, fetch: 'loopback', timeoutMs: 400, maxBytes: 200_000 } });

async function itemOf(db: Db, handle: string) {
  const id = (await productIdsByHandle(db, [handle])).get(handle);
  expect(id).toBeDefined();
  return (await loadItems(db, [id!]))[0]!;
}

const count = async (db: Db, table: string): Promise<number> => Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n);

describe('pictures from web addresses and the images folder', () => {
  let db: Db;
  let app: FastifyInstance;
  let file: string;
  let first: ImportReport;
  beforeAll(async () => {
    file = [
      HEADER,
      `pump,AquaDrive Pump,Tidewell,P-1,649.00,${origin}/pump.jpg,1,AquaDrive Pump`,
      `pump,,,,,${origin}/moved.png,2,`,
      `filter,Cartridge Filter,Brightwater,F-1,199.00,${origin}/filter.png,1,`,
      `same-picture,Filter Again,Brightwater,F-2,99.00,${origin}/filter.png,1,`,
      `missing,Missing Picture,Tidewell,M-1,10.00,${origin}/gone.png,1,`,
      `slow,Slow Picture,Tidewell,S-1,10.00,${origin}/slow.png,1,`,
      `huge,Huge Picture,Tidewell,H-1,10.00,${origin}/huge.png,1,`,
      `page,Not A Picture,Tidewell,N-1,10.00,${origin}/page.html,1,`,
      `local,Skimmer Basket,Tidewell,L-1,10.00,skimmer.png,1,`,
      `by-name,Skimmer Basket Too,Tidewell,L-2,10.00,old-store/images/skimmer.png,1,`,
      `volusion-path,Heater,Tidewell,V-1,10.00,/v/vspfiles/photos/heater.jpg,1,`,
      `no-file,No File,Tidewell,X-1,10.00,nowhere.jpg,1,`,
      `text-file,Text File,Tidewell,T-1,10.00,notes.txt,1,`,
      `partly,Partly,Tidewell,Y-1,10.00,${origin}/pump.jpg,1,`,
      `partly,,,,,${origin}/gone-too.png,2,`,
    ].join('\n');
    db = await emptyStore();
    first = await importCatalogue(db, bytes(file, 50), { format: 'shopify', ...options() });
    app = await buildApp({ db, dataDir: mkdtempSync(join(tmpdir(), 'skimmer-import-media-')), webDir: join(tmpdir(), 'no-web') });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  test('every product is imported, and each picture that cannot be brought in is a warning on its line and column', () => {
    expect(first.totals).toMatchObject({ created: 13, rejected: 0 });
    const warnings = first.problems.map((p) => [p.kind, p.line, p.column, p.reason.replace(origin, 'ORIGIN')]);
    expect(warnings).toEqual([
      ['warning', 6, 'Image Src', "Image 'ORIGIN/gone.png' could not be fetched: the server answered 404; the product shows the store's placeholder"],
      ['warning', 7, 'Image Src', "Image 'ORIGIN/slow.png' could not be fetched: no answer within 0.4 s; the product shows the store's placeholder"],
      ['warning', 8, 'Image Src', "Image 'ORIGIN/huge.png' is larger than 0.2 MB; the product shows the store's placeholder"],
      ['warning', 9, 'Image Src', "Image 'ORIGIN/page.html' is not a JPEG, PNG, GIF or WebP picture; the product shows the store's placeholder"],
      ['warning', 13, 'Image Src', "Image 'nowhere.jpg' was not found in the images folder; the product shows the store's placeholder"],
      ['warning', 14, 'Image Src', "Image 'notes.txt' is not a JPEG, PNG, GIF or WebP picture; the product shows the store's placeholder"],
      ['warning', 16, 'Image Src', "Image 'ORIGIN/gone-too.png' could not be fetched: the server answered 404; the product is imported without it"],
    ]);
  });

  test("every picture is the store's own: a /media/images URL of a stored file, or none (the placeholder)", async () => {
    const ids = await productIdsByHandle(db, ['pump', 'filter', 'same-picture', 'missing', 'slow', 'huge', 'page', 'local', 'by-name', 'volusion-path', 'no-file', 'text-file', 'partly']);
    const items = await loadItems(db, [...ids.values()]);
    for (const item of items) for (const img of item.images) expect(img.url).toMatch(OWN_IMAGE);
    const by = new Map(items.map((i) => [i.handle, i]));
    expect(by.get('pump')!.images.map((i) => [i.source?.replace(origin, 'ORIGIN'), i.altText])).toEqual([['ORIGIN/pump.jpg', 'AquaDrive Pump'], ['ORIGIN/moved.png', null]]);
    for (const h of ['missing', 'slow', 'huge', 'page', 'no-file', 'text-file']) expect(by.get(h)!.images).toEqual([]);
    expect(by.get('partly')!.images).toHaveLength(1);
    // a path is read under the images folder as written, else by its file name
    expect(by.get('by-name')!.images[0]!.fileHash).toBe(by.get('local')!.images[0]!.fileHash);
    expect(by.get('volusion-path')!.images).toHaveLength(1);
    // one picture fetched once and stored once, however many products and redirects name it
    expect(hits.get('/pump.jpg')).toBe(1);
    expect(hits.get('/filter.png')).toBe(2); // its own URL, and once through /moved.png
    expect(by.get('filter')!.images[0]!.fileHash).toBe(by.get('same-picture')!.images[0]!.fileHash);
    expect(by.get('filter')!.images[0]!.fileHash).toBe(by.get('pump')!.images[1]!.fileHash);
    expect(await count(db, 'media_files')).toBe(4); // pump, filter, skimmer.png, heater.jpg
    // the store's API hands out the store's own URL, or null for the placeholder
    const api = await app.inject({ url: '/api/products/handle/local' });
    expect(api.json<{ product: { imageUrl: string } }>().product.imageUrl).toMatch(OWN_IMAGE);
    const none = await app.inject({ url: '/api/products/handle/missing' });
    expect(none.json<{ product: { imageUrl: string | null } }>().product.imageUrl).toBeNull();
  });

  test('a stored picture is served at every width as a square PNG on the store\'s origin', async () => {
    const img = (await itemOf(db, 'pump')).images[0]!;
    const base = img.url.replace(/-800\.png$/, '');
    for (const width of [200, 500, 800]) {
      const res = await app.inject({ url: `${base}-${width}.png` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', width, width]);
    }
    // the wide picture sits on white above and below, its colour in the middle
    const { data } = await sharp((await app.inject({ url: `${base}-200.png` })).rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
    expect(at(100, 5)).toEqual([255, 255, 255]);
    const [r, g, b] = at(100, 100);
    expect(b).toBeGreaterThan(150);
    expect(r).toBeLessThan(60);
    expect(g).toBeLessThan(140);
    // a second request is the cached file, the same bytes
    const again = await app.inject({ url: `${base}-200.png` });
    expect(again.rawPayload.equals((await app.inject({ url: `${base}-200.png` })).rawPayload)).toBe(true);
    expect((await app.inject({ url: `${base}-250.png` })).statusCode).toBe(400);
  });

  test('the same file imported again fetches nothing and changes nothing', async () => {
    const before = new Map(hits);
    const again = await importCatalogue(db, bytes(file, 50), { format: 'shopify', ...options() });
    expect(again.totals).toMatchObject({ created: 0, updated: 0, unchanged: 13 });
    expect(hits.get('/pump.jpg')).toBe(before.get('/pump.jpg'));
    expect(hits.get('/filter.png')).toBe(before.get('/filter.png'));
    expect(again.version).toBeNull();
  });

  test('an export names each picture by where it came from, and reads into another store with the same pictures', async () => {
    const csv = await exported(db, 'shopify');
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.filter((r) => r.Handle === 'pump').map((r) => r['Image Src'])).toEqual([`${origin}/pump.jpg`, `${origin}/moved.png`]);
    expect(rows.find((r) => r.Handle === 'local')!['Image Src']).toBe('skimmer.png');
    expect(rows.filter((r) => r.Handle === 'missing').map((r) => r['Image Src'])).toEqual(['']);
    const other = await emptyStore();
    const report = await importCatalogue(other, bytes(csv), { format: 'shopify', ...options() });
    expect(report.problems).toEqual([]);
    expect(await exported(other, 'shopify')).toBe(csv);
    expect((await itemOf(other, 'pump')).images.map((i) => i.fileHash)).toEqual((await itemOf(db, 'pump')).images.map((i) => i.fileHash));
    await other.close();
  });

  test('a picture replaced by another drops the stored file no product shows any more', async () => {
    const hashes = (await itemOf(db, 'volusion-path')).images.map((i) => i.fileHash);
    const report = await importCatalogue(db, bytes([HEADER, `volusion-path,Heater,Tidewell,V-1,10.00,${origin}/red.png,1,`].join('\n')), { format: 'shopify', ...options() });
    expect(report.totals).toMatchObject({ updated: 1 });
    const now = (await itemOf(db, 'volusion-path')).images;
    expect(now).toHaveLength(1);
    expect(now[0]!.url).toMatch(OWN_IMAGE);
    expect(now[0]!.fileHash).not.toBe(hashes[0]);
    expect(await db.get('SELECT hash FROM media_files WHERE hash = ?', [hashes[0]])).toBeUndefined();
    expect(await count(db, 'media_files')).toBe(4); // pump, filter, skimmer.png, red.png
  });
});

describe('where pictures may come from', () => {
  test('a dry run fetches to report, and stores nothing', async () => {
    const db = await emptyStore();
    const report = await importCatalogue(db, bytes([HEADER, `pump,AquaDrive Pump,Tidewell,P-1,649.00,${origin}/pump.jpg,1,`].join('\n')), { format: 'shopify', dryRun: true, ...options() });
    expect(report.totals.created).toBe(1);
    expect(report.problems).toEqual([]);
    expect(await count(db, 'media_files')).toBe(0);
    expect(await count(db, 'product_images')).toBe(0);
    await db.close();
  });

  test('by default an import fetches from the internet only: a loopback or private address is refused before any connection', async () => {
    const db = await emptyStore();
    const before = hits.get('/filter.png') ?? 0;
    const file = [HEADER, `a,A,V,A-1,1.00,${origin}/filter.png,1,`, 'b,B,V,B-1,1.00,http://169.254.169.254/latest/meta-data,1,'].join('\n');
    const report = await importCatalogue(db, bytes(file), { format: 'shopify', images: { dir: null, fetch: 'public' } });
    expect(report.totals.created).toBe(2);
    expect(report.problems.map((p) => p.reason)).toEqual([
      `Image '${origin}/filter.png' could not be fetched: 127.0.0.1 is on a private or reserved network; the product shows the store's placeholder`,
      "Image 'http://169.254.169.254/latest/meta-data' could not be fetched: 169.254.169.254 is on a private or reserved network; the product shows the store's placeholder",
    ]);
    expect(hits.get('/filter.png') ?? 0).toBe(before);
    await db.close();
  });

  test.each([
    ['public', '8.8.8.8', true],
    ['public', '127.0.0.1', false],
    ['public', '10.1.2.3', false],
    ['public', '172.20.0.1', false],
    ['public', '192.168.1.1', false],
    ['public', '100.64.0.1', false],
    ['public', '::1', false],
    ['public', '::ffff:127.0.0.1', false],
    ['public', 'fd00::1', false],
    ['public', 'fe80::1', false],
    ['public', '2606:4700::1111', true],
    ['loopback', '127.0.0.1', true],
    ['loopback', '::1', true],
    ['loopback', '8.8.8.8', false],
    ['any', '10.1.2.3', true],
    ['off', '8.8.8.8', false],
  ] as const)('IMPORT_IMAGE_FETCH=%s lets an import connect to %s: %s', (mode, address, allowed) => {
    expect(addressAllowed(mode, address)).toBe(allowed);
  });

  test('through the API no picture file is read, and fetching can be turned off', async () => {
    const db = await emptyStore();
    const file = [HEADER, 'a,A,V,A-1,1.00,skimmer.png,1,', `b,B,V,B-1,1.00,${origin}/pump.jpg,1,`, 'c,C,V,C-1,1.00,ftp://example.test/c.png,1,'].join('\n');
    const report = await importCatalogue(db, bytes(file), { format: 'shopify', images: { dir: null, fetch: 'off' } });
    expect(report.totals.created).toBe(3);
    expect(report.problems.map((p) => p.reason.replace(origin, 'ORIGIN'))).toEqual([
      "Image 'skimmer.png' is a file path, and no picture files came with the catalogue (send them as 'images' parts of the upload, or import with npm run import -- --images DIR, or give web addresses); the product shows the store's placeholder",
      "Image 'ORIGIN/pump.jpg' was not fetched: fetching pictures is off (IMPORT_IMAGE_FETCH=off); the product shows the store's placeholder",
      "Image 'ftp://example.test/c.png' is not a web address (http or https) or a file path; the product shows the store's placeholder",
    ]);
    await db.close();
  });

  test('a Volusion photourl is brought in the same way, its warning on the photourl column', async () => {
    const db = await emptyStore();
    const file = [
      'productcode,productname,productprice,photourl',
      `PUMP1,AquaDrive Pump,649.00,${origin}/pump.jpg`,
      'HEAT1,Heater,99.00,/v/vspfiles/photos/heater.jpg',
      `GONE1,Gone,9.00,${origin}/gone.png`,
    ].join('\n');
    const report = await importCatalogue(db, bytes(file), { format: 'volusion', ...options() });
    expect(report.totals.created).toBe(3);
    expect(report.problems.map((p) => [p.line, p.column])).toEqual([[4, 'photourl']]);
    const items = await loadItems(db, [...(await productIdsByHandle(db, ['aquadrive-pump', 'heater'])).values()]);
    expect(items.map((i) => i.images.map((img) => OWN_IMAGE.test(img.url)))).toEqual([[true], [true]]);
    await db.close();
  });
});
