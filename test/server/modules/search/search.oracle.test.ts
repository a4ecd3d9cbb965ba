import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFastSearchIndex, loadFastSearchIndex } from '../../../../src/server/modules/search/fast/index.ts';
import { createSearchIndex } from '../../../../src/server/modules/search/index.ts';
import { createLinearSearchIndex } from '../../../../src/server/modules/search/linear.ts';
import type { IndexQuery, IndexResult, SearchDocument, SearchIndex, SearchPage } from '../../../../src/server/modules/search/types.ts';
import { Synonyms } from '../../../../src/server/modules/search/words.ts';
import { SYNONYM_GROUPS, catalogueArb, doc, documentArb, oracleSearch as plainSearch, query, queryArb } from './search.helpers.ts';

// every index reads the trade's own synonyms beside the operator's (trade.ts)
const synonyms = Synonyms.withTrade(SYNONYM_GROUPS);
/** Hundreds of random catalogues per test: a loaded machine may need more than the default 5 s. */
const PROPERTY_TIMEOUT = 60_000;
/** The oracle with the synonyms every index here is given. */
const oracleSearch = (docs: readonly SearchDocument[], q: IndexQuery): IndexResult => plainSearch(docs, q, synonyms);

const snapshotDir = mkdtempSync(join(tmpdir(), 'skimmer-snapshot-'));
let snapshots = 0;
/**
 * The index written to a snapshot file and read back (mapped, where the binding is installed,
 * unless `map` is false): the index the tests then query, and write to, is the read one.
 */
function throughSnapshot(built: SearchIndex, options: Parameters<typeof loadFastSearchIndex>[1], map = true): SearchIndex {
  const path = join(snapshotDir, `${++snapshots}.snap`);
  built.saveSnapshot!(path, { n: snapshots });
  const { index, meta, mapped } = loadFastSearchIndex(path, options, { map });
  expect(meta).toEqual({ n: snapshots });
  expect(mapped).toBe(map);
  return index;
}

const indexes: [string, (docs: SearchDocument[]) => SearchIndex][] = [
  ['the fast index read back from its snapshot (every order built)', (docs) => throughSnapshot(createFastSearchIndex(docs, { warmFrom: 0, synonyms: SYNONYM_GROUPS }), { warmFrom: 0, synonyms: SYNONYM_GROUPS })],
  ['the fast index read into memory from its snapshot (not mapped)', (docs) => throughSnapshot(createFastSearchIndex(docs, { synonyms: SYNONYM_GROUPS }), { synonyms: SYNONYM_GROUPS }, false)],
  ['the fast index read back from a snapshot taken after writes (no order built; field bitsets for every word)', (docs) => {
    const built = createFastSearchIndex(docs.slice(0, docs.length >> 1), { termBitsMin: 1, synonyms: SYNONYM_GROUPS });
    for (const d of docs.slice(docs.length >> 1)) built.upsert(d);
    // a rewrite of the first and a removal then re-adding: retired ordinals in the snapshot
    if (docs.length > 0) { built.upsert(docs[0]!); built.remove(docs[0]!.id); built.upsert(docs[0]!); }
    return throughSnapshot(built, { termBitsMin: 1, synonyms: SYNONYM_GROUPS, sets: 'lists', facetSetsFrom: 0 });
  }],
  ['the index behind createSearchIndex', (docs) => createSearchIndex(docs, { synonyms: SYNONYM_GROUPS })],
  ['the fast index', (docs) => createFastSearchIndex(docs, { synonyms: SYNONYM_GROUPS })],
  ['the fast index checking every word after the first one by one', (docs) => createFastSearchIndex(docs, { expandFactor: 0, synonyms: SYNONYM_GROUPS })],
  ['the fast index expanding every word', (docs) => createFastSearchIndex(docs, { expandFactor: Infinity, synonyms: SYNONYM_GROUPS })],
  ['the fast index treating every set as a list', (docs) => createFastSearchIndex(docs, { sets: 'lists', facetSetsFrom: Infinity, synonyms: SYNONYM_GROUPS })],
  ['the fast index treating every set as a list, counting vendors and tags by facet sets', (docs) => createFastSearchIndex(docs, { sets: 'lists', facetSetsFrom: 0, synonyms: SYNONYM_GROUPS })],
  ['the fast index treating every set as a bitset', (docs) => createFastSearchIndex(docs, { sets: 'bitsets', expandFactor: 0, synonyms: SYNONYM_GROUPS })],
  ['the fast index paging without its bounded heap (lists)', (docs) => createFastSearchIndex(docs, { sets: 'lists', pageHeapLimit: 0, synonyms: SYNONYM_GROUPS })],
  ['the fast index paging without its bounded heap (bitsets)', (docs) => createFastSearchIndex(docs, { sets: 'bitsets', pageHeapLimit: 0, synonyms: SYNONYM_GROUPS })],
  ['the fast index with field bitsets for every word (lists)', (docs) => createFastSearchIndex(docs, { sets: 'lists', termBitsMin: 1, synonyms: SYNONYM_GROUPS })],
  ['the fast index with field bitsets for every word (bitsets)', (docs) => createFastSearchIndex(docs, { sets: 'bitsets', termBitsMin: 1, expandFactor: Infinity, synonyms: SYNONYM_GROUPS })],
  ['the fast index building price ranges from prefixes of the price order', (docs) => createFastSearchIndex(docs, { pricePrefixStep: 2, synonyms: SYNONYM_GROUPS })],
  ['the fast index warmed up at build (every order built, the warm-up queries run)', (docs) => createFastSearchIndex(docs, { warmFrom: 0, synonyms: SYNONYM_GROUPS })],
  ['the scanning index', (docs) => createLinearSearchIndex(docs, { synonyms: SYNONYM_GROUPS })],
];

