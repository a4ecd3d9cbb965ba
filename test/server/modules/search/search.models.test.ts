/**
 * A model number typed beside other words (issue 30: 'impeller for' + a model number): the
 * words are searched among the parts that fit the model, on every index variant and over
 * HTTP with the seeded equipment catalogue; readModelNumber's reading of q.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { createFastSearchIndex } from '../../../../src/server/modules/search/fast/index.ts';
import { createLinearSearchIndex } from '../../../../src/server/modules/search/linear.ts';
import { modelFitsOf, readModelNumber, type ModelFits } from '../../../../src/server/modules/search/models.ts';
import type { SearchDocument, SearchIndex, SearchIndexOptions } from '../../../../src/server/modules/search/types.ts';
import { doc, query } from './search.helpers.ts';
import { getJson, seededApp } from '../catalogue/catalogue.helpers.ts';

/** Two pump models and their parts; ids 1-3 fit HYD3790V10, ids 4-6 fit PUR2032X15. */
const FITS_A = Int32Array.from([1, 2, 3, 7]);
const FITS_B = Int32Array.from([4, 5, 6]);
const catalogue = {
  searchByNumber: (q: string) => [
    { id: 1, modelNumber: 'HYD3790V10', aliases: ['HYD3790V10CA', 'HYD-3790V10-B'] },
    { id: 2, modelNumber: 'PUR2032X15', aliases: ['PUR-2032X15-A'] },
  ].filter((m) => [m.modelNumber, ...m.aliases].some((n) => n.replace(/[^A-Za-z0-9]/g, '').toLowerCase().startsWith(q))),
  fitsIds: (id: number) => (id === 1 ? FITS_A : FITS_B),
};
const modelFits: ModelFits = modelFitsOf(catalogue);

const store: SearchDocument[] = [
  doc({ id: 1, title: 'Replacement Impeller', tags: [['Part Type', 'Impeller']], salesCount: 1 }),
  doc({ id: 2, title: 'Seal Plate Gasket', tags: [['Part Type', 'Gasket']], salesCount: 2 }),
  doc({ id: 3, title: 'Pump Lid O-Ring', tags: [['Part Type', 'O-Ring']], salesCount: 3 }),
  doc({ id: 4, title: 'Impeller Assembly', tags: [['Part Type', 'Impeller']], salesCount: 40 }),
  doc({ id: 5, title: 'Flange Gasket', tags: [['Part Type', 'Gasket']], salesCount: 50 }),
  doc({ id: 6, title: 'Hair and Lint Basket', tags: [['Part Type', 'Basket']], salesCount: 60 }),
  doc({ id: 7, title: 'Variable Speed Motor', tags: [['Part Type', 'Motor']], salesCount: 4 }),
  doc({ id: 8, title: 'Heavy-Duty Impeller', tags: [['Part Type', 'Impeller']], salesCount: 99 }),
];

const variants: [string, (docs: SearchDocument[], o: SearchIndexOptions) => SearchIndex][] = [
  ['fast', (docs, o) => createFastSearchIndex(docs, o)],
  ['fast, checking words one by one', (docs, o) => createFastSearchIndex(docs, { ...o, expandFactor: 0 })],
  ['fast, expanding every word', (docs, o) => createFastSearchIndex(docs, { ...o, expandFactor: Infinity, termBitsMin: 1, sets: 'bitsets' })],
  ['scanning', (docs, o) => createLinearSearchIndex(docs, o)],
];

