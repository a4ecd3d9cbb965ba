/**
 * The catalogue's rules as the service answers them, without a database: what answers 404 and
 * the sale price's own check (the routes only reply with what these throw).
 */
import { describe, expect, test } from 'vitest';
import { HttpError } from '../../../../src/server/platform/http/errors.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import type { AuditWho } from '../../../../src/server/modules/admin/service.ts';
import type { SearchIndex } from '../../../../src/server/modules/search/types.ts';
import { CollectionTree } from '../../../../src/server/modules/catalogue/collections.repository.ts';
import {
  collectionByCat, collectionByHandle, collectionHierarchy, collectionUpperHierarchy, COMPARE_AT_NOT_ABOVE, featuredIds, fitsListsOf, setSalePrice,
} from '../../../../src/server/modules/catalogue/service.ts';

/** A database any use of which fails the test. */
const noDb = new Proxy({}, { get: () => { throw new Error('the database was used'); } }) as Db;
const httpError = (run: () => unknown): HttpError => {
  try {
    run();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('nothing was thrown');
};

describe('catalogue service', () => {
  test('a fits filter in a store without parts that fit answers 404 Equipment not found', () => {
    const err = httpError(() => fitsListsOf(undefined, 'some-model'));
    expect([err.statusCode, err.message]).toEqual([404, 'Equipment not found']);
  });

  test('an unknown collection answers 404 Collection not found, by id, handle or cat, before the index is asked', () => {
    const tree = new CollectionTree(noDb);
    const index = new Proxy({}, { get: () => { throw new Error('the index was asked'); } }) as SearchIndex;
    for (const run of [
      () => collectionByCat(tree, '12'), () => collectionByCat(tree, 'pumps'), () => collectionByHandle(tree, 'pumps'),
      () => featuredIds(tree, index, 12, 8), () => collectionHierarchy(tree, 12), () => collectionUpperHierarchy(tree, 12),
    ]) {
      const err = httpError(run);
      expect([err.statusCode, err.message]).toEqual([404, 'Collection not found']);
    }
  });

  test('a compare-at price not above the price answers 400 with nothing written', async () => {
    const who = {} as AuditWho;
    const deps = { db: noDb, reindex: async () => { throw new Error('reindexed'); } };
    for (const [price, compareAt] of [[1000, 1000], [1000, 999], [1000, 0]] as const) {
      await expect(setSalePrice(deps, who, 1, price, compareAt)).rejects.toMatchObject({ statusCode: 400, message: COMPARE_AT_NOT_ABOVE });
    }
    expect(COMPARE_AT_NOT_ABOVE).toBe('compareAtPriceCents must be above priceCents (or null).');
  });
});
