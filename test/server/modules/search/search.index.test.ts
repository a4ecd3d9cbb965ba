import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createFastSearchIndex } from '../../../../src/server/modules/search/fast/index.ts';
import { createSearchIndex } from '../../../../src/server/modules/search/index.ts';
import { normalizeQuery } from '../../../../src/server/modules/search/query.ts';
import {
  STOP_WORDS, compareTitles, foldText, normalizePartNumber, parseQueryText, readNumbers, titleSortKey, tokenize, wordScore, type WordMatch,
} from '../../../../src/server/modules/search/text.ts';
import type { SearchDocument } from '../../../../src/server/modules/search/types.ts';
import { ALL_SORTS, doc, oracleSearch, query } from './search.helpers.ts';

const pumps: SearchDocument[] = [
  doc({ id: 1, title: 'Super Pump 1.5 HP', vendor: 'Hayward', partNumbers: ['SPX-1600-S'], priceCents: 45000, salesCount: 10, avgRating: 4.5, totalReviews: 3, tags: [['Horsepower', '1.5'], ['Voltage', '115V']], collectionIds: [1, 10], isFeatured: true }),
  doc({ id: 2, title: 'Impeller for Super Pump', vendor: 'Hayward', partNumbers: ['SPX 1600 S'], priceCents: 8900, salesCount: 50, avgRating: 4.5, totalReviews: 9, tags: [['Part Type', 'Impeller']], collectionIds: [2, 20] }),
  doc({ id: 3, title: 'Cartridge Filter', description: 'Fits the Super Pump housing.', vendor: 'Pentair', partNumbers: ['C-900'], priceCents: 12000, salesCount: 50, tags: [['Horsepower', '2'], ['Voltage', '230V']], collectionIds: [3] }),
  doc({ id: 4, title: 'Pump lid o-ring', vendor: 'Pentair', partNumbers: ['SPX1600Z'], priceCents: 0, salesCount: 5, avgRating: 5, totalReviews: 1, tags: [['Horsepower', '1.5'], ['Voltage', '230V']], collectionIds: [2, 20], isFeatured: true }),
  doc({ id: 5, title: 'Heater 400k BTU', vendor: 'Zodiac', partNumbers: ['H-400'], priceCents: 250000, salesCount: 1, tags: [['Voltage', '230V']], collectionIds: [4] }),
];

const ids = (q: Parameters<typeof oracleSearch>[1], docs = pumps): number[] => createSearchIndex(docs).search(q).ids;

describe('part-number search', () => {
  test.each([
    ['spx1600', [1, 2, 4]],
    ['SPX-1600-S', [1, 2]],
    ['SPX 1600 S', [1, 2]],
    ['spx 1600s', [1, 2]],
    ['Spx.1600', [1, 2, 4]],
    ['c900', [3]],
  ])("'%s' finds the parts whose normalised part number starts with it", (q, expected) => {
    expect(ids(query({ q, sortBy: 'id_asc' })).sort()).toEqual(expected);
  });

  test("'spx1600' finds 'SPX-1600-S' and 'SPX 1600 S' (the issue's example)", () => {
    const docs = [doc({ id: 1, partNumbers: ['SPX-1600-S'] }), doc({ id: 2, partNumbers: ['SPX 1600 S'] }), doc({ id: 3, partNumbers: ['SPX-1700'] })];
    expect(ids(query({ q: 'spx1600' }), docs).sort()).toEqual([1, 2]);
  });

  test('ranks an exact part number above a part number it only starts', () => {
    const docs = [doc({ id: 1, title: 'Spx1600 adapter', partNumbers: ['SPX-1600-ADAPT'], salesCount: 99 }), doc({ id: 2, partNumbers: ['SPX-1600'] })];
    expect(ids(query({ q: 'SPX 1600' }), docs)).toEqual([2, 1]);
  });

  test('needs at least 3 characters to match part numbers by prefix', () => {
    const docs = [doc({ id: 1, title: 'Hose', partNumbers: ['AB-12'] })];
    expect(ids(query({ q: 'ab' }), docs)).toEqual([]);
    expect(ids(query({ q: 'ab1' }), docs)).toEqual([1]);
  });
});

