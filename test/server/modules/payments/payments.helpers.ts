/**
 * Helpers of the payments tests: a migrated database (SQLite in memory, or a PostgreSQL schema in
 * the server-pg project), the Stripe stand-in with the real `stripe` adapter pointed at it, and a
 * fake `placeOrderFromCheckout` that places one order per checkout in the orders table (what the
 * checkout's own placing will do once it is wired) and counts its calls.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { strictSchemaController } from '../../../../src/server/platform/http/validation.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { installErrorHandler } from '../../../../src/server/platform/http/errors.ts';
import type { StripeConfig } from '../../../../src/server/modules/payments/config.ts';
import type { PaymentProvider } from '../../../../src/server/modules/payments/provider.ts';
import { paymentsRoutes } from '../../../../src/server/modules/payments/routes.ts';
import { createPaymentsService, type PaymentFaults, type PaymentsService, type RecordedPayment } from '../../../../src/server/modules/payments/service.ts';
import { createStripeProvider } from '../../../../src/server/modules/payments/stripe-provider.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../src/server/modules/payments/testing/stripe-stand-in.ts';
import { openTestDb } from '../../db.helpers.ts';

/** The client's timeout in the tests: the stand-in's "time out" answers after it. */
export const CLIENT_TIMEOUT_MS = 400;

/** A migrated database with no catalogue. */
export async function paymentsDb(): Promise<Db> {
  const db = await openTestDb();
  await migrate(db);
  return db;
}

/** The stand-in's settings for the adapter (no retries of the library's own: each fault reaches the service). */
export function standInConfig(standIn: StripeStandIn): StripeConfig {
  return {
    secretKey: 'sk_test_standin',
    publishableKey: 'pk_test_standin',
    webhookSecret: standIn.webhookSecret,
    timeoutMs: CLIENT_TIMEOUT_MS,
    maxNetworkRetries: 0,
    apiUrl: new URL(standIn.url),
  };
}

/** The fake order placing: one order per checkout, written in the orders table. */
export interface FakeOrders {
  place: (checkoutId: string, payment: RecordedPayment) => Promise<{ orderId: number }>;
  /** Every call, in order. */
  calls: { checkoutId: string; payment: RecordedPayment }[];
  /** The orders placed, by checkout. */
  count(db: Db): Promise<number>;
}

/** A fake placeOrderFromCheckout over the orders table (idempotent per checkout, as the real one). */
export function fakeOrders(db: Db, options: { refuse?: Set<string> } = {}): FakeOrders {
  const calls: FakeOrders['calls'] = [];
  return {
    calls,
    async place(checkoutId, payment) {
      calls.push({ checkoutId, payment });
      if (options.refuse?.has(checkoutId)) {
        const { HttpError } = await import('../../../../src/server/platform/http/errors.ts');
        throw new HttpError(409, 'Only 0 left of Pool Pump.');
      }
      return await db.transaction(async (tx) => {
        const at = new Date().toISOString();
        await tx.run("INSERT INTO checkouts (id, status, created_at, updated_at) VALUES (?, 'completed', ?, ?) ON CONFLICT (id) DO NOTHING", [checkoutId, at, at]);
        const existing = await tx.get<{ id: number }>(`SELECT id FROM orders WHERE checkout_id = ?${tx.dialect.forUpdate}`, [checkoutId]);
        if (existing) return { orderId: existing.id };
        const row = await tx.get<{ id: number }>(
          `INSERT INTO orders (checkout_id, email, status, subtotal_cents, discount_cents, shipping_cents, total_cents, currency_code, discount_codes,
             shipping_address_json, payment_brand, payment_last4, payment_token, created_at)
           VALUES (?, 'shopper@example.test', 'PAID', ?, 0, 0, ?, ?, '', '{}', ?, ?, ?, ?) RETURNING id`,
          [checkoutId, payment.amountCents, payment.amountCents, payment.currency, payment.card?.brand ?? '', payment.card?.last4 ?? '', payment.providerPaymentId, at],
        );
        return { orderId: row!.id };
      });
    },
    async count(d) {
      return Number((await d.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))?.n ?? 0);
    },
  };
}

/** A store's payments over the stand-in. */
export interface StripeWorld {
  db: Db;
  standIn: StripeStandIn;
  provider: PaymentProvider;
  orders: FakeOrders;
  service: PaymentsService;
  /** A Fastify app with only the payments routes, receiving the stand-in's webhooks. */
  app: FastifyInstance;
  /** Faults the test switches on: the process "dies" after the named provider call. */
  faults: { dieAfter: Set<string> };
  close(): Promise<void>;
}

/** Starts the stand-in, the adapter, the service and an app receiving the webhooks. */
export async function stripeWorld(options: { captureMethod?: 'automatic' | 'manual'; refuse?: Set<string> } = {}): Promise<StripeWorld> {
  const db = await paymentsDb();
  const standIn = await startStripeStandIn();
  const provider = createStripeProvider(standInConfig(standIn));
  const orders = fakeOrders(db, options.refuse ? { refuse: options.refuse } : {});
  const dieAfter = new Set<string>();
  const faults: PaymentFaults = {
    afterProviderCall: (call) => {
      if (dieAfter.has(call)) throw new Error(`the process died after ${call}`);
    },
  };
  const service = createPaymentsService({ db, provider, captureMethod: options.captureMethod ?? 'automatic', placeOrderFromCheckout: orders.place, faults });
  const app = Fastify({ schemaController: strictSchemaController() });
  installErrorHandler(app);
  await app.register(paymentsRoutes, { service });
  await app.ready();
  standIn.setWebhookSink(async (payload, signature) => {
    const res = await app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });
    return res.statusCode;
  });
  return {
    db, standIn, provider, orders, service, app, faults: { dieAfter },
    async close() {
      await app.close();
      await standIn.close();
    },
  };
}

/** Waits until the stand-in's webhooks delivered so far were answered. */
export async function webhooksSettled(standIn: StripeStandIn): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 5));
    if (standIn.events.every((e) => e.deliveries.length > 0)) return;
  }
  throw new Error('webhooks not delivered');
}

/** Rows of a table (what "applied once" counts). */
export async function rows(db: Db, table: 'payments' | 'payment_captures' | 'payment_refunds' | 'payment_events' | 'orders'): Promise<number> {
  return Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0);
}
