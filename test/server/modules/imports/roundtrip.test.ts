/**
 * Round trips, on SQLite and PostgreSQL: any generated catalogue, exported in each format and
 * imported into an empty store, exports again the same file (Skimmer's JSON Lines byte for byte,
 * the CSVs equal once parsed), and importing an export back into its own store changes nothing.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { expect, test, vi } from 'vitest';
import { onPostgres } from '../../db.helpers.ts';
import { JSONL_HEADER } from '../../../../src/server/modules/imports/jsonl.ts';
import type { CatalogueFormat } from '../../../../src/server/modules/imports/schemas.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { bytes, emptyStore, exported } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 240_000 });

// text a shop writes: letters of several scripts, digits, punctuation, quotes, and the characters a spreadsheet reads as a formula
const word = fc.array(fc.constantFrom('A', 'z', 'Q', '0', '7', 'é', 'ü', '水', '🏊', '"', "'", '=', '+', '@', '#', '&', '.', '-'), { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''));
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
const cents = fc.integer({ min: 0, max: 9_000_000 });
const slug = fc.stringMatching(/^[a-z0-9]{1,6}$/);

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
      }));
      lines.push(
        JSON.stringify({
          kind: 'product', handle: `product-${i}`, title: p.title, sku, productCode: `PN ${i}`, vendor: p.vendor, weight: p.weight, priceCents: p.price, compareAtPriceCents: p.compare,
          descriptionHtml: p.description, seoTitle: p.seoTitle, seoDescription: null, isIndexed: p.indexed, isFeatured: false, salesCount: 0, createdAt: '2026-01-01T00:00:00.000Z',
          collections: [collections[p.collection % collections.length]], tags: p.tags, options: p.option ? [{ name: p.option[0], values }] : [], variants,
          images: Array.from({ length: p.images }, (_, k) => ({ url: `/media/images/${i * 3 + k + 1}-800.png`, altText: k === 0 ? p.title : null, shape: 'pump', hue: 10 })),
          model3ds: [], pdfs: [], reviews: [], questions: [], related: [],
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
