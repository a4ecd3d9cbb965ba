/**
 * A Volusion category whose id the store already gives another collection, on SQLite and
 * PostgreSQL: the import files it under a new id and records which collection the category
 * became, so its old addresses (`/SearchResults.asp?Cat={id}`, `/{Name}-s/{id}.htm`) still answer
 * 301 to it, not to the collection that holds the id; a category kept under its own id needs no
 * record, and importing the file again changes nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { bytes, emptyStore, sample } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const categories = () => bytes(sample('volusion-pool-parts-categories.csv'), 4096);

describe('Volusion categories whose ids are taken', () => {
  let db: Db;
  let app: FastifyInstance;
  let taken: Map<number, string>;
  beforeAll(async () => {
    db = await emptyStore();
    // a store that already has collections under ids 1 and 2 (made by a Shopify file)
    const shopify = ['Handle,Title,Type,Variant SKU,Variant Price', 'a,A,Spa Covers,A-1,1.00', 'b,B,Hot Tub Chemicals,B-1,1.00'].join('\n');
    expect((await importCatalogue(db, bytes(shopify), { format: 'shopify' })).totals.created).toBe(2);
    taken = new Map((await db.all<{ id: number; handle: string }>('SELECT id, handle FROM collections ORDER BY id')).map((r) => [Number(r.id), r.handle]));
    expect([...taken.keys()]).toEqual([1, 2]);
    const report = await importCatalogue(db, bytes(sample('volusion-pool-parts.csv'), 4096), { format: 'volusion', categories: categories() });
    expect(report.totals.rejected).toBe(0);
    app = await buildApp({ db, dataDir: mkdtempSync(join(tmpdir(), 'skimmer-legacy-categories-')), webDir: join(tmpdir(), 'no-web') });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const idOf = async (handle: string): Promise<number> => Number((await db.get<{ id: number }>('SELECT id FROM collections WHERE handle = ?', [handle]))?.id);

  test('the import records the collection each category became, in its transaction', async () => {
    // 1 and 2 were taken; 3 then went to category 1, so category 3 could not keep its id either
    const rows = await db.all<{ legacy_id: number; collection_id: number }>('SELECT legacy_id, collection_id FROM legacy_categories ORDER BY legacy_id');
    expect(rows.map((r) => [Number(r.legacy_id), Number(r.collection_id)])).toEqual([
      [1, await idOf('pumps-and-parts')],
      [2, await idOf('pool-pumps')],
      [3, await idOf('pump-parts')],
    ]);
    expect(await idOf('pumps-and-parts')).toBe(3);
  });

  test.each([
    ['/SearchResults.asp?Cat=2', '/collections/pool-pumps'],
    ['/searchresults.asp?cat=2', '/collections/pool-pumps'],
    ['/Pool-Pumps-s/2.htm', '/collections/pool-pumps'],
    ['/SearchResults.asp?Cat=1', '/collections/pumps-and-parts'],
    ['/Pumps-Parts-s/1.htm', '/collections/pumps-and-parts'],
    ['/SearchResults.asp?Cat=3', '/collections/pump-parts'],
  ])('%s answers 301 to the category it was (%s), not to the collection holding its id', async (url, location) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  test('a category that kept its own id needs no record and still redirects', async () => {
    expect(await db.all('SELECT legacy_id FROM legacy_categories WHERE legacy_id > 3')).toEqual([]);
    expect(await idOf('filters')).toBe(4);
    expect((await app.inject({ url: '/SearchResults.asp?Cat=4' })).headers.location).toBe('/collections/filters');
  });

  test('the same files imported again change nothing and keep the records', async () => {
    const before = await db.all('SELECT legacy_id, collection_id FROM legacy_categories ORDER BY legacy_id');
    const again = await importCatalogue(db, bytes(sample('volusion-pool-parts.csv'), 4096), { format: 'volusion', categories: categories() });
    expect(again.totals).toMatchObject({ created: 0, updated: 0, rejected: 0 });
    expect(again.version).toBeNull();
    expect(await db.all('SELECT legacy_id, collection_id FROM legacy_categories ORDER BY legacy_id')).toEqual(before);
  });

  test('a dry run records nothing', async () => {
    const other = await emptyStore();
    await importCatalogue(other, bytes(['Handle,Title,Type,Variant SKU,Variant Price', 'a,A,Spa Covers,A-1,1.00'].join('\n')), { format: 'shopify' });
    await importCatalogue(other, bytes(sample('volusion-pool-parts.csv'), 4096), { format: 'volusion', categories: categories(), dryRun: true });
    expect(await other.all('SELECT legacy_id FROM legacy_categories')).toEqual([]);
    await other.close();
  });
});
