/**
 * The storefront's cart, checkout and order routes and the hosted checkout page, as one plugin.
 * HTTP only: the rules are checkouts.ts's, orders.ts's, idempotency.ts's and service.ts's. Registered without encapsulation (like fastify-plugin) because
 * it also installs the app-wide JSON parser that reads an empty body as `{}`: the storefront
 * sends `Content-Type: application/json` with no body on its DELETE and discount-code calls and
 * on the add-to-order call, which Fastify would otherwise refuse.
 *
 * Every cart call answers `{ checkout }` for the request's own cart: the signed-in customer's,
 * else the session's (an anonymous session and its cookie are created on first need). At sign-in
 * the anonymous cart merges into the account cart (a sign-in listener). Choice: GET
 * /api/checkouts also creates the session and an empty cart, so the storefront's start-up fetch
 * already has a webUrl and a checkout id for the coupon box.
 *
 * Cross-site protection of the mutating calls: the accounts' origin rules (an Origin or Referer
 * must be this server's) and a body must be JSON (a cross-site form cannot send JSON). Choice: an
 * add without an `Idempotency-Key` runs once, unprotected, for integrators that send none; the
 * storefront always sends one.
 * @module
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { allowedOriginsFromEnv } from '../../platform/http/origin-guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { checkoutPageRoutes } from './checkout-page.routes.ts';
import { defaultShippingService, type ShippingService } from '../shipping/service.ts';
import {
  addLines,
  addProducts,
  applyDiscountCode,
  deleteLine,
  ensureCheckout,
  mergeAnonymousCart,
  readCheckout,
  readCheckoutAndCommit,
  readOpenCheckout,
  removeDiscountCode,
  setLineQuantity,
  type LineInput,
  type Owner,
} from './checkouts.ts';
import { seedCommerce } from './discounts.ts';
import { createIdempotencyStore, runIdempotent, type IdempotencyOptions } from './idempotency.ts';
import { addProductToOrder, customerOrder, listOrders, withPaymentRecords, type Order } from './orders.ts';
import { checkSameSite, requireCustomer } from './service.ts';
import {
  addLineItemsRoute,
  addProductsRoute,
  addRelatedProductRoute,
  checkoutSchema,
  deleteLineItemRoute,
  discountCodeRoute,
  getCheckoutRoute,
  getOrderRoute,
  listOrdersRoute,
  orderMoneyMovementSchema,
  orderSchema,
  setLineItemRoute,
} from './schemas.ts';

/** Options of {@link commerceRoutes}. */
export interface CommerceOptions {
  db: Db;
  /**
   * The public origin the checkout's webUrl starts with (`https://shop.example`), for a server
   * behind a proxy that changes the host or the protocol.
   * @default process.env.PUBLIC_URL, else the request's own protocol and host
   */
  publicUrl?: string;
  /** Idempotency key store settings (TTL, lock, clock). */
  idempotency?: IdempotencyOptions;
  /**
   * Awaited after a request claims its idempotency key and before it does its work: the seam a
   * test uses to hold a request mid-flight deterministically. @default none
   */
  afterClaim?: (key: string) => Promise<void>;
  /** Other origins allowed to write (the storefront's dev server). @default ALLOWED_ORIGINS */
  allowedOrigins?: readonly string[];
  /** The shipping quote of the hosted checkout. @default the process's tables (modules/shipping) */
  shipping?: ShippingService;
  /**
   * An order's shipments with their tracking links, for the shopper's order page (the back
   * office's fulfilments: app.ts passes orders-admin's `orderShipments`). @default none
   */
  shipments?: (db: Db, orderId: number) => Promise<NonNullable<Order['shipments']>>;
}

// the request checks' answers are the service's (kept importable from here)
export { REQUEST_ERRORS } from './service.ts';

/** The origin a request was sent to (`http://host:port`), for webUrl and the Origin check. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The cart owner of a request, creating an anonymous session when there is none. */
export async function ownerOf(request: FastifyRequest, reply: FastifyReply): Promise<Owner> {
  const sessionId = await request.ensureSession(reply);
  return { sessionId, customerId: request.session.customerId };
}

