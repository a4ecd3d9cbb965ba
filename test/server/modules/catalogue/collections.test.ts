import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { openSqlite, type Db } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { CollectionTree } from '../../../../src/server/modules/catalogue/collections.repository.ts';

/** A database holding a random tree: parents[i] is the index of node i's parent (or -1). */
async function treeDb(parents: readonly number[], titles: readonly string[]): Promise<Db> {
  const db = openSqlite(':memory:');
  await migrate(db);
  for (const [i, parent] of parents.entries()) {
    await db.run('INSERT INTO collections (id, handle, title, parent_id, level, position) VALUES (?, ?, ?, ?, ?, ?)', [
      i + 1, `c-${i + 1}`, titles[i] ?? `Node ${i + 1}`, parent < 0 ? null : parent + 1, 1, i,
    ]);
  }
  return db;
}

const randomTree = fc
  .integer({ min: 1, max: 25 })
  .chain((n) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: n }, (_, i) => (i === 0 ? fc.constant(-1) : fc.integer({ min: -1, max: i - 1 })))),
      fc.array(fc.constantFrom('Pumps', 'Motors', 'O-Rings', 'Pump Lids', '2 HP', '10 HP', 'Élan Spa'), { minLength: n, maxLength: n }),
    ),
  );

describe('CollectionTree', () => {
  test('hierarchy: the root at LEVEL 1, each entry one level below the nearest shallower entry before it, the whole subtree once', async () => {
    await fc.assert(
      fc.asyncProperty(randomTree, async ([parents, titles]) => {
        const tree = (await CollectionTree.load(await treeDb(parents, titles)));
        for (let id = 1; id <= parents.length; id++) {
          const h = tree.hierarchy(id);
          expect(h[0]).toEqual(expect.objectContaining({ id, LEVEL: 1 }));
          expect(new Set(h.map((e) => e.id)).size).toBe(h.length);
          for (let k = 1; k < h.length; k++) {
            const entry = h[k]!;
            const parentId = parents[entry.id - 1]! + 1;
            const parentEntry = h.slice(0, k).find((e) => e.id === parentId);
            expect(parentEntry).toBeDefined();
            expect(entry.LEVEL).toBe(parentEntry!.LEVEL + 1);
          }
          // the subtree is every node whose ancestor chain passes through id
          const inSubtree = parents.map((_, i) => tree.withAncestors(i + 1).includes(id)).filter(Boolean).length;
          expect(h.length).toBe(inSubtree);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('upper-hierarchy runs from the top (LEVEL 1) down to the collection, each the parent of the next', async () => {
    await fc.assert(
      fc.asyncProperty(randomTree, async ([parents, titles]) => {
        const tree = (await CollectionTree.load(await treeDb(parents, titles)));
        for (let id = 1; id <= parents.length; id++) {
          const up = tree.upperHierarchy(id);
          expect(up.map((e) => e.LEVEL)).toEqual(up.map((_, i) => i + 1));
          expect(up[up.length - 1]?.id).toBe(id);
          expect(parents[up[0]!.id - 1]).toBe(-1);
          for (let k = 1; k < up.length; k++) expect(parents[up[k]!.id - 1]! + 1).toBe(up[k - 1]!.id);
          const node = tree.node(id)!;
          expect(tree.collection(node).breadcrumbs).toEqual(up.map((e) => ({ title: e.title, handle: e.handle })));
          expect(tree.collection(node).childCollectionsCount).toBe(parents.filter((p) => p === id - 1).length);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('collection search returns at most limit titles holding every query word as a word prefix', async () => {
    await fc.assert(
      fc.asyncProperty(randomTree, fc.constantFrom('', 'pu', 'pump', 'hp', '2', 'elan', 'O-R', 'zz'), fc.integer({ min: 1, max: 10 }), fc.nat(3), async ([parents, titles], q, limit, page) => {
        const tree = (await CollectionTree.load(await treeDb(parents, titles)));
        const found = tree.search({ q, limit, page });
        expect(found.length).toBeLessThanOrEqual(limit);
        const words = q.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
        for (const c of found) {
          const titleWords = c.title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/);
          for (const w of words) expect(titleWords.some((t) => t.startsWith(w))).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  describe('counter examples', () => {
    test('a parent cycle in bad data does not loop forever', async () => {
      const db = await treeDb([-1, 0], ['A', 'B']);
      await db.exec('PRAGMA foreign_keys = OFF');
      await db.run('UPDATE collections SET parent_id = 2 WHERE id = 1');
      const tree = (await CollectionTree.load(db));
      expect(tree.upperHierarchy(1).length).toBeLessThanOrEqual(2);
      expect(tree.hierarchy(1).length).toBeLessThanOrEqual(2);
    });
  });
});
