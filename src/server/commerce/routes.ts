/**
 * The cart, checkout and order routes (spec section 7, Cart and checkout, Orders) and the hosted
 * checkout page, as one plugin. Registered without encapsulation (like fastify-plugin) because
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
 * must be this server's) and a body must be JSON (a cross-site form cannot send JSON). Choice: an add without an `Idempotency-Key` runs once, unprotected, for integrators
 * that send none; the storefront always sends one.
 * @module
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { allowedOriginsFromEnv, CROSS_SITE_MESSAGE, hasJsonBody, isSameOrigin, JSON_REQUIRED_MESSAGE } from '../auth/origin-guard.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { checkoutPageRoutes } from './checkout-page.ts';
import {
  addLines,
  addProducts,
  applyDiscountCode,
  deleteLine,
  ensureCheckout,
  mergeAnonymousCart,
  readCheckout,
  removeDiscountCode,
  setLineQuantity,
  type LineInput,
  type Owner,
} from './checkouts.ts';
import { seedCommerce } from './discounts.ts';
import { createIdempotencyStore, IDEMPOTENCY_ERRORS, requestHash, validIdempotencyKey, type Claim, type IdempotencyOptions } from './idempotency.ts';
import { addProductToOrder, customerOrder, listOrders, ORDER_ERRORS } from './orders.ts';
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
}

/** The error texts of the request checks. */
export const REQUEST_ERRORS = {
  signIn: 'Sign in to see your orders.',
} as const;

/** The origin a request was sent to (`http://host:port`), for webUrl and the Origin check. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Refuses cross-site writes with the accounts' rules (auth/origin-guard.ts): an Origin or
 * Referer, when sent, must be this server or an ALLOWED_ORIGINS entry; a body must be JSON.
 */
export function checkSameSite(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  if (!isSameOrigin(request, allowedOrigins)) throw new HttpError(403, CROSS_SITE_MESSAGE);
  if (!hasJsonBody(request)) throw new HttpError(415, JSON_REQUIRED_MESSAGE);
}

/** The cart owner of a request, creating an anonymous session when there is none. */
export function ownerOf(request: FastifyRequest, reply: FastifyReply): Owner {
  const sessionId = request.ensureSession(reply);
  return { sessionId, customerId: request.session.customerId };
}

function customerOf(request: FastifyRequest): number {
  const customerId = request.session?.customerId ?? null;
  if (customerId === null) throw new HttpError(401, REQUEST_ERRORS.signIn);
  return customerId;
}

