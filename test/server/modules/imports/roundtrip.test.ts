/**
 * Round trips, on SQLite and PostgreSQL: any generated catalogue, exported in each format and
 * imported into an empty store, exports again the same file (Skimmer's JSON Lines byte for byte,
 * the CSVs equal once parsed), and importing an export back into its own store changes nothing;
 * Skimmer's JSON Lines and Shopify's CSV keep the ship profiles and notices (issue 28) whole, and
 * Skimmer's JSON Lines each product's call-for-price flag (issue 31).
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { expect, test, vi } from 'vitest';
import { onPostgres } from '../../db.helpers.ts';
import { FREIGHT_CLASSES, HAZARD_GROUPS, SHIP_CLASSES } from '../../../../src/domain/shipping/index.ts';
import { JSONL_HEADER } from '../../../../src/server/modules/imports/jsonl.ts';
import { loadItems } from '../../../../src/server/modules/imports/repository.ts';
import type { CatalogueFormat } from '../../../../src/server/modules/imports/schemas.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { bytes, emptyStore, exported } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 240_000 });

// text a shop writes: letters of several scripts, digits, punctuation, quotes, and the characters a spreadsheet reads as a formula
const word = fc.array(fc.constantFrom('A', 'z', 'Q', '0', '7', 'é', 'ü', '水', '🏊', '"', "'", '=', '+', '@', '#', '&', '.', '-'), { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''));
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
const cents = fc.integer({ min: 0, max: 9_000_000 });
const slug = fc.stringMatching(/^[a-z0-9]{1,6}$/);
// a variant's ship profile (issue 28), every field within what the store takes
const shipProfile = fc.record({
  shipClass: fc.constantFrom(...SHIP_CLASSES),
  weightLb: fc.option(fc.integer({ min: 1, max: 250_000 }).map((n) => n / 100), { nil: null }),
  size: fc.option(fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 })).map((t) => t.map((n) => n / 4)), { nil: null }),
  freightClass: fc.option(fc.constantFrom(...FREIGHT_CLASSES), { nil: null }),
  hazardGroup: fc.option(fc.constantFrom(...HAZARD_GROUPS), { nil: null }),
  handlingDays: fc.integer({ min: 0, max: 30 }),
  taxable: fc.boolean(),
}).map(({ size, ...s }) => ({ ...s, lengthIn: size?.[0] ?? null, widthIn: size?.[1] ?? null, heightIn: size?.[2] ?? null }));
const chemical = fc.constantFrom('lead', 'chloroform', 'crystalline silica', 'Di(2-ethylhexyl) phthalate', 'carbon monoxide');
const notices = fc.record({
  prop65: fc.option(fc.record({ cancer: fc.uniqueArray(chemical, { minLength: 1, maxLength: 3 }), reproductiveHarm: fc.uniqueArray(chemical, { maxLength: 2 }) }), { nil: null }),
  hazmat: fc.boolean(),
  closed: fc.boolean(),
}).map(({ prop65, hazmat, closed }) => [
  ...(prop65 ? [{ kind: 'prop65', ...prop65 }] : []),
  ...(hazmat ? [{ kind: 'hazmat-handling' }] : []),
  ...(closed ? [{ kind: 'not-returnable-once-opened' }] : []),
]);

const catalogue = fc
  .record({
    collections: fc.uniqueArray(slug, { minLength: 1, maxLength: 4 }),
    products: fc.array(
      fc.record({
        title: text,
        vendor: fc.option(text, { nil: null }),
        price: cents,
        compare: fc.option(cents, { nil: null }),
        weight: fc.option(fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100), { nil: null }),
        description: fc.option(fc.string({ maxLength: 40 }).map((s) => `<p>${s}</p>`), { nil: null }),
        seoTitle: fc.option(text, { nil: null }),
        indexed: fc.boolean(),
        tags: fc.uniqueArray(fc.tuple(text, text), { maxLength: 3, selector: ([p, v]) => `${p}:${v}` }),
        option: fc.option(fc.tuple(text, fc.uniqueArray(text.filter((t) => !/^[\s\-–,:/]/.test(t)), { minLength: 1, maxLength: 3 })), { nil: null }),
        quantity: fc.integer({ min: -5, max: 500 }),
        images: fc.nat(2),
        collection: fc.nat(3),
        ships: fc.array(shipProfile, { minLength: 3, maxLength: 3 }),
        notices,
        callForPrice: fc.boolean(),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map(({ collections, products }) => {
    const lines = [JSON.stringify(JSONL_HEADER)];
    collections.forEach((handle, position) => lines.push(JSON.stringify({ kind: 'collection', handle, title: handle.toUpperCase(), parent: null, position, seoTitle: null, seoDescription: null, isIndexed: true, descriptionHtml: null, imageUrl: null, imageShape: null, imageHue: null })));
    products.forEach((p, i) => {
      const sku = `SKU-${i}`;
      const values = p.option?.[1] ?? [];
      const variants = (values.length > 0 ? values : [null]).map((v, k) => ({
        title: v ?? 'Default Title',
        sku: v === null ? sku : `${sku}-${k}`,
        priceCents: p.price + k * 100,
        compareAtPriceCents: p.compare,
        options: v === null ? [] : [v],
        inventory: [{ location: 'Kent, WA warehouse', quantity: p.quantity, availableForSale: true, bypassNegativeQuantity: false, priceCents: p.price + k * 100, compareAtPriceCents: p.compare }],
        shipping: p.ships[k]!,
      }));
      lines.push(
        JSON.stringify({
          kind: 'product', handle: `product-${i}`, title: p.title, sku, productCode: `PN ${i}`, vendor: p.vendor, weight: p.weight, priceCents: p.price, compareAtPriceCents: p.compare,
          descriptionHtml: p.description, seoTitle: p.seoTitle, seoDescription: null, isIndexed: p.indexed, isFeatured: false, callForPrice: p.callForPrice, salesCount: 0, createdAt: '2026-01-01T00:00:00.000Z',
          collections: [collections[p.collection % collections.length]], tags: p.tags, options: p.option ? [{ name: p.option[0], values }] : [], variants,
          images: Array.from({ length: p.images }, (_, k) => ({ url: `/media/images/${i * 3 + k + 1}-800.png`, altText: k === 0 ? p.title : null, shape: 'pump', hue: 10 })),
          model3ds: [], pdfs: [], reviews: [], questions: [], related: [], notices: p.notices,
        }),
      );
    });
    return lines.join('\n') + '\n';
  });

const parsed = (format: CatalogueFormat, file: string): unknown => (format === 'skimmer' ? file : parse(file, { relax_column_count: true }));

test.each(['skimmer', 'shopify', 'volusion'] as const)('a generated catalogue survives export -> import -> export in %s', async (format) => {
  await fc.assert(
    fc.asyncProperty(catalogue, async (file) => {
      const a = await emptyStore();
      const seeded = await importCatalogue(a, bytes(file, 97), { format: 'skimmer' });
      expect(seeded.totals.rejected).toBe(0);
      const first = await exported(a, format);
      const categories = format === 'volusion' ? await exported(a, 'volusion', 'categories') : null;
      const b = await emptyStore();
      const report = await importCatalogue(b, bytes(first, 61), { format, ...(categories ? { categories: bytes(categories) } : {}) });
      expect(report.totals.rejected).toBe(0);
      const second = await exported(b, format);
      expect(parsed(format, second)).toEqual(parsed(format, first));
      if (format === 'skimmer') expect(second).toBe(first);
      // the export read back into the store it came from changes nothing
      const back = await importCatalogue(b, bytes(first), { format, ...(categories ? { categories: bytes(categories) } : {}) });
      expect(back.totals).toMatchObject({ created: 0, updated: 0, rejected: 0 });
      await a.close();
      await b.close();
    }),
    { numRuns: onPostgres ? 4 : 25 },
  );
});

/** Every product's ship profiles and notices, by handle. */
async function shippingOf(db: Awaited<ReturnType<typeof emptyStore>>): Promise<Record<string, unknown>> {
  const ids = (await db.all<{ id: number }>('SELECT id FROM products ORDER BY id')).map((r) => Number(r.id));
  return Object.fromEntries((await loadItems(db, ids)).map((i) => [i.handle, { notices: i.notices, variants: i.variants.map((v) => [v.sku, v.shipping]) }]));
}

