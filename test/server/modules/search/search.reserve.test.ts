/**
 * `reserve`: the room a large catalogue change makes before its slices go in (app.ts's
 * applyChange) changes no answer, whatever the change holds (new products, updates of live
 * ones, removals) and however much room was asked for.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createFastSearchIndex } from '../../../../src/server/modules/search/fast/index.ts';
import type { IndexQuery, SearchDocument, SearchIndex } from '../../../../src/server/modules/search/types.ts';
import { doc } from './search.helpers.ts';

const WORDS = ['pump', 'filter', 'cartridge', 'o-ring', 'heater', 'valve', 'basket', 'skimmer'];
const VENDORS = ['Tidewell', 'Kelpford', null];

const product = (id: number, word: number, vendor: number, price: number): SearchDocument =>
  doc({ id, title: `${WORDS[word % WORDS.length]!} ${WORDS[(word + 3) % WORDS.length]!} ${id}`, vendor: VENDORS[vendor % VENDORS.length]!, partNumbers: [`SKU-${id}`], priceCents: price, collectionIds: [1 + (word % 3)], tags: [['Type', WORDS[word % WORDS.length]!]] });

const QUERIES: IndexQuery[] = [
  { q: '', sortBy: '', limit: 24, page: 0 },
  { q: 'pump', sortBy: '', limit: 24, page: 0 },
  { q: 'filter cartridge', sortBy: '', limit: 10, page: 1 },
  { q: 'valve', sortBy: 'price_asc', limit: 24, page: 0 },
  { q: 'sku-7', sortBy: '', limit: 24, page: 0 },
  { q: '', v: 'Tidewell', sortBy: 'title_asc', limit: 50, page: 0 },
];

const answers = (index: SearchIndex) => QUERIES.map((q) => index.search(q));

const arbDoc = (maxId: number) =>
  fc.tuple(fc.integer({ min: 1, max: maxId }), fc.nat(20), fc.nat(5), fc.integer({ min: 100, max: 100_000 })).map(([id, w, v, p]) => product(id, w, v, p));

describe('reserve', () => {
  test('an index that made room for a change answers as one that grew as it went', () => {
    fc.assert(
      fc.property(
        fc.array(arbDoc(3000), { maxLength: 60 }),
        fc.array(fc.oneof(arbDoc(6000).map((d) => ({ upsert: d })), fc.integer({ min: 1, max: 6000 }).map((id) => ({ remove: id }))), { minLength: 1, maxLength: 2500 }),
        fc.integer({ min: 0, max: 5000 }),
        (before, change, room) => {
          const grown = createFastSearchIndex(before);
          const reserved = createFastSearchIndex(before);
          reserved.reserve!(room);
          for (const index of [grown, reserved]) {
            for (const step of change) {
              if ('upsert' in step) index.upsert(step.upsert);
              else index.remove(step.remove);
            }
          }
          expect(reserved.size).toBe(grown.size);
          expect(answers(reserved)).toEqual(answers(grown));
        },
      ),
      { numRuns: 25 },
    );
  });

  test('a change of thousands of products after the room was made finds every one of them', () => {
    const index = createFastSearchIndex([product(1, 0, 0, 500)]);
    index.reserve!(5000);
    for (let id = 2; id <= 5001; id++) index.upsert(product(id, id, id, 500 + id));
    expect(index.size).toBe(5001);
    expect(index.search({ q: 'sku-4999', sortBy: '', limit: 24, page: 0 }).ids).toContain(4999);
    expect(index.search({ q: '', sortBy: 'price_desc', limit: 1, page: 0 }).ids).toEqual([5001]);
  });
});
