/**
 * The shopper's rules of issue 19 on small catalogues: word forms, typos, joined and split
 * words, synonyms, relaxed answers and ranking, for every index variant; the edit distance
 * against a plain dynamic programme; synonyms read from the database and pageInfo.relaxed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createFastSearchIndex } from '../../../../src/server/modules/search/fast/index.ts';
import { createLinearSearchIndex } from '../../../../src/server/modules/search/linear.ts';
import { loadSearchSynonyms, parseSynonymGroup } from '../../../../src/server/modules/search/synonyms.repository.ts';
import type { SearchDocument, SearchIndex, SearchIndexOptions } from '../../../../src/server/modules/search/types.ts';
import { KIND, Synonyms, documentWords, matchKind, stemKey, typoBudget, withinEdits, wordRules } from '../../../../src/server/modules/search/words.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { getJson, seededApp } from '../catalogue/catalogue.helpers.ts';
import { doc, query } from './search.helpers.ts';
import { acceptPricePill, pricePill } from '../../../../src/domain/price-phrase.ts';
import { productsFilterQuery } from '../../../../src/domain/urls.ts';

const SYNONYMS = [['tabs', 'tablets'], ['robot', 'robotic'], ['chlorinator', 'salt system'], ['o-ring', 'gasket']];

const variants: [string, (docs: SearchDocument[], o: SearchIndexOptions) => SearchIndex][] = [
  ['fast', (docs, o) => createFastSearchIndex(docs, o)],
  ['fast, checking words one by one', (docs, o) => createFastSearchIndex(docs, { ...o, expandFactor: 0 })],
  ['fast, field bitsets for every word', (docs, o) => createFastSearchIndex(docs, { ...o, termBitsMin: 1, sets: 'bitsets' })],
  ['scanning', (docs, o) => createLinearSearchIndex(docs, o)],
];

const store: SearchDocument[] = [
  doc({ id: 1, title: 'Pool Pump 1.5 HP', vendor: 'Hayward', tags: [['Part Type', 'Pump']], salesCount: 1 }),
  doc({ id: 2, title: 'Deepwell Pumps Drive Track', vendor: 'Deepwell Pumps', tags: [['Part Type', 'Cleaner Part']], salesCount: 90 }),
  doc({ id: 3, title: 'Deepwell Pumps pH Up', vendor: 'Deepwell Pumps', tags: [['Part Type', 'Chemical'], ['Fits', 'Pumps']], salesCount: 80 }),
  doc({ id: 4, title: 'Filter Tank O-Ring', vendor: 'Seaglass', partNumbers: ['SUW-7148-W'], tags: [['Part Type', 'O-Ring']], salesCount: 5 }),
  doc({ id: 5, title: 'Robotic Pool Cleaner', vendor: 'Coralis', tags: [['Part Type', 'Cleaner']], salesCount: 3 }),
  doc({ id: 6, title: '3" Chlorine Tablets', vendor: 'AquaCrest', tags: [['Part Type', 'Chemical']], salesCount: 4 }),
  doc({ id: 7, title: 'Flow-Through Spa Heater', vendor: 'AquaCrest', tags: [['Part Type', 'Heater']], salesCount: 2 }),
  doc({ id: 8, title: 'Heavy-Duty Skimmer Basket', vendor: 'Hydrapeak', tags: [['Part Type', 'Basket']], salesCount: 6 }),
  doc({ id: 9, title: 'Pool Filter Cartridge', vendor: 'ClearSpring', tags: [['Part Type', 'Cartridge']], salesCount: 7 }),
  doc({ id: 10, title: 'Salt System Control Board', vendor: 'Tritonix', tags: [['Part Type', 'Salt System']], salesCount: 8 }),
  doc({ id: 11, title: 'Replacement Salt Cells', vendor: 'Tritonix', partNumbers: ['SC-11'], tags: [['Part Type', 'Salt Cell']], salesCount: 9 }),
  doc({ id: 12, title: 'Heater Gasket', vendor: 'Poolwright', tags: [['Part Type', 'Gasket']], salesCount: 50 }),
  doc({ id: 13, title: 'Rotor Battery Pack HX120', vendor: 'Hydrapeak', salesCount: 4 }),
];

describe.each(variants)('the %s index', (_, create) => {
  const index = create(store, { synonyms: SYNONYMS });
  const ids = (q: string, sortBy: '' | 'id_asc' = ''): number[] => index.search(query({ q, sortBy })).ids;

  test('finds other forms of a word (plural and singular) and ranks the exact word first', () => {
    expect(ids('pumps', 'id_asc')).toEqual([1, 2, 3]);
    expect(ids('salt cell', 'id_asc')).toEqual([11]);
    expect(ids('batteries', 'id_asc')).toEqual([13]);
    // 'Pumps' as written ranks above 'Pump', within one field
    expect(ids('pump')[0]).toBe(1);
  });

  test('a word both a prefix of the last query word and its other form ranks as the other form', () => {
    const two = create([
      doc({ id: 1, title: 'Pool Pumps', salesCount: 1 }),
      doc({ id: 2, title: 'Pool Pumpkin', salesCount: 9 }),
    ], {});
    expect(two.search(query({ q: 'pool pump' })).ids).toEqual([1, 2]);
  });

  test('tolerates one typo from 4 letters (a 4-letter word keeps its first), none up to 3, none on words with digits', () => {
    expect(ids('heatr', 'id_asc')).toEqual([7, 12]);
    expect(ids('cleanr', 'id_asc')).toEqual([2, 5]);
    expect(ids('robtic', 'id_asc')).toEqual([5]);
    // 4 letters: 'pupm' is one swap from 'pump' (and from 'pumps' by its stem key, the
    // vendor's products after the pump); 'bump' would need its first letter changed
    expect(ids('pupm')).toEqual([1, 2, 3]);
    expect(ids('bump')).toEqual([]);
    expect(ids('pum')).toEqual([1, 2, 3]);
    // a model number keeps its digits exact
    expect(ids('hx121')).toEqual([]);
    expect(ids('hx12')).toEqual([13]);
  });

  test('joins and splits words: oring, o ring, heavyduty, flowthrough', () => {
    expect(ids('oring')).toEqual([4, 12]);
    expect(ids('o ring')).toEqual([4, 12]);
    expect(ids('heavyduty')).toEqual([8]);
    expect(ids('flowthrough')).toEqual([7]);
  });

  test('matches the synonyms, ranked below the word itself', () => {
    expect(ids('chlorine tabs')).toEqual([6]);
    expect(ids('robot cleaner')).toEqual([5]);
    // the salt system through the synonym; not the chlorine tablets, though Porter gives
    // 'chlorine' and 'chlorinator' one stem ('chlorin'): an agent noun keeps its own key
    expect(ids('chlorinator')).toEqual([10]);
    // the O-Ring itself, then the gasket it stands for
    expect(ids('o-ring')).toEqual([4, 12]);
  });

  test("ranks the product type above the vendor's name: 'pumps' puts the pump first", () => {
    // the pump by its type; then the vendor's products, by best selling
    expect(ids('pumps')).toEqual([1, 2, 3]);
  });

  test('answers the products matching the most words when none matches them all, and says so', () => {
    const all = index.search(query({ q: 'robotic cleaner' }));
    expect(all.relaxed).toBe(false);
    const part = index.search(query({ q: 'robotic zzzzzz cleaner' }));
    expect(part).toMatchObject({ ids: [5], totalObjects: 1, relaxed: true });
    // one word of three: every product holding one of them, facets counted over that answer
    const some = index.search(query({ q: 'qqqqq wwwww heater' }));
    expect(some.relaxed).toBe(true);
    expect([...some.ids].sort((a, b) => a - b)).toEqual([7, 12]);
    expect(some.availableVendors).toEqual([{ vendor: 'AquaCrest', vendorCount: 1 }, { vendor: 'Poolwright', vendorCount: 1 }]);
    expect(index.search(query({ q: 'qqqqq wwwww' }))).toMatchObject({ ids: [], relaxed: false });
    // the product noun matching nothing: the store has no such product, no relaxed answer
    expect(index.search(query({ q: 'heater qqqqq' }))).toMatchObject({ ids: [], relaxed: false });
  });
});

describe('word rules', () => {
  /** Optimal string alignment distance, the whole table. */
  const osa = (a: string, b: string): number => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
    return d[a.length]![b.length]!;
  };

  test('withinEdits agrees with the full edit-distance table', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 });
    fc.assert(fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, k) => {
      expect(withinEdits(a, b, k)).toBe(osa(a, b) <= k);
    }), { numRuns: 2000 });
  });

  test('typo budgets: none up to 3 letters, 1 from 4 to 8, 2 from 9, none with a digit', () => {
    expect(['pum', 'pump', 'heatr', 'cartridg', 'cartridges', 'spx16000'].map(typoBudget)).toEqual([0, 1, 1, 1, 2, 0]);
  });

  test('stems plain words only, and not into stems too short to trust', () => {
    expect(['pumps', 'batteries', 'battery', 'brushes', 'filters', 'oring', 'orings', 'spx1600s'].map(stemKey))
      .toEqual(['pump', 'batteri', 'batteri', 'brush', 'filter', 'oring', 'oring', 'spx1600s']);
  });

  test("an agent noun is not a form of what it does: 'stabilizer' is no 'stabilized', 'chlorinator' no 'chlorine'", () => {
    expect(['stabilizer', 'stabilizers', 'stabilized', 'chlorinator', 'chlorinators', 'chlorine', 'chlorinated', 'heater', 'heaters', 'heated', 'motor']
      .map(stemKey)).toEqual(['stabiler', 'stabiler', 'stabil', 'chloriner', 'chloriner', 'chlorin', 'chlorin', 'heater', 'heater', 'heat', 'motor']);
    const [rule] = wordRules(['stabilizer'], Synonyms.none);
    expect(matchKind(rule!, 'stabilizers')).toBe(KIND.variant);
    // one letter apart, but another product: no typo either way
    expect(matchKind(rule!, 'stabilized')).toBe(KIND.none);
    expect(matchKind(wordRules(['stabilized'], Synonyms.none)[0]!, 'stabilizer')).toBe(KIND.none);
    expect(matchKind(wordRules(['heatd'], Synonyms.none)[0]!, 'heated')).toBe(KIND.typo);
  });

  test("a 4-letter word is reached from a longer one only by dropping a letter typed twice: 'reeel' finds 'reel', 'slide' no 'side'", () => {
    const kind = (q: string, term: string): number => matchKind(wordRules([q, 'x'], Synonyms.none)[0]!, term);
    expect(kind('reeel', 'reel')).toBe(KIND.typo);
    expect(kind('seall', 'seal')).toBe(KIND.typo);
    expect(kind('slide', 'side')).toBe(KIND.none);
    expect(kind('plump', 'pump')).toBe(KIND.none);
    expect(kind('steal', 'seal')).toBe(KIND.none);
    // a short word typed short still finds the longer one, and 4 letters to 4 as before
    expect(kind('motr', 'motor')).toBe(KIND.typo);
    expect(kind('wier', 'weir')).toBe(KIND.typo);
  });

  test('indexes hyphenated compounds and synonym phrases joined', () => {
    const syn = new Synonyms([['chlorinator', 'salt system']]);
    expect(documentWords('Heavy-Duty O-Ring for SPX-1600', syn)).toEqual(['heavy', 'duty', 'o', 'ring', 'for', 'spx', '1600', 'heavyduty', 'oring']);
    expect(documentWords('Salt System board', syn)).toEqual(['salt', 'system', 'board', 'saltsystem']);
  });

  test('a word with a digit matches only itself or, last, as a prefix', () => {
    const [rule] = wordRules(['spx1600'], Synonyms.none);
    expect(matchKind(rule!, 'spx1600')).toBe(KIND.exact);
    expect(matchKind(rule!, 'spx1600s')).toBe(KIND.prefix);
    expect(matchKind(rule!, 'spx1601')).toBe(KIND.none);
  });

  test('a synonym row is split on commas, blanks dropped', () => {
    expect(parseSynonymGroup(' tabs, tablets ,, ')).toEqual(['tabs', 'tablets']);
  });
});

