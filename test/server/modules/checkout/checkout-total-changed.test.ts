/**
 * The hosted checkout never charges a total the shopper was not shown, on both databases: the page
 * that showed a total with shipping and tax carries it in the form; when the code in it loses its
 * last use to another shopper before the form is sent, nothing is charged and no order is placed,
 * the page answers 422 with the new total and why, and sending that page again pays the new total.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { totalChangedMessage } from '../../../../src/server/modules/checkout/checkout-page.service.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { checkoutIdOf, signedInShopper } from './cart.helpers.ts';
import { CHECKOUT_FORM, freshLevels, ordersApp, sessionHeaders, signedInOperator } from '../orders-admin/orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  const owner = await signedInOperator(app, 'owner');
  const made = await app.inject({ method: 'POST', url: '/api/admin/discounts', headers: sessionHeaders(owner), payload: { code: 'LASTCALL', kind: 'percentage', value: 10, maxUses: 1 } });
  if (made.statusCode !== 200) throw new Error(made.body);
});
afterAll(async () => {
  await app?.close();
});

const json = { 'content-type': 'application/json', accept: 'application/json' };

/** A signed-in shopper's cart with one of a fresh level and the code applied. */
async function cartWithCode(): Promise<{ cookie: string; checkoutId: string }> {
  const shopper = await signedInShopper(db);
  const [level] = await freshLevels(db, 1);
  const added = await app.inject({ method: 'POST', url: '/api/checkouts/lineItems', headers: { ...json, cookie: shopper.cookie }, payload: { inventoryLevelId: level, quantity: 1 } });
  if (added.statusCode !== 200) throw new Error(added.body);
  const checkoutId = checkoutIdOf(added.json().checkout);
  const applied = await app.inject({ method: 'POST', url: `/api/checkouts/${checkoutId}/discountCodes?code=LASTCALL`, headers: { ...json, cookie: shopper.cookie } });
  if (applied.statusCode !== 200) throw new Error(applied.body);
  return { cookie: shopper.cookie, checkoutId };
}

/** Sends the checkout form (with the hidden fields a page put in it). */
const post = (c: { cookie: string; checkoutId: string }, fields: Record<string, string>) =>
  app.inject({
    method: 'POST', url: `/checkout/${c.checkoutId}`,
    headers: { cookie: c.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString(),
  });

/** The hidden fields of the page's form. */
function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="(shownTotalCents|shownCodes)" value="([^"]*)">/g)) out[m[1]!] = m[2]!;
  return out;
}

const paymentsOf = async (checkoutId: string) => Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM payments WHERE checkout_id = ?', [checkoutId]))!.n);
const orderOf = (checkoutId: string) => db.get<{ total_cents: number; discount_cents: number; discount_codes: string | null }>('SELECT total_cents, discount_cents, discount_codes FROM orders WHERE checkout_id = ?', [checkoutId]);

test('a code whose last use goes between showing and sending: 422 with the new total, nothing charged; sent again, the new total is paid', async () => {
  const mine = await cartWithCode();
  // the page with shipping and tax for the address typed (the form's "update shipping")
  const shown = await post(mine, { ...CHECKOUT_FORM, action: 'quote' });
  expect(shown.statusCode).toBe(200);
  const hidden = hiddenFields(shown.body);
  expect(hidden.shownCodes).toBe('LASTCALL');
  const shownTotal = Number(hidden.shownTotalCents);
  expect(shownTotal).toBeGreaterThan(0);

  // another shopper takes the code's last use
  const other = await cartWithCode();
  expect((await post(other, CHECKOUT_FORM)).statusCode).toBe(303);
  expect((await orderOf(other.checkoutId))?.discount_codes).toContain('LASTCALL');

  const refused = await post(mine, { ...CHECKOUT_FORM, ...hidden });
  expect(refused.statusCode).toBe(422);
  expect(await paymentsOf(mine.checkoutId)).toBe(0);
  expect(await orderOf(mine.checkoutId)).toBeUndefined();
  const again = hiddenFields(refused.body);
  const newTotal = Number(again.shownTotalCents);
  expect(newTotal).toBeGreaterThan(shownTotal);
  expect(again.shownCodes).toBe('');
  const message = totalChangedMessage(newTotal, ['LASTCALL']);
  expect(message).toMatch(/^Your order total changed to \$\d+\.\d\d because LASTCALL is no longer available\. Check it and place your order again\.$/);
  expect(refused.body).toContain(`<p class="alert" role="alert" id="form-error">${message}</p>`);
  // the page shows that total in its summary
  expect(refused.body).toContain(message.slice('Your order total changed to '.length, message.indexOf(' because')));

  const paid = await post(mine, { ...CHECKOUT_FORM, ...again });
  expect(paid.statusCode).toBe(303);
  expect(await orderOf(mine.checkoutId)).toMatchObject({ total_cents: newTotal, discount_cents: 0 });
  expect(await paymentsOf(mine.checkoutId)).toBe(1);
});

test('the same total as shown is paid at once', async () => {
  const shopper = await signedInShopper(db);
  const [level] = await freshLevels(db, 1);
  const added = await app.inject({ method: 'POST', url: '/api/checkouts/lineItems', headers: { ...json, cookie: shopper.cookie }, payload: { inventoryLevelId: level, quantity: 2 } });
  const c = { cookie: shopper.cookie, checkoutId: checkoutIdOf(added.json().checkout) };
  const hidden = hiddenFields((await post(c, { ...CHECKOUT_FORM, action: 'quote' })).body);
  expect(hidden.shownTotalCents).toMatch(/^\d+$/);
  expect((await post(c, { ...CHECKOUT_FORM, ...hidden })).statusCode).toBe(303);
  expect((await orderOf(c.checkoutId))?.total_cents).toBe(Number(hidden.shownTotalCents));
});