/** A page answer in the shape of a search answer. */
const asResult = (page: SearchPage): IndexResult => ({ ids: page.ids, totalObjects: page.totalObjects, ...page.facets, relaxed: page.relaxed });

describe.each(indexes)('%s', (_, create) => {
  test('answers ids, order, totals and every facet count as the brute-force oracle does', () => {
    fc.assert(fc.property(catalogueArb, fc.array(queryArb, { minLength: 1, maxLength: 8 }), (docs, queries) => {
      const index = create(docs);
      for (const q of queries) {
        const expected = oracleSearch(docs, q);
        expect(index.search(q)).toEqual(expected);
        expect(asResult(index.searchPage(q))).toEqual(expected);
      }
    }), { numRuns: 300 });
  }, PROPERTY_TIMEOUT);

  test('stays equal to the oracle through upserts and removals', () => {
    const op = fc.oneof(
      fc.integer({ min: 1, max: 30 }).chain((id) => documentArb(id)).map((d) => ({ upsert: d })),
      fc.integer({ min: 1, max: 30 }).map((id) => ({ remove: id })),
    );
    fc.assert(fc.property(catalogueArb, fc.array(op, { maxLength: 20 }), fc.array(queryArb, { minLength: 1, maxLength: 4 }), (docs, ops, queries) => {
      const index = create(docs);
      const byId = new Map(docs.map((d) => [d.id, d]));
      // a search before the writes builds the presorted orders, so writes must keep them in step
      index.search(query({ sortBy: 'title_asc' }));
      for (const o of ops) {
        if ('upsert' in o) { index.upsert(o.upsert); byId.set(o.upsert.id, o.upsert); }
        else { index.remove(o.remove); byId.delete(o.remove); }
      }
      expect(index.size).toBe(byId.size);
      for (const q of queries) {
        const expected = oracleSearch([...byId.values()], q);
        expect(index.search(q)).toEqual(expected);
        expect(asResult(index.searchPage(q))).toEqual(expected);
      }
    }), { numRuns: 200 });
  }, PROPERTY_TIMEOUT);
});

