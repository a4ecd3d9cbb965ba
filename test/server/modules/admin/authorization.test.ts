/**
 * Every `/api/admin` route of the OpenAPI document, sent without the right credential: anonymously,
 * as a signed-in customer, with a customer's cookie and an operator's CSRF token, with another
 * operator's CSRF token, and with a role's session the route does not allow. Each answers 401 or
 * 403 and changes nothing (the store's tables are compared before and after). The permission a
 * route needs is read from the document (`x-operator-permission`), so the fulfilment role is sent
 * to every route that needs another (cancel, refunds, returns, notes: `orders:manage`). Junk
 * bodies on the module's writes answer 400 `{ error }` and write nothing. On both databases.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { ROLE_PERMISSIONS, type OperatorPermission } from '../../../../src/server/platform/http/operator-access.ts';
import { signedInShopper } from '../checkout/cart.helpers.ts';
import { freshLevels, ordersApp, placeOrder } from '../orders-admin/orders-admin.helpers.ts';
import { sessionHeaders, signedInOperator, type SignedInOperator } from './admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

/** The two routes a visitor without a session must reach: signing in and setting a password by link. */
const PUBLIC = ['POST /api/admin/session', 'POST /api/admin/password'];

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;
let fulfilment: SignedInOperator;
let customerCookie = '';
const routes: { method: string; path: string; url: string; hasBody: boolean; permission: string | undefined }[] = [];

const TABLES = [
  'operators', 'operator_sessions', 'operator_api_tokens', 'operator_links', 'audit_log', 'redirects', 'products', 'catalogue_imports',
  'orders', 'order_fulfilments', 'order_refunds', 'order_returns', 'order_notes', 'payment_refunds', 'email_outbox', 'discount_codes', 'discount_redemptions',
];

async function fingerprint(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of TABLES) {
    const exists = await db.get('SELECT 1 AS one FROM ' + table + ' LIMIT 1').then(() => true, () => false);
    if (!exists) continue;
    parts.push(table, (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
  }
  parts.push(await db.all('SELECT id, price_cents, compare_at_price_cents FROM products ORDER BY id'));
  parts.push(await db.all('SELECT id, role, name, disabled_at, password_hash FROM operators ORDER BY id'));
  parts.push(await db.all('SELECT id, revoked_at FROM operator_api_tokens ORDER BY id'));
  parts.push(await db.all('SELECT id, state, payment_status, fulfilment_status FROM orders ORDER BY id'));
  parts.push(await db.all('SELECT id, quantity FROM inventory_levels ORDER BY id'));
  return JSON.stringify(parts);
}

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  owner = await signedInOperator(app, 'owner');
  fulfilment = await signedInOperator(app, 'fulfilment');
  customerCookie = (await signedInShopper(db)).cookie;
  const productId = (await db.get<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1'))!.id;
  // an unshipped, paid order: what cancel, refunds and notes would change if they let a role through
  const orderId = (await placeOrder(app, db, [{ levelId: (await freshLevels(db, 1))[0]!, quantity: 2 }])).orderId;
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, { requestBody?: unknown; 'x-operator-permission'?: string }>> } }).swagger();
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/admin')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      // a real id where the route names one, so a refusal is the guard's and not a missing row's
      const id = path.startsWith('/api/admin/orders/') ? orderId : owner.id;
      const url = path.replace('{productId}', String(productId)).replace(/\{id\}/g, String(id)).replace(/\{[^}]+\}/g, '1');
      routes.push({ method: upper, path, url, hasBody: op.requestBody !== undefined, permission: op['x-operator-permission'] });
    }
  }
});
afterAll(async () => {
  await app?.close();
});

