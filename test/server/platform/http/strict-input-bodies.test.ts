/**
 * JSON bodies are not converted (issue 18, defect 3): a wrong type (`true`, `"1"`, `[1]`, `null`,
 * `1.5` where text or a whole number is meant) answers 400 `{ error }` and changes nothing, and
 * an unknown field answers 400, as the OpenAPI document's `additionalProperties: false` promises.
 * One describe per route family: cart, checkout products, addresses, payment methods, recovery
 * email, newsletter, sign-in and registration.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { call, commerceApp, commerceCounts, signedInShopper, stockedLevel } from '../../modules/checkout/cart.helpers.ts';
import { US_ADDRESS } from '../../modules/accounts/account.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
let cookie = '';
let customerId = 0;
let level = 0;

/** Everything a refused body could have changed (awaited: works whether the Db is sync or async). */
async function snapshot(): Promise<Record<string, unknown>> {
  const count = async (table: string) => (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0;
  return {
    ...(await commerceCounts(db)),
    customers: await count('customers'),
    addresses: await db.all('SELECT * FROM mailing_addresses ORDER BY id'),
    paymentMethods: await db.all('SELECT * FROM payment_methods ORDER BY id'),
    newsletter: await count('newsletter_subscriptions'),
    outbox: await count('email_outbox'),
    recovery: await db.all('SELECT id, recovery_email FROM customers ORDER BY id'),
  };
}

async function expectRefused(method: 'POST' | 'PUT', url: string, payload: string, pattern?: RegExp): Promise<void> {
  const before = await snapshot();
  const res = await app.inject({ method, url, payload, headers: { 'content-type': 'application/json', cookie, accept: 'application/json' } });
  expect(res.statusCode, `${method} ${url} ${payload}`).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error).toBe('string');
  if (pattern) expect(body.error).toMatch(pattern);
  expect(await snapshot(), `${method} ${url} ${payload} changed nothing`).toEqual(before);
}

