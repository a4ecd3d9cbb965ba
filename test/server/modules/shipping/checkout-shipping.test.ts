/**
 * The hosted checkout charges the quote: the shipments, options, freight choices, notices and
 * sales tax of the address; refused destinations answer 422 with the domain's message next to
 * the field; the order stores the quote the domain gives for the same inputs, its totals are
 * lines − discount + shipping + tax, and the confirmation mail lists the shipments and the tax.
 */
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { prop65FullWarning, quoteShipment, type QuoteLine } from '../../../../src/domain/shipping/index.ts';
import { escapeHtml, latin1Html } from '../../../../src/server/modules/checkout/checkout-page.html.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { shippingTables } from '../../../../src/server/modules/shipping/service.ts';
import { call, checkoutIdOf, createSession } from '../checkout/cart.helpers.ts';
import { CALIFORNIA_FORM, FIXTURES, fixtureLevel, fixtureLine, PINNED_NOW, shippingApp, type FixtureProduct } from './shipping.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
type Name = keyof typeof FIXTURES;
const levels = {} as Record<Name, number>;

beforeAll(async () => {
  ({ app, db } = await shippingApp());
  for (const name of Object.keys(FIXTURES) as Name[]) levels[name] = await fixtureLevel(db, FIXTURES[name]);
});
afterAll(async () => {
  await app.close();
});

const californiaForm: Record<string, string> = { ...CALIFORNIA_FORM };

async function cartWith(items: readonly (readonly [Name, number])[]): Promise<{ cookie: string; id: string }> {
  const { cookie } = await createSession(db);
  const res = await call(app, 'POST', '/api/checkouts/lineItems', {
    cookie, body: { lineItems: items.map(([name, quantity]) => ({ inventoryLevelId: levels[name], quantity })) }, headers: { 'idempotency-key': `s-${Math.random()}` },
  });
  expect(res.status).toBe(200);
  return { cookie, id: checkoutIdOf(res.body.checkout) };
}

