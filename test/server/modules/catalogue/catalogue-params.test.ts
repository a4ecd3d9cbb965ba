import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { normalizeTagPairs } from '../../../../src/domain/search.ts';
import { HttpError } from '../../../../src/server/platform/http/errors.ts';
import { CARD_FIELDS, vendorsPage } from '../../../../src/server/modules/catalogue/repository.ts';
import { parseFields, parseTags, toIndexQuery } from '../../../../src/server/modules/catalogue/routes.ts';

const word = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '' && !s.includes(','));

describe('parseTags', () => {
  test.each([
    [['Brand,AquaCrest'], [['Brand', 'AquaCrest']]],
    [['Pool Type,In-Ground', 'Horsepower,1.5 HP'], [['Pool Type', 'In-Ground'], ['Horsepower', '1.5 HP']]],
    [['Brand,A', 'Brand,B'], [['Brand', 'B']]],
    [['Size,12\' x 24\', round'], [['Size', "12' x 24', round"]]],
  ])('reads %j as %j', (raw, pairs) => {
    expect(parseTags(raw)).toEqual(pairs);
  });

  test.each([['Brand'], [','], ['Brand,'], [',AquaCrest'], ['  ,  ']])("rejects %j: t must be 'prefix,value'", (raw) => {
    expect(() => parseTags([raw])).toThrow(HttpError);
  });

  test('round trip: pairs written as prefix,value read back as the domain normal form (one value per prefix)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(word, word), { maxLength: 8 }), (pairs) => {
        expect(parseTags(pairs.map(([p, v]) => `${p},${v}`))).toEqual(normalizeTagPairs(pairs));
      }),
    );
  });

  test('never gives two values for one prefix', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('Brand', 'Size', 'Voltage'), word), { maxLength: 10 }), (pairs) => {
        const out = parseTags(pairs.map(([p, v]) => `${p},${v}`));
        expect(new Set(out.map(([p]) => p)).size).toBe(out.length);
      }),
    );
  });
});

describe('parseFields', () => {
  test('no list keeps every field', () => {
    expect(parseFields(undefined, CARD_FIELDS)).toBeNull();
    expect(parseFields('', CARD_FIELDS)).toBeNull();
  });

  test('the spec field lists are accepted', () => {
    expect(parseFields('title,seoDescription,handle,id', CARD_FIELDS)).toEqual(['title', 'seoDescription', 'handle', 'id']);
    expect(parseFields('title,handle,id,vendor', CARD_FIELDS)).toEqual(['title', 'handle', 'id', 'vendor']);
  });

  test('an unknown field is a 400 naming it', () => {
    expect(() => parseFields('title,password', CARD_FIELDS)).toThrow("Unknown field 'password'");
  });
});

describe('toIndexQuery', () => {
  test('prices become cents, the page size defaults to the median 24, blank q and v are left out', () => {
    expect(toIndexQuery({ q: '  ', v: '', minPrice: 10.5, maxPrice: 99.99, c: '7', isFeatured: true, sortBy: 'price_asc' })).toEqual({
      limit: 24, page: 0, minPriceCents: 1050, maxPriceCents: 9999, c: 7, isFeatured: true, sortBy: 'price_asc',
    });
  });

  test('isFeatured=false filters nothing', () => {
    expect(toIndexQuery({ isFeatured: false })).toEqual({ limit: 24, page: 0 });
  });

  test('price bounds in cents are integers for any decimal amount (call-for-price products are left out by the index, search/query.ts)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1_000_000, noNaN: true }), (amount) => {
        const q = toIndexQuery({ minPrice: amount, maxPrice: amount });
        expect(Number.isSafeInteger(q.minPriceCents)).toBe(true);
        expect(Number.isSafeInteger(q.maxPriceCents)).toBe(true);
        expect(Math.abs((q.maxPriceCents ?? 0) / 100 - amount)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(q.minPriceCents).toBe(q.maxPriceCents);
      }),
    );
  });
});

describe('vendorsPage', () => {
  const vendor = fc.record({ id: fc.nat(1000), name: fc.string({ maxLength: 6 }), handle: fc.constant('h'), productCount: fc.nat(50) });

  test('pages partition the sorted list: no vendor twice, none lost', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(vendor, { selector: (v) => v.id, maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('PRODUCT_COUNT', 'NAME'),
        fc.constantFrom('ASC', 'DESC'),
        (vendors, limit, sortBy, order) => {
          const seen: number[] = [];
          for (let page = 0; page * limit < vendors.length + limit; page++) {
            const got = vendorsPage(vendors, { page, limit, sortBy: sortBy as 'NAME', order: order as 'ASC' });
            expect(got.length).toBeLessThanOrEqual(limit);
            seen.push(...got.map((v) => v.id));
          }
          expect([...seen].sort((a, b) => a - b)).toEqual(vendors.map((v) => v.id).sort((a, b) => a - b));
        },
      ),
    );
  });

  test('PRODUCT_COUNT DESC puts the most products first', () => {
    fc.assert(
      fc.property(fc.uniqueArray(vendor, { selector: (v) => v.id, maxLength: 30 }), (vendors) => {
        const counts = vendorsPage(vendors, { page: 0, limit: 100, sortBy: 'PRODUCT_COUNT', order: 'DESC' }).map((v) => v.productCount);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
      }),
    );
  });
});
