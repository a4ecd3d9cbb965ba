/**
 * The hosted checkout page's two routes, `GET` and `POST /checkout/{checkoutId}`: HTTP only.
 * Each reads the request (the session's owner, the form's fields, Stripe's `payment_intent`),
 * asks the page's service (checkout-page.service.ts: whose page it is, the provider's answer,
 * placing the order) and answers with its HTML (checkout-page.html.ts), a 303 to the
 * confirmation, or a refusal: 404 page, 403 for a cross-site post, the form again with its
 * status (and Retry-After when the provider did not answer).
 * @module
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CROSS_SITE_MESSAGE, isSameOrigin } from '../../platform/http/origin-guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { scriptNonce } from '../../platform/http/headers.ts';
import type { Owner } from './checkouts.ts';
import type { ShippingService } from '../shipping/service.ts';
import { createPaymentsService, type PaymentsService } from '../payments/service.ts';
import { createTestProvider } from '../payments/test-provider.ts';
import { createPlaceOrderFromCheckout } from './paid-checkout.ts';
import { createCheckoutPageService, type PagePayment } from './checkout-page.service.ts';
import { checkoutFormPage, confirmationPage, notFoundPage, paymentActionPage, storeNameOf } from './checkout-page.html.ts';

/** Options of {@link checkoutPageRoutes}. */
export interface CheckoutPageOptions {
  db: Db;
  /** Other origins allowed to post the form. @default [] */
  allowedOrigins?: readonly string[];
  /** The shipping tables and clock the checkout quotes with. */
  shipping: ShippingService;
  /**
   * The payments the page pays through. @default the app's (`app.payments`); a commerce plugin
   * registered without the app (some tests) makes its own over the test provider
   */
  payments?: PaymentsService;
  /** The public origin Stripe sends the shopper back to after 3-D Secure. @default the request's own */
  publicUrl?: string;
}

function pageOwner(request: FastifyRequest): Owner | null {
  const session = request.session;
  return session?.id == null ? null : { sessionId: session.id, customerId: session.customerId };
}

/** The payments of the page: the option, else the app's, else (a commerce plugin registered alone) one over the test provider. */
function pagePayments(app: FastifyInstance, options: CheckoutPageOptions): PaymentsService {
  if (options.payments) return options.payments;
  if (app.hasDecorator('payments')) return app.payments;
  const placeOrderFromCheckout = createPlaceOrderFromCheckout({ db: options.db, shipping: options.shipping });
  return createPaymentsService({ db: options.db, provider: createTestProvider(), placeOrderFromCheckout });
}

/**
 * The page's two routes, in an encapsulated scope with its own urlencoded body parser.
 * @example
 * await app.register(checkoutPageRoutes, { db });
 */
export const checkoutPageRoutes: FastifyPluginAsync<CheckoutPageOptions> = async (app, options) => {
  const { db, shipping } = options;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    });
  }
  const params = { type: 'object', properties: { checkoutId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['checkoutId'] } as const;
  // Stripe's return after the Payment Element or 3-D Secure names the PaymentIntent (and adds its own fields, ignored)
  const querystring = { type: 'object', properties: { payment_intent: { type: 'string', maxLength: 255 } } } as const;
  let payments: PaymentsService | undefined;
  const paymentsOf = () => (payments ??= pagePayments(app, options));
  const page = createCheckoutPageService({ db, shipping, payments: paymentsOf });
  const pagePayment = (reply: FastifyReply): PagePayment => {
    const provider = paymentsOf().provider;
    return { provider: provider.name, publishableKey: provider.publishableKey, nonce: scriptNonce(reply) };
  };
  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const notFound = async (reply: FastifyReply) => reply.code(404).type('text/html; charset=utf-8').send(await notFoundPage(db));
  const toConfirmation = (reply: FastifyReply, checkoutId: string) => reply.code(303).header('location', `/checkout/${encodeURIComponent(checkoutId)}`).send();

  app.get('/checkout/:checkoutId', { schema: { hide: true, params, querystring } }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const owner = pageOwner(request);
    const state = await page.pageState(owner, checkoutId);
    if (!owner || state.kind === 'missing') return await notFound(reply);
    if (state.kind === 'placed') {
      const confirmation = confirmationPage(state.order, { storeName: await storeNameOf(db), customer: state.customer, publishableKey: paymentsOf().provider.publishableKey });
      return html(reply, 200, confirmation);
    }
    const payment = pagePayment(reply);
    const returned = (request.query as { payment_intent?: string }).payment_intent;
    if (returned !== undefined && /^[A-Za-z0-9_]+$/.test(returned)) {
      // back from the provider: its answer decides, and a success places the order (once, whatever the webhook did)
      const answer = await page.resumePayment(checkoutId, returned, payment.provider);
      if (answer?.kind === 'paid') return toConfirmation(reply, checkoutId);
      if (answer?.kind === 'requires_action') return html(reply, 200, await paymentActionPage(db, checkoutId, answer.outcome, payment));
      if (answer?.kind === 'form') return html(reply, answer.refusal.status, await checkoutFormPage(db, owner, checkoutId, answer.refusal, {}, shipping, payment));
    }
    return html(reply, 200, await checkoutFormPage(db, owner, checkoutId, null, {}, shipping, payment));
  });

  app.post('/checkout/:checkoutId', { schema: { hide: true, params } }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const owner = pageOwner(request);
    if (!owner || !await page.owns(owner, checkoutId)) return await notFound(reply);
    if (!isSameOrigin(request, options.allowedOrigins ?? [])) return await reply.code(403).send({ error: CROSS_SITE_MESSAGE });
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string | undefined> = {};
    for (const [k, val] of Object.entries(raw)) if (typeof val === 'string') fields[k] = val;
    // a completed checkout shows its order again: the second submit of a double click
    if (await page.hasOrder(owner, checkoutId)) return toConfirmation(reply, checkoutId);
    const payment = pagePayment(reply);
    // what the shopper typed comes back, except the card number, the security code and a used PaymentMethod
    const safeFields = { ...fields, cardNumber: undefined, cvc: undefined, action: undefined, paymentMethod: undefined };
    // the shopper asked to see shipping for the address typed: the page again, nothing placed
    if (fields.action === 'quote') return html(reply, 200, await checkoutFormPage(db, owner, checkoutId, null, safeFields, shipping, payment));
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    const answer = await page.placeOrder({ owner, checkoutId, fields, provider: payment.provider, returnUrl: `${origin}/checkout/${encodeURIComponent(checkoutId)}` });
    if (answer.kind === 'requires_action') return html(reply, 200, await paymentActionPage(db, checkoutId, answer.outcome, payment));
    if (answer.kind === 'placed') return toConfirmation(reply, checkoutId);
    if (answer.refusal.status === 503) reply.header('retry-after', '5');
    return html(reply, answer.refusal.status, await checkoutFormPage(db, owner, checkoutId, answer.refusal, safeFields, shipping, payment));
  });
};
