/**
 * Every `/api/admin` route of the OpenAPI document, sent without the right credential: anonymously,
 * as a signed-in customer, with a customer's cookie and an operator's CSRF token, with another
 * operator's CSRF token, and with a role's session the route does not allow. Each answers 401 or
 * 403 and changes nothing (the store's tables are compared before and after). Junk bodies on the
 * module's writes answer 400 `{ error }` and write nothing. On both databases.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/db/database.ts';
import { permissionOf, ROLE_PERMISSIONS } from '../../../../src/server/security/operator-access.ts';
import { signedInShopper } from '../../cart.helpers.ts';
import { adminApp, sessionHeaders, signedInOperator, type SignedInOperator } from './admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

/** The two routes a visitor without a session must reach: signing in and setting a password by link. */
const PUBLIC = ['POST /api/admin/session', 'POST /api/admin/password'];

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;
let fulfilment: SignedInOperator;
let customerCookie = '';
const routes: { method: string; path: string; url: string; hasBody: boolean }[] = [];

const TABLES = ['operators', 'operator_sessions', 'operator_api_tokens', 'operator_links', 'audit_log', 'redirects', 'products', 'catalogue_imports'];

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
  return JSON.stringify(parts);
}

beforeAll(async () => {
  ({ app, db } = await adminApp());
  owner = await signedInOperator(app, 'owner');
  fulfilment = await signedInOperator(app, 'fulfilment');
  customerCookie = (await signedInShopper(db)).cookie;
  const productId = (await db.get<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1'))!.id;
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, { requestBody?: unknown }>> } }).swagger();
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/admin')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      // a real id where the route names one, so a refusal is the guard's and not a missing row's
      const url = path.replace('{productId}', String(productId)).replace(/\{id\}/g, String(owner.id)).replace(/\{[^}]+\}/g, '1');
      routes.push({ method: upper, path, url, hasBody: op.requestBody !== undefined });
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

test('every route the fulfilment role may not use answers it 403 and changes nothing', async () => {
  const before = await fingerprint();
  const refused = routes.filter((r) => !PUBLIC.includes(`${r.method} ${r.path}`));
  let checked = 0;
  for (const r of refused) {
    // an operator's own account (sign out, me, TOTP) is every role's
    if (/^\/api\/admin\/(session|me)(\/|$)/.test(r.path)) continue;
    const permission = permissionOf(r.path.replace(/\{([^}]+)\}/g, ':$1'));
    if (ROLE_PERMISSIONS.fulfilment.includes(permission)) continue;
    const res = await send(r, { cookie: fulfilment.cookie, 'x-csrf-token': fulfilment.csrf });
    expect(res.statusCode, `${r.method} ${r.path}`).toBe(403);
    checked++;
  }
  expect(checked).toBeGreaterThan(10);
  expect(await fingerprint()).toBe(before);
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
