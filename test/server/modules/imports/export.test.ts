/**
 * The export of a catalogue larger than one page, on SQLite and PostgreSQL: every product once,
 * in creation order, under one header; and on PostgreSQL the import that made it leaves the
 * planner's statistics current (without them the export's page reads scan whole tables).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { REFRESH_STATISTICS_AFTER, importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { onPostgres } from '../../db.helpers.ts';
import { bytes, emptyStore, exported } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** More products than two export pages of 500, each with two sizes. */
const PRODUCTS = 1_150;

let db: Db;

beforeAll(async () => {
  db = await emptyStore();
  const lines = ['Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty'];
  for (let i = 0; i < PRODUCTS; i++) {
    lines.push(`part-${i},"Part ${i}, pool",Size,Small,P-${i}-S,${(10 + i / 100).toFixed(2)},${i % 7}`);
    lines.push(`part-${i},,,Large,P-${i}-L,${(12 + i / 100).toFixed(2)},3`);
  }
  const report = await importCatalogue(db, bytes(lines.join('\n'), 64 * 1024), { format: 'shopify' });
  expect(report.totals).toMatchObject({ created: PRODUCTS, rejected: 0 });
});

afterAll(async () => {
  await db?.close();
});

test('an export of several pages lists every product once, in order, under one header', async () => {
  const text = await exported(db, 'shopify');
  expect(text.match(/^Handle,Title,/gm)).toHaveLength(1);
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(2 * PRODUCTS);
  expect(rows.filter((r) => r.Title !== '').map((r) => r.Handle)).toEqual(Array.from({ length: PRODUCTS }, (_, i) => `part-${i}`));
  expect(rows[2 * 1_000 + 1]).toMatchObject({ Handle: 'part-1000', 'Option1 Value': 'Large', 'Variant SKU': 'P-1000-L', 'Variant Price': '22.00' });
  const jsonl = (await exported(db, 'skimmer')).trimEnd().split('\n');
  expect(jsonl.filter((l) => l.includes('"handle":"part-')).map((l) => (JSON.parse(l) as { handle: string }).handle)).toEqual(
    Array.from({ length: PRODUCTS }, (_, i) => `part-${i}`),
  );
});

if (onPostgres) {
  test(`an import of ${REFRESH_STATISTICS_AFTER} products or more leaves the planner's statistics current (PostgreSQL)`, async () => {
    const rows = await db.all<{ relname: string; reltuples: number }>(
      "SELECT relname, reltuples FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relname IN ('products', 'variants', 'inventory_levels') ORDER BY relname",
    );
    expect(rows.map((r) => [r.relname, Number(r.reltuples)])).toEqual([
      ['inventory_levels', 2 * PRODUCTS],
      ['products', PRODUCTS],
      ['variants', 2 * PRODUCTS],
    ]);
  });
}
