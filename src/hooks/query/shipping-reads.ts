/**
 * The shipping estimate read (cache key and call): the product page, the cart page and the cart
 * overlay asking for the same lines and ZIP share one request and one answer.
 * @module
 */
import type { ApiClient } from '../../api/client.ts';
import type { EstimateShippingRequest } from '../../api/shipping.ts';
import type { ShippingQuote } from '../../domain/shipping/quote.ts';
import type { Read } from './index.ts';

/**
 * The quote of `POST /api/shipping/estimate` for some lines and a destination; with no request
 * (no ZIP yet, an empty cart), a read that answers null without a call, so a hook can always
 * hold one read.
 * @example
 * useRead(shippingEstimateRead(client, { lines: [{ inventoryLevelId: 12, quantity: 1 }], destination: { zip: '92101' } }));
 */
export function shippingEstimateRead(client: ApiClient, request: EstimateShippingRequest | null): Read<ShippingQuote | null> {
  if (!request) return { key: ['shipping-estimate', null], fetch: () => Promise.resolve(null) };
  return { key: ['shipping-estimate', request], fetch: async (signal) => (await client.estimateShipping(request, { signal })).quote };
}