beforeAll(async () => {
  ({ app, db } = await commerceApp());
  ({ cookie, customerId } = await signedInShopper(db));
  level = (await stockedLevel(db, 1, 0, 50)).id;
  // the cart exists before the refused calls, so they can only fail to change it
  expect((await call(app, 'GET', '/api/checkouts', { cookie })).status).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const TYPE = /must be (integer|string|boolean|array|object)/;
const EXTRA = /must NOT have additional properties/;

describe('cart: POST and PUT /api/checkouts/lineItems', () => {
  const wrong = () => [
    [`{"inventoryLevelId":true,"quantity":1}`, TYPE],
    [`{"inventoryLevelId":[${level}],"quantity":1}`, TYPE],
    [`{"inventoryLevelId":"${level}","quantity":1}`, TYPE],
    [`{"inventoryLevelId":${level},"quantity":true}`, TYPE],
    [`{"inventoryLevelId":${level},"quantity":"2"}`, TYPE],
    [`{"inventoryLevelId":${level},"quantity":null}`, TYPE],
    [`{"inventoryLevelId":null,"quantity":1}`, TYPE],
    [`{"inventoryLevelId":${level},"quantity":1.5}`, TYPE],
    [`{"inventoryLevelId":${level},"quantity":1,"price":0}`, EXTRA],
    ['[1]', undefined],
    ['"1"', undefined],
    ['null', undefined],
    ['true', undefined],
  ] as const;

  test('wrong types, unknown fields and non-objects answer 400 and add nothing', async () => {
    for (const [payload, pattern] of wrong()) {
      await expectRefused('POST', '/api/checkouts/lineItems', payload, pattern);
      await expectRefused('PUT', '/api/checkouts/lineItems', payload, pattern);
    }
  });

  test('a list with one wrong line is refused whole', async () => {
    await expectRefused('POST', '/api/checkouts/lineItems', `{"lineItems":[{"inventoryLevelId":${level},"quantity":1},{"inventoryLevelId":"${level}","quantity":1}]}`);
    await expectRefused('POST', '/api/checkouts/lineItems', `{"lineItems":[{"inventoryLevelId":${level},"quantity":1,"note":"x"}]}`);
    await expectRefused('POST', '/api/checkouts/lineItems', `{"lineItems":[{"inventoryLevelId":${level},"quantity":1}],"coupon":"SAVE10"}`);
  });

  test('the right types still add the line', async () => {
    const res = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level, quantity: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.checkout.LineItems.find((l: { inventoryLevelId: number }) => l.inventoryLevelId === level)?.currentQuantity).toBe(2);
  });
});

describe('cart: POST /api/checkouts/products', () => {
  test('handles must be a list of text, with no other field', async () => {
    await expectRefused('POST', '/api/checkouts/products', '{"handles":"pump"}', TYPE);
    await expectRefused('POST', '/api/checkouts/products', '{"handles":[1]}', TYPE);
    await expectRefused('POST', '/api/checkouts/products', '{"handles":[null]}', TYPE);
    await expectRefused('POST', '/api/checkouts/products', '{"handles":["pump"],"quantity":3}', EXTRA);
  });
});

describe('addresses: POST /api/mailingAddresses and PUT /api/mailingAddresses/{id}', () => {
  test('a number, a boolean or null where text is meant answers 400; nothing is stored', async () => {
    for (const patch of [{ firstName: 1.5 }, { zip: 98101 }, { company: null }, { address1: ['1200 Lakeview Ave'] }, { makeDefault: 'true' }, { makeDefault: 1 }]) {
      await expectRefused('POST', '/api/mailingAddresses', JSON.stringify({ ...US_ADDRESS, ...patch }), TYPE);
    }
    await expectRefused('POST', '/api/mailingAddresses', JSON.stringify({ ...US_ADDRESS, nickname: 'Home' }), EXTRA);
  });

  test('an update with a wrong type leaves the stored address as it was', async () => {
    const created = await call(app, 'POST', '/api/mailingAddresses', { cookie, body: US_ADDRESS });
    expect(created.status).toBe(200);
    const id = created.body.mailingAddress.id as number;
    await expectRefused('PUT', `/api/mailingAddresses/${id}`, '{"firstName":1.5}', TYPE);
    await expectRefused('PUT', `/api/mailingAddresses/${id}`, '{"city":null}', TYPE);
    await expectRefused('PUT', `/api/mailingAddresses/${id}`, '{"firstName":"Bo","isDefault":true}', EXTRA);
    expect((await db.get<{ first_name: string }>('SELECT first_name FROM mailing_addresses WHERE id = ?', [id]))?.first_name).toBe('Ann');
  });
});

describe('account: payment methods and recovery email', () => {
  test('PUT /api/user/{id}/paymentMethods/{paymentMethodId}: mailingAddressId must be a whole number, isGiftCard a boolean', async () => {
    const url = `/api/user/${customerId}/paymentMethods/1`;
    await expectRefused('PUT', url, '{"mailingAddressId":"1"}', TYPE);
    await expectRefused('PUT', url, '{"mailingAddressId":true}', TYPE);
    await expectRefused('PUT', url, '{"mailingAddressId":1,"isGiftCard":"false"}', TYPE);
    await expectRefused('PUT', url, '{"mailingAddressId":1,"brand":"Visa"}', EXTRA);
  });

  test('PUT /api/user/recoveryEmail: token and address must be text', async () => {
    await expectRefused('PUT', '/api/user/recoveryEmail', '{"token":1,"recoveryEmail":"r@example.com"}', TYPE);
    await expectRefused('PUT', '/api/user/recoveryEmail', '{"token":"t","recoveryEmail":["r@example.com"]}', TYPE);
    await expectRefused('PUT', '/api/user/recoveryEmail', '{"token":"t","recoveryEmail":null}', TYPE);
    await expectRefused('PUT', '/api/user/recoveryEmail', '{"token":"t","recoveryEmail":"r@example.com","verified":true}', EXTRA);
  });
});

describe('newsletter: POST /api/newsletterSubscriptions/subscribe', () => {
  test('the captcha token must be text; nothing is subscribed or mailed', async () => {
    const url = '/api/newsletterSubscriptions/subscribe?email=news%40example.com';
    await expectRefused('POST', url, '{"token":123}', TYPE);
    await expectRefused('POST', url, '{"token":null}', TYPE);
    await expectRefused('POST', url, '{"token":["t"]}', TYPE);
    await expectRefused('POST', url, '{"token":"t","email":"other@example.com"}', EXTRA);
  });
});

describe('sign-in and registration', () => {
  test('wrong types and unknown fields create no account', async () => {
    await expectRefused('POST', '/api/auth/register', '{"email":"n@example.com","password":"pool-pump-primer-42","firstName":1.5,"lastName":"S"}', TYPE);
    await expectRefused('POST', '/api/auth/register', '{"email":"n@example.com","password":12345678901,"firstName":"N","lastName":"S"}', TYPE);
    await expectRefused('POST', '/api/auth/register', '{"email":"n@example.com","password":"pool-pump-primer-42","firstName":"N","lastName":"S","isAdmin":true}', EXTRA);
    await expectRefused('POST', '/api/auth/login', '{"email":["n@example.com"],"password":"x"}', TYPE);
    await expectRefused('POST', '/api/auth/login', '{"email":"n@example.com","password":true}', TYPE);
  });
});

describe('the OpenAPI promise', () => {
  test('every documented JSON body object refuses unknown fields (additionalProperties: false)', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>>;
    };
    const open: string[] = [];
    const walk = (schema: unknown, where: string): void => {
      if (schema === null || typeof schema !== 'object') return;
      const s = schema as Record<string, unknown>;
      if (s.type === 'object' && s.additionalProperties !== false) open.push(where);
      for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((x, i) => walk(x, `${where}/${key}/${i}`));
      if (s.items) walk(s.items, `${where}/items`);
      if (s.properties && typeof s.properties === 'object') for (const [k, v] of Object.entries(s.properties)) walk(v, `${where}/${k}`);
    };
    let bodies = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (schema === undefined) continue;
        bodies++;
        walk(schema, `${method.toUpperCase()} ${path}`);
      }
    }
    expect(bodies).toBeGreaterThan(10);
    expect(open).toEqual([]);
  });
});
