import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SHAPES } from '../../../src/server/seed/catalogue-data.ts';
import { generateCatalogue, partNumber, slugify, type GenProduct } from '../../../src/server/seed/generate.ts';
import { mixSeed, mulberry32, sampleWith } from '../../../src/server/platform/random/prng.ts';

const all = (products: number, seed: number): GenProduct[] => [...generateCatalogue({ products, seed }).products()];

describe('prng', () => {
  test('the same seed gives the same sequence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const a = mulberry32(seed);
        const b = mulberry32(seed);
        for (let i = 0; i < 20; i++) expect(a.next()).toBe(b.next());
      }),
    );
  });

  test('int stays within its bounds, both ends included', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (seed, min, span) => {
        const r = mulberry32(seed);
        for (let i = 0; i < 10; i++) {
          const n = r.int(min, min + span);
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(min);
          expect(n).toBeLessThanOrEqual(min + span);
        }
      }),
    );
  });

  test('a short sample of a long list, made without copying it, draws the same numbers and gives the same elements as the shuffle of a copy', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }), fc.integer({ min: -3, max: 70 }), (seed, items, count) => {
        const copied = mulberry32(seed);
        const sparse = mulberry32(seed);
        // copyFrom 0: always the copy; Infinity: never (save for a negative count, which takes the copy's old answer)
        expect(sampleWith(() => sparse.next(), items, count, Infinity)).toEqual(sampleWith(() => copied.next(), items, count, 0));
        // as many draws on both: the streams are at the same place after
        expect(sparse.next()).toBe(copied.next());
      }),
      { numRuns: 500 },
    );
  });

  test('sample returns distinct elements of the list, at most the list', () => {
    fc.assert(
      fc.property(fc.integer(), fc.uniqueArray(fc.integer()), fc.nat(30), (seed, items, count) => {
        const s = mulberry32(seed).sample(items, count);
        expect(s.length).toBe(Math.min(count, items.length));
        expect(new Set(s).size).toBe(s.length);
        for (const x of s) expect(items).toContain(x);
      }),
    );
  });

  test('mixSeed separates streams of one seed', () => {
    expect(mixSeed(1, 2)).not.toBe(mixSeed(1, 3));
    expect(mixSeed(1, 2)).toBe(mixSeed(1, 2));
  });
});

describe('slugify', () => {
  test.each([
    ['Filters & Cartridges', 'filters-and-cartridges'],
    ['Pool Filter Sand #20', 'pool-filter-sand-20'],
    ['Poseidon Pool Co.', 'poseidon-pool-co'],
    ['  Crème  Spa  ', 'creme-spa'],
  ])('turns %j into the handle %j', (title, handle) => {
    expect(slugify(title)).toBe(handle);
  });

  test('is idempotent and yields only lower-case letters, digits and single inner hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const h = slugify(s);
        expect(slugify(h)).toBe(h);
        expect(h).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });
});

