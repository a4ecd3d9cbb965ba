/**
 * An import in the store's own process gives the event loop turns: a big CSV handed over in one
 * piece is parsed and imported with other work running in between (a request would be answered
 * there), where csv-parse alone reads a whole chunk in one go and an SQLite import never waits.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/db/database.ts';
import { PARSE_PIECE_CHARS, readCsv } from '../../../../src/server/modules/imports/csv.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { emptyStore } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 120_000 });

/** A Shopify CSV of `n` products, as one string. */
function catalogue(n: number): string {
  const lines = ['Handle,Title,Body (HTML),Variant SKU,Variant Price'];
  for (let i = 0; i < n; i++) lines.push(`part-${i},Part ${i},"<p>A part for pools, ${'and spas '.repeat(8)}</p>",P-${i},${(5 + (i % 90)).toFixed(2)}`);
  return lines.join('\n') + '\n';
}

/** Counts the turns the event loop takes while `work` runs (a timer armed again at each turn). */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let turns = 0;
  let running = true;
  const timer = setInterval(() => {
    if (running) turns++;
  }, 1);
  try {
    await work();
  } finally {
    running = false;
    clearInterval(timer);
  }
  return turns;
}

let db: Db;
beforeAll(async () => {
  db = await emptyStore();
});
afterAll(async () => {
  await db?.close();
});

test('reading a big CSV handed over in one chunk lets timers run between its pieces', async () => {
  const text = catalogue(20_000);
  expect(text.length).toBeGreaterThan(50 * PARSE_PIECE_CHARS);
  let rows = 0;
  const turns = await turnsDuring(async () => {
    for await (const row of readCsv([text], () => undefined)) if (row.get('Handle')) rows++;
  });
  expect(rows).toBe(20_000);
  expect(turns).toBeGreaterThan(0);
});

test('an import of a few thousand products in this process lets timers run while it works', async () => {
  const turns = await turnsDuring(async () => {
    const report = await importCatalogue(db, [catalogue(3_000)], { format: 'shopify' });
    expect(report.totals).toMatchObject({ created: 3_000, rejected: 0 });
  });
  expect(turns).toBeGreaterThan(0);
});