const send = (r: (typeof routes)[number], headers: Record<string, string>) =>
  app.inject({
    method: r.method as 'GET', url: r.url,
    headers: { ...headers, ...(r.hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(r.hasBody ? { payload: '{}' } : {}),
  });

test('the document lists the operators\' routes, the old ones and the new ones', () => {
  const names = routes.map((r) => `${r.method} ${r.path}`);
  for (const name of ['GET /api/admin/live-visitors', 'POST /api/admin/products/{productId}/price', 'POST /api/admin/redirects', 'POST /api/admin/imports', 'GET /api/admin/me', 'POST /api/admin/operators', 'DELETE /api/admin/tokens/{id}', 'GET /api/admin/audit', ...PUBLIC]) {
    expect(names).toContain(name);
  }
});

describe.each([
  ['anonymously', () => ({}), [401]],
  ['as a signed-in customer', () => ({ cookie: customerCookie }), [401]],
  ['with a customer\'s cookie and an operator\'s CSRF token', () => ({ cookie: customerCookie, 'x-csrf-token': owner.csrf }), [401]],
  ['with the operators\' cookie name holding a customer\'s session token', () => ({ cookie: customerCookie.replace('skimmer_sid=', 'skimmer_op='), 'x-csrf-token': owner.csrf }), [401]],
] as const)('every guarded route %s', (_who, headers, codes) => {
  test('answers 401 or 403 with { error } and changes nothing', async () => {
    const before = await fingerprint();
    for (const r of routes.filter((x) => !PUBLIC.includes(`${x.method} ${x.path}`))) {
      const res = await send(r, headers());
      expect(codes, `${r.method} ${r.path}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(Object.keys(res.json())).toEqual(['error']);
    }
    expect(await fingerprint()).toBe(before);
  });
});

test('every guarded write with an operator\'s cookie and another operator\'s CSRF token answers 403 and changes nothing', async () => {
  const before = await fingerprint();
  for (const r of routes.filter((x) => x.method !== 'GET' && !PUBLIC.includes(`${x.method} ${x.path}`))) {
    const res = await send(r, { cookie: owner.cookie, 'x-csrf-token': fulfilment.csrf });
    expect(res.statusCode, `${r.method} ${r.path}`).toBe(403);
  }
  expect(await fingerprint()).toBe(before);
});

test('the document names the permission of every operators\' route', () => {
  for (const r of routes) {
    const expected = PUBLIC.includes(`${r.method} ${r.path}`) ? ['public'] : ROLE_PERMISSIONS.owner;
    expect(expected, `${r.method} ${r.path}`).toContain(r.permission);
  }
  const of = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.permission;
  expect(of('GET', '/api/admin/orders')).toBe('orders');
  expect(of('POST', '/api/admin/orders/{id}/fulfilments')).toBe('orders');
  for (const path of ['/api/admin/orders/{id}/cancel', '/api/admin/orders/{id}/refunds', '/api/admin/orders/{id}/returns', '/api/admin/orders/{id}/returns/{rid}/receive', '/api/admin/orders/{id}/notes']) {
    expect(of('POST', path), path).toBe('orders:manage');
  }
});

test('every route the fulfilment role may not use answers it 403 and changes nothing', async () => {
  const before = await fingerprint();
  const refused = routes.filter((r) => !PUBLIC.includes(`${r.method} ${r.path}`));
  const checked: string[] = [];
  for (const r of refused) {
    if (ROLE_PERMISSIONS.fulfilment.includes(r.permission as OperatorPermission)) continue;
    const res = await send(r, { cookie: fulfilment.cookie, 'x-csrf-token': fulfilment.csrf });
    expect(res.statusCode, `${r.method} ${r.path}`).toBe(403);
    expect(res.json(), `${r.method} ${r.path}`).toEqual({ error: 'Your role does not allow this.' });
    checked.push(`${r.method} ${r.path}`);
  }
  expect(checked.length).toBeGreaterThan(10);
  // the order calls that move money, take goods back or write notes are among them
  expect(checked).toEqual(expect.arrayContaining(['POST /api/admin/orders/{id}/cancel', 'POST /api/admin/orders/{id}/refunds', 'POST /api/admin/orders/{id}/returns', 'POST /api/admin/orders/{id}/returns/{rid}/receive', 'POST /api/admin/orders/{id}/notes']));
  expect(await fingerprint()).toBe(before);
});

test('the fulfilment role\'s own order calls are let through (a real order, read and listed)', async () => {
  for (const r of routes.filter((x) => x.method === 'GET' && x.permission === 'orders')) {
    const res = await send(r, { cookie: fulfilment.cookie });
    expect(res.statusCode, `${r.method} ${r.path}: ${res.body}`).toBe(200);
  }
});

describe('junk bodies on the module\'s writes answer 400 { error } and write nothing', () => {
  const JUNK = ['{}', '[]', '"text"', '{"email":7}', '{"unknown":true}', '{"name":"","scopes":["operators"]}', '{"code":"12ab56"}', '{"role":"king"}'];
  test.each([
    ['POST', '/api/admin/session'], ['POST', '/api/admin/password'], ['POST', '/api/admin/me/totp/verify'], ['POST', '/api/admin/operators'],
    ['PATCH', '/api/admin/operators/{id}'], ['POST', '/api/admin/tokens'], ['POST', '/api/admin/products/{productId}/price'],
  ])('%s %s', async (method, path) => {
    const before = await fingerprint();
    const url = routes.find((r) => r.method === method && r.path === path)!.url;
    for (const payload of JUNK) {
      const res = await app.inject({ method: method as 'POST', url, headers: sessionHeaders(owner), payload });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json())).toEqual(['error']);
    }
    expect(await fingerprint()).toBe(before);
  });
});