function post(cookie: string, id: string, form: Record<string, string>) {
  return app.inject({ method: 'POST', url: `/checkout/${id}`, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
}

interface OrderRow { id: number; subtotal_cents: number; discount_cents: number; shipping_cents: number; tax_cents: number; total_cents: number; shipping_quote_json: string }

const orderOf = async (id: string) => await db.get<OrderRow>('SELECT * FROM orders WHERE checkout_id = ?', [id]);

const CA_DESTINATION = { zip: '92101', state: 'CA', country: 'US', address1: '1 Harbor Dr', address2: null, phone: '6195550100' };

describe('the checkout page quotes the address', () => {
  test('chlorine, a pump and a filter to California: three shipments, the Prop 65 warning and a sales tax row before payment', async () => {
    const { cookie, id } = await cartWith([['chlorine', 1], ['pump', 1], ['filter', 1]]);
    const res = await post(cookie, id, { ...californiaForm, action: 'quote' });
    expect(res.statusCode).toBe(200);
    const page = res.body;
    expect(page).toContain('Shipment 1 of 3: Parcels by Ground');
    expect(page).toContain('Shipment 2 of 3: Pool chemicals by Ground');
    expect(page).toContain('Shipment 3 of 3: Freight by Freight');
    // the step writes characters past Latin-1 as references ('⚠' as '&#9888;'): the same text in a browser
    expect(page).toContain(latin1Html(escapeHtml(prop65FullWarning(FIXTURES.pump.notices)!)));
    expect(page).toContain('&#9888; WARNING: This product can expose you to chemicals including lead, which is known to the State of California to cause cancer and birth defects or other reproductive harm.');
    expect(page).toMatch(/<dt>Sales tax \(CA 7\.75%\)<\/dt><dd>\$[\d,]+\.\d\d<\/dd>/);
    // freight's phone, liftgate, residential and curbside words; the hazmat split wording of the options
    expect(page).toContain('Freight needs a phone number: the carrier calls before delivery to book a time.');
    expect(page).toContain('name="liftgate" value="1" checked');
    expect(page).toContain('name="residential" value="1" checked');
    expect(page).toContain('Freight is delivered to the curb only');
    expect(page).toContain('Ship the rest by Next Day, the chemicals by ground');
    expect(page).toContain('Pool chemicals ship by ground only, within the contiguous US.');
    // the order page's totals are the domain's for the same inputs
    const expected = quoteShipment(
      [fixtureLine(levels.chlorine, FIXTURES.chlorine), fixtureLine(levels.pump, FIXTURES.pump), fixtureLine(levels.filter, FIXTURES.filter)],
      CA_DESTINATION, PINNED_NOW, shippingTables(), { purpose: 'order' },
    );
    if (!expected.ok) throw new Error(expected.error.message);
    expect(page).toContain(`Place order · $${(expected.value.totals.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });

  test('without an address the guest sees how to get the options, and the cart\'s flat total', async () => {
    const { cookie, id } = await cartWith([['basket', 1]]);
    const res = await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
    expect(res.body).toContain('Enter your shipping address and choose Update shipping');
    expect(res.body).toContain('Place order · $22.94');
    expect(res.body).not.toContain('Sales tax');
  });

  test('the chosen option is a form field: 2-Day to Washington charges the 2-Day parcels and ground chemicals', async () => {
    const { cookie, id } = await cartWith([['basket', 2], ['trichlor', 1]]);
    const form = { ...californiaForm, address1: '9 Jet St', city: 'Seattle', stateCode: 'WA', zip: '98101', service: '2-day' };
    expect((await post(cookie, id, form)).statusCode).toBe(303);
    const order = await orderOf(id);
    const quote = JSON.parse(order!.shipping_quote_json);
    expect(quote.selected).toBe('2-day');
    expect(quote.shipments.map((s: { kind: string; service: string }) => `${s.kind}:${s.service}`)).toEqual(['parcel:2-day', 'hazmat:ground']);
  });
});

describe('the state of a US address', () => {
  test('left out, the form asks for it (the address form requires the state) and nothing is placed', async () => {
    const { cookie, id } = await cartWith([['basket', 1]]);
    const res = await post(cookie, id, { ...californiaForm, stateCode: '' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('aria-invalid="true" aria-describedby="f-stateCode-error"');
    expect(await orderOf(id)).toBeUndefined();
  });
});

describe('refused destinations answer 422 with the message next to the field', () => {
  test.each([
    ['chemicals to Alaska', [['chlorine', 1]], { stateCode: 'AK', zip: '99501', city: 'Anchorage' }, 'stateCode',
      "Pool chemicals ship by ground within the contiguous US only, so we can't send Liquid Chlorine 12.5% to AK. Remove it or ship to another address."],
    ['freight without a phone', [['filter', 1]], { phone: '' }, 'phone', 'Freight deliveries need a phone number: the carrier calls before it comes. Enter a phone number.'],
    ['chemicals to a PO box', [['trichlor', 1]], { address1: 'PO Box 12' }, 'address1', "Pool chemicals can't ship to a PO box. Enter a street address."],
    ['a state that is not the ZIP\'s', [['basket', 1]], { stateCode: 'NV' }, 'stateCode', 'ZIP code 92101 is in CA, not NV. Check the state and the ZIP code.'],
    ['an unknown ZIP', [['basket', 1]], { zip: '00001' }, 'zip', 'ZIP code 00001 is not a US ZIP code we know. Check it and try again.'],
  ] as const)('%s', async (_name, items, change, field, message) => {
    const { cookie, id } = await cartWith(items);
    const before = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))?.n;
    const res = await post(cookie, id, { ...californiaForm, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(`aria-invalid="true" aria-describedby="f-${field}-error"`);
    expect(res.body).toContain(`<span class="field-error" id="f-${field}-error">${escapeHtml(message)}</span>`);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))?.n).toBe(before);
    // the Update shipping button shows the same refusal, without placing
    const again = await post(cookie, id, { ...californiaForm, ...change, action: 'quote' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(escapeHtml(message));
  });
});

describe('the order stores and charges the quote', () => {
  test("the stored quote is the domain's for the same inputs; totals = lines − discount + shipping + tax; the mail lists shipments and tax", async () => {
    const { cookie, id } = await cartWith([['chlorine', 1], ['pump', 1], ['filter', 1]]);
    expect((await post(cookie, id, californiaForm)).statusCode).toBe(303);
    const order = await orderOf(id);
    const stored = JSON.parse(order!.shipping_quote_json);
    const expected = quoteShipment(
      [fixtureLine(levels.chlorine, FIXTURES.chlorine), fixtureLine(levels.pump, FIXTURES.pump), fixtureLine(levels.filter, FIXTURES.filter)],
      CA_DESTINATION, PINNED_NOW, shippingTables(), { purpose: 'order', service: 'ground', liftgate: true, residential: true, discountCents: 0, freeShipping: false },
    );
    if (!expected.ok) throw new Error(expected.error.message);
    expect(stored).toEqual(JSON.parse(JSON.stringify(expected.value)));
    expect(order!.total_cents).toBe(order!.subtotal_cents - order!.discount_cents + order!.shipping_cents + order!.tax_cents);
    expect(order).toMatchObject({ subtotal_cents: expected.value.totals.linesCents, shipping_cents: expected.value.totals.shippingCents, tax_cents: expected.value.totals.taxCents });
    expect(order!.tax_cents).toBeGreaterThan(0);
    const tx = await db.get<{ amount_cents: number }>('SELECT amount_cents FROM transactions WHERE order_id = ?', [order!.id]);
    expect(tx?.amount_cents).toBe(order!.total_cents);
    const mail = await db.get<{ text_body: string; subject: string }>("SELECT * FROM email_outbox WHERE kind = 'order-confirmation' AND to_address = ? ORDER BY id DESC", ['pool@example.com']);
    expect(mail?.subject).toContain(`#${order!.id}`);
    for (const s of expected.value.shipments) expect(mail?.text_body).toContain(`${s.title} by ${s.serviceName}. ${s.dates.arrivalText}`);
    expect(mail?.text_body).toContain(`Sales tax (CA 7.75%): $${(order!.tax_cents / 100).toFixed(2)}`);
    expect(mail?.text_body).toContain(prop65FullWarning(FIXTURES.pump.notices)!);
    // the confirmation page shows the shipments and the tax row
    const page = await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
    expect(page.body).toContain('Shipment 3 of 3: Freight by Freight');
    expect(page.body).toContain('<dt>Sales tax (CA 7.75%)</dt>');
  });

  test('a discount code comes off the lines before tax, to the cent', async () => {
    const { cookie, id } = await cartWith([['pump', 1], ['basket', 3]]);
    const applied = await call(app, 'POST', `/api/checkouts/${id}/discountCodes?code=SAVE10`, { cookie });
    expect(applied.status).toBe(200);
    expect((await post(cookie, id, californiaForm)).statusCode).toBe(303);
    const order = await orderOf(id);
    expect(order!.discount_cents).toBeGreaterThan(0);
    expect(order!.total_cents).toBe(order!.subtotal_cents - order!.discount_cents + order!.shipping_cents + order!.tax_cents);
    const quote = JSON.parse(order!.shipping_quote_json);
    expect(quote.tax.totalCents).toBe(quote.tax.lines.reduce((n: number, l: { taxCents: number }) => n + l.taxCents, 0) + quote.tax.shippingTaxCents);
  });

  test("property: for generated carts and destinations, the stored totals are quoteShipment's", async () => {
    const names = Object.keys(FIXTURES) as Name[];
    const destinations = [
      { stateCode: 'CA', zip: '92101', city: 'San Diego' },
      { stateCode: 'WA', zip: '98032', city: 'Kent' },
      { stateCode: 'TX', zip: '78701', city: 'Austin' },
      { stateCode: 'OR', zip: '97201', city: 'Portland' },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: names.length }).chain((picked) => fc.tuple(fc.constant(picked), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: picked.length, maxLength: picked.length }))),
        fc.constantFrom(...destinations),
        fc.constantFrom('ground', '2-day', 'next-day'),
        fc.boolean(),
        async ([picked, quantities], destination, service, liftgate) => {
          const items = picked.map((name, i) => [name, quantities[i]!] as const);
          const { cookie, id } = await cartWith(items);
          const form = { ...californiaForm, ...destination, service, freightChoices: '1', residential: '1', ...(liftgate ? { liftgate: '1' } : {}) };
          const res = await post(cookie, id, form);
          expect(res.statusCode).toBe(303);
          const order = await orderOf(id);
          const lines: QuoteLine[] = items.map(([name, quantity]) => fixtureLine(levels[name], FIXTURES[name] as FixtureProduct, quantity));
          const expected = quoteShipment(lines, { ...CA_DESTINATION, zip: destination.zip, state: destination.stateCode }, PINNED_NOW, shippingTables(), {
            purpose: 'order', service, liftgate, residential: true,
          });
          if (!expected.ok) throw new Error(expected.error.message);
          const t = expected.value.totals;
          expect([order!.subtotal_cents, order!.discount_cents, order!.shipping_cents, order!.tax_cents, order!.total_cents])
            .toEqual([t.linesCents, t.discountCents, t.shippingCents, t.taxCents, t.totalCents]);
          expect(order!.total_cents).toBe(order!.subtotal_cents - order!.discount_cents + order!.shipping_cents + order!.tax_cents);
        },
      ),
      { numRuns: 25 },
    );
  });
});
