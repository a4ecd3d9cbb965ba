/**
 * Words as pool owners type them, on a small catalogue, for every index variant: typos
 * measured on the whole word, filler words, the relaxed answer keeping the product noun,
 * the trade's synonyms and abbreviations, numbers with units, attributes and collection
 * titles, part numbers without their prefix, joined words; and the text rules behind them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { loadSearchDocuments } from '../../../../src/server/modules/catalogue/repository.ts';
import { createFastSearchIndex } from '../../../../src/server/modules/search/fast/index.ts';
import { createLinearSearchIndex } from '../../../../src/server/modules/search/linear.ts';
import { parseQueryText, partNumberKeys, readNumbers, tokenize } from '../../../../src/server/modules/search/text.ts';
import type { SearchDocument, SearchIndex } from '../../../../src/server/modules/search/types.ts';
import { relaxedWords } from '../../../../src/server/modules/search/words.ts';
import { doc, query } from './search.helpers.ts';
import { getJson, seededApp } from '../catalogue/catalogue.helpers.ts';

const variants: [string, (docs: SearchDocument[]) => SearchIndex][] = [
  ['fast', (docs) => createFastSearchIndex(docs)],
  ['fast, checking words one by one', (docs) => createFastSearchIndex(docs, { expandFactor: 0 })],
  ['fast, expanding every word', (docs) => createFastSearchIndex(docs, { expandFactor: Infinity, termBitsMin: 1, sets: 'bitsets' })],
  ['scanning', (docs) => createLinearSearchIndex(docs)],
];

const years = 'Built for years of trouble-free service.';
const store: SearchDocument[] = [
  doc({ id: 1, title: 'Hot Surface Igniter', description: years, tags: [['Part Type', 'Igniter']], collections: ['Igniters'], salesCount: 1 }),
  doc({ id: 2, title: 'Natural Gas Pool Heater', description: years, tags: [['Part Type', 'Heater']], attributes: ['250,000 BTU', '400,000 BTU'], salesCount: 90 }),
  doc({ id: 3, title: 'Saltwater Chlorinator', description: years, tags: [['Part Type', 'Salt System']], attributes: ['up to 20,000 gal'], salesCount: 2 }),
  doc({ id: 4, title: 'Chlorinating Sticks', description: years, tags: [['Part Type', 'Chemical']], salesCount: 80 }),
  doc({ id: 5, title: 'Spa Filter Cartridge', description: years, tags: [['Part Type', 'Cartridge'], ['Pool Type', 'Spa']], salesCount: 3 }),
  doc({ id: 6, title: '3" Stabilized Chlorine Tablets', description: years, tags: [['Part Type', 'Chemical']], salesCount: 4 }),
  doc({ id: 7, title: 'pH Decreaser', description: years, tags: [['Part Type', 'Chemical']], salesCount: 5 }),
  doc({ id: 8, title: 'Alkalinity Increaser', description: years, tags: [['Part Type', 'Chemical']], salesCount: 6 }),
  doc({ id: 9, title: 'Non-Chlorine Shock', description: years, tags: [['Part Type', 'Chemical']], salesCount: 7 }),
  doc({ id: 10, title: 'Variable Speed Pool Pump', description: years, tags: [['Part Type', 'Pump'], ['Horsepower', '0.75 HP']], salesCount: 8 }),
  doc({ id: 11, title: 'Side-Mount Sand Filter', description: years, tags: [['Part Type', 'Filter']], salesCount: 9 }),
  doc({ id: 12, title: 'Robotic Pool Cleaner', description: years, tags: [['Part Type', 'Cleaner']], salesCount: 10 }),
  doc({ id: 13, title: 'PVC Ball Valve', description: years, tags: [['Part Type', 'Valve']], attributes: ['1.5"', '2"'], salesCount: 11 }),
  doc({ id: 14, title: 'Winter Cover', description: years, tags: [['Part Type', 'Cover']], attributes: ["16' x 32'", "18' x 36'"], salesCount: 12 }),
  doc({ id: 15, title: 'Pulsator Insert', description: years, tags: [['Part Type', 'Jet']], collections: ['Spa Jets'], salesCount: 13 }),
  doc({ id: 16, title: 'Above Ground Skimmer', description: years, partNumbers: ['AQU 3915 H'], tags: [['Part Type', 'Skimmer']], salesCount: 14 }),
  doc({ id: 17, title: 'Skimmer Weir', description: years, tags: [['Part Type', 'Skimmer Part']], salesCount: 15 }),
  doc({ id: 18, title: 'LED Pool Light', description: years, tags: [['Part Type', 'Light']], salesCount: 16 }),
  doc({ id: 19, title: 'Flow Switch', description: years, tags: [['Part Type', 'Salt Cell Part']], salesCount: 17 }),
];

describe.each(variants)('the %s index', (_, create) => {
  const index = create(store);
  const ids = (q: string): number[] => index.search(query({ q })).ids;

  test("a typo is measured on the whole word: 'bearing' and 'gears' are no typos of 'years'", () => {
    expect(ids('bearing')).toEqual([]);
    expect(ids('bearings')).toEqual([]);
    expect(ids('gears')).toEqual([]);
  });

  test("a typo of the whole word ranks it first: 'clorinator' finds the chlorinator, not the chlorinating sticks", () => {
    expect(ids('clorinator')).toEqual([3]);
  });

  test("a word for a product the store does not sell finds no near word: 'my pool slide', 'cya stabilizer'", () => {
    // 'slide' is one letter from the 'Side' of 'Side-Mount Sand Filter', but a short word
    // with a letter added is another word
    expect(ids('my pool slide')).toEqual([]);
    // 'stabilizer' is one letter from 'Stabilized' and shares its Porter stem, but an agent
    // noun is another product: the head matches nothing, so no relaxed answer on 'cya' either
    expect(index.search(query({ q: 'cya stabilizer' }))).toMatchObject({ ids: [], relaxed: false });
    expect(ids('stabilized')).toEqual([6]);
  });

  test("a word the catalogue holds is spelt as meant: 'basket' is no typo of 'gasket'", () => {
    const known = create([
      doc({ id: 1, title: 'Skimmer Basket', tags: [['Part Type', 'Basket']], collectionIds: [1] }),
      doc({ id: 2, title: 'Heater Gasket', tags: [['Part Type', 'Gasket']], collectionIds: [2] }),
    ]);
    expect(known.search(query({ q: 'basket' })).ids).toEqual([1]);
    expect(known.search(query({ q: 'gasket' })).ids).toEqual([2]);
    // a word no product holds still finds its neighbours by one edit
    expect(known.search(query({ q: 'gaskit' })).ids).toEqual([2]);
    // where the filters leave no basket, 'basket' finds nothing rather than the gasket
    expect(known.search(query({ q: 'basket', c: 2 })).ids).toEqual([]);
  });

  test('filler words are not required', () => {
    expect(ids('new pump for my pool')).toEqual([10]);
    expect(ids('my pool heater')).toEqual([2]);
    // a query of filler words only keeps them: every product holding 'pool', best selling first
    expect(ids('pool')).toEqual([2, 18, 12, 10]);
  });

  test("a relaxed answer drops the commonest words and keeps the product noun: 'igniter for pool heater' shows the igniter", () => {
    const r = index.search(query({ q: 'igniter for pool heater' }));
    expect(r).toMatchObject({ ids: [1], relaxed: true });
    // the product noun matching nothing: no such product, no answer resting on the rest
    expect(index.search(query({ q: 'umbrella for pool heater' }))).toMatchObject({ ids: [], relaxed: false });
    // nor on a number alone, and a number or unit matching nothing is never dropped
    expect(index.search(query({ q: '16 trampoline' }))).toMatchObject({ ids: [], relaxed: false });
    expect(index.search(query({ q: '5 hp pump' }))).toMatchObject({ ids: [], relaxed: false });
  });

  test.each([
    ['hot tub filter', [5]], ['hottub cartridge', [5]], ['media filter', [11]], ['vsp', [10]], ['pucks', [6]], ['trichlor', [6]],
    ['muriatic acid', [7]], ['baking soda', [8]], ['mps', [9]], ['swg cell', [19]], ['pool vaccum', [12]],
  ])("the trade's word '%s' finds what it names", (q, expected) => {
    expect(ids(q as string)).toEqual(expected);
  });

  test("'swg' finds the salt system first", () => {
    expect(ids('swg')[0]).toBe(3);
  });

  test.each([
    ['3/4 hp pump', [10]], ['.75hp', [10]], ['400k btu heater', [2]], ['400,000 btu', [2]], ['1.5in ball valve', [13]],
    ['1-1/2" valve', [13]], ['16x32 cover', [14]], ['20000 gallon chlorinator', [3]], ['jets', [15]],
  ])("numbers, units, attributes and collection titles: '%s'", (q, expected) => {
    expect(ids(q as string)).toEqual(expected);
  });

  test('a part number typed without its letter prefix finds the part', () => {
    expect(ids('3915H')).toEqual([16]);
    expect(ids('3915-h')).toEqual([16]);
  });

  test('joined words are split, four-letter words get one typo', () => {
    expect(ids('sandfilter')).toEqual([11]);
    expect(ids('flowswitch')).toEqual([19]);
    expect(ids('wier')).toEqual([17]);
    expect(ids('lite')).toEqual([18]);
  });
});

describe('text rules', () => {
  test.each([
    ['3/4 hp', ['0.75', 'hp']], ['1-1/2"', ['1.5']], ['1 1/2 inch', ['1.5', 'inch']], ['400k btu', ['400000', 'btu']],
    ['400,000 BTU', ['400000', 'btu']], ['2.0 HP', ['2', 'hp']], ['16x32', ['16', 'x', '32']], ['SPX-1600-S', ['spx', '1600', 's']],
  ])("tokenize reads '%s' as numbers", (text, words) => {
    expect(tokenize(text as string)).toEqual(words);
  });

  test('readNumbers leaves model numbers and dates of digits alone', () => {
    expect(readNumbers('spx1600 12/2024')).toBe('spx1600 12/2024');
  });

  test('the product noun is the last thing named before for, else the last', () => {
    const head = (q: string): string => { const p = parseQueryText(q); return p.words[p.head]!; };
    expect(head('igniter for pool heater')).toBe('igniter');
    expect(head('pool pump motor')).toBe('motor');
    expect(head('pump 2 hp')).toBe('pump');
    expect(head('seal kit')).toBe('seal');
  });

  test('a relaxed answer drops the commonest droppable word first and never the product noun', () => {
    expect(relaxedWords(['igniter', 'heater'], [3, 80], 0)).toEqual([0b01]);
    expect(relaxedWords(['a', 'b', 'c'], [50, 10, 5], 2)).toEqual([0b110, 0b100]);
    expect(relaxedWords(['umbrella', 'deck'], [0, 5], 0)).toEqual([]);
  });

  test('a part number is also found without its letter prefix', () => {
    expect(partNumberKeys('aqu3915h')).toEqual(['aqu3915h', '3915h']);
    expect(partNumberKeys('spx16')).toEqual(['spx16']);
    expect(partNumberKeys('1234')).toEqual(['1234']);
  });
});

describe('the served catalogue', () => {
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    ({ app, db } = await seededApp(300, 11));
  });
  afterAll(async () => {
    await app.close();
  });

  test("a product's search document holds its option values and its collections' titles", async () => {
    const docs = await loadSearchDocuments(db);
    const heater = docs.find((d) => (d.attributes ?? []).some((a) => a.endsWith('BTU')));
    expect(heater).toBeDefined();
    expect(heater!.collections).toEqual(expect.arrayContaining(['Heaters & Heat Pumps']));
    expect(heater!.collections!.length).toBe(heater!.collectionIds.length);
  });

  test("'400k btu heater' finds heaters of 400,000 BTU, 'jets' the spa jets first", async () => {
    const docs = await loadSearchDocuments(db);
    const big = new Set(docs.filter((d) => (d.attributes ?? []).includes('400,000 BTU')).map((d) => d.id));
    const heaters = await getJson(app, `/api/products/filter?q=${encodeURIComponent('400k btu heater')}&limit=48&fields=id`);
    expect(heaters.body.products.length).toBeGreaterThan(0);
    for (const p of heaters.body.products as { id: number }[]) expect(big.has(p.id)).toBe(true);
    const jets = new Set(docs.filter((d) => (d.collections ?? []).includes('Spa Jets')).map((d) => d.id));
    const found = await getJson(app, '/api/products/filter?q=jets&limit=48&fields=id');
    // the spa jets first (jet pumps follow, by their title's 'jet')
    const first = (found.body.products as { id: number }[]).slice(0, jets.size).map((p) => p.id);
    expect(jets.size).toBeGreaterThan(0);
    expect(first.filter((id) => jets.has(id))).toEqual(first);
  });
});
