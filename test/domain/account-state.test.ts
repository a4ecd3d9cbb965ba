import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { applyAddressUpdate, removeById, successOutcome, transactionFilter } from '../../src/domain/account-state.ts';
import type { MailingAddress } from '../../src/domain/entities.ts';

const address = (id: number, isDefault = false): MailingAddress => ({
  id,
  firstName: 'Ann',
  lastName: 'Lee',
  company: null,
  address1: '1 Main St',
  address2: null,
  city: 'Seattle',
  zip: '98101',
  phone: '+12065550100',
  isDefault,
  State: { stateCode: 'WA', title: 'Washington' },
  Country: { countryCode: 'US', title: 'United States' },
});

const addressListArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 8 })
  .chain((ids) => fc.tuple(fc.constant(ids), fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length })))
  .map(([ids, defaults]) => ids.map((id, i) => address(id, defaults[i] ?? false)));

describe('successOutcome', () => {
  test.each([
    [{ success: true }, { ok: true, value: true }],
    [null, { ok: true, value: true }],
    [{ error: 'Card in use' }, { ok: false, message: 'Card in use' }],
    [{ success: true, error: 'Card in use' }, { ok: false, message: 'Card in use' }],
    [{ success: false }, { ok: false, message: 'Something went wrong. Please try again.' }],
    [{}, { ok: false, message: 'Something went wrong. Please try again.' }],
  ])('%j gives %j', (response, outcome) => {
    expect(successOutcome(response)).toEqual(outcome);
  });
});

describe('removeById', () => {
  test('removes the entry of that id only, keeping the order', () => {
    fc.assert(
      fc.property(addressListArb, fc.integer({ min: 1, max: 50 }), (list, id) => {
        const next = removeById(list, id);
        expect(next.some((a) => a.id === id)).toBe(false);
        expect(next).toEqual(list.filter((a) => a.id !== id));
      }),
    );
  });

  test('is idempotent', () => {
    fc.assert(fc.property(addressListArb, fc.integer({ min: 1, max: 50 }), (list, id) => {
        expect(removeById(removeById(list, id), id)).toEqual(removeById(list, id));
      }));
  });
});

describe('applyAddressUpdate', () => {
  test('replaces the address with the same id in place', () => {
    const next = applyAddressUpdate([address(1, true), address(2)], { ...address(2), city: 'Tacoma' });
    expect(next.map((a) => [a.id, a.city, a.isDefault])).toEqual([
      [1, 'Seattle', true],
      [2, 'Tacoma', false],
    ]);
  });

  test('a new default address clears the old default', () => {
    const next = applyAddressUpdate([address(1, true), address(2)], address(2, true));
    expect(next.map((a) => a.isDefault)).toEqual([false, true]);
  });

  test('appends an address the list did not have', () => {
    expect(applyAddressUpdate([address(1)], address(9)).map((a) => a.id)).toEqual([1, 9]);
  });

  test('the updated address is in the list once, and a default update leaves exactly one default', () => {
    fc.assert(
      fc.property(addressListArb, fc.integer({ min: 1, max: 50 }), fc.boolean(), (list, id, isDefault) => {
        const next = applyAddressUpdate(list, address(id, isDefault));
        expect(next.filter((a) => a.id === id)).toHaveLength(1);
        expect(next.length).toBe(list.some((a) => a.id === id) ? list.length : list.length + 1);
        if (isDefault) expect(next.filter((a) => a.isDefault).map((a) => a.id)).toEqual([id]);
      }),
    );
  });

  test('is idempotent', () => {
    fc.assert(
      fc.property(addressListArb, fc.integer({ min: 1, max: 50 }), fc.boolean(), (list, id, isDefault) => {
        const once = applyAddressUpdate(list, address(id, isDefault));
        expect(applyAddressUpdate(once, address(id, isDefault))).toEqual(once);
      }),
    );
  });
});

describe('transactionFilter', () => {
  test.each([
    ['  TX-104 ', 'TX-104'],
    ['TX-1', 'TX-1'],
    ['   ', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j filters by %j', (text, expected) => {
    expect(transactionFilter(text)).toBe(expected);
  });

  test('is idempotent and never keeps outer whitespace', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = transactionFilter(text);
        expect(transactionFilter(once)).toBe(once);
        if (once !== null) expect(once).toBe(once.trim());
      }),
    );
  });
});
