/**
 * The back office's customers (modules/customers-admin), on both databases: search by email,
 * name and phone, paged; a customer's page with addresses, wallet cards as brand and last four,
 * and orders, never a password hash, a processor token or a card number; the storefront's reset
 * mail sent on an operator's request (audited in its transaction, the older link ended, the
 * per-address limit kept); who may; junk input 400 with nothing written.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { searchTerms } from '../../../../src/server/modules/customers-admin/service.ts';
import { createCustomer, signedInShopper } from '../checkout/cart.helpers.ts';
import { lastLinkToken } from '../accounts/account.helpers.ts';
import { freshLevels, ordersApp, placeOrder, sessionHeaders, signedInOperator, type SignedInOperator } from '../orders-admin/orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const SECRET_HASH = 'scrypt$16384$8$1$c2VjcmV0LXNhbHQ$SECRET-HASH-never-shown';
const SECRET_TOKEN = 'tok_processor_secret_never_shown';

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;
let staff: SignedInOperator;
let fulfilment: SignedInOperator;
let customersToken = '';
let ordersToken = '';
let customerCookie = '';
const ids = { ann: 0, bob: 0, carl: 0, buyer: 0 };
let buyerEmail = '';
let orderTotal = 0;

async function customer(email: string, first: string, last: string): Promise<number> {
  const id = await createCustomer(db, email);
  await db.run('UPDATE customers SET first_name = ?, last_name = ?, password_hash = ? WHERE id = ?', [first, last, SECRET_HASH, id]);
  return id;
}

async function address(customerId: number, phone: string, isDefault: boolean): Promise<void> {
  await db.run(
    `INSERT INTO mailing_addresses (customer_id, first_name, last_name, address1, city, zip, phone, country_code, state_code, is_default, created_at)
     VALUES (?, 'Ann', 'Swimmer', '1200 Lakeview Ave', 'Seattle', '98101', ?, 'US', 'WA', ?, '2024-01-01T00:00:00.000Z')`,
    [customerId, phone, isDefault ? 1 : 0],
  );
}

async function token(scopes: string[]): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/tokens', headers: sessionHeaders(owner), payload: { name: scopes.join('+'), scopes } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().token as string;
}

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const reset = (id: number, headers: Record<string, string>) => app.inject({ method: 'POST', url: `/api/admin/customers/${id}/password-reset`, headers });
const noBody = (op: SignedInOperator) => ({ cookie: op.cookie, 'x-csrf-token': op.csrf });
const written = async () => JSON.stringify([
  (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log'))!.n,
  (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM email_outbox'))!.n,
  (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM auth_tokens'))!.n,
]);

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  owner = await signedInOperator(app, 'owner');
  staff = await signedInOperator(app, 'staff');
  fulfilment = await signedInOperator(app, 'fulfilment');
  customersToken = await token(['customers']);
  ordersToken = await token(['orders', 'catalogue', 'dashboard']);
  customerCookie = (await signedInShopper(db)).cookie;
  ids.ann = await customer('ann.swimmer@pools.example', 'Ann', 'Swimmer');
  ids.bob = await customer('bob@spa.example', 'Bob', 'Lagoon');
  ids.carl = await customer('carl_100%@example.com', 'Carl', 'Deep-End');
  await address(ids.ann, '(206) 555-0123', true);
  await address(ids.ann, '+1 360.555.0199', false);
  await address(ids.bob, '415-555-0000', true);
  await db.run(
    `INSERT INTO payment_methods (customer_id, processor_token, brand, exp_month, exp_year, last4, name, created_at)
     VALUES (?, ?, 'Visa', 12, 2099, '4242', 'Ann Swimmer', '2024-01-01T00:00:00.000Z')`,
    [ids.ann, SECRET_TOKEN],
  );
  // a shopper who bought through the hosted checkout
  const [level] = await freshLevels(db, 1);
  const placed = await placeOrder(app, db, [{ levelId: level!, quantity: 2 }]);
  const order = (await db.get<{ customer_id: number; total_cents: number }>('SELECT customer_id, total_cents FROM orders WHERE id = ?', [placed.orderId]))!;
  ids.buyer = order.customer_id;
  orderTotal = order.total_cents;
  buyerEmail = placed.email;
});
afterAll(async () => {
  await app?.close();
});

describe('the search', () => {
  test.each([
    ['ann.swimmer', () => [ids.ann]],
    ['POOLS.EXAMPLE', () => [ids.ann]],
    ['bob lagoon', () => [ids.bob]],
    ['Swimmer', () => [ids.ann]],
    ['deep-end', () => [ids.carl]],
    // LIKE's own characters are literal
    ['100%', () => [ids.carl]],
    ['_', () => [ids.carl]],
    // phone numbers, whatever their separators
    ['2065550123', () => [ids.ann]],
    ['(206) 555', () => [ids.ann]],
    ['360-555-0199', () => [ids.ann]],
    ['555', () => [ids.bob, ids.ann]],
    ['nobody-at-all', () => []],
  ])('q=%s', async (q, expected) => {
    const res = await get(`/api/admin/customers?q=${encodeURIComponent(q)}`, sessionHeaders(staff));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customers.map((c: { id: number }) => c.id)).toEqual(expected());
  });

  test('answers each customer\'s name, email and order count, newest first, never a hash', async () => {
    const res = await get('/api/admin/customers', bearer(customersToken));
    expect(res.statusCode).toBe(200);
    const list = res.json().customers as { id: number; orders: number }[];
    expect(list.map((c) => c.id)).toEqual([...list.map((c) => c.id)].sort((a, b) => b - a));
    expect(list.find((c) => c.id === ids.ann)).toEqual({
      id: ids.ann, email: 'ann.swimmer@pools.example', firstName: 'Ann', lastName: 'Swimmer', emailVerified: false, createdAt: expect.any(String), orders: 0,
    });
    expect(list.find((c) => c.id === ids.buyer)?.orders).toBe(1);
    expect(res.body).not.toContain('SECRET-HASH');
  });

  test('pages with before = nextBefore, every customer once', async () => {
    const all = (await get('/api/admin/customers?limit=200', sessionHeaders(owner))).json().customers.map((c: { id: number }) => c.id);
    const seen: number[] = [];
    let before: number | null = null;
    for (let i = 0; i < 50; i++) {
      const page = (await get(`/api/admin/customers?limit=2${before === null ? '' : `&before=${before}`}`, sessionHeaders(owner))).json() as { customers: { id: number }[]; nextBefore: number | null };
      seen.push(...page.customers.map((c) => c.id));
      before = page.nextBefore;
      if (before === null) break;
    }
    expect(seen).toEqual(all);
    expect(all.length).toBeGreaterThanOrEqual(5);
  });

  test.each([
    ['Ann', { text: 'ann' }],
    ['  (206) 555-01 ', { text: '(206) 555-01', digits: '20655501' }],
    ['+1 360', { text: '+1 360', digits: '1360' }],
    ['55', { text: '55' }],
    ['ann 206', { text: 'ann 206' }],
    ['', {}],
  ])('searchTerms(%j)', (q, terms) => {
    expect(searchTerms(q)).toEqual(terms);
  });
});

describe('a customer\'s page', () => {
  test('profile, addresses, cards as brand and last four, orders; never a hash, a token or a card number', async () => {
    const res = await get(`/api/admin/customers/${ids.ann}`, sessionHeaders(owner));
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().customer;
    expect(c).toMatchObject({ id: ids.ann, email: 'ann.swimmer@pools.example', firstName: 'Ann', lastName: 'Swimmer', emailVerified: false, recoveryEmail: null });
    expect(c.addresses.map((a: { phone: string; isDefault: boolean }) => [a.phone, a.isDefault])).toEqual([['(206) 555-0123', true], ['+1 360.555.0199', false]]);
    expect(c.addresses[0]).toMatchObject({ address1: '1200 Lakeview Ave', city: 'Seattle', zip: '98101', countryCode: 'US', stateCode: 'WA' });
    expect(c.cards).toEqual([{ id: expect.any(Number), brand: 'Visa', last4: '4242', giftCard: false, createdAt: '2024-01-01T00:00:00.000Z' }]);
    expect(c.orders).toEqual({ count: 0, totalCents: 0, recent: [] });
    expect(res.body).not.toMatch(/SECRET-HASH|tok_processor|password|processor|2099/i);
  });

  test('a buyer\'s orders: count, total and the latest with their statuses', async () => {
    const c = (await get(`/api/admin/customers/${ids.buyer}`, bearer(customersToken))).json().customer;
    expect(c.email).toBe(buyerEmail);
    expect(c.orders.count).toBe(1);
    expect(c.orders.totalCents).toBe(orderTotal);
    expect(c.orders.recent).toEqual([{ id: expect.any(Number), createdAt: expect.any(String), totalCents: orderTotal, currency: 'USD', state: 'open', paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled' }]);
  });

  test('an unknown customer answers 404; a malformed id 400', async () => {
    const missing = await get('/api/admin/customers/999999', sessionHeaders(owner));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Customer not found.' });
    for (const id of ['abc', '0', '-2', '1e3', '99999999999']) expect((await get(`/api/admin/customers/${id}`, sessionHeaders(owner))).statusCode, id).toBe(400);
  });
});

describe('a password-reset link on an operator\'s request', () => {
  test('sends the storefront\'s reset mail, ends the link mailed before it, and is audited', async () => {
    const first = await reset(ids.bob, noBody(owner));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, email: 'bob@spa.example' });
    const token1 = await lastLinkToken(db, 'bob@spa.example');
    const second = await reset(ids.bob, noBody(staff));
    expect(second.statusCode).toBe(200);
    const token2 = await lastLinkToken(db, 'bob@spa.example');
    expect(token2).not.toBe(token1);
    const mails = await db.all<{ subject: string; kind: string; text_body: string }>("SELECT subject, kind, text_body FROM email_outbox WHERE to_address = 'bob@spa.example' ORDER BY id");
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([['reset-password', 'Reset your Skimmer password'], ['reset-password', 'Reset your Skimmer password']]);
    expect(mails[1]!.text_body).toContain('/reset-password?token=');
    // the first link no longer works, the second does
    const use = (t: string) => app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { 'content-type': 'application/json' }, payload: { token: t, password: 'a brand new pool password' } });
    expect((await use(token1)).statusCode).toBe(400);
    expect((await use(token2)).statusCode).toBe(200);
    const rows = await db.all<{ actor_id: number; action: string; entity: string; entity_id: string; after_json: string }>(
      "SELECT actor_id, action, entity, entity_id, after_json FROM audit_log WHERE action = 'customer.password-reset' AND entity_id = ? ORDER BY id", [String(ids.bob)]);
    expect(rows.map((r) => [r.actor_id, r.entity])).toEqual([[owner.id, 'customer'], [staff.id, 'customer']]);
    expect(JSON.parse(rows[0]!.after_json)).toMatchObject({ email: 'bob@spa.example', mail: 'reset-password' });
  });

  test('past the storefront\'s per-address limit (3 an hour) it answers 429 and writes nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await reset(ids.carl, noBody(owner))).statusCode).toBe(200);
    const before = await written();
    const res = await reset(ids.carl, noBody(owner));
    expect(res.statusCode).toBe(429);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(await written()).toBe(before);
  });

  test('an unknown customer answers 404 and writes nothing', async () => {
    const before = await written();
    expect((await reset(999_999, noBody(owner))).statusCode).toBe(404);
    expect(await written()).toBe(before);
  });
});

describe('who may', () => {
  test('owners, staff and a customers token; not fulfilment, another token, a customer or nobody, and nothing is written', async () => {
    for (const headers of [sessionHeaders(owner), sessionHeaders(staff), bearer(customersToken)]) {
      expect((await get('/api/admin/customers', headers)).statusCode).toBe(200);
      expect((await get(`/api/admin/customers/${ids.ann}`, headers)).statusCode).toBe(200);
    }
    const before = await written();
    const refused: [Record<string, string>, number][] = [
      [noBody(fulfilment), 403], [bearer(ordersToken), 403], [{ cookie: customerCookie }, 401], [{}, 401], [{ cookie: customerCookie, 'x-csrf-token': owner.csrf }, 401],
    ];
    for (const [headers, code] of refused) {
      expect((await get('/api/admin/customers', headers)).statusCode, JSON.stringify(headers)).toBe(code);
      expect((await get(`/api/admin/customers/${ids.ann}`, headers)).statusCode, JSON.stringify(headers)).toBe(code);
    }
    // a session's write without its own CSRF token
    for (const [headers, code] of [...refused, [{ cookie: owner.cookie }, 403], [{ cookie: owner.cookie, 'x-csrf-token': staff.csrf }, 403]] as [Record<string, string>, number][]) {
      const res = await reset(ids.ann, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(code);
      expect(Object.keys(res.json())).toEqual(['error']);
    }
    expect(await written()).toBe(before);
  });
});

describe('junk input answers 400 { error } and writes nothing', () => {
  test.each(['q=', `q=${'x'.repeat(101)}`, 'limit=0', 'limit=500', 'before=0', 'before=x', 'q=a&q=b'])('GET /api/admin/customers?%s', async (query) => {
    const res = await get(`/api/admin/customers?${query}`, sessionHeaders(owner));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
  });

  test.each(['[]', '"x"', '{"email":"someone@else.example"}'])('POST /api/admin/customers/{id}/password-reset with a body %s', async (payload) => {
    const before = await written();
    const res = await app.inject({ method: 'POST', url: `/api/admin/customers/${ids.ann}/password-reset`, headers: sessionHeaders(owner), payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(await written()).toBe(before);
  });
});