const plugin: FastifyPluginAsync<CommerceOptions> = async (app: FastifyInstance, options) => {
  const { db } = options;
  seedCommerce(db);
  const keys = createIdempotencyStore(db, options.idempotency);
  const publicUrl = options.publicUrl ?? (process.env.PUBLIC_URL || undefined);
  const base = (request: FastifyRequest) => publicUrl ?? requestOrigin(request);
  const answer = (request: FastifyRequest, checkoutId: string) => ({ checkout: readCheckout(db, checkoutId, base(request)) });

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
  app.addSchema(orderSchema);
  app.addSignInListener((prevSessionId, _newSessionId, customerId) => mergeAnonymousCart(db, prevSessionId, customerId));

  const allowedOrigins = options.allowedOrigins ?? allowedOriginsFromEnv();
  const writeCheck = async (request: FastifyRequest) => checkSameSite(request, allowedOrigins);

  /** Runs an add under the Idempotency-Key rules; `work` answers the checkout id. */
  async function idempotent(request: FastifyRequest, reply: FastifyReply, route: string, work: (owner: Owner) => string) {
    const owner = ownerOf(request, reply);
    const header = request.headers['idempotency-key'];
    if (header === undefined) return answer(request, work(owner));
    if (typeof header !== 'string' || !validIdempotencyKey(header)) throw new HttpError(400, IDEMPOTENCY_ERRORS.invalid);
    const hash = requestHash(request.method, route, request.body);
    const refuse = (claim: Claim) => {
      if (claim.kind === 'mismatch') throw new HttpError(422, IDEMPOTENCY_ERRORS.mismatch);
      if (claim.kind === 'in-progress') throw new HttpError(409, IDEMPOTENCY_ERRORS.inProgress);
      if (claim.kind === 'replay') {
        reply.header('idempotent-replayed', 'true');
        return reply.code(claim.statusCode).send(claim.body);
      }
      return undefined;
    };
    if (!options.afterClaim) {
      // One transaction claims the key, does the work and stores the answer: on the embedded
      // (synchronous) database nothing can run between the three, and a failure rolls back the
      // claim with the work, so no release is needed.
      const outcome = db.transaction(() => {
        const claim = keys.claim(owner.sessionId, header, hash);
        if (claim.kind !== 'claimed') return { claim };
        const result = answer(request, work(owner));
        keys.finish(owner.sessionId, header, 200, result);
        return { result };
      });
      return outcome.claim ? refuse(outcome.claim) : outcome.result;
    }
    // Two steps when something asynchronous runs between claim and work (an async driver, or a
    // test holding the request): the pending row is what a concurrent request sees as 409.
    const claim = keys.claim(owner.sessionId, header, hash);
    if (claim.kind !== 'claimed') return refuse(claim);
    try {
      await options.afterClaim(header);
      return db.transaction(() => {
        const result = answer(request, work(owner));
        keys.finish(owner.sessionId, header, 200, result);
        return result;
      });
    } catch (err) {
      keys.release(owner.sessionId, header);
      throw err;
    }
  }

  app.get('/api/checkouts', { schema: getCheckoutRoute }, async (request, reply) => {
    const owner = ownerOf(request, reply);
    const id = db.transaction(() => ensureCheckout(db, owner).id);
    return answer(request, id);
  });

  app.post('/api/checkouts/lineItems', { schema: addLineItemsRoute, onRequest: writeCheck }, async (request, reply) => {
    const body = request.body as LineInput | { lineItems: LineInput[] };
    const lines = 'lineItems' in body ? body.lineItems : [body];
    return idempotent(request, reply, '/api/checkouts/lineItems', (owner) => addLines(db, owner, lines));
  });

  app.put('/api/checkouts/lineItems', { schema: setLineItemRoute, onRequest: writeCheck }, async (request, reply) => {
    const id = setLineQuantity(db, ownerOf(request, reply), request.body as LineInput);
    return answer(request, id);
  });

  app.delete('/api/checkouts/lineItems/:lineItemId', { schema: deleteLineItemRoute, onRequest: writeCheck }, async (request, reply) => {
    const { lineItemId } = request.params as { lineItemId: number };
    return answer(request, deleteLine(db, ownerOf(request, reply), lineItemId));
  });

  app.post('/api/checkouts/:checkoutId/discountCodes', { schema: discountCodeRoute, onRequest: writeCheck }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const { code } = request.query as { code: string };
    applyDiscountCode(db, ownerOf(request, reply), checkoutId, code);
    return answer(request, checkoutId);
  });

  app.delete('/api/checkouts/:checkoutId/discountCodes', { schema: discountCodeRoute, onRequest: writeCheck }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const { code } = request.query as { code: string };
    removeDiscountCode(db, ownerOf(request, reply), checkoutId, code);
    return answer(request, checkoutId);
  });

  app.post('/api/checkouts/products', { schema: addProductsRoute, onRequest: writeCheck }, async (request, reply) => {
    const { handles } = request.body as { handles: string[] };
    return idempotent(request, reply, '/api/checkouts/products', (owner) => addProducts(db, owner, handles));
  });

  app.get('/api/orders', { schema: listOrdersRoute }, async (request) => ({ orders: listOrders(db, customerOf(request)) }));

  app.get('/api/orders/:orderId', { schema: getOrderRoute }, async (request) => {
    const { orderId } = request.params as { orderId: number };
    const order = customerOrder(db, customerOf(request), orderId);
    if (!order) throw new HttpError(404, ORDER_ERRORS.notFound);
    return { order };
  });

  app.post('/api/orders/:orderId/relatedProducts/:productId', { schema: addRelatedProductRoute, onRequest: writeCheck }, async (request) => {
    const { orderId, productId } = request.params as { orderId: number; productId: number };
    const order = addProductToOrder(db, customerOf(request), orderId, productId);
    app.catalogue.reindex([productId]);
    return { success: true, order };
  });

  await app.register(checkoutPageRoutes, { db, allowedOrigins });
};

(plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = 'skimmer-commerce';

/**
 * The commerce plugin: register once, after the session plugin.
 * @example
 * await app.register(commerceRoutes, { db });
 */
export const commerceRoutes = plugin;
