/**
 * The storefront's coupon rules read the operators' codes from the database
 * (commerce/discounts.ts), on both databases: today's codes keep their messages; a paused, not
 * yet started or expired code is refused at the cart and stops counting on a cart that has it;
 * a code's uses are counted when an order is placed; a used-up code, and a once-per-IP code
 * from an address that used it, are refused; and two shoppers taking a code's last use at once
 * through the hosted checkout: one order gets it, the other is not placed and its payment is
 * given back.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { OrderAddress } from '../../../../src/api/types.ts';
import type { QuoteTotals, ShippingQuote } from '../../../../src/domain/shipping/quote.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { checkoutIdOf, signedInShopper } from '../checkout/cart.helpers.ts';
import { CHECKOUT_FORM, freshLevels, ordersApp, sessionHeaders, signedInOperator, type SignedInOperator } from '../orders-admin/orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  owner = await signedInOperator(app, 'owner');
});
afterAll(async () => {
  await app?.close();
});

const json = { 'content-type': 'application/json', accept: 'application/json' };

/** A signed-in shopper's cart holding `quantity` of a fresh level, made from `ip`. */
async function cart(ip: string, quantity = 1): Promise<{ cookie: string; checkoutId: string; customerId: number }> {
  const shopper = await signedInShopper(db);
  const [level] = await freshLevels(db, 1);
  const res = await app.inject({ method: 'POST', url: '/api/checkouts/lineItems', remoteAddress: ip, headers: { ...json, cookie: shopper.cookie }, payload: { inventoryLevelId: level, quantity } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { cookie: shopper.cookie, checkoutId: checkoutIdOf(res.json().checkout), customerId: shopper.customerId };
}

/** Applies a code from `ip`: the answer's status and body. */
async function apply(c: { cookie: string; checkoutId: string }, code: string, ip: string) {
  const res = await app.inject({ method: 'POST', url: `/api/checkouts/${c.checkoutId}/discountCodes?code=${encodeURIComponent(code)}`, remoteAddress: ip, headers: { ...json, cookie: c.cookie } });
  return { status: res.statusCode, body: res.json() };
}

/** The cart as the storefront reads it. */
async function checkout(c: { cookie: string }) {
  const res = await app.inject({ method: 'GET', url: '/api/checkouts', headers: { accept: 'application/json', cookie: c.cookie } });
  return res.json().checkout as { subtotalPrice: number; totalPrice: number; DiscountCodes: { code: string }[] } | null;
}

/** Pays and places through the hosted checkout: 303 when the order was placed. */
async function pay(c: { cookie: string; checkoutId: string }, ip: string) {
  return await app.inject({
    method: 'POST', url: `/checkout/${c.checkoutId}`, remoteAddress: ip,
    headers: { cookie: c.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(CHECKOUT_FORM).toString(),
  });
}

async function makeCode(body: Record<string, unknown>): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/discounts', headers: sessionHeaders(owner), payload: body });
  if (res.statusCode !== 200) throw new Error(res.body);
}

async function operatorPatch(code: string, body: Record<string, unknown>): Promise<void> {
  const res = await app.inject({ method: 'PATCH', url: `/api/admin/discounts/${code}`, headers: sessionHeaders(owner), payload: body });
  if (res.statusCode !== 200) throw new Error(res.body);
}

const uses = async (code: string) => Number((await db.get<{ uses: number }>('SELECT uses FROM discount_codes WHERE code = ?', [code]))!.uses);
const redemptions = (code: string) => db.all<{ order_id: number; customer_id: number | null; ip: string | null }>('SELECT order_id, customer_id, ip FROM discount_redemptions WHERE code = ? ORDER BY id', [code]);
const orderOf = (checkoutId: string) => db.get<{ id: number; discount_codes: string; discount_cents: number }>('SELECT id, discount_codes, discount_cents FROM orders WHERE checkout_id = ?', [checkoutId]);

describe('today\'s codes', () => {
  test('keep their behaviour and their messages', async () => {
    const c = await cart('10.0.0.1', 2);
    expect(await apply(c, 'EXPIRED2020', '10.0.0.1')).toEqual({ status: 422, body: { error: 'Discount code EXPIRED2020 has expired.' } });
    expect(await apply(c, 'NOPE', '10.0.0.1')).toEqual({ status: 422, body: { error: 'Discount code NOPE is not valid.' } });
    expect((await apply(c, 'BIG50', '10.0.0.1')).body).toEqual({ error: 'Discount code BIG50 needs a subtotal of at least $200.00.' });
    const applied = await apply(c, 'save10', '10.0.0.1');
    expect(applied.status).toBe(200);
    expect(applied.body.checkout.DiscountCodes).toEqual([{ code: 'SAVE10', Discount: { title: '10% off your order' } }]);
    expect((await apply(c, 'TAKE5', '10.0.0.1')).body).toEqual({ error: 'Only one discount code per order: remove SAVE10 first.' });
    expect((await apply(c, 'FREESHIP', '10.0.0.1')).status).toBe(200);
  });
});

describe('codes an operator pauses, schedules or expires', () => {
  test('a paused code is not valid, and a cart that has it stops counting it until it is resumed', async () => {
    await makeCode({ code: 'PAUSE20', kind: 'percentage', value: 20 });
    const c = await cart('10.0.0.2', 3);
    expect((await apply(c, 'PAUSE20', '10.0.0.2')).status).toBe(200);
    const discounted = await checkout(c);
    expect(discounted!.DiscountCodes.map((d) => d.code)).toEqual(['PAUSE20']);
    await operatorPatch('PAUSE20', { action: 'pause' });
    const full = await checkout(c);
    expect(full!.DiscountCodes).toEqual([]);
    expect(full!.subtotalPrice).toBeGreaterThan(discounted!.subtotalPrice);
    const other = await cart('10.0.0.3');
    expect(await apply(other, 'pause20', '10.0.0.3')).toEqual({ status: 422, body: { error: 'Discount code PAUSE20 is not valid.' } });
    await operatorPatch('PAUSE20', { action: 'resume' });
    expect((await checkout(c))!.subtotalPrice).toBe(discounted!.subtotalPrice);
  });

  test('a code not started yet is not valid; an expired one has expired and leaves the carts that had it', async () => {
    await makeCode({ code: 'SOON', kind: 'fixed', value: 100, startsAt: '2099-01-01T00:00:00Z' });
    await makeCode({ code: 'ENDING', kind: 'fixed', value: 100 });
    const c = await cart('10.0.0.4', 2);
    expect(await apply(c, 'SOON', '10.0.0.4')).toEqual({ status: 422, body: { error: 'Discount code SOON is not valid.' } });
    expect((await apply(c, 'ENDING', '10.0.0.4')).status).toBe(200);
    await operatorPatch('ENDING', { action: 'expire' });
    expect((await checkout(c))!.DiscountCodes).toEqual([]);
    const other = await cart('10.0.0.5');
    expect(await apply(other, 'ENDING', '10.0.0.5')).toEqual({ status: 422, body: { error: 'Discount code ENDING has expired.' } });
  });
});

describe('uses', () => {
  test('are counted when an order is placed; a used-up code is refused', async () => {
    await makeCode({ code: 'TWICE', kind: 'fixed', value: 300, maxUses: 2 });
    for (const ip of ['10.0.1.1', '10.0.1.2']) {
      const c = await cart(ip);
      expect((await apply(c, 'TWICE', ip)).status).toBe(200);
      expect((await pay(c, ip)).statusCode).toBe(303);
      expect((await orderOf(c.checkoutId))).toMatchObject({ discount_codes: 'TWICE', discount_cents: 300 });
    }
    expect(await uses('TWICE')).toBe(2);
    expect((await redemptions('TWICE')).map((r) => r.ip)).toEqual(['10.0.1.1', '10.0.1.2']);
    const late = await cart('10.0.1.3');
    expect(await apply(late, 'TWICE', '10.0.1.3')).toEqual({ status: 422, body: { error: 'Discount code TWICE has been fully redeemed.' } });
    // an operator giving it more uses brings it back
    await operatorPatch('TWICE', { maxUses: 3 });
    expect((await apply(late, 'TWICE', '10.0.1.3')).status).toBe(200);
  });

  test('a code once per IP refuses an address that placed an order with it, not another address', async () => {
    await makeCode({ code: 'ONEPERIP', kind: 'percentage', value: 15, oncePerIp: true });
    const first = await cart('203.0.113.7');
    expect((await apply(first, 'ONEPERIP', '203.0.113.7')).status).toBe(200);
    // applied but not placed yet: another shopper at the address may still apply it
    const neighbour = await cart('203.0.113.7');
    expect((await apply(neighbour, 'ONEPERIP', '203.0.113.7')).status).toBe(200);
    expect((await pay(first, '203.0.113.7')).statusCode).toBe(303);
    const again = await cart('203.0.113.7');
    expect(await apply(again, 'ONEPERIP', '203.0.113.7')).toEqual({ status: 422, body: { error: 'Discount code ONEPERIP has already been redeemed from this IP address.' } });
    const elsewhere = await cart('198.51.100.20');
    expect((await apply(elsewhere, 'ONEPERIP', '198.51.100.20')).status).toBe(200);
    // the neighbour who applied it before the first order: not placed, the money given back
    const refused = await pay(neighbour, '203.0.113.7');
    expect(refused.statusCode).not.toBe(303);
    expect(refused.body).toContain('Discount code ONEPERIP has already been redeemed from this IP address.');
    expect(await orderOf(neighbour.checkoutId)).toBeUndefined();
    expect(await uses('ONEPERIP')).toBe(1);
  });

  test('the exit popup\'s code is once per customer and once per IP, as the popup says', async () => {
    const c = await cart('192.0.2.50');
    expect((await apply(c, 'FIRST10', '192.0.2.50')).status).toBe(200);
    expect((await pay(c, '192.0.2.50')).statusCode).toBe(303);
    const sameAddress = await cart('192.0.2.50');
    expect((await apply(sameAddress, 'FIRST10', '192.0.2.50')).body).toEqual({ error: 'Discount code FIRST10 has already been redeemed from this IP address.' });
  });
});

describe('two shoppers taking the last use at once', () => {
  test('through the hosted checkout: one order carries the code; a shopper refused is not placed and gets the money back', async () => {
    await makeCode({ code: 'LASTONE', kind: 'fixed', value: 500, maxUses: 1 });
    const a = await cart('10.0.2.1', 2);
    const b = await cart('10.0.2.2', 2);
    expect((await apply(a, 'LASTONE', '10.0.2.1')).status).toBe(200);
    expect((await apply(b, 'LASTONE', '10.0.2.2')).status).toBe(200);
    const answers = await Promise.all([pay(a, '10.0.2.1'), pay(b, '10.0.2.2')]);
    const orders = await Promise.all([a, b].map(async (c) => await orderOf(c.checkoutId)));
    // the one use went to one order; a shopper whose checkout quoted after it paid the full price
    expect(orders.filter((o) => o?.discount_codes === 'LASTONE')).toHaveLength(1);
    expect(await uses('LASTONE')).toBe(1);
    expect(await redemptions('LASTONE')).toHaveLength(1);
    for (const [i, c] of [a, b].entries()) {
      const refunds = await db.all<{ status: string; amount_cents: number; paid: number }>(
        'SELECT r.status, r.amount_cents, p.amount_cents AS paid FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.checkout_id = ?', [c.checkoutId]);
      if (orders[i] === undefined) {
        // refused: not placed, the payment given back in full, the cart still there without the code
        expect(answers[i]!.statusCode).not.toBe(303);
        expect(refunds.map((r) => [r.status, Number(r.amount_cents) === Number(r.paid)])).toEqual([['succeeded', true]]);
        expect((await checkout(c))!.DiscountCodes).toEqual([]);
      } else {
        expect(answers[i]!.statusCode).toBe(303);
        expect(refunds).toEqual([]);
      }
    }
  });

  test('placing two paid checkouts at once, each paid with the discount: one is placed, the other refused (409) and nothing of it written', async () => {
    await makeCode({ code: 'FINALUSE', kind: 'fixed', value: 700, maxUses: 1 });
    const carts = [await cart('10.0.3.1', 2), await cart('10.0.3.2', 2)];
    for (const [i, c] of carts.entries()) expect((await apply(c, 'FINALUSE', `10.0.3.${i + 1}`)).status).toBe(200);
    const { placeOrder } = await import('../../../../src/server/modules/checkout/orders.ts');
    const { priceCheckout } = await import('../../../../src/server/modules/checkout/checkouts.ts');
    // what each shopper paid: the cart with its discount, as the checkout page quoted it before paying
    const paid = await Promise.all(carts.map(async (c) => (await priceCheckout(db, c.checkoutId)).totalCents));
    const address: OrderAddress = { firstName: 'Pat', lastName: 'Pool', company: null, address1: '1 Lagoon Way', address2: null, city: 'Tacoma', zip: '98402', phone: '3605550100', countryCode: 'US', stateCode: 'WA' };
    const results = await Promise.allSettled(carts.map((c, i) => placeOrder(db, null, c.checkoutId, {
      email: `race${i}@example.com`, address, payment: { token: `tp_race_${i}`, brand: 'Visa', last4: '4242' },
      // the paid flow's own check: the money taken must be the total placed
      quote: async (_tx, _lines, price) => {
        if (price.totalCents !== paid[i]) throw Object.assign(new Error('amount'), { statusCode: 409 });
        const totals: QuoteTotals = { linesCents: price.linesCents, discountCents: price.discountCents, subtotalCents: price.linesCents - price.discountCents, shippingCents: price.shippingCents ?? 0, taxCents: 0, totalCents: price.totalCents };
        // placing reads only the quote's totals
        return { totals } satisfies Pick<ShippingQuote, 'totals'> as ShippingQuote;
      },
    })));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as { statusCode?: number }).statusCode).toBe(409);
    expect(await uses('FINALUSE')).toBe(1);
    expect(await redemptions('FINALUSE')).toHaveLength(1);
    const placedOrders = await Promise.all(carts.map(async (c) => await orderOf(c.checkoutId)));
    expect(placedOrders.filter((o) => o !== undefined).map((o) => [o!.discount_codes, o!.discount_cents])).toEqual([['FINALUSE', 700]]);
  });

  test('the count itself is the guard: a use taken after the cart was priced refuses the placing with the code\'s message', async () => {
    await makeCode({ code: 'GUARDED', kind: 'fixed', value: 100, maxUses: 1 });
    const c = await cart('10.0.4.1', 2);
    expect((await apply(c, 'GUARDED', '10.0.4.1')).status).toBe(200);
    const { redeemDiscounts } = await import('../../../../src/server/modules/checkout/discounts.ts');
    const order = await orderOfAny();
    await db.run("UPDATE discount_codes SET uses = 1 WHERE code = 'GUARDED'");
    await expect(db.transaction(async (tx) => await redeemDiscounts(tx, { orderId: order, checkoutId: c.checkoutId, customerId: c.customerId, codes: ['GUARDED'], at: new Date().toISOString() })))
      .rejects.toMatchObject({ statusCode: 409, message: 'Discount code GUARDED has been fully redeemed.' });
    expect(await uses('GUARDED')).toBe(1);
    expect(await redemptions('GUARDED')).toEqual([]);
  });
});

/** Any placed order's id (a redemption row names one). */
async function orderOfAny(): Promise<number> {
  return (await db.get<{ id: number }>('SELECT id FROM orders ORDER BY id LIMIT 1'))!.id;
}