const plugin: FastifyPluginAsync<CommerceOptions> = async (app: FastifyInstance, options) => {
  const { db } = options;
  await seedCommerce(db);
  const keys = createIdempotencyStore(db, options.idempotency);
  const publicUrl = options.publicUrl ?? (process.env.PUBLIC_URL || undefined);
  const base = (request: FastifyRequest) => publicUrl ?? requestOrigin(request);
  const answer = async (request: FastifyRequest, checkoutId: string) => ({ checkout: await readCheckout(db, checkoutId, base(request)) });

  // An empty JSON body reads as {} (see the module notes); anything else goes to Fastify's own
  // parser, which keeps its prototype-poisoning protection.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    defaultJson(request, text, done);
  });

  app.addSchema(checkoutSchema);
  app.addSchema(orderMoneyMovementSchema);
  app.addSchema(orderSchema);
  app.addSignInListener((prevSessionId, _newSessionId, customerId, tx) => mergeAnonymousCart(tx, prevSessionId, customerId));

  const allowedOrigins = options.allowedOrigins ?? allowedOriginsFromEnv();
  const writeCheck = async (request: FastifyRequest) => checkSameSite(request, allowedOrigins);

  /** Runs an add under the Idempotency-Key rules (idempotency.ts); `work` answers the checkout id, writing through `tx`. */
  async function idempotent(request: FastifyRequest, reply: FastifyReply, route: string, work: (tx: Db, owner: Owner) => Promise<string>) {
    const owner = await ownerOf(request, reply);
    const outcome = await runIdempotent(db, keys, {
      sessionId: owner.sessionId, key: request.headers['idempotency-key'], method: request.method, route, body: request.body,
      // without a key the answer is read in the write's own transaction, on the connection it already holds
      once: async (tx) => ({ checkout: await readCheckoutAndCommit(tx, await work(tx, owner), base(request)) }),
      work: async (tx) => ({ checkout: await readCheckout(tx, await work(tx, owner), base(request)) }),
      afterClaim: options.afterClaim,
    });
    if (!outcome.replayed) return outcome.body;
    reply.header('idempotent-replayed', 'true');
    return reply.code(outcome.statusCode).send(outcome.body);
  }

  app.get('/api/checkouts', { schema: getCheckoutRoute }, async (request, reply) => {
    const owner = await ownerOf(request, reply);
    // the cart and its lines in one read; a transaction only to create the cart
    const found = await readOpenCheckout(db, owner, base(request));
    if (found) return { checkout: found };
    return await db.transaction(async (tx) => ({ checkout: await readCheckout(tx, (await ensureCheckout(tx, owner)).id, base(request)) }));
  });

  app.post('/api/checkouts/lineItems', { schema: addLineItemsRoute, onRequest: writeCheck }, async (request, reply) => {
    const body = request.body as LineInput | { lineItems: LineInput[] };
    const lines = 'lineItems' in body ? body.lineItems : [body];
    return await idempotent(request, reply, '/api/checkouts/lineItems', (tx, owner) => addLines(tx, owner, lines));
  });

  // the answer is read in the write's own transaction, on the connection it already holds
  app.put('/api/checkouts/lineItems', { schema: setLineItemRoute, onRequest: writeCheck }, async (request, reply) => {
    const owner = await ownerOf(request, reply);
    return await db.transaction(async (tx) => ({
      checkout: await readCheckoutAndCommit(tx, await setLineQuantity(tx, owner, request.body as LineInput), base(request)),
    }));
  });

  app.delete('/api/checkouts/lineItems/:lineItemId', { schema: deleteLineItemRoute, onRequest: writeCheck }, async (request, reply) => {
    const { lineItemId } = request.params as { lineItemId: number };
    const owner = await ownerOf(request, reply);
    return await db.transaction(async (tx) => ({ checkout: await readCheckoutAndCommit(tx, await deleteLine(tx, owner, lineItemId), base(request)) }));
  });

  app.post('/api/checkouts/:checkoutId/discountCodes', { schema: discountCodeRoute, onRequest: writeCheck }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const { code } = request.query as { code: string };
    await applyDiscountCode(db, await ownerOf(request, reply), checkoutId, code, Date.now(), request.ip);
    return await answer(request, checkoutId);
  });

  app.delete('/api/checkouts/:checkoutId/discountCodes', { schema: discountCodeRoute, onRequest: writeCheck }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const { code } = request.query as { code: string };
    await removeDiscountCode(db, await ownerOf(request, reply), checkoutId, code);
    return await answer(request, checkoutId);
  });

  app.post('/api/checkouts/products', { schema: addProductsRoute, onRequest: writeCheck }, async (request, reply) => {
    const { handles } = request.body as { handles: string[] };
    return await idempotent(request, reply, '/api/checkouts/products', (tx, owner) => addProducts(tx, owner, handles));
  });

  /**
   * An order with its payment's capture and refunds, as the payments module recorded them, and
   * its shipments with their tracking links (the back office's fulfilments).
   */
  const withPayment = async (order: Order): Promise<Order> => {
    // a commerce plugin registered alone (some tests) has no payments module: the order as stored
    const paid = app.hasDecorator('payments') ? withPaymentRecords(order, await app.payments.details(order.orderId)) : order;
    return { ...paid, shipments: options.shipments ? await options.shipments(db, order.orderId) : [] };
  };

  app.get('/api/orders', { schema: listOrdersRoute }, async (request) => ({
    orders: await Promise.all((await listOrders(db, requireCustomer(request))).map(withPayment)),
  }));

  app.get('/api/orders/:orderId', { schema: getOrderRoute }, async (request) => {
    const { orderId } = request.params as { orderId: number };
    return { order: await withPayment(await customerOrder(db, requireCustomer(request), orderId)) };
  });

  app.post('/api/orders/:orderId/relatedProducts/:productId', { schema: addRelatedProductRoute, onRequest: writeCheck }, async (request) => {
    const { orderId, productId } = request.params as { orderId: number; productId: number };
    const { order, change } = await addProductToOrder(db, requireCustomer(request), orderId, productId);
    await app.catalogue.reindex(change.ids, change.version);
    return { success: true, order };
  });

  await app.register(checkoutPageRoutes, { db, allowedOrigins, shipping: options.shipping ?? defaultShippingService(), ...(publicUrl ? { publicUrl } : {}) });
};

(plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = 'skimmer-commerce';

/**
 * The commerce plugin: register once, after the session plugin.
 * @example
 * await app.register(commerceRoutes, { db });
 */
export const commerceRoutes = plugin;
