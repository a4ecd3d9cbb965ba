/**
 * Arbitraries of the quick-order pad: part numbers in the forms the trade writes them and the
 * items a technician types.
 * @module
 */
import fc from 'fast-check';
import type { QuickOrderItem } from '../quick-order.ts';
import { QUICK_ORDER_MAX_QUANTITY } from '../quick-order.ts';

const upper = fc.constantFrom(...'ABCDEFGHJKLMNPRSTUVWXYZ'.split(''));
const letters = (min: number, max: number) => fc.array(upper, { minLength: min, maxLength: max }).map((a) => a.join(''));
const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'.split('')), { minLength: min, maxLength: max }).map((a) => a.join(''));

/**
 * A part number in one of the trade's forms: 'SPX-1600-S', 'SPX 1600 S', 'R0445700',
 * '39-2036-B', 'EC-40-AP', 'CCP520-LF', 'SP1600Z2'. None ends in a separate word of digits, so a
 * quantity written after a space stays apart from it.
 *
 * @example
 * fc.assert(fc.property(partNumberArb(), (p) => parseQuickOrderLine(p).ok));
 */
export function partNumberArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(letters(2, 3), digits(4, 4), letters(1, 1), fc.constantFrom('-', ' ')).map(([a, b, c, sep]) => [a, b, c].join(sep)),
    fc.tuple(letters(1, 1), digits(6, 6)).map(([a, b]) => `${a}0${b}`),
    fc.tuple(digits(2, 2), digits(4, 4), letters(1, 1)).map(([a, b, c]) => `${a}-${b}-${c}`),
    fc.tuple(letters(2, 2), digits(2, 2), letters(2, 2)).map(([a, b, c]) => `${a}-${b}-${c}`),
    fc.tuple(letters(2, 3), digits(3, 4), fc.constantFrom('-LF', 'X10', 'Z2', '-R', 'HD', '-2')).map(([a, b, c]) => `${a}${b}${c}`),
  );
}

/**
 * An item of the pad: a part number and a quantity from 1 to 9999.
 *
 * @example
 * fc.assert(fc.property(quickOrderItemArb(), (i) => parseQuickOrderLine(formatQuickOrderLine(i)).ok));
 */
export function quickOrderItemArb(): fc.Arbitrary<QuickOrderItem> {
  return fc.record({ partNumber: partNumberArb(), quantity: fc.integer({ min: 1, max: QUICK_ORDER_MAX_QUANTITY }) });
}
