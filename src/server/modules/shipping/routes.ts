/**
 * The shipping routes: `POST /api/shipping/estimate`, the quote of lines to a ZIP code for the
 * product page, or of the shopper's own cart (its checkout id: its prices and discount codes)
 * for the cart (no account needed; rate-limited with search). HTTP only: the service loads the
 * tables and quotes; the domain decides.
 *
 * Answers: 200 `{ quote }` (the domain's ShippingQuote as JSON), 422 `{ error, code }` with the
 * domain's message for a destination or cart it refuses, 404 `{ error }` for an unknown
 * inventory level or a checkout that is not the shopper's open cart, 400 `{ error }` for a body
 * the schema refuses (lines and a checkout id together, or neither).
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { EstimateShippingRequest } from '../../../api/shipping.ts';
import { HttpError } from '../../errors.ts';
import type { Db } from '../../db/database.ts';
import { estimateRoute } from './schemas.ts';
import { UnknownCheckoutError, UnknownLevelError, type ShippingService } from './service.ts';

/** Options of {@link shippingRoutes}. */
export interface ShippingRouteOptions {
  db: Db;
  service: ShippingService;
}

/**
 * Registers the estimate route.
 * @example
 * await app.register(shippingRoutes, { db, service: shipping });
 */
export const shippingRoutes: FastifyPluginAsync<ShippingRouteOptions> = async (app, options) => {
  const { db, service } = options;
  app.post('/api/shipping/estimate', { schema: estimateRoute }, async (request, reply) => {
    const body = request.body as EstimateShippingRequest;
    const options = {
      ...(body.service ? { service: body.service } : {}),
      ...(body.freight?.liftgate !== undefined ? { liftgate: body.freight.liftgate } : {}),
      ...(body.freight?.residential !== undefined ? { residential: body.freight.residential } : {}),
    };
    try {
      // a cart is the asking session's own (or its customer's), as every cart call checks; the
      // estimate never creates a session, so a request without one has no cart to quote
      const session = request.session;
      const result = body.checkoutId !== undefined
        ? await service.estimateCheckout(db, session?.id == null ? null : { sessionId: session.id, customerId: session.customerId }, body.checkoutId, body.destination, options)
        : await service.estimate(db, body.lines ?? [], body.destination, options);
      if (!result.ok) return await reply.code(422).send({ error: result.error.message, code: result.error.code });
      return { quote: result.value };
    } catch (error) {
      if (error instanceof UnknownLevelError || error instanceof UnknownCheckoutError) throw new HttpError(404, error.message);
      throw error;
    }
  });
};
