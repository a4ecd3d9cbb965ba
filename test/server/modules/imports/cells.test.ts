/**
 * Single cells of an imported file: prices, weights, stock, and the spreadsheet-formula guard of
 * the exports, which the import takes off again.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { escapeCell, unescapeCell } from '../../../../src/server/platform/csv/cells.ts';
import { parsePrice, parseQuantity, parseWeight } from '../../../../src/server/modules/imports/cells.ts';

describe('prices', () => {
  test.each([
    ['12.99', 1299],
    ['$1,299.00', 129900],
    ['1299', 129900],
    ['0', 0],
    ['.5', 50],
    [' $ 7.10 ', 710],
  ])('reads %s as %i cents', (raw, cents) => {
    expect(parsePrice(raw)).toEqual({ ok: true, value: cents });
  });

  test.each([
    ['12,99', "Price '12,99' is not a number"],
    ['-5', "Price '-5' is negative"],
    ['1e999', "Price '1e999' is not a number"],
    ['12.999', "Price '12.999' has more than two decimals"],
    ['abc', "Price 'abc' is not a number"],
    ['', 'Price is empty'],
    ['123456789.00', "Price '123456789.00' is above $100,000"],
  ])('refuses %s with a reason in plain words', (raw, reason) => {
    expect(parsePrice(raw)).toEqual({ ok: false, reason });
  });
});

describe('weights', () => {
  test.each([
    ['40 oz', 2.5],
    ['1 kg', 2.2],
    ['500 g', 1.1],
    ['3 lbs', 3],
    ['2.5', 2.5],
  ])('converts %s to %f lb', (raw, pounds) => {
    expect(parseWeight(raw)).toEqual({ ok: true, value: pounds });
  });

  test('reads a number in the unit of its own column', () => {
    expect(parseWeight('1000', 'g')).toEqual({ ok: true, value: 2.2 });
  });

  test.each([
    ['3 stone', "Weight '3 stone' has an unknown unit 'stone' (use g, kg, oz, lb)"],
    ['-1 kg', "Weight '-1 kg' is negative"],
    ['heavy', "Weight 'heavy' is not a number"],
  ])('refuses %s', (raw, reason) => {
    expect(parseWeight(raw)).toEqual({ ok: false, reason });
  });
});

test('stock is a whole number', () => {
  expect(parseQuantity('1,200')).toEqual({ ok: true, value: 1200 });
  expect(parseQuantity('-3')).toEqual({ ok: true, value: -3 });
  expect(parseQuantity('2.5').ok).toBe(false);
});

describe('the formula guard', () => {
  test.each(['=SUM(A1:A9)', '+1', '-10 PSI', '@cmd', "'=already quoted"])('never lets %s start a cell with a formula character', (value) => {
    expect(escapeCell(value)).toMatch(/^[^=+\-@]/);
  });

  test('the import gives back exactly what the export guarded', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('=', '+', '-', '@', "'", 'a', ' ', '\t') }), (value) => {
        expect(unescapeCell(escapeCell(value))).toBe(value);
      }),
    );
  });

  test('text that is no formula is left alone', () => {
    expect(escapeCell("'Twas")).toBe("'Twas");
    expect(unescapeCell("'Twas")).toBe("'Twas");
  });
});