describe('generateCatalogue', () => {
  test('the same seed gives the same catalogue, another seed a different one', () => {
    const a = all(120, 5);
    expect(all(120, 5)).toEqual(a);
    expect(generateCatalogue({ products: 10, seed: 5 }).collections).toEqual(generateCatalogue({ products: 10, seed: 5 }).collections);
    expect(all(120, 6).map((p) => p.title)).not.toEqual(a.map((p) => p.title));
  });

  test('products() starts again from the first product on every call', () => {
    const cat = generateCatalogue({ products: 30, seed: 2 });
    expect([...cat.products()]).toEqual([...cat.products()]);
  });

  test('the collection tree is three levels deep with the pool and spa departments at the top', () => {
    const { collections } = generateCatalogue({ products: 0, seed: 1 });
    expect(Math.max(...collections.map((c) => c.level))).toBe(3);
    const top = collections.filter((c) => c.parentId === null).map((c) => c.title);
    expect(top).toEqual(expect.arrayContaining([
      'Pumps', 'Filters & Cartridges', 'Heaters & Heat Pumps', 'Pool Cleaners', 'Chemicals', 'Spa Parts',
      'Replacement Parts', 'Lighting', 'Automation', 'Salt Systems', 'Valves', 'Skimmers & Drains', 'Covers', 'Test Kits',
    ]));
    const titles = collections.map((c) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['Variable Speed Pumps', 'O-Rings', 'Impellers', 'Motors', 'Gaskets']));
    const handles = collections.map((c) => c.handle);
    expect(new Set(handles).size).toBe(handles.length);
    for (const c of collections) {
      const children = collections.filter((x) => x.parentId === c.id);
      expect(c.childCount).toBe(children.length);
      for (const child of children) expect(child.level).toBe(c.level + 1);
      expect(c.descriptionHtml).toMatch(/^<h2>/);
      expect(c.imageUrl).toBe(`/media/collections/${c.id}-800.png`);
    }
  });

  test.each([
    ['KTW-3407-B', /^[A-Z]{3}-\d{4}-[A-Z]{1,2}$/],
    ['KTW 3407 B', /^[A-Z]{3} \d{4} [A-Z]$/],
    ['M9183026 (not the R0 form of a real maker)', /^[A-Z]9\d{6}$/],
    ['47-5210-D', /^\d{2}-\d{4}-[A-Z]$/],
    ['HV-63-RT', /^[A-Z]{2}-\d{2}-[A-Z]{2}$/],
    ['PLW614-LF (suffixes)', /^[A-Z]{3}\d{3}(-LF|X10|Z2|-R|HD|-2)$/],
  ])('part numbers come in the trade form %s', (_name, form) => {
    const codes = all(600, 3).map((p) => p.productCode);
    expect(codes.some((c) => form.test(c))).toBe(true);
  });

  test('partNumber always gives letters, digits and single separators', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom('AquaCrest', 'BlueLagoon Systems', 'Poseidon Pool Co.'), (seed, vendor) => {
        expect(partNumber(mulberry32(seed), vendor)).toMatch(/^[A-Z0-9]+([ -][A-Z0-9]+)*$/);
      }),
    );
  });

  test('the catalogue is believable: call for price, sales, stock outs, bypass, variants, media, reviews', () => {
    const products = all(1500, 9);
    const levels = products.flatMap((p) => p.variants.flatMap((v) => v.levels));
    expect(products.some((p) => p.priceCents === 0)).toBe(true);
    expect(products.some((p) => p.compareAtPriceCents !== null && p.compareAtPriceCents > p.priceCents)).toBe(true);
    expect(products.some((p) => p.compareAtPriceCents === 0)).toBe(true);
    expect(levels.some((l) => l.quantity === 0 && !l.bypassNegativeQuantity)).toBe(true);
    expect(levels.some((l) => l.bypassNegativeQuantity)).toBe(true);
    expect(levels.some((l) => !l.availableForSale)).toBe(true);
    const single = products.filter((p) => p.variants.length === 1 && p.variants[0]?.title === 'Default Title');
    expect(single.length / products.length).toBeGreaterThan(0.3);
    const multi = products.filter((p) => p.options.length > 0);
    expect(multi.length).toBeGreaterThan(100);
    const optionNames = new Set(multi.flatMap((p) => p.options.map((o) => o.name)));
    for (const name of ['Size', 'Voltage', 'Horsepower']) expect(optionNames.has(name)).toBe(true);
    const prefixes = new Set(products.flatMap((p) => p.tags.map((t) => t.prefix)));
    for (const prefix of ['Brand', 'Horsepower', 'Voltage', 'Filter Type', 'Pool Type', 'Part Type']) expect(prefixes.has(prefix)).toBe(true);
    expect(products.some((p) => p.isFeatured)).toBe(true);
    expect(products.some((p) => p.model3ds.length > 0)).toBe(true);
    expect(products.some((p) => p.pdfs.length > 0)).toBe(true);
    expect(products.some((p) => p.images.length === 0)).toBe(true);
    expect(products.some((p) => p.reviews.length > 0)).toBe(true);
    expect(products.some((p) => p.questions.length > 0)).toBe(true);
    expect(new Set(products.map((p) => p.vendor)).size).toBeGreaterThan(20);
    expect(Math.max(...products.map((p) => p.salesCount))).toBeGreaterThan(1000);
  });

  test('every product is consistent: unique handles, variants match options, levels priced like their variant', () => {
    const products = all(800, 4);
    expect(new Set(products.map((p) => p.handle)).size).toBe(products.length);
    for (const p of products) {
      expect(p.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const combos = p.options.reduce((n, o) => n * o.values.length, 1);
      expect(p.variants.length).toBe(Math.min(combos, 12));
      for (const v of p.variants) {
        expect(v.selected.length).toBe(p.options.length);
        expect(v.levels.length).toBeGreaterThan(0);
        for (const l of v.levels) expect(l.priceCents).toBe(v.priceCents);
        expect(Number.isInteger(v.priceCents)).toBe(true);
      }
      for (const r of p.reviews) expect([1, 2, 3, 4, 5]).toContain(r.starsRating);
      expect(p.relatedIds).not.toContain(p.id);
      for (const i of p.images) expect(SHAPES).toContain(i.shape);
    }
  });

  test('PDF file names carry four dash segments before the display name', () => {
    const pdfs = all(600, 8).flatMap((p) => p.pdfs);
    expect(pdfs.length).toBeGreaterThan(0);
    for (const f of pdfs) {
      expect(f.localFilename).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[A-Z0-9-]+-(Spec-Sheet|Installation-Manual|Owners-Guide|Parts-Diagram)\.pdf$/);
      expect(f.url).toBe(`/media/pdfs/${f.localFilename}`);
    }
    expect(new Set(pdfs.map((f) => f.localFilename)).size).toBe(pdfs.length);
  });
});
