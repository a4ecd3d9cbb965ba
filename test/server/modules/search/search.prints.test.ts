/**
 * SelectionPrints (search/prints.ts): a product's print changes with what selects it into a
 * search (words, numbers, tags, collections, featured, cross-reference) and with nothing else
 * (price, call for price, ratings, sales).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { printOf, SelectionPrints } from '../../../../src/server/modules/search/prints.ts';
import type { SearchDocument } from '../../../../src/server/modules/search/types.ts';

const word = fc.string({ maxLength: 12 });
const doc = fc.record({
  id: fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 2 ** 24, max: 2 ** 31 - 1 })),
  title: word,
  description: fc.string({ maxLength: 40 }),
  vendor: fc.option(word, { nil: null }),
  partNumbers: fc.array(word, { maxLength: 3 }),
  tags: fc.array(fc.tuple(word, word), { maxLength: 3 }),
  collectionIds: fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 3 }),
  attributes: fc.array(word, { maxLength: 2 }),
  collections: fc.array(word, { maxLength: 2 }),
  priceCents: fc.integer({ min: 0, max: 10 ** 7 }),
  callForPrice: fc.boolean(),
  isFeatured: fc.boolean(),
  avgRating: fc.double({ min: 0, max: 5, noNaN: true }),
  totalReviews: fc.nat(500),
  salesCount: fc.nat(5000),
}) satisfies fc.Arbitrary<SearchDocument>;
const extra = fc.array(word, { maxLength: 2 });

/** A change to one selecting field, never leaving it as it was. */
const selecting = fc.oneof(
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, title: `${d.title}x` })),
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, description: `${d.description} more` })),
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, vendor: d.vendor === null ? '' : null })),
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, partNumbers: [...d.partNumbers, 'P-1'] })),
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, tags: [...d.tags, ['Brand', 'New']] })),
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, collectionIds: [...d.collectionIds, 100] })),
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, attributes: [...(d.attributes ?? []), '1.5"'] })),
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, collections: [...(d.collections ?? []), 'Jets'] })),
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, isFeatured: !d.isFeatured })),
  // a word moved from one list to the next reads differently
  fc.constant((d: SearchDocument): SearchDocument => ({ ...d, partNumbers: [], attributes: [...d.partNumbers, ...(d.attributes ?? [])] })),
);

describe('SelectionPrints', () => {
  test('the same document again, or one changed only in price, call for price, ratings or sales: no change', () => {
    fc.assert(fc.property(doc, extra, fc.integer({ min: 0, max: 10 ** 7 }), fc.boolean(), fc.nat(5000), (d, more, price, cfp, sales) => {
      const prints = new SelectionPrints();
      expect(prints.record(d, more)).toBe(true);
      expect(prints.record({ ...d }, [...more])).toBe(false);
      expect(prints.record({ ...d, priceCents: price, callForPrice: cfp, salesCount: sales, avgRating: 1, totalReviews: 9 }, more)).toBe(false);
    }));
  });

  test('a change to what selects it (words, numbers, tags, collections, featured, cross-reference): a change', () => {
    fc.assert(fc.property(doc, extra, selecting, (d, more, change) => {
      const changed = change(d);
      // a list move that moves nothing is no change
      fc.pre(JSON.stringify(changed) !== JSON.stringify(d));
      const prints = new SelectionPrints();
      prints.record(d, more);
      expect(prints.record(changed, more)).toBe(true);
      expect(prints.record(changed, more)).toBe(false);
      expect(prints.record(changed, [...more, 'OEM-9'])).toBe(true);
    }));
  });

  test('prints are held per product; a removed product is new again', () => {
    fc.assert(fc.property(fc.uniqueArray(doc, { selector: (d) => d.id, minLength: 2, maxLength: 8 }), (docs) => {
      const prints = new SelectionPrints();
      for (const d of docs) expect(prints.record(d, [])).toBe(true);
      for (const d of docs) expect(prints.record(d, [])).toBe(false);
      const [first] = docs;
      expect(prints.delete(first!.id)).toBe(true);
      expect(prints.delete(first!.id)).toBe(false);
      expect(prints.record(first!, [])).toBe(true);
      for (const d of docs.slice(1)) expect(prints.record(d, [])).toBe(false);
    }));
  });

  test('the two hashes differ for lists split differently', () => {
    const base: SearchDocument = { id: 1, title: 'a', description: '', vendor: null, partNumbers: ['ab'], tags: [], collectionIds: [], priceCents: 0, isFeatured: false, avgRating: 0, totalReviews: 0, salesCount: 0 };
    expect(printOf(base, [])).not.toEqual(printOf({ ...base, partNumbers: ['a', 'b'] }, []));
    expect(printOf(base, [])).not.toEqual(printOf({ ...base, partNumbers: [] }, ['ab']));
    expect(printOf({ ...base, collectionIds: [12] }, [])).not.toEqual(printOf({ ...base, collectionIds: [1, 2] }, []));
  });
});