describe('keyword search', () => {
  test('requires every query word, ignoring case and accents', () => {
    expect(ids(query({ q: 'SUPER pump', sortBy: 'id_asc' }))).toEqual([1, 2, 3]);
    expect(ids(query({ q: 'Pümp LID' }))).toEqual([4]);
    // no product has both: the answer is relaxed to the products having one of them
    expect(createSearchIndex(pumps).search(query({ q: 'super heater' })).relaxed).toBe(true);
    expect(createSearchIndex(pumps).search(query({ q: 'super pump' })).relaxed).toBe(false);
  });

  test('matches the last word as a prefix and the others as whole words', () => {
    expect(ids(query({ q: 'cartr', sortBy: 'id_asc' }))).toEqual([3]);
    // 'impel' is not the last word, so it must be whole (and no word is one edit away)
    expect(createSearchIndex(pumps).search(query({ q: 'impel filter' })).relaxed).toBe(true);
  });

  test('searches vendor and tag values too', () => {
    expect(ids(query({ q: 'zodiac' }))).toEqual([5]);
    expect(ids(query({ q: 'impeller', sortBy: 'id_asc' }))).toEqual([2]);
  });

  test('drops stop words unless nothing else is left', () => {
    expect(ids(query({ q: 'impeller for the pump' }))).toEqual([2]);
    expect(parseQueryText('for the').words).toEqual(['for', 'the']);
    expect(STOP_WORDS.has('for')).toBe(true);
  });

  test('ranks title hits above description hits, ties by best selling', () => {
    // 'super' and 'pump' in the title of 1 and 2; only in the description of 3
    expect(ids(query({ q: 'super pump' }))).toEqual([2, 1, 3]);
  });

  test('treats a q without letters or digits as no q', () => {
    expect(createSearchIndex(pumps).search(query({ q: ' -- ' })).totalObjects).toBe(5);
  });
});

describe('filters', () => {
  test.each([
    ['vendor, case-insensitive', { v: 'HAYWARD' }, [1, 2]],
    ['blank vendor filters nothing', { v: '  ' }, [1, 2, 3, 4, 5]],
    ['one tag', { t: [['Voltage', '230V']] as [string, string][] }, [3, 4, 5]],
    ['tags of two prefixes combine with AND', { t: [['Voltage', '230v'], ['horsepower', '1.5']] as [string, string][] }, [4]],
    ['two values of one prefix combine with OR', { t: [['Horsepower', '1.5'], ['Horsepower', '2']] as [string, string][] }, [1, 3, 4]],
    ['collection, through its ancestors', { c: 20 }, [2, 4]],
    ['inclusive price range', { minPriceCents: 8900, maxPriceCents: 45000 }, [1, 2, 3]],
    ['isFeatured true', { isFeatured: true }, [1, 4]],
    ['isFeatured false filters nothing', { isFeatured: false }, [1, 2, 3, 4, 5]],
    ['unknown vendor', { v: 'Nobody' }, []],
  ])('%s', (_, filter, expected) => {
    expect(ids(query({ ...filter, sortBy: 'id_asc' }))).toEqual(expected);
  });
});

