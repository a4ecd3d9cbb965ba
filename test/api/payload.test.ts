import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { dropEmptyFields } from '../../src/api/payload.ts';

describe('empty fields are dropped from the update payload', () => {
  test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['drops an empty string', { city: '', zip: '98101' }, { zip: '98101' }],
    ['drops a blank string', { address2: '   ', zip: '98101' }, { zip: '98101' }],
    ['drops null and undefined', { company: null, phone: undefined, zip: '98101' }, { zip: '98101' }],
    ['keeps false (makeDefault: false is a choice)', { makeDefault: false }, { makeDefault: false }],
    ['keeps zero', { n: 0 }, { n: 0 }],
    ['keeps a string untrimmed', { firstName: ' Ana ' }, { firstName: ' Ana ' }],
    ['gives an empty object for an all-empty form', { a: '', b: null }, {}],
  ])('%s', (_label, input, output) => {
    expect(dropEmptyFields(input)).toEqual(output);
  });
});

describe('laws of dropping empty fields', () => {
  const field = fc.oneof(fc.string(), fc.constantFrom('', ' ', '\t', null, undefined), fc.boolean(), fc.integer());
  const form = fc.dictionary(fc.string().filter((k) => k !== '__proto__'), field);
  const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

  test('is idempotent', () => {
    fc.assert(
      fc.property(form, (f) => {
        expect(dropEmptyFields(dropEmptyFields(f))).toEqual(dropEmptyFields(f));
      }),
    );
  });

  test('keeps exactly the non-empty fields, unchanged', () => {
    fc.assert(
      fc.property(form, (f) => {
        const out = dropEmptyFields(f) as Record<string, unknown>;
        for (const [k, v] of Object.entries(f)) {
          if (isEmpty(v)) expect(Object.hasOwn(out, k)).toBe(false);
          else expect(out[k]).toBe(v);
        }
        expect(Object.keys(out).every((k) => Object.hasOwn(f, k))).toBe(true);
      }),
    );
  });
});
