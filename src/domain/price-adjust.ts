/**
 * The arithmetic of the back office's bulk edits: a price moved by a percentage or an amount, a
 * compare-at price that follows it (or is dropped when it would no longer be above the price),
 * and stock set or moved by a number of units.
 *
 * Everything is integer cents and integer units. A percentage is carried as basis points
 * (hundredths of a percent, so 12.5 % is 1250): the new price is `cents × (10000 + bp) / 10000`
 * rounded once to the nearest cent, half away from zero, computed on integers only.
 * @module
 */
import type { Cents } from './money.ts';

/** The highest price a bulk edit may produce, in cents (the admin price route's guard). @default 10,000,000 ($100,000) */
export const MAX_ADJUSTED_CENTS = 10_000_000;

/** The largest percentage rise a bulk edit accepts, as basis points. @default 100,000 (+1000 %) */
export const MAX_PERCENT_BP = 100_000;

/** How a price moves: by a percentage (basis points, -10000 is -100 %), by an amount of cents (signed), or to a set price. */
export type PriceAdjustment =
  | { kind: 'percent'; basisPoints: number }
  | { kind: 'amount'; cents: Cents }
  | { kind: 'set'; cents: Cents };

/** What happens to a compare-at price when its price moves. */
export type CompareAtMode = 'keep' | 'adjust' | 'clear';

/** How stock moves: to a set quantity, or by a signed number of units. */
export type StockAdjustment = { kind: 'set'; quantity: number } | { kind: 'add'; quantity: number };

/** A price with its compare-at price, in cents. */
export interface PricePair {
  priceCents: Cents;
  compareAtPriceCents: Cents | null;
}

/**
 * A percentage (as the operator types it, e.g. -12.5) as basis points, or null when it has more
 * than two decimals, is not finite, or is outside -100 % … +1000 %.
 * @example
 * percentToBasisPoints(-12.5); // -1250
 * percentToBasisPoints(0.125); // null
 */
export function percentToBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const bp = Math.round(percent * 100);
  // two decimals at most: the typed number, not its binary neighbour, decides
  if (Math.abs(percent * 100 - bp) > 1e-6) return null;
  if (bp < -10_000 || bp > MAX_PERCENT_BP) return null;
  return bp;
}

/** `n / d` rounded to the nearest integer, half away from zero (d > 0, |n| < 2^53). */
function divRound(n: number, d: number): number {
  const q = Math.floor((Math.abs(n) * 2 + d) / (2 * d));
  return n < 0 ? -q : q;
}

/**
 * A price moved by an adjustment: never below 0 nor above {@link MAX_ADJUSTED_CENTS}.
 * @example
 * adjustPriceCents(1999, { kind: 'percent', basisPoints: -1000 }); // 1799 (1799.1 rounded)
 * adjustPriceCents(1005, { kind: 'percent', basisPoints: 5000 });  // 1508 (1507.5, half away from zero)
 * adjustPriceCents(500, { kind: 'amount', cents: -700 });          // 0
 */
export function adjustPriceCents(cents: Cents, adjustment: PriceAdjustment): Cents {
  let next: number;
  switch (adjustment.kind) {
    case 'percent':
      next = divRound(cents * (10_000 + adjustment.basisPoints), 10_000);
      break;
    case 'amount':
      next = cents + adjustment.cents;
      break;
    case 'set':
      next = adjustment.cents;
      break;
  }
  return Math.min(MAX_ADJUSTED_CENTS, Math.max(0, next));
}

/**
 * A price and its compare-at price after an adjustment. The compare-at price is kept, moved the
 * same way, or cleared (`mode`); either way it is dropped (null) when it is not above the new
 * price, since the storefront only shows a "was" price above the price.
 * @default mode 'adjust'
 * @example
 * adjustPricePair({ priceCents: 1000, compareAtPriceCents: 1500 }, { kind: 'percent', basisPoints: 1000 }); // { priceCents: 1100, compareAtPriceCents: 1650 }
 * adjustPricePair({ priceCents: 1000, compareAtPriceCents: 1050 }, { kind: 'amount', cents: 100 }, 'keep'); // { priceCents: 1100, compareAtPriceCents: null }
 */
export function adjustPricePair(pair: PricePair, adjustment: PriceAdjustment, mode: CompareAtMode = 'adjust'): PricePair {
  const priceCents = adjustPriceCents(pair.priceCents, adjustment);
  let compareAt: Cents | null;
  if (pair.compareAtPriceCents === null || mode === 'clear') compareAt = null;
  else if (mode === 'keep' || adjustment.kind === 'set') compareAt = pair.compareAtPriceCents;
  else compareAt = adjustPriceCents(pair.compareAtPriceCents, adjustment);
  return { priceCents, compareAtPriceCents: compareAt !== null && compareAt > priceCents ? compareAt : null };
}

/**
 * Stock after an adjustment. A set quantity is taken as given (at least 0); a negative move
 * stops at 0 (or at a level already below 0, which it leaves as it is), so taking stock out never
 * invents a backorder.
 * @example
 * adjustStock(5, { kind: 'add', quantity: -8 }); // 0
 * adjustStock(-2, { kind: 'add', quantity: 10 }); // 8
 */
export function adjustStock(quantity: number, adjustment: StockAdjustment): number {
  if (adjustment.kind === 'set') return Math.max(0, adjustment.quantity);
  const next = quantity + adjustment.quantity;
  return adjustment.quantity < 0 ? Math.max(Math.min(quantity, 0), next) : next;
}
