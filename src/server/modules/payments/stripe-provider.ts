/**
 * The `stripe` adapter of the payment port, on the official library: PaymentIntents (created per
 * attempt, confirmed with a payment method from the Payment Element or the wallet, captured at
 * once or at fulfilment, voided by cancelling), Refunds, and Customers with their PaymentMethods
 * for the wallet. Card numbers never reach this server: a typed card is refused.
 *
 * Every call that changes something passes the port's idempotency key to Stripe (`Idempotency-Key`),
 * and the library's own network retries reuse it. Every read expands the PaymentIntent's latest
 * charge, which carries the card shown on receipts and the amount refunded.
 * @module
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { StripeConfig } from './config.ts';
import {
  PaymentDeclinedError, PaymentRequestError, PaymentUnavailableError, WebhookSignatureError,
  type CardSetup, type PaymentCard, type PaymentProvider, type ProviderEvent, type ProviderPayment, type ProviderPaymentStatus, type ProviderRefund, type WalletCard,
} from './provider.ts';

/** How old a webhook's signature may be (seconds), as Stripe's library checks by default. @default 300 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The brands as receipts and the wallet name them (Stripe writes 'visa', 'amex' ...). */
const BRANDS: Record<string, string> = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay',
};

/** A Stripe brand in the store's words. */
export function brandName(brand: string | null | undefined): string {
  return (brand && BRANDS[brand.toLowerCase()]) ?? 'Card';
}

const STATUS: Record<Stripe.PaymentIntent.Status, ProviderPaymentStatus> = {
  requires_payment_method: 'created',
  requires_confirmation: 'created',
  requires_action: 'requires_action',
  // a card payment does not stay here; other methods settle later and their webhook tells
  processing: 'created',
  requires_capture: 'authorised',
  succeeded: 'captured',
  canceled: 'canceled',
};

const metaNumber = (value: string | undefined): number | null => (value !== undefined && /^\d+$/.test(value) ? Number(value) : null);

/** The port's view of a PaymentIntent (its latest charge expanded, when it has one). */
export function toProviderPayment(pi: Stripe.PaymentIntent): ProviderPayment {
  const charge = pi.latest_charge !== null && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const declined = pi.status === 'requires_payment_method' && pi.last_payment_error != null;
  const next = pi.next_action?.redirect_to_url?.url ?? null;
  return {
    id: pi.id,
    status: declined ? 'failed' : (STATUS[pi.status] ?? 'created'),
    amountCents: pi.amount,
    currency: pi.currency,
    capturedCents: pi.amount_received ?? 0,
    refundedCents: charge?.amount_refunded ?? 0,
    captureMethod: pi.capture_method === 'automatic' || pi.capture_method === 'automatic_async' ? 'automatic' : 'manual',
    captureId: pi.status === 'succeeded' ? (charge?.id ?? (typeof pi.latest_charge === 'string' ? pi.latest_charge : null)) : null,
    card: card ? { brand: brandName(card.brand), last4: card.last4 ?? '', expMonth: card.exp_month, expYear: card.exp_year } : null,
    clientSecret: pi.client_secret,
    nextActionUrl: pi.status === 'requires_action' ? next : null,
    failureMessage: declined ? (pi.last_payment_error?.message ?? 'Your card was declined.') : null,
    customerId: typeof pi.customer === 'string' ? pi.customer : (pi.customer?.id ?? null),
    checkoutId: pi.metadata?.checkout_id ?? null,
    paymentRef: metaNumber(pi.metadata?.payment_ref),
    createdAt: new Date(pi.created * 1000).toISOString(),
  };
}

function toRefund(r: Stripe.Refund): ProviderRefund {
  const status = r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending';
  const paymentId = typeof r.payment_intent === 'string' ? r.payment_intent : (r.payment_intent?.id ?? '');
  return { id: r.id, paymentId, amountCents: r.amount, status, refundRef: metaNumber(r.metadata?.refund_ref ?? undefined) };
}

function toWalletCard(pm: Stripe.PaymentMethod): WalletCard {
  const card: PaymentCard = { brand: brandName(pm.card?.brand), last4: pm.card?.last4 ?? '' };
  if (pm.card) {
    card.expMonth = pm.card.exp_month;
    card.expYear = pm.card.exp_year;
  }
  return { id: pm.id, ...card };
}

