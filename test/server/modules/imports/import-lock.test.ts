/**
 * The import lock (imports/repository.ts beginImport): two imports into one store run one after
 * the other; an import into another store (on PostgreSQL another schema of the same database, as
 * the test files' stores are) does not wait for it.
 */
import { describe, expect, test } from 'vitest';
import { beginImport } from '../../../../src/server/modules/imports/repository.ts';
import { emptyStore } from './imports.helpers.ts';

describe('the import lock', () => {
  test('a second import into the store waits for the first; an import into another store does not', async () => {
    const store = await emptyStore();
    const other = await emptyStore();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let firstLocked!: () => void;
    const locked = new Promise<void>((resolve) => { firstLocked = resolve; });
    const first = store.transaction(async (tx) => {
      await beginImport(tx);
      order.push('first');
      firstLocked();
      await gate;
      order.push('first done');
    });
    await locked;
    const second = store.transaction(async (tx) => {
      await beginImport(tx);
      order.push('second');
    });
    try {
      // the other store's import goes through while the first holds its store's lock (bounded:
      // were it to wait for the first, the test fails here rather than hangs)
      const otherDone = other.transaction(async (tx) => {
        await beginImport(tx);
        order.push('other');
      });
      await Promise.race([otherDone, new Promise((_, reject) => setTimeout(() => reject(new Error('the other store waited for this store\'s import')), 10_000))]);
      // (a wait that can only hide a missing lock, never fail a working one)
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(order).toEqual(['first', 'other']);
    } finally {
      release();
    }
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'other', 'first done', 'second']);
  });
});
