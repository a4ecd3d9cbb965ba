/**
 * The part numbers read a batch at a time (equipment/repository.ts readPartNumbers, keyset on
 * the primary key): every number once, by product then position, whatever the batch size, and
 * the columns equal to the rows read in one statement. Runs on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { readPartNumbers } from '../../../../src/server/modules/equipment/repository.ts';
import { PartNumberColumns, type PartNumberRow } from '../../../../src/server/modules/equipment/part-numbers.ts';
import { seededDb } from '../catalogue/catalogue.helpers.ts';

let db: Db;
beforeAll(async () => {
  db = await seededDb();
});
afterAll(async () => {
  await db?.close();
});

/** The columns' rows, in order. */
function rowsOf(c: PartNumberColumns): unknown[] {
  return Array.from({ length: c.length }, (_, i) => [c.productId[i], c.number[i], c.kind[i], c.hash[i], c.held[i]]);
}

describe('part numbers read in batches', () => {
  test('every batch size reads the same columns as the rows read in one statement, in product then position order', async () => {
    const all = await db.all<PartNumberRow>('SELECT product_id AS productId, number, normalized, kind FROM product_part_numbers ORDER BY product_id, position');
    // the seeded store has part numbers, several a product, so a batch ends inside a product's run
    expect(all.length).toBeGreaterThan(300);
    const expected = rowsOf(PartNumberColumns.of(all));
    for (const batch of [1, 7, 64, all.length, all.length + 1, 20_000]) {
      expect(rowsOf(await readPartNumbers(db, batch)), `batch ${batch}`).toEqual(expected);
    }
  });
});
