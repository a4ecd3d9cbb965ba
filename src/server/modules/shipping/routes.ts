/**
 * The shipping routes: `POST /api/shipping/estimate`, the quote of lines to a ZIP code for the
 * product page, or of the shopper's own cart (its checkout id: its prices and discount codes)
 * for the cart (no account needed; rate-limited with search). HTTP only: the service loads the
 * tables and quotes (a cart's estimate through the checkout module's `estimateCart`, an option
 * app.ts fills); the domain decides.
 *
 * Answers: 200 `{ quote }` (the domain's ShippingQuote as JSON), 422 `{ error, code }` with the
 * domain's message for a destination or cart it refuses, 404 `{ error }` for an unknown
 * inventory level or a checkout that is not the shopper's open cart, 400 `{ error }` for a body
 * the schema refuses (lines and a checkout id together, or neither).
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { EstimateShippingRequest } from '../../../api/shipping.ts';
import type { Db } from '../../platform/db/database.ts';
import { estimateRoute } from './schemas.ts';
import { estimateShipping, type CartEstimator, type ShippingService } from './service.ts';

/** Options of {@link shippingRoutes}. */
export interface ShippingRouteOptions {
  db: Db;
  service: ShippingService;
  /** The estimate of a shopper's own cart (the checkout module's `estimateCheckout`). */
  estimateCart: CartEstimator;
}

/**
 * Registers the estimate route.
 * @example
 * await app.register(shippingRoutes, { db, service: shipping, estimateCart: estimateCheckout });
 */
export const shippingRoutes: FastifyPluginAsync<ShippingRouteOptions> = async (app, options) => {
  const { db, service, estimateCart } = options;
  app.post('/api/shipping/estimate', { schema: estimateRoute }, async (request, reply) => {
    // a cart is the asking session's own (or its customer's), as every cart call checks
    const session = request.session;
    const asker = session?.id == null ? null : { sessionId: session.id, customerId: session.customerId };
    const result = await estimateShipping(service, db, request.body as EstimateShippingRequest, asker, estimateCart);
    if (!result.ok) return await reply.code(422).send({ error: result.error.message, code: result.error.code });
    return { quote: result.value };
  });
};
