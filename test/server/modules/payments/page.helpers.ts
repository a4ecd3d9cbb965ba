/**
 * Helpers of the tests of the hosted checkout page paying through Stripe: the whole store
 * (buildApp over a seeded catalogue, SQLite or PostgreSQL) with PAYMENT_PROVIDER=stripe pointed
 * at the local stand-in, the stand-in's webhooks delivered to the store's own endpoint, a fault
 * switch that makes the process "die" after a provider call, and a shopper's cart and form.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../src/server/modules/payments/testing/stripe-stand-in.ts';
import { call, checkoutIdOf, commerceDb, createSession, stockedLevel } from '../checkout/cart.helpers.ts';
import { standInConfig } from './payments.helpers.ts';

/** A store taking payments through the stand-in. */
export interface StripeStore {
  app: FastifyInstance;
  db: Db;
  standIn: StripeStandIn;
  /** Provider calls after which the process "dies" (throws): create, authorise, capture, void, refund, setup, detach. */
  dieAfter: Set<string>;
  close(): Promise<void>;
}

/** Starts the stand-in and a store over it (webhooks go to the store's own endpoint). */
export async function stripeStore(options: { captureMethod?: 'automatic' | 'manual' } = {}): Promise<StripeStore> {
  const db = await commerceDb();
  const standIn = await startStripeStandIn();
  const dieAfter = new Set<string>();
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-pay-'));
  const app = await buildApp({
    db, dataDir, webDir: join(dataDir, 'no-web'),
    paymentConfig: { provider: 'stripe', captureMethod: options.captureMethod ?? 'automatic', stripe: standInConfig(standIn) },
    paymentFaults: {
      afterProviderCall: (call) => {
        if (dieAfter.has(call)) throw new Error(`the process died after ${call}`);
      },
    },
  });
  standIn.setWebhookSink(async (payload, signature) => {
    const res = await app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });
    return res.statusCode;
  });
  return {
    app, db, standIn, dieAfter,
    async close() {
      standIn.setWebhookSink(undefined);
      await app.close();
      await standIn.close();
    },
  };
}

/** A guest's form as Stripe's page posts it: the PaymentMethod the Payment Element created, never card fields. */
export const stripeForm = {
  email: 'guest@example.com', addressId: 'new', firstName: 'Pat', lastName: 'Pool', address1: '1 Lagoon Way', city: 'Tacoma',
  stateCode: 'WA', zip: '98402', countryCode: 'US', phone: '3605550100', paymentMethod: 'pm_card_visa',
};

/** A guest with a cart of `quantity` units of a stocked level: its cookie, checkout id and level. */
export async function guestCart(store: { app: FastifyInstance; db: Db }, quantity = 2, skip = 0): Promise<{ cookie: string; id: string; levelId: number }> {
  const { cookie } = await createSession(store.db);
  const level = await stockedLevel(store.db, 1, skip, 50);
  const res = await call(store.app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity }, headers: { 'idempotency-key': `pay-${Math.random()}` } });
  return { cookie, id: checkoutIdOf(res.body.checkout), levelId: level.id };
}

/** Posts the checkout form. */
export async function submitForm(app: FastifyInstance, cookie: string, id: string, form: Record<string, string>) {
  return await app.inject({
    method: 'POST', url: `/checkout/${id}`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** The orders of a checkout, with what they recorded of the payment. */
export async function ordersOf(db: Db, checkoutId: string) {
  return await db.all<{ id: number; total_cents: number; payment_token: string; payment_provider: string; payment_brand: string; payment_last4: string }>(
    'SELECT id, total_cents, payment_token, payment_provider, payment_brand, payment_last4 FROM orders WHERE checkout_id = ?',
    [checkoutId],
  );
}

/** Waits until every event the stand-in emitted so far was answered by the store. */
export async function webhooksAnswered(standIn: StripeStandIn): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (standIn.events.every((e) => e.deliveries.length > 0)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('webhooks not answered');
}
