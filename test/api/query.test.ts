import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { queryString, segment, type QueryValue } from '../../src/api/query.ts';

describe('query strings', () => {
  test.each<[string, Record<string, QueryValue>, string]>([
    ['nothing gives an empty string', {}, ''],
    ['only empty values give an empty string', { q: '', v: undefined, c: null, t: [] }, ''],
    ['keeps key order', { q: 'pump', page: 0, limit: 4 }, '?q=pump&page=0&limit=4'],
    ['keeps zero', { page: 0 }, '?page=0'],
    ['sends booleans as words', { isFeatured: true, other: false }, '?isFeatured=true&other=false'],
    ['leaves out non-finite numbers', { minPrice: Number.NaN, maxPrice: Number.POSITIVE_INFINITY, limit: 8 }, '?limit=8'],
    ['repeats array keys', { t: ['Size,1 HP', 'Voltage,115V'] }, '?t=Size%2C1+HP&t=Voltage%2C115V'],
    ['skips empty array elements', { t: ['', 'A,b'] }, '?t=A%2Cb'],
    ['encodes reserved characters', { code: 'A&B=C D' }, '?code=A%26B%3DC+D'],
  ])('%s', (_label, params, expected) => {
    expect(queryString(params)).toBe(expected);
  });

  test.each([
    ['a/b', 'a%2Fb'],
    ['a b', 'a%20b'],
    ['q?x#y', 'q%3Fx%23y'],
    [42, '42'],
  ])('encodes a path segment: %j', (value, expected) => {
    expect(segment(value)).toBe(expected);
  });
});

describe('laws of the query string', () => {
  const key = fc.string({ minLength: 1 });
  const scalar = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
  const value = fc.oneof(scalar, fc.constant(undefined), fc.constant(null), fc.array(scalar, { maxLength: 4 }));

  const expected = (params: Record<string, QueryValue>): [string, string][] =>
    Object.entries(params).flatMap(([k, v]) => {
      const items = Array.isArray(v) ? (v as (string | number | boolean)[]) : [v as string | number | boolean | null | undefined];
      return items
        .filter((x) => x !== undefined && x !== null && x !== '')
        .map((x) => [k, String(x)] as [string, string]);
    });

  test('parsing the query back gives every non-empty value, in order (round trip)', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value), (params) => {
        const parsed = [...new URLSearchParams(queryString(params)).entries()];
        expect(parsed).toEqual(expected(params));
      }),
    );
  });

  test('a segment decodes back to itself and never contains a slash, ? or #', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const encoded = segment(text);
        expect(encoded).not.toMatch(/[/?#]/);
        expect(decodeURIComponent(encoded)).toBe(text);
      }),
    );
  });
});
