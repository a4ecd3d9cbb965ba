/**
 * The operators' routes (/api/admin/*) trust credentials, never an address: without ADMIN_TOKEN
 * they do not exist (404), a request from the machine itself without a token is refused, and a
 * write with the right token still needs the store's Host and no foreign Origin. On both
 * databases (a sale writes the catalogue).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { CROSS_SITE_MESSAGE, JSON_REQUIRED_MESSAGE } from '../../../../src/server/platform/http/origin-guard.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import {
  HOST_NOT_ALLOWED, isAllowedHost, operatorAccessFromEnv, OPERATOR_ROUTES_ABSENT, OPERATOR_TOKEN_REQUIRED, OPERATORS_ONLY, type OperatorAccess,
} from '../../../../src/server/platform/http/operator-access.ts';
import { commerceDb } from '../checkout/cart.helpers.ts';

const TOKEN = 'operators-token-0123456789';
const ACCESS: OperatorAccess = { token: TOKEN, allowedHosts: ['shop.example'], allowedOrigins: [] };

let db: Db;
let open: FastifyInstance;
let closed: FastifyInstance;
let productId = 0;

async function appWith(operators: OperatorAccess): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-operators-'));
  return buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), operators });
}

beforeAll(async () => {
  db = await commerceDb(20);
  productId = (await db.get<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1'))!.id;
  open = await appWith(ACCESS);
  closed = await appWith({ token: null, allowedHosts: [], allowedOrigins: [] });
});
afterAll(async () => {
  await open?.close();
  await closed?.close();
  await db?.close();
});

const priceCents = async (): Promise<number> => (await db.get<{ price_cents: number }>('SELECT price_cents FROM products WHERE id = ?', [productId]))!.price_cents;

/** A sale from the machine itself (inject's default address is 127.0.0.1), JSON like the back office's. */
function sale(app: FastifyInstance, headers: Record<string, string> = {}, cents = 1999): Promise<Awaited<ReturnType<FastifyInstance['inject']>>> {
  return app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/price`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ priceCents: cents, compareAtPriceCents: null }),
    remoteAddress: '127.0.0.1',
  } satisfies InjectOptions);
}

const live = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/admin/live-visitors', headers, remoteAddress: '127.0.0.1' });

const bearer = { authorization: `Bearer ${TOKEN}` };

describe('without ADMIN_TOKEN', () => {
  test('the operators\' routes answer 404 { error }, to the machine itself too, token or not', async () => {
    for (const res of [await sale(closed), await sale(closed, bearer), await live(closed), await live(closed, bearer)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: OPERATOR_ROUTES_ABSENT });
    }
  });
});

describe('with ADMIN_TOKEN', () => {
  test('a request from loopback without credentials is refused (401, Bearer challenge); no address is trusted', async () => {
    const before = await priceCents();
    for (const res of [await sale(open), await live(open)]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(res.json()).toEqual({ error: OPERATOR_TOKEN_REQUIRED });
    }
    expect(await priceCents()).toBe(before);
  });

  test.each([
    ['a wrong token', { authorization: `Bearer ${TOKEN}x` }],
    ['a token of another length', { authorization: 'Bearer short' }],
    ['an empty token', { authorization: 'Bearer ' }],
  ])('%s is refused (403)', async (_what, headers) => {
    const before = await priceCents();
    const res = await sale(open, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: OPERATORS_ONLY });
    expect((await live(open, headers)).statusCode).toBe(403);
    expect(await priceCents()).toBe(before);
  });

  test('a write with the right token from a foreign Origin is refused (403)', async () => {
    const before = await priceCents();
    for (const headers of [{ origin: 'https://attacker.example' }, { referer: 'https://attacker.example/page' }, { origin: 'null' }] as Record<string, string>[]) {
      const res = await sale(open, { ...bearer, ...headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: CROSS_SITE_MESSAGE });
    }
    expect(await priceCents()).toBe(before);
  });

  test('a call with the right token under a forged Host is refused (403): a DNS-rebinding page sends its own name and origin', async () => {
    const before = await priceCents();
    const rebinding = { host: 'rebind.attacker.example:3000', origin: 'http://rebind.attacker.example:3000' };
    for (const res of [await sale(open, { ...bearer, ...rebinding }), await sale(open, { ...bearer, host: 'shop.example.attacker.example' }), await live(open, { ...bearer, ...rebinding })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: HOST_NOT_ALLOWED });
    }
    expect(await priceCents()).toBe(before);
  });

  test('a write that is not JSON is refused (403), as every store write', async () => {
    const res = await open.inject({ method: 'POST', url: `/api/admin/products/${productId}/price`, headers: { ...bearer, 'content-type': 'text/plain' }, payload: '{}' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: JSON_REQUIRED_MESSAGE });
  });

  test('the right token on the store\'s own host writes the sale and reads the figure', async () => {
    const res = await sale(open, bearer, 2345);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productId, priceCents: 2345, compareAtPriceCents: null });
    expect(await priceCents()).toBe(2345);
    // the configured public host, with its own origin
    const named = await sale(open, { ...bearer, host: 'shop.example', origin: 'http://shop.example' }, 2346);
    expect(named.statusCode).toBe(200);
    expect(await priceCents()).toBe(2346);
    const figure = await live(open, bearer);
    expect(figure.statusCode).toBe(200);
    expect(figure.json()).toHaveProperty('liveVisitors');
  });
});

describe('the rules', () => {
  test.each([
    ['127.0.0.1:3000', true],
    ['[::1]:3000', true],
    ['localhost:3000', true],
    ['LOCALHOST', true],
    ['203.0.113.9', true],
    ['shop.example', true],
    ['shop.example.', true],
    ['shop.example:8443', true],
    ['www.shop.example', false],
    ['shop.example.attacker.example', false],
    ['attacker.example', false],
    ['', false],
    [undefined, false],
    ['bad host name', false],
  ])('Host %s names the store: %s', (host, allowed) => {
    expect(isAllowedHost(host, ['shop.example'])).toBe(allowed);
  });

  test('a configured port is the only port of that name', () => {
    expect(isAllowedHost('shop.example:8443', ['shop.example:8443'])).toBe(true);
    expect(isAllowedHost('shop.example:9000', ['shop.example:8443'])).toBe(false);
  });

  test('the access comes from ADMIN_TOKEN, PUBLIC_URL and ALLOWED_ORIGINS', () => {
    expect(operatorAccessFromEnv({})).toEqual({ token: null, allowedHosts: [], allowedOrigins: [] });
    expect(operatorAccessFromEnv({ ADMIN_TOKEN: '  ' }).token).toBeNull();
    expect(operatorAccessFromEnv({ ADMIN_TOKEN: 't', PUBLIC_URL: 'https://Shop.Example/', ALLOWED_ORIGINS: 'http://localhost:5173, https://admin.shop.example' })).toEqual({
      token: 't',
      allowedHosts: ['shop.example', 'localhost:5173', 'admin.shop.example'],
      allowedOrigins: ['http://localhost:5173', 'https://admin.shop.example'],
    });
  });
});