test.each(['skimmer', 'shopify'] as const)('%s keeps every variant\'s ship profile and every product\'s notices through export -> import', async (format) => {
  await fc.assert(
    fc.asyncProperty(catalogue, async (file) => {
      const a = await emptyStore();
      expect((await importCatalogue(a, bytes(file, 97), { format: 'skimmer' })).totals.rejected).toBe(0);
      const b = await emptyStore();
      expect((await importCatalogue(b, bytes(await exported(a, format), 61), { format })).totals.rejected).toBe(0);
      expect(await shippingOf(b)).toEqual(await shippingOf(a));
      await a.close();
      await b.close();
    }),
    { numRuns: onPostgres ? 3 : 15 },
  );
});

test("Skimmer's JSON Lines keep every product's call-for-price flag through export -> import", async () => {
  await fc.assert(
    fc.asyncProperty(catalogue, async (file) => {
      const a = await emptyStore();
      expect((await importCatalogue(a, bytes(file, 97), { format: 'skimmer' })).totals.rejected).toBe(0);
      const b = await emptyStore();
      expect((await importCatalogue(b, bytes(await exported(a, 'skimmer'), 61), { format: 'skimmer' })).totals.rejected).toBe(0);
      const flags = async (db: typeof a) => (await db.all<{ handle: string; call_for_price: number }>('SELECT handle, call_for_price FROM products ORDER BY handle')).map((r) => [r.handle, Number(r.call_for_price)]);
      const before = await flags(a);
      // the file's flags, as generated
      const wanted = file.split('\n').slice(1).filter((l) => l.includes('"kind":"product"')).map((l) => JSON.parse(l) as { handle: string; callForPrice: boolean }).map((p) => [p.handle, p.callForPrice ? 1 : 0]).sort(([x], [y]) => String(x).localeCompare(String(y)));
      expect(before).toEqual(wanted);
      expect(await flags(b)).toEqual(before);
      await a.close();
      await b.close();
    }),
    { numRuns: onPostgres ? 3 : 15 },
  );
});
