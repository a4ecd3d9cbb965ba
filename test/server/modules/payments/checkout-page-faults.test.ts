/**
 * Faults through the hosted checkout page with Stripe (the stand-in): the provider timing out
 * during the confirmation, answering 500 (before or after doing the work), and the process dying
 * between the provider's success and our commit. After the shopper submits again, or Stripe's
 * webhooks arrive, the order is placed exactly once and the money taken once (the stand-in
 * counts charges per idempotency key). Runs on SQLite and (server-pg project) PostgreSQL.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { escapeHtml } from '../../../../src/server/modules/checkout/checkout-page.html.ts';
import { PAGE_ERRORS } from '../../../../src/server/modules/checkout/checkout-page.service.ts';
import { guestCart, ordersOf, stripeForm, stripeStore, submitForm, webhooksAnswered, type StripeStore } from './page.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let store: StripeStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

/** One order for the checkout, its stock taken once, and one charge of its total under one key. */
async function expectOnce(s: StripeStore, id: string, levelId: number): Promise<void> {
  const orders = await ordersOf(s.db, id);
  expect(orders).toHaveLength(1);
  const charges = s.standIn.charges.filter((c) => c.paymentIntent === orders[0]?.payment_token);
  expect(charges.map((c) => c.amount)).toEqual([orders[0]?.total_cents]);
  expect(s.standIn.charges).toHaveLength(1);
  expect((await s.db.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [levelId]))?.quantity).toBe(48);
  const paid = await s.db.all<{ status: string }>('SELECT status FROM payments WHERE checkout_id = ? AND order_id IS NOT NULL', [id]);
  expect(paid).toEqual([{ status: 'captured' }]);
}

describe.each(['the shopper submitting again', 'the webhook arriving'] as const)('recovered by %s', (recovery) => {
  const recover = async (s: StripeStore, cookie: string, id: string) => {
    if (recovery === 'the shopper submitting again') {
      const again = await submitForm(s.app, cookie, id, stripeForm);
      expect(again.statusCode).toBe(303);
    } else {
      await s.standIn.deliverHeld();
      await webhooksAnswered(s.standIn);
    }
    // either way the shopper's page now shows the order
    const page = await s.app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
    expect(page.body).toContain('Thank you! Your order is placed.');
  };

  test('Stripe timing out during the confirmation: the page asks to try again; one order, one charge', async () => {
    store = await stripeStore();
    store.standIn.setWebhookMode('hold');
    const { cookie, id, levelId } = await guestCart(store);
    store.standIn.timeoutNext({ path: /\/confirm$/ });
    const res = await submitForm(store.app, cookie, id, stripeForm);
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain(escapeHtml(PAGE_ERRORS.unavailable));
    expect(res.body).toContain('value="1 Lagoon Way"');
    expect(await ordersOf(store.db, id)).toEqual([]);
    await recover(store, cookie, id);
    await expectOnce(store, id, levelId);
  });

  test.each([false, true])('Stripe answering 500 to the confirmation (its work done first: %s): one order, one charge', async (after) => {
    store = await stripeStore();
    store.standIn.setWebhookMode('hold');
    const { cookie, id, levelId } = await guestCart(store);
    store.standIn.failNext({ path: /\/confirm$/, after });
    const res = await submitForm(store.app, cookie, id, stripeForm);
    expect(res.statusCode).toBe(503);
    expect(await ordersOf(store.db, id)).toEqual([]);
    if (!after && recovery === 'the webhook arriving') {
      // nothing happened at Stripe: no payment event comes, and only the shopper's retry pays
      expect(store.standIn.charges).toHaveLength(0);
      expect((await submitForm(store.app, cookie, id, stripeForm)).statusCode).toBe(303);
    } else await recover(store, cookie, id);
    await expectOnce(store, id, levelId);
  });

  test('the process dying between Stripe\'s success and our commit: one order, one charge', async () => {
    store = await stripeStore();
    store.standIn.setWebhookMode('hold');
    const { cookie, id, levelId } = await guestCart(store);
    store.dieAfter.add('authorise');
    const res = await submitForm(store.app, cookie, id, stripeForm);
    expect(res.statusCode).toBe(500);
    store.dieAfter.clear();
    expect(await ordersOf(store.db, id)).toEqual([]);
    expect(store.standIn.charges).toHaveLength(1);
    await recover(store, cookie, id);
    await expectOnce(store, id, levelId);
  });
});

test('the shopper\'s retry and the webhooks (twice, reversed) at once after a crash still make one order and one charge', async () => {
  store = await stripeStore();
  store.standIn.setWebhookMode('hold');
  const { cookie, id, levelId } = await guestCart(store);
  store.dieAfter.add('authorise');
  expect((await submitForm(store.app, cookie, id, stripeForm)).statusCode).toBe(500);
  store.dieAfter.clear();
  const [again] = await Promise.all([submitForm(store.app, cookie, id, stripeForm), store.standIn.deliverHeld({ twice: true, reverse: true })]);
  expect(again.statusCode).toBe(303);
  await webhooksAnswered(store.standIn);
  await expectOnce(store, id, levelId);
});
