/**
 * The shipping estimate read (cache key and call): the product page, the cart page and the cart
 * overlay asking for the same lines (or cart) and ZIP share one request and one answer.
 * @module
 */
import type { ApiClient } from '../../api/client.ts';
import type { EstimateShippingRequest } from '../../api/shipping.ts';
import type { ShippingQuote } from '../../domain/shipping/quote.ts';
import type { Read } from './index.ts';

/**
 * The quote of `POST /api/shipping/estimate` for some lines (or a cart) and a destination; with
 * no request (no ZIP yet, an empty cart), a read that answers null without a call, so a hook can
 * always hold one read.
 *
 * A cart's request names only its checkout id: the server reads the cart's lines and codes. The
 * `revision` (what the cart holds now: its lines, prices and codes) joins the key without being
 * sent, so a changed cart is a new read and never the answer for the cart as it was.
 * @example
 * useRead(shippingEstimateRead(client, { lines: [{ inventoryLevelId: 12, quantity: 1 }], destination: { zip: '92101' } }));
 * useRead(shippingEstimateRead(client, { checkoutId, destination: { zip: '92101' } }, cartRevision(lines, codes)));
 */
export function shippingEstimateRead(client: ApiClient, request: EstimateShippingRequest | null, revision?: unknown): Read<ShippingQuote | null> {
  if (!request) return { key: ['shipping-estimate', null], fetch: () => Promise.resolve(null) };
  const key = revision === undefined ? ['shipping-estimate', request] : ['shipping-estimate', request, revision];
  return { key, fetch: async (signal) => (await client.estimateShipping(request, { signal })).quote };
}

/**
 * What a cart holds that its quote depends on, as a read's revision: each line's level,
 * quantity and price, and the codes.
 * @example
 * cartRevision([{ inventoryLevelId: 12, quantity: 2, price: 39.99 }], ['SAVE10']); // [[[12, 2, 39.99]], ['SAVE10']]
 */
export function cartRevision(lines: readonly { inventoryLevelId: number; quantity: number; price: number }[], codes: readonly string[]): unknown {
  return [lines.map((l) => [l.inventoryLevelId, l.quantity, l.price]), [...codes]];
}