describe('sorts', () => {
  test.each([
    ['', [2, 3, 1, 4, 5]],
    ['best_selling', [2, 3, 1, 4, 5]],
    ['id_asc', [1, 2, 3, 4, 5]],
    ['id_desc', [5, 4, 3, 2, 1]],
    ['title_asc', [3, 5, 2, 4, 1]],
    ['title_desc', [1, 4, 2, 5, 3]],
    ['price_asc', [4, 2, 3, 1, 5]],
    ['price_desc', [5, 1, 3, 2, 4]],
    ['top_rated', [4, 2, 1, 3, 5]],
  ] as const)("sortBy '%s' orders the whole catalogue, ties by id", (sortBy, expected) => {
    expect(ids(query({ sortBy }))).toEqual(expected);
  });

  test('pages are consecutive slices of one order', () => {
    fc.assert(fc.property(fc.constantFrom(...ALL_SORTS), fc.integer({ min: 1, max: 4 }), (sortBy, limit) => {
      const index = createSearchIndex(pumps);
      const all = index.search(query({ sortBy })).ids;
      const paged = [0, 1, 2, 3, 4].flatMap((page) => index.search({ sortBy, limit, page }).ids);
      expect(paged).toEqual(all);
    }));
  });

  test('a page past the end is empty but keeps the totals and facets', () => {
    const r = createSearchIndex(pumps).search({ limit: 24, page: 7 });
    expect(r.ids).toEqual([]);
    expect(r.totalObjects).toBe(5);
    expect(r.availableVendors.length).toBe(3);
  });

  test('titles sort in natural order', () => {
    expect(['Pump 10', 'pump 2', 'Pump 1'].sort(compareTitles)).toEqual(['Pump 1', 'pump 2', 'Pump 10']);
  });
});

describe('facets', () => {
  test('counts vendors while ignoring the vendor filter (disjunctive), so a shopper can switch', () => {
    const r = createSearchIndex(pumps).search(query({ v: 'Hayward' }));
    expect(r.totalObjects).toBe(2);
    expect(r.availableVendors).toEqual([
      { vendor: 'Hayward', vendorCount: 2 }, { vendor: 'Pentair', vendorCount: 2 }, { vendor: 'Zodiac', vendorCount: 1 },
    ]);
  });

  test("counts a tag prefix's values while ignoring that prefix's own filter, but not the others'", () => {
    const r = createSearchIndex(pumps).search(query({ t: [['Voltage', '230V']] }));
    expect(r.availableTagFilters).toEqual([
      { tagPrefix: 'Horsepower', tagValue: '1.5', tagCount: 1 },
      { tagPrefix: 'Horsepower', tagValue: '2', tagCount: 1 },
      { tagPrefix: 'Voltage', tagValue: '230V', tagCount: 3 },
      { tagPrefix: 'Voltage', tagValue: '115V', tagCount: 1 },
    ]);
    expect(r.availableTagPrefixes).toEqual([{ tagPrefixValue: 'Horsepower' }, { tagPrefixValue: 'Voltage' }]);
  });

  test('gives the highest price of the matching set without its price bounds', () => {
    const index = createSearchIndex(pumps);
    expect(index.search(query({ v: 'Hayward', maxPriceCents: 10000 })).productMaxPriceCents).toBe(45000);
    expect(index.search(query({ v: 'Hayward', maxPriceCents: 10000 })).ids).toEqual([2]);
  });

  test('shows a name as the lowest-id document spells it', () => {
    const docs = [doc({ id: 9, vendor: 'HAYWARD' }), doc({ id: 3, vendor: 'Hayward' })];
    expect(createSearchIndex(docs).search(query()).availableVendors).toEqual([{ vendor: 'Hayward', vendorCount: 2 }]);
  });

  test('is empty, with a max price of 0, when nothing matches', () => {
    expect(createSearchIndex(pumps).search(query({ q: 'nothing-like-this', v: 'Nobody' }))).toEqual({
      ids: [], totalObjects: 0, availableTagPrefixes: [], availableTagFilters: [], availableVendors: [], productMaxPriceCents: 0, relaxed: false,
    });
  });

  test('an empty index answers an empty result', () => {
    const index = createSearchIndex([]);
    expect(index.size).toBe(0);
    expect(index.search(query({ q: 'pump' })).totalObjects).toBe(0);
  });
});