const SETUP_STATUS: Record<Stripe.SetupIntent.Status, CardSetup['status']> = {
  requires_payment_method: 'failed',
  requires_confirmation: 'failed',
  requires_action: 'requires_action',
  processing: 'processing',
  succeeded: 'succeeded',
  canceled: 'failed',
};

/** The port's view of a SetupIntent (its payment method expanded, when it has one). */
export function toCardSetup(si: Stripe.SetupIntent): CardSetup {
  const pm = si.payment_method !== null && typeof si.payment_method === 'object' ? si.payment_method : null;
  const status = SETUP_STATUS[si.status] ?? 'failed';
  return {
    id: si.id,
    status,
    customerId: typeof si.customer === 'string' ? si.customer : (si.customer?.id ?? null),
    customerRef: metaNumber(si.metadata?.customer_ref),
    card: pm ? toWalletCard(pm) : null,
    clientSecret: si.client_secret,
    nextActionUrl: si.status === 'requires_action' ? (si.next_action?.redirect_to_url?.url ?? null) : null,
    failureMessage: status === 'failed' ? (si.last_setup_error?.message ?? 'Your card could not be saved.') : null,
  };
}

/** Stripe's errors in the port's words: unknown outcome (retry), decline, or refusal. */
function mapError(err: unknown): Error {
  const e = err as { type?: string; statusCode?: number; code?: string; decline_code?: string; message?: string };
  const message = e.message ?? String(err);
  if (e.type === 'StripeCardError') return new PaymentDeclinedError(message, e.decline_code ?? e.code ?? 'card_declined');
  if (e.type === 'StripeConnectionError' || e.type === 'StripeAPIError' || e.type === 'StripeRateLimitError' || (e.statusCode ?? 0) >= 500) {
    return new PaymentUnavailableError(`Stripe did not answer: ${message}`, err, e.type !== 'StripeConnectionError' && (e.statusCode ?? 0) >= 500);
  }
  if (e.type === 'StripeIdempotencyError') return new PaymentRequestError(message, 'idempotency_error');
  if (e.type !== undefined && e.type.startsWith('Stripe')) return new PaymentRequestError(message, e.code ?? e.type);
  return err instanceof Error ? err : new Error(message);
}

/**
 * Starts a library call without its call-site stack trace: the library reads `new Error().stack`
 * on every request (to name the caller in its errors), and formatting a stack through the source
 * maps `npm start` runs with costs more than the rest of the call's own work. The store maps the
 * library's errors to its own (mapError) and never shows their stacks. The limit is restored
 * before anything else runs: the library captures the stack synchronously, before its first await.
 */
function started<T>(run: () => Promise<T>): Promise<T> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await started(run);
  } catch (err) {
    throw mapError(err);
  }
}

/**
 * Stripe's library, loaded on first use: a store on the test provider (and every process that
 * imports the server without Stripe settings) does without its ~1 MB of code at start.
 */
let library: typeof Stripe | undefined;
function stripeLibrary(): typeof Stripe {
  library ??= createRequire(import.meta.url)('stripe') as typeof Stripe;
  return library;
}

