/**
 * Price phrases typed into `q` ('variable speed pump under $800'), read by the server for
 * every client of the product search, by the storefront pill's own rules (the domain's
 * parser, src/domain/price-phrase.ts): each phrase the pill would offer is applied as if the
 * shopper accepted it, one after another, so the server and the storefront agree on what a
 * typed query means. The answer says which phrases it read (pageInfo.priceFilter).
 * @module
 */
import { acceptPricePill, pricePill, pricePillText, type PriceBound } from '../../../domain/price-phrase.ts';
import type { SearchQuery } from '../../../domain/entities.ts';

/** One price phrase read from q, as pageInfo.priceFilter lists it. */
export interface PriceFilterRead {
  /** The phrase as typed ('under $800'). */
  phrase: string;
  /** 'min' (over, above, ...) or 'max' (under, below, ...). */
  bound: PriceBound;
  /** The bound applied, a decimal amount (minPrice or maxPrice). */
  price: number;
  /** What the storefront's pill says of it ('Price filter: under $800.00'). */
  text: string;
}

/** The price filter of a query with its phrases read: the rest of q and the bounds to apply. */
export interface PricedQuery {
  /** q without the phrases read; undefined when nothing else was typed. */
  q: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** The phrases read, in the order applied (empty: q had none the pill would offer). */
  read: PriceFilterRead[];
}

/**
 * Phrases read from one q at most (a pasted paragraph full of 'under 5' reads no further).
 * @default 4
 */
export const MAX_PRICE_PHRASES = 4;

/**
 * Reads q's price phrases as the storefront's pill would offer them, each accepted in turn:
 * a phrase inconsistent with the other bound (a maximum not above the minimum) is left in q
 * as words, and a phrase on the side of a bound already given replaces it (the pill's rule:
 * the shopper typed it last). A bound above `maxAmount` (what the route accepts) is left
 * unread, so a typed amount can never make the request invalid.
 * @example readPricePhrases('vs pump under $800', undefined, undefined) // { q: 'vs pump', maxPrice: 800, read: [{ phrase: 'under $800', ... }] }
 */
export function readPricePhrases(q: string | undefined, minPrice: number | undefined, maxPrice: number | undefined, maxAmount = Infinity): PricedQuery {
  let search: SearchQuery = {};
  if (q !== undefined) search.q = q;
  if (minPrice !== undefined) search.minPrice = minPrice;
  if (maxPrice !== undefined) search.maxPrice = maxPrice;
  const read: PriceFilterRead[] = [];
  for (let i = 0; i < MAX_PRICE_PHRASES && search.q !== undefined; i++) {
    const pill = pricePill(search.q, search);
    if (pill === null || pill.phrase.amount > maxAmount) break;
    search = acceptPricePill(search, pill.phrase);
    read.push({ phrase: pill.phrase.phrase, bound: pill.phrase.bound, price: pill.phrase.amount, text: pricePillText(pill.phrase) });
  }
  return { q: search.q, minPrice: search.minPrice, maxPrice: search.maxPrice, read };
}
