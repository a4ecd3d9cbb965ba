import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  adjustPriceCents, adjustPricePair, adjustStock, MAX_ADJUSTED_CENTS, MAX_PERCENT_BP, percentToBasisPoints,
  type PriceAdjustment,
} from '../../src/domain/price-adjust.ts';

const cents = fc.integer({ min: 0, max: MAX_ADJUSTED_CENTS });
const bp = fc.integer({ min: -10_000, max: MAX_PERCENT_BP });
const adjustment: fc.Arbitrary<PriceAdjustment> = fc.oneof(
  bp.map((basisPoints) => ({ kind: 'percent' as const, basisPoints })),
  fc.integer({ min: -MAX_ADJUSTED_CENTS, max: MAX_ADJUSTED_CENTS }).map((c) => ({ kind: 'amount' as const, cents: c })),
  cents.map((c) => ({ kind: 'set' as const, cents: c })),
);

describe('percentToBasisPoints', () => {
  test.each([
    [10, 1000], [-12.5, -1250], [0.01, 1], [-100, -10_000], [1000, 100_000], [0, 0], [33.33, 3333],
  ])('reads %s %% as %s basis points', (percent, expected) => {
    expect(percentToBasisPoints(percent)).toBe(expected);
  });
  test.each([[0.125], [-100.01], [1000.01], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %s', (percent) => {
    expect(percentToBasisPoints(percent)).toBeNull();
  });
  test('reads every two-decimal percentage in range exactly', () => {
    fc.assert(fc.property(bp, (b) => {
      expect(percentToBasisPoints(Number((b / 100).toFixed(2)))).toBe(b);
    }));
  });
});

describe('adjustPriceCents', () => {
  test.each([
    [1999, -1000, 1799], // 1799.1
    [1005, 5000, 1508], // 1507.5: half away from zero
    [1, 5000, 2], // 1.5
    [1, -5000, 1], // 0.5
    [999, 1, 999], // 999.0999
    [2500, -10_000, 0],
    [0, 5000, 0],
  ])('%s cents moved by %s basis points is %s', (from, b, to) => {
    expect(adjustPriceCents(from, { kind: 'percent', basisPoints: b })).toBe(to);
  });

  test('moves by a percentage to the nearest cent, half away from zero', () => {
    fc.assert(fc.property(cents, bp, (c, b) => {
      const got = adjustPriceCents(c, { kind: 'percent', basisPoints: b });
      // exact value as a fraction over 10000, compared on integers
      const exactTimes10000 = c * (10_000 + b);
      const unclamped = got < MAX_ADJUSTED_CENTS;
      if (unclamped) {
        const diff = got * 10_000 - exactTimes10000;
        expect(diff).toBeLessThanOrEqual(5000);
        expect(diff).toBeGreaterThan(-5000);
      }
    }));
  });

  test('is an integer within 0 and the maximum, whatever the adjustment', () => {
    fc.assert(fc.property(cents, adjustment, (c, a) => {
      const got = adjustPriceCents(c, a);
      expect(Number.isInteger(got)).toBe(true);
      expect(got).toBeGreaterThanOrEqual(0);
      expect(got).toBeLessThanOrEqual(MAX_ADJUSTED_CENTS);
    }));
  });

  test('keeps the order of prices (a dearer part stays at least as dear)', () => {
    fc.assert(fc.property(cents, cents, adjustment, (a, b, adj) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      expect(adjustPriceCents(lo, adj)).toBeLessThanOrEqual(adjustPriceCents(hi, adj));
    }));
  });

  test('a move of nothing changes nothing', () => {
    fc.assert(fc.property(cents, (c) => {
      expect(adjustPriceCents(c, { kind: 'percent', basisPoints: 0 })).toBe(c);
      expect(adjustPriceCents(c, { kind: 'amount', cents: 0 })).toBe(c);
    }));
  });

  test('an amount up and the same amount down give the price back (away from the bounds)', () => {
    fc.assert(fc.property(cents, fc.integer({ min: 0, max: 100_000 }), (c, d) => {
      fc.pre(c + d <= MAX_ADJUSTED_CENTS);
      expect(adjustPriceCents(adjustPriceCents(c, { kind: 'amount', cents: d }), { kind: 'amount', cents: -d })).toBe(c);
    }));
  });
});

describe('adjustPricePair', () => {
  test('a compare-at price is never at or below the price', () => {
    fc.assert(fc.property(cents, fc.option(cents, { nil: null }), adjustment, fc.constantFrom('keep', 'adjust', 'clear' as const), (p, c, adj, mode) => {
      const got = adjustPricePair({ priceCents: p, compareAtPriceCents: c }, adj, mode);
      expect(got.priceCents).toBe(adjustPriceCents(p, adj));
      if (got.compareAtPriceCents !== null) expect(got.compareAtPriceCents).toBeGreaterThan(got.priceCents);
      if (mode === 'clear') expect(got.compareAtPriceCents).toBeNull();
    }));
  });

  test('moves the compare-at price with the price by a percentage', () => {
    expect(adjustPricePair({ priceCents: 1000, compareAtPriceCents: 1500 }, { kind: 'percent', basisPoints: 1000 })).toEqual({ priceCents: 1100, compareAtPriceCents: 1650 });
  });

  test('drops a kept compare-at price the new price reached', () => {
    expect(adjustPricePair({ priceCents: 1000, compareAtPriceCents: 1050 }, { kind: 'amount', cents: 100 }, 'keep')).toEqual({ priceCents: 1100, compareAtPriceCents: null });
  });

  test('keeps the compare-at price when the price is set', () => {
    expect(adjustPricePair({ priceCents: 1000, compareAtPriceCents: 1500 }, { kind: 'set', cents: 900 })).toEqual({ priceCents: 900, compareAtPriceCents: 1500 });
  });
});

describe('adjustStock', () => {
  test.each([
    [5, { kind: 'add', quantity: 3 }, 8],
    [5, { kind: 'add', quantity: -8 }, 0],
    [-2, { kind: 'add', quantity: 10 }, 8],
    [-2, { kind: 'add', quantity: -1 }, -2],
    [7, { kind: 'set', quantity: 40 }, 40],
    [7, { kind: 'set', quantity: -4 }, 0],
  ] as const)('%s moved by %o is %s', (from, adj, to) => {
    expect(adjustStock(from, adj)).toBe(to);
  });

  test('taking stock out never goes below zero or below where it was', () => {
    fc.assert(fc.property(fc.integer({ min: -1000, max: 100_000 }), fc.integer({ min: -100_000, max: 0 }), (q, d) => {
      const got = adjustStock(q, { kind: 'add', quantity: d });
      expect(got).toBeLessThanOrEqual(Math.max(q, 0));
      expect(got).toBeGreaterThanOrEqual(Math.min(q, 0));
    }));
  });

  test('adding units adds exactly them', () => {
    fc.assert(fc.property(fc.integer({ min: -1000, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (q, d) => {
      expect(adjustStock(q, { kind: 'add', quantity: d })).toBe(q + d);
    }));
  });
});