describe('readModelNumber', () => {
  test('reads a model number (typed loosely, or an alias) beside other words as a fits filter on the rest', () => {
    expect(readModelNumber(query({ q: 'impeller for HYD3790V10' }), modelFits)).toEqual({
      query: query({ q: 'impeller for', fits: [FITS_A] }), typed: 'HYD3790V10',
    });
    expect(readModelNumber(query({ q: 'hyd 3790v10 gasket' }), modelFits)).toMatchObject({ query: { q: 'gasket', fits: [FITS_A] }, typed: 'hyd 3790v10' });
    expect(readModelNumber(query({ q: 'o-ring for my HYD-3790V10-B' }), modelFits).query).toMatchObject({ q: 'o-ring for my', fits: [FITS_A] });
    expect(readModelNumber(query({ q: 'impeller pur-2032x15-a' }), modelFits).query).toMatchObject({ q: 'impeller', fits: [FITS_B] });
  });

  test("only stop, filler or generic words besides the number ask for every part that fits: 'parts for'", () => {
    const read = readModelNumber(query({ q: 'parts for my HYD3790V10' }), modelFits).query;
    expect(read.fits).toEqual([FITS_A]);
    expect(read.q).toBeUndefined();
  });

  test('leaves q alone: a number alone, a number of no model, a prefix of one, a query already filtered by fits, no lookup', () => {
    for (const q of ['HYD3790V10', 'impeller for HYD3790', 'impeller for XYZ1234', 'impeller 2 hp', 'impeller']) {
      expect(readModelNumber(query({ q }), modelFits)).toEqual({ query: query({ q }), typed: null });
    }
    const filtered = query({ q: 'impeller for HYD3790V10', fits: [FITS_B] });
    expect(readModelNumber(filtered, modelFits).query).toBe(filtered);
    expect(readModelNumber(query({ q: 'impeller for HYD3790V10' }), undefined).typed).toBeNull();
  });
});

describe.each(variants)('the %s index with a model lookup', (_, create) => {
  const index = create(store, { modelFits });
  const ids = (q: string): number[] => index.search(query({ q })).ids;

  test("'impeller for' a model number finds the impeller that fits it, not the others", () => {
    expect(ids('impeller for HYD3790V10')).toEqual([1]);
    expect(ids('impeller for pur 2032x15')).toEqual([4]);
    // facets and counts follow: only the model's parts were searched
    expect(index.search(query({ q: 'motor HYD-3790V10-B' }))).toMatchObject({ ids: [7], totalObjects: 1 });
    // without the lookup the number is a word no product holds: nothing
    expect(create(store, {}).search(query({ q: 'impeller for HYD3790V10' })).ids).toEqual([]);
  });

  test("'parts for' a model lists every part that fits it, best selling first; a part it has none of: nothing", () => {
    expect(ids('parts for HYD3790V10')).toEqual([7, 3, 2, 1]);
    expect(ids('cartridge for HYD3790V10')).toEqual([]);
    // the other model's basket answers for it, not for this one: 'basket' is a word of the
    // catalogue, so no typo of this model's gaskets ('gasket' is one letter away)
    expect(ids('lint basket for PUR2032X15')).toEqual([6]);
    expect(ids('basket for HYD3790V10')).toEqual([]);
    expect(ids('motor for PUR2032X15')).toEqual([]);
  });
});

describe('over HTTP, with the seeded equipment', () => {
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    ({ app, db } = await seededApp(300, 11));
  });
  afterAll(async () => {
    await app.close();
  });

  test("a part type and a model's number (or alias, typed loosely) search that model's parts", async () => {
    // a model with a part type it has, and one it has not
    const rows = await db.all<{ equipmentId: number; productId: number; type: string }>(
      `SELECT f.equipment_id AS equipmentId, f.product_id AS productId, t.value AS type
       FROM equipment_fitment f JOIN product_tags pt ON pt.product_id = f.product_id JOIN tags t ON t.id = pt.tag_id AND t.prefix = 'Part Type'
       ORDER BY f.equipment_id, f.product_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const model = rows[0]!.equipmentId;
    const fits = rows.filter((r) => r.equipmentId === model);
    const type = fits[0]!.type;
    const numbers = await db.all<{ number: string }>('SELECT number FROM equipment_numbers WHERE equipment_id = ? ORDER BY position', [model]);
    const wanted = fits.filter((r) => r.type === type).map((r) => r.productId).sort((a, b) => a - b);
    for (const typed of [numbers[0]!.number, numbers[numbers.length - 1]!.number.toLowerCase()]) {
      const { status, body } = await getJson(app, `/api/products/filter?q=${encodeURIComponent(`${type.toLowerCase()} for ${typed}`)}&limit=48&page=0`);
      expect(status).toBe(200);
      // every part of that type that fits, and nothing that does not fit (a part of another
      // type may answer through a synonym: 'gasket' and 'o-ring')
      const got = (body.products as { id: number }[]).map((p) => p.id);
      expect(got).toEqual(expect.arrayContaining(wanted));
      expect(got.every((id) => fits.some((r) => r.productId === id))).toBe(true);
    }
  });
});
