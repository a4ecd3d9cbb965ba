/**
 * API writes that take no body (sign-out, removals, a discount code in the query ...) refuse one
 * with 400 `{ error }`, as every route with a body schema refuses an unknown field; no body, an
 * empty one, or `{}` (the storefront's sign-out sends it) still pass. Every such route of the app
 * is walked, so a new one is covered the day it is added. On both databases.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BODILESS_ERROR, bodilessRoutes, carriesBody } from '../../../../src/server/platform/http/validation.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../../src/server/app.ts';
import { commerceDb } from '../../modules/checkout/cart.helpers.ts';

let app: FastifyInstance;

/** An operator's credential, so the operators' bodiless writes (sign-out, removals) exist and are walked too. */
const TOKEN = 'bodiless-operator-token';

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-bodiless-'));
  app = await buildApp({ db: await commerceDb(), dataDir, webDir: join(dataDir, 'no-web'), operators: { token: TOKEN, allowedHosts: [], allowedOrigins: [] } });
});
afterAll(async () => {
  await app?.close();
});

/** A route's path with each parameter filled in (the body is refused before parameters are read). */
const pathOf = (url: string): string => `${url.replace(/:[A-Za-z]+/g, '1')}${url.includes('discountCodes') ? '?code=SAVE10' : ''}`;

/** The API's writes that declare no body (the spec's "no body" calls). */
const KNOWN_BODILESS = [
  'POST /api/auth/logout',
  'POST /api/auth/verification/start',
  'DELETE /api/customer/:customerId/mailingAddresses/:id',
  'DELETE /api/user/:id/paymentMethods/:paymentMethodId',
  'DELETE /api/account/equipment/:handle',
  'DELETE /api/account/equipment',
  'DELETE /api/checkouts/lineItems/:lineItemId',
  'POST /api/checkouts/:checkoutId/discountCodes',
  'DELETE /api/checkouts/:checkoutId/discountCodes',
  'POST /api/orders/:orderId/relatedProducts/:productId',
];

describe('bodiless API writes', () => {
  test('are found among the app\'s routes: every one of the spec\'s, and no route with a body schema', () => {
    const found = bodilessRoutes(app).map((r) => `${r.method} ${r.url}`);
    expect(found).toEqual(expect.arrayContaining(KNOWN_BODILESS));
    for (const withBody of ['POST /api/auth/login', 'POST /api/checkouts/lineItems', 'PUT /api/account/equipment', 'POST /api/admin/products/:productId/price']) {
      expect(found).not.toContain(withBody);
    }
  });

  test.each([
    ['an object with a field', '{"note":"x"}'],
    ['an array', '[]'],
    ['null', 'null'],
    ['a number', '1'],
    ['a string', '"x"'],
  ])('each refuses %s with 400 { error }', async (_what, payload) => {
    const routes = bodilessRoutes(app);
    expect(routes.length).toBeGreaterThanOrEqual(KNOWN_BODILESS.length);
    for (const route of routes) {
      const res = await app.inject({ method: route.method as 'POST', url: pathOf(route.url), headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, payload });
      expect([res.statusCode, res.json()], `${route.method} ${route.url}`).toEqual([400, { error: BODILESS_ERROR }]);
    }
  });

  test.each([
    ['no body', undefined],
    ['{}', '{}'],
  ])('each takes %s as before (its own answer, never the body refusal)', async (_what, payload) => {
    for (const route of bodilessRoutes(app)) {
      const res = await app.inject({
        method: route.method as 'POST',
        url: pathOf(route.url),
        ...(payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      expect(res.body, `${route.method} ${route.url}`).not.toContain(BODILESS_ERROR);
    }
  });

  test('the storefront\'s sign-out with {} still signs out', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(200);
  });

  test('a write with a body schema still refuses an unknown field with its own message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@example.com', password: 'x', extra: 1 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).not.toBe(BODILESS_ERROR);
  });

  test.each([
    [undefined, false], ['', false], [{}, false],
    [{ a: 1 }, true], [[], true], [null, true], [0, true], ['x', true], [false, true],
  ])('carriesBody(%j) is %s', (body, carries) => {
    expect(carriesBody(body)).toBe(carries);
  });
});