describe('over HTTP, with the seeded synonyms', () => {
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    ({ app, db } = await seededApp(300, 11));
  });
  afterAll(async () => {
    await app.close();
  });

  test('the migration seeds the pool-and-spa synonyms the index reads', async () => {
    const groups = await loadSearchSynonyms(db);
    expect(groups).toContainEqual(['tabs', 'tablets']);
    expect(groups).toContainEqual(['chlorinator', 'salt system', 'salt chlorine generator', 'swg']);
  });

  test("the header's categories follow the same word rules: forms, typos, joined words, prefixes", async () => {
    const titles = async (q: string): Promise<string[]> =>
      (await getJson(app, `/api/collections?q=${encodeURIComponent(q)}&limit=50`)).body.collections.map((c: { title: string }) => c.title);
    expect(await titles('robot cleaner')).toEqual(['Robotic Cleaners']);
    expect(await titles('heatr')).toEqual(expect.arrayContaining(['Gas Heaters', 'Heaters & Heat Pumps', 'Spa Heaters']));
    expect(await titles('oring')).toEqual(expect.arrayContaining(['O-Rings', 'Pump O-Rings']));
    expect(await titles('impeller')).toEqual(['Impellers']);
    expect(await titles('led pool lig')).toEqual(['LED Pool Lights']);
    expect(await titles('zzzzqqq')).toEqual([]);
  });

  test("a price phrase's remaining words are searched by the same rules ('impelers under $500')", async () => {
    const pill = pricePill('impelers under $500', {});
    expect(pill).not.toBeNull();
    const query = acceptPricePill({ q: 'impelers under $500' }, pill!.phrase);
    expect(query).toMatchObject({ q: 'impelers', maxPrice: 500 });
    const { body } = await getJson(app, `/api/products/filter?${productsFilterQuery({ ...query, limit: 48, page: 0, fields: ['title', 'price'] })}`);
    expect(body.products.length).toBeGreaterThan(0);
    const products = body.products as { title: string; price: number }[];
    for (const p of products) expect(p.price).toBeLessThanOrEqual(500);
    // 'impelers' is one edit from 'impellers': the impellers come first
    expect(products[0]!.title).toMatch(/Impeller/);
  });

  test('pageInfo.relaxed is true only when the answer holds part of the words', async () => {
    const relaxed = await getJson(app, '/api/products/filter?q=zzzzqqq%20pump&limit=4');
    expect(relaxed.status).toBe(200);
    expect(relaxed.body.pageInfo.relaxed).toBe(true);
    expect(relaxed.body.pageInfo.totalObjects).toBeGreaterThan(0);
    const whole = await getJson(app, '/api/products/filter?q=pump&limit=4');
    expect(whole.body.pageInfo.relaxed).toBeUndefined();
  });
});