describe('writes', () => {
  test('upsert adds a product and replaces one with the same id', () => {
    const index = createSearchIndex(pumps);
    index.search(query({ sortBy: 'price_asc' }));
    index.upsert(doc({ id: 6, title: 'Skimmer basket', priceCents: 1 }));
    index.upsert(doc({ ...pumps[0]!, title: 'Renamed motor', partNumbers: ['NEW-1'] }));
    expect(index.size).toBe(6);
    expect(index.search(query({ q: 'skimmer' })).ids).toEqual([6]);
    expect(index.search(query({ q: 'super pump', sortBy: 'id_asc' })).ids).toEqual([2, 3]);
    expect(index.search(query({ q: 'new1' })).ids).toEqual([1]);
    expect(index.search(query({ sortBy: 'price_asc', limit: 2 })).ids).toEqual([4, 6]);
  });

  test('page answers share one frozen facets object per words and filters until a write', () => {
    const index = createSearchIndex(pumps);
    const first = index.searchPage(query({ c: 2 }));
    // (another sort than by price: a price sort compares prices, so it leaves out the products
    // quoted by phone, in its facets too)
    const resorted = index.searchPage(query({ c: 2, sortBy: 'title_asc', page: 1 }));
    expect(resorted.facets).toBe(first.facets);
    expect(Object.isFrozen(first.facets) && Object.isFrozen(first.facets.availableVendors)).toBe(true);
    expect(Object.isFrozen(first.facets.availableVendors[0])).toBe(true);
    index.upsert(doc({ id: 7, vendor: 'Zodiac', collectionIds: [2], priceCents: 99999 }));
    const after = index.searchPage(query({ c: 2 }));
    expect(after.facets).not.toBe(first.facets);
    expect(after.facets.availableVendors.map((v) => v.vendor)).toEqual(['Hayward', 'Pentair', 'Zodiac']);
  });

  test('the facets of a browse page (no q, no filter) follow every write', () => {
    const index = createSearchIndex(pumps);
    const first = index.search(query({ c: 2 }));
    first.availableVendors[0]!.vendorCount = 99; // a caller mutating its answer changes nothing
    expect(index.search(query({ c: 2, sortBy: 'price_asc' })).availableVendors).toEqual([
      { vendor: 'Hayward', vendorCount: 1 }, { vendor: 'Pentair', vendorCount: 1 },
    ]);
    index.upsert(doc({ id: 7, vendor: 'Zodiac', collectionIds: [2], priceCents: 99999 }));
    const after = index.search(query({ c: 2 }));
    expect(after.availableVendors).toEqual([
      { vendor: 'Hayward', vendorCount: 1 }, { vendor: 'Pentair', vendorCount: 1 }, { vendor: 'Zodiac', vendorCount: 1 },
    ]);
    expect(after.productMaxPriceCents).toBe(99999);
    index.remove(7);
    expect(index.search(query({ c: 2 })).productMaxPriceCents).toBe(8900);
  });

  test('the facets of a search (words and filters) are the same on every page and sort, and follow every write', () => {
    const index = createSearchIndex(pumps);
    const fresh = (q: Parameters<typeof oracleSearch>[1]) => createSearchIndex(pumps).search(q);
    const base = { q: 'pump', t: [['Voltage', '230V']] as [string, string][], minPriceCents: 1 };
    const first = index.search(query({ ...base, limit: 1 }));
    for (const [sortBy, page] of [['price_desc', 1], ['', 0], ['title_asc', 2]] as const) {
      const r = index.search(query({ ...base, sortBy, page, limit: 1 }));
      expect(r.availableTagFilters).toEqual(first.availableTagFilters);
      expect(r.availableVendors).toEqual(first.availableVendors);
      expect(r.productMaxPriceCents).toBe(first.productMaxPriceCents);
    }
    // other words, vendor, tags, prices or collection: other facets, never the memoised ones
    for (const other of [{ q: 'pum' }, { v: 'Pentair' }, { t: [['Voltage', '115V']] as [string, string][] }, { minPriceCents: 9000 }, { maxPriceCents: 100 }, { c: 3 }]) {
      const q = query({ ...base, ...other });
      expect(index.search(q)).toEqual(fresh(q));
    }
    index.upsert(doc({ id: 8, title: 'Pump motor', vendor: 'Jandy', priceCents: 777777, tags: [['Voltage', '230V']] }));
    const after = index.search(query({ ...base, page: 1, limit: 1 }));
    expect(after.availableVendors.map((v) => v.vendor)).toContain('Jandy');
    expect(after.productMaxPriceCents).toBe(777777);
    expect(after).toEqual(createSearchIndex([...pumps, doc({ id: 8, title: 'Pump motor', vendor: 'Jandy', priceCents: 777777, tags: [['Voltage', '230V']] })]).search(query({ ...base, page: 1, limit: 1 })));
  });

  test('remove takes a product out of results, facets and totals; removing twice is harmless', () => {
    const index = createSearchIndex(pumps);
    index.remove(5);
    index.remove(5);
    index.remove(404);
    const r = index.search(query());
    expect(index.size).toBe(4);
    expect(r.ids).not.toContain(5);
    expect(r.availableVendors.map((v) => v.vendor)).not.toContain('Zodiac');
    expect(r.productMaxPriceCents).toBe(45000);
  });
});