describe('the fits filter (issue 15)', () => {
  test('a model\'s fitment list asked again after writes answers as the oracle (its kept bitset follows the writes)', () => {
    const op = fc.oneof(
      fc.integer({ min: 1, max: 60 }).chain((id) => documentArb(id)).map((d) => ({ upsert: d })),
      fc.integer({ min: 1, max: 60 }).map((id) => ({ remove: id })),
    );
    const listArb = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 25 }).map((ids) => Int32Array.from(ids).sort());
    fc.assert(fc.property(catalogueArb, fc.array(listArb, { minLength: 1, maxLength: 3 }), fc.array(op, { maxLength: 12 }), queryArb, (docs, lists, ops, q) => {
      for (const [name, create] of indexes) {
        const index = create(docs);
        const byId = new Map(docs.map((d) => [d.id, d]));
        const asked = { ...q, fits: lists };
        expect(index.search(asked), name).toEqual(oracleSearch([...byId.values()], asked));
        for (const o of ops) {
          if ('upsert' in o) { index.upsert(o.upsert); byId.set(o.upsert.id, o.upsert); }
          else { index.remove(o.remove); byId.delete(o.remove); }
        }
        expect(index.search(asked), name).toEqual(oracleSearch([...byId.values()], asked));
        expect(asResult(index.searchPage({ ...asked, fits: [lists[0]!] })), name).toEqual(oracleSearch([...byId.values()], { ...asked, fits: [lists[0]!] }));
      }
    }), { numRuns: 60 });
  }, PROPERTY_TIMEOUT);

  test('answers only the fitting products, with facets counted over them alone', () => {
    const docs = Array.from({ length: 12 }, (_, i) => doc({
      id: i + 1, title: 'Pump part', vendor: i % 2 ? 'Hayward' : 'Pentair', tags: [['Part Type', i < 6 ? 'Impeller' : 'Gasket']], priceCents: 100 * (i + 1),
    }));
    for (const [name, create] of indexes) {
      const r = create(docs).search(query({ fits: [Int32Array.from([2, 4, 7])] }));
      expect(r.ids, name).toEqual(expect.arrayContaining([2, 4, 7]));
      expect(r.totalObjects, name).toBe(3);
      expect(r.availableVendors, name).toEqual([{ vendor: 'Hayward', vendorCount: 2 }, { vendor: 'Pentair', vendorCount: 1 }]);
      expect(r.availableTagFilters.filter((t) => t.tagPrefix === 'Part Type'), name).toEqual([
        { tagPrefix: 'Part Type', tagValue: 'Impeller', tagCount: 2 }, { tagPrefix: 'Part Type', tagValue: 'Gasket', tagCount: 1 },
      ]);
      expect(r.productMaxPriceCents, name).toBe(700);
    }
  });
});

describe('the fast index counting vendors and tags by facet sets', () => {
  test('counts every facet as the oracle when many documents share a set of tags', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 1 }), fc.boolean()), { minLength: 1, maxLength: 200 }),
      fc.array(queryArb, { minLength: 1, maxLength: 4 }),
      (pairs, queries) => {
        const docs = pairs.map(([hp, volts, cell], i) => doc({
          id: i + 1, title: i % 2 ? 'Pool pump' : 'Sand filter', vendor: i % 3 ? 'Hayward' : 'Pentair',
          tags: [['Horsepower', String(hp)], ['Voltage', volts ? '230' : '115'], ...(cell ? [['Type', 'Salt cell'] as [string, string]] : [])],
          priceCents: 100 + ((i * 37) % 900),
        }));
        for (const facetSetsFrom of [0, Infinity]) {
          const index = createFastSearchIndex(docs, { sets: 'lists', facetSetsFrom, synonyms: SYNONYM_GROUPS });
          for (const q of queries) expect(index.search(q)).toEqual(oracleSearch(docs, q));
        }
      },
    ), { numRuns: 30 });
  }, PROPERTY_TIMEOUT);
});

describe('the fast index under compaction', () => {
  test('keeps answering as the oracle after retiring most of its ordinals', () => {
    fc.assert(fc.property(fc.array(queryArb, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 1000 }), (queries, salt) => {
      const docs = Array.from({ length: 300 }, (_, i) => doc({
        id: i + 1, title: i % 3 === 0 ? 'Hayward pump' : 'Pool filter', vendor: i % 2 ? 'Hayward' : 'Pentair',
        partNumbers: [`SPX-${1600 + (i % 7)}-S`], tags: [['Horsepower', String(i % 4)]], priceCents: (i * 37 + salt) % 1000,
        salesCount: i % 5, collectionIds: [1 + (i % 3)],
      }));
      const index = createFastSearchIndex(docs, { compactRatio: 0.1, termBitsMin: 50, pricePrefixStep: 16, synonyms: SYNONYM_GROUPS });
      index.search(query({ sortBy: 'price_asc' }));
      const live = new Map(docs.map((d) => [d.id, d]));
      for (let i = 1; i <= 1300; i++) {
        const id = 1 + ((i * 7 + salt) % 300);
        if (i % 3 === 0) { index.remove(id); live.delete(id); }
        else { const d = doc({ ...docs[id - 1]!, salesCount: i % 9, title: `Pump ${i}` }); index.upsert(d); live.set(id, d); }
      }
      for (const q of queries) expect(index.search(q)).toEqual(oracleSearch([...live.values()], q));
    }), { numRuns: 5 });
  }, PROPERTY_TIMEOUT);
});
