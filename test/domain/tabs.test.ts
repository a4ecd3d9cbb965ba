/** The keyboard rule of every tab list: arrows move and wrap, Home and End jump, other keys do nothing. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isTabKey, TAB_KEYS, tabIndexAfterKey } from '../../src/domain/tabs.ts';

const list = fc.integer({ min: 1, max: 12 }).chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: 0, max: count - 1 })));
const otherKey = fc.oneof(fc.constantFrom('Enter', ' ', 'Tab', 'ArrowUp', 'ArrowDown', 'PageDown', 'arrowright', 'home'), fc.string()).filter((k) => !isTabKey(k));

describe('tabIndexAfterKey', () => {
  test('a tab key always lands on a tab of the list; any other key moves nowhere', () => {
    fc.assert(fc.property(list, fc.constantFrom(...TAB_KEYS), otherKey, ([count, index], key, other) => {
      const next = tabIndexAfterKey(key, index, count);
      expect(next).not.toBeNull();
      expect(next).toBeGreaterThanOrEqual(0);
      expect(next).toBeLessThan(count);
      expect(tabIndexAfterKey(other, index, count)).toBeNull();
    }));
  });

  test('ArrowRight moves to the next tab, from the last back to the first; ArrowLeft undoes it', () => {
    fc.assert(fc.property(list, ([count, index]) => {
      const right = tabIndexAfterKey('ArrowRight', index, count);
      expect(right).toBe((index + 1) % count);
      expect(tabIndexAfterKey('ArrowLeft', right!, count)).toBe(index);
    }));
  });

  test('as many ArrowLefts as there are tabs come back to the start, each one the previous tab', () => {
    fc.assert(fc.property(list, ([count, index]) => {
      let at = index;
      for (let i = 1; i <= count; i++) {
        at = tabIndexAfterKey('ArrowLeft', at, count)!;
        expect(at).toBe((index - i + count * 2) % count);
      }
      expect(at).toBe(index);
    }));
  });

  test('Home goes to the first tab and End to the last, from anywhere', () => {
    fc.assert(fc.property(list, ([count, index]) => {
      expect(tabIndexAfterKey('Home', index, count)).toBe(0);
      expect(tabIndexAfterKey('End', index, count)).toBe(count - 1);
    }));
  });

  test.each([
    ['ArrowRight from the last of three', 'ArrowRight', 2, 3, 0],
    ['ArrowLeft from the first of three', 'ArrowLeft', 0, 3, 2],
    ['ArrowRight from no tab goes to the first', 'ArrowRight', -1, 3, 0],
    ['ArrowLeft from no tab goes to the last', 'ArrowLeft', 7, 3, 2],
    ['one tab stays put', 'ArrowRight', 0, 1, 0],
    ['no tabs: nowhere', 'End', 0, 0, null],
  ] as const)('%s', (_title, key, index, count, expected) => {
    expect(tabIndexAfterKey(key, index, count)).toBe(expected);
  });
});