describe('text rules', () => {
  test('normalizePartNumber is the query words joined, and idempotent', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (s) => {
      // a query reads numbers with their units ('1k' is 1000, '3/4hp' 0.75 hp); a part number is
      // kept as typed ('①𝕜' is part number '1k'): the two agree wherever no unit is read
      if (readNumbers(foldText(s)) === foldText(s)) expect(normalizePartNumber(s)).toBe(tokenize(s).join(''));
      expect(normalizePartNumber(normalizePartNumber(s))).toBe(normalizePartNumber(s));
    }));
    expect(normalizePartNumber('①𝕜')).toBe('1k');
    expect(tokenize('①𝕜')).toEqual(['1000']);
  });

  test('the title sort key orders numbers by value', () => {
    fc.assert(fc.property(fc.nat(), fc.nat(), (a, b) => {
      fc.pre(a !== b);
      expect(Math.sign(compareTitles(`Pump ${a}`, `Pump ${b}`))).toBe(Math.sign(a - b));
    }));
    expect(titleSortKey('Pump 007')).toBe(titleSortKey('pump 7'));
  });

  test("a word's score is the best score of its matches (the index combines postings by max)", () => {
    const mask = fc.integer({ min: 0, max: 31 });
    const matchArb = fc.record({ exact: mask, variant: mask, synonym: mask, prefix: mask, typo: mask, partNumber: fc.constantFrom<0 | 1 | 2>(0, 1, 2) });
    fc.assert(fc.property(matchArb, matchArb, (a, b) => {
      const both: WordMatch = {
        exact: a.exact | b.exact, variant: a.variant | b.variant, synonym: a.synonym | b.synonym, prefix: a.prefix | b.prefix, typo: a.typo | b.typo,
        partNumber: Math.max(a.partNumber, b.partNumber) as 0 | 1 | 2,
      };
      expect(wordScore(both)).toBe(Math.max(wordScore(a), wordScore(b)));
    }));
  });

  test('query normalisation clamps paging and ignores an unknown sort', () => {
    const nq = normalizeQuery({ limit: -3, page: Number.NaN, sortBy: 'cheapest' as never });
    expect([nq.limit, nq.offset, nq.sortBy]).toEqual([0, 0, '']);
    expect(normalizeQuery({ limit: 24.9, page: 2 }).offset).toBe(48);
  });
});

describe('counter examples', () => {
  test("normalises a compatibility capital ('ᴬ') to lower case, so normalising twice changes nothing", () => {
    expect(normalizePartNumber('ᴬ')).toBe('a');
    expect(normalizePartNumber(normalizePartNumber('ᴬ'))).toBe('a');
  });

  test('a vendor spelling stays the lowest-id one after its holder changes vendor and a higher id joins', () => {
    // shrunk by the oracle property: holder 6 left 'Hayward', then 15 arrived; 7 ('hayward') must win
    const index = createFastSearchIndex([doc({ id: 7, vendor: 'hayward' }), doc({ id: 6, vendor: 'Hayward' })]);
    index.upsert(doc({ id: 6, vendor: null }));
    index.upsert(doc({ id: 15, vendor: 'Hayward' }));
    expect(index.search(query()).availableVendors).toEqual([{ vendor: 'hayward', vendorCount: 2 }]);
  });
});