/** The library's client for a configuration (the stand-in's address when `apiUrl` is set). */
export function stripeClient(config: StripeConfig): Stripe {
  const url = config.apiUrl;
  const StripeLibrary = stripeLibrary();
  return new StripeLibrary(config.secretKey, {
    timeout: config.timeoutMs,
    maxNetworkRetries: config.maxNetworkRetries,
    telemetry: false,
    ...(url
      ? { host: url.hostname, port: url.port || (url.protocol === 'https:' ? 443 : 80), protocol: url.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}

/**
 * Creates the Stripe adapter.
 * @example
 * const provider = createStripeProvider(readPaymentConfig().stripe!);
 */
export function createStripeProvider(config: StripeConfig, client: Stripe = stripeClient(config)): PaymentProvider {
  const expand = ['latest_charge'];
  return {
    name: 'stripe',
    publishableKey: config.publishableKey,
    async createPayment(input, key) {
      const pi = await call(() => client.paymentIntents.create({
        amount: input.amountCents,
        currency: input.currency,
        capture_method: input.captureMethod,
        // methods that settle at once and never leave the page (cards, wallets): the order is placed
        // on the answer, and a server-side confirmation needs no return address
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        metadata: { checkout_id: input.checkoutId, payment_ref: String(input.paymentRef) },
        ...(input.customerId ? { customer: input.customerId } : {}),
      }, { idempotencyKey: key }));
      return toProviderPayment(pi);
    },
    async authorise(paymentId, method, key, options = {}) {
      if (method.kind !== 'method') throw new PaymentRequestError('Card numbers are never sent through the store with Stripe: use the Payment Element.', 'card_data_refused');
      const pi = await call(() => client.paymentIntents.confirm(paymentId, {
        payment_method: method.id,
        expand,
        ...(options.returnUrl ? { return_url: options.returnUrl } : {}),
      }, { idempotencyKey: key }));
      return toProviderPayment(pi);
    },
    async capture(paymentId, amountCents, key) {
      const pi = await call(() => client.paymentIntents.capture(paymentId, { expand, ...(amountCents !== undefined ? { amount_to_capture: amountCents } : {}) }, { idempotencyKey: key }));
      return toProviderPayment(pi);
    },
    async void(paymentId, key) {
      const pi = await call(() => client.paymentIntents.cancel(paymentId, { expand }, { idempotencyKey: key }));
      return toProviderPayment(pi);
    },
    async refund(paymentId, amountCents, refundRef, key) {
      const r = await call(() => client.refunds.create({ payment_intent: paymentId, amount: amountCents, metadata: { refund_ref: String(refundRef) } }, { idempotencyKey: key }));
      return toRefund(r);
    },
    async retrieve(paymentId) {
      return toProviderPayment(await call(() => client.paymentIntents.retrieve(paymentId, { expand })));
    },
    async listPayments(fromMs, toMs) {
      const out: ProviderPayment[] = [];
      const created = { gte: Math.floor(fromMs / 1000), lt: Math.ceil(toMs / 1000) };
      await call(async () => {
        for await (const pi of client.paymentIntents.list({ created, limit: 100, expand: ['data.latest_charge'] })) out.push(toProviderPayment(pi));
      });
      return out;
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      const object = (event.data as { object?: { object?: string; id?: string; payment_intent?: unknown } }).object;
      const parsed: ProviderEvent = { id: event.id, type: event.type, paymentId: null, refund: null };
      if (object?.object === 'payment_intent' && typeof object.id === 'string') parsed.paymentId = object.id;
      if (object?.object === 'refund') {
        parsed.refund = toRefund(object as unknown as Stripe.Refund);
        parsed.paymentId = parsed.refund.paymentId || null;
      }
      return parsed;
    },
    async createCustomer(customerRef, email, key) {
      const c = await call(() => client.customers.create({ email, metadata: { customer_ref: String(customerRef) } }, { idempotencyKey: key }));
      return { id: c.id };
    },
    async setupCard(input, key) {
      // created and confirmed in one call: on success Stripe attaches the payment method to the customer
      const si = await call(() => client.setupIntents.create({
        customer: input.customerId,
        payment_method: input.methodId,
        confirm: true,
        // the store charges a saved card only with the shopper at the checkout
        usage: 'on_session',
        // the wallet holds cards (its Payment Element offers only cards): no redirect, 3-D Secure in the page
        allowed_payment_method_types: ['card'],
        metadata: { customer_ref: String(input.customerRef) },
        expand: ['payment_method'],
      }, { idempotencyKey: key }));
      return toCardSetup(si);
    },
    async retrieveSetup(setupId) {
      return toCardSetup(await call(() => client.setupIntents.retrieve(setupId, { expand: ['payment_method'] })));
    },
    async retrieveCard(methodId) {
      const pm = await call(() => client.paymentMethods.retrieve(methodId));
      return { card: toWalletCard(pm), customerId: typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null) };
    },
    async attachCard(customerId, methodId, key) {
      return toWalletCard(await call(() => client.paymentMethods.attach(methodId, { customer: customerId }, { idempotencyKey: key })));
    },
    async listCards(customerId) {
      const out: WalletCard[] = [];
      await call(async () => {
        for await (const pm of client.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })) out.push(toWalletCard(pm));
      });
      return out;
    },
    async detachCard(methodId, key) {
      await call(() => client.paymentMethods.detach(methodId, {}, { idempotencyKey: key }));
    },
  };
}
