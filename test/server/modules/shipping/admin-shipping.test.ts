/**
 * Operators edit ship profiles and notices (`GET`/`PUT /api/admin/products/{productId}/shipping`):
 * owner and staff only; every write audited with the profiles and notices before and after;
 * bad input 400 `{ error }` in the domain's words and nothing written; an unknown product 404;
 * and the change reaches the storefront at once (the estimate quotes the new profile though the
 * old one was remembered, the product answer carries the new notices). On both databases.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { prop65FullWarning, type ProductNotice } from '../../../../src/domain/shipping/index.ts';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { ShippingService, shippingTables } from '../../../../src/server/modules/shipping/service.ts';
import { TEST_SCRYPT } from '../accounts/account.helpers.ts';
import { call, commerceDb } from '../checkout/cart.helpers.ts';
import { BOOT, bootstrap, sessionHeaders, signedInOperator, type SignedInOperator } from '../admin/admin.helpers.ts';
import { FIXTURES, fixtureLevel, PINNED_NOW } from './shipping.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let shipping: ShippingService;
let owner: SignedInOperator;
let staff: SignedInOperator;
let fulfilment: SignedInOperator;
/** A basket (a parcel) to be made a sand filter by freight, and a product of another. */
let level = 0;
let productId = 0;
let variantId = 0;
let handle = '';
let otherVariantId = 0;

beforeAll(async () => {
  db = await commerceDb(20);
  shipping = new ShippingService(shippingTables(), () => PINNED_NOW);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-ship-admin-'));
  app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), shipping, operators: { token: BOOT, allowedHosts: [], allowedOrigins: [] } });
  app.accounts.scrypt = TEST_SCRYPT;
  app.accounts.sleep = async () => undefined;
  owner = await signedInOperator(app, 'owner');
  staff = await signedInOperator(app, 'staff');
  fulfilment = await signedInOperator(app, 'fulfilment');
  level = await fixtureLevel(db, FIXTURES.basket);
  const row = await db.get<{ product_id: number; variant_id: number; handle: string }>(
    'SELECT v.product_id, l.variant_id, p.handle FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id WHERE l.id = ?',
    [level],
  );
  ({ product_id: productId, variant_id: variantId, handle } = row!);
  otherVariantId = (await db.get<{ id: number }>('SELECT id FROM variants WHERE product_id <> ? ORDER BY id LIMIT 1', [productId]))!.id;
});
afterAll(async () => {
  await app?.close();
});

const url = () => `/api/admin/products/${productId}/shipping`;

/** A freight sand filter's profile for the basket's variant. */
const FREIGHT = { id: 0, shipClass: 'freight', weightLb: 165, dimensions: { lengthIn: 40, widthIn: 40, heightIn: 48 }, freightClass: 85, hazardGroup: null, handlingDays: 1, taxable: true };
const LEAD: ProductNotice = { kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['lead'] };

function put(op: SignedInOperator, body: unknown, path = url()) {
  return app.inject({ method: 'PUT', url: path, headers: sessionHeaders(op), payload: JSON.stringify(body) });
}

/** Everything a refused write must leave as it was: the variants' columns, the notices, the audit log. */
async function fingerprint(): Promise<string> {
  return JSON.stringify([
    await db.all('SELECT id, ship_class, weight_lb, length_in, width_in, height_in, freight_class, hazard_group, handling_days, taxable FROM variants WHERE product_id = ? ORDER BY id', [productId]),
    await db.get('SELECT notices_json FROM products WHERE id = ?', [productId]),
    await db.get('SELECT COUNT(*) AS n FROM audit_log'),
  ]);
}

async function estimateShipments(): Promise<string[]> {
  const res = await call(app, 'POST', '/api/shipping/estimate', { body: { lines: [{ inventoryLevelId: level, quantity: 1 }], destination: { zip: '92101' } } });
  expect(res.status).toBe(200);
  return (res.body.quote as { shipments: { kind: string; serviceName: string }[] }).shipments.map((s) => `${s.kind} by ${s.serviceName}`);
}

describe('reading a product\'s shipping', () => {
  test('answers every variant\'s profile and the notices, to owner and staff', async () => {
    for (const op of [owner, staff]) {
      const res = await app.inject({ method: 'GET', url: url(), headers: { cookie: op.cookie } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ productId, title: FIXTURES.basket.title, notices: [], prop65FullWarning: null });
      expect(body.variants.find((v: { id: number }) => v.id === variantId)).toMatchObject({
        shipClass: 'parcel', weightLb: 1.2, dimensions: null, freightClass: null, hazardGroup: null, handlingDays: 0, taxable: true,
      });
    }
  });

  test('fulfilment may not (403), anyone signed out gets 401, an unknown product 404', async () => {
    expect((await app.inject({ method: 'GET', url: url(), headers: { cookie: fulfilment.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    const missing = await app.inject({ method: 'GET', url: '/api/admin/products/999999/shipping', headers: { cookie: staff.cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Product not found.' });
  });

  test('the OpenAPI document lists both routes with their schemas', async () => {
    const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>> } }).swagger();
    const path = doc.paths['/api/admin/products/{productId}/shipping'];
    expect(Object.keys(path ?? {}).sort()).toEqual(['get', 'put']);
    expect(path!.put!.requestBody).toBeDefined();
    expect(Object.keys(path!.put!.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
  });
});

describe('bad input answers 400 { error } and writes nothing', () => {
  test.each([
    ['a weight of 0', { variants: [{ ...FREIGHT, weightLb: 0 }], notices: [] }, `${FIXTURES.basket.title} has no shipping weight. Set a weight above 0 lb.`],
    ['10,000 lb', { variants: [{ ...FREIGHT, weightLb: 10_000 }], notices: [] }, `${FIXTURES.basket.title} weighs 10,000 lb, more than the 2,500 lb a freight pallet takes.`],
    ['a parcel over 150 lb', { variants: [{ ...FREIGHT, shipClass: 'parcel', freightClass: null, dimensions: null }], notices: [] }, `${FIXTURES.basket.title} weighs 165 lb, more than the 150 lb a parcel may weigh. Ship it as freight.`],
    ['an oversize box without a size', { variants: [{ ...FREIGHT, shipClass: 'oversize', weightLb: 30, freightClass: null, dimensions: null }], notices: [] }, `${FIXTURES.basket.title} ships as oversize but has no package size.`],
    ['a freight class that is not NMFC\'s', { variants: [{ ...FREIGHT, freightClass: 87 }], notices: [] }, `${FIXTURES.basket.title} has freight class 87, which is not an NMFC class (50 to 500).`],
    ['a hazard group on a parcel', { variants: [{ ...FREIGHT, shipClass: 'parcel', weightLb: 3, freightClass: null, dimensions: null, hazardGroup: 'acid' }], notices: [] }, `${FIXTURES.basket.title} has a hazard group but ships as parcel; only hazmat-ground variants have one.`],
    ['another product\'s variant', () => ({ variants: [{ ...FREIGHT, id: otherVariantId }], notices: [] }), () => `Variant ${otherVariantId} is not a variant of ${FIXTURES.basket.title}.`],
    ['a variant twice', { variants: [FREIGHT, FREIGHT], notices: [] }, () => `Variant ${variantId} is listed twice.`],
    ['a warning without a chemical', { variants: [], notices: [{ kind: 'prop65', cancer: [], reproductiveHarm: [] }] }, 'A Proposition 65 warning names at least one chemical, for cancer or for reproductive harm.'],
    ['a notice twice', { variants: [], notices: [{ kind: 'hazmat-handling' }, { kind: 'hazmat-handling' }] }, "A product carries one 'hazmat-handling' notice; this one lists it twice."],
  ] as const)('%s', async (_name, body, message) => {
    const before = await fingerprint();
    const given = typeof body === 'function' ? body() : body;
    const payload = { ...given, variants: given.variants.map((v) => ({ ...v, id: v.id || variantId })) };
    const res = await put(staff, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: typeof message === 'function' ? message() : message });
    expect(await fingerprint()).toBe(before);
  });

  test.each([
    ['an unknown class', { variants: [{ ...FREIGHT, shipClass: 'truck' }], notices: [] }, /shipClass/],
    ['a weight that is text', { variants: [{ ...FREIGHT, weightLb: '165' }], notices: [] }, /weightLb/],
    ['a notice of an unknown kind', { variants: [], notices: [{ kind: 'recall' }] }, /kind/],
    ['chemicals on a notice that names none', { variants: [], notices: [{ kind: 'hazmat-handling', cancer: ['lead'] }] }, /notices/],
    ['a field the route does not know', { variants: [], notices: [], price: 1 }, /additional/],
    ['no notices', { variants: [] }, /notices/],
    ['junk', [], /object/],
  ] as const)('the schema refuses %s', async (_name, body, message) => {
    const before = await fingerprint();
    const res = await put(staff, JSON.parse(JSON.stringify(body).replaceAll('"id":0', `"id":${variantId}`)));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(res.json().error).toMatch(message);
    expect(await fingerprint()).toBe(before);
  });

  test('an unknown product is 404 and fulfilment 403, writing nothing', async () => {
    const before = await fingerprint();
    const missing = await put(staff, { variants: [], notices: [] }, '/api/admin/products/999999/shipping');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Product not found.' });
    expect((await put(fulfilment, { variants: [{ ...FREIGHT, id: variantId }], notices: [] })).statusCode).toBe(403);
    expect(await fingerprint()).toBe(before);
  });
});

describe('a write', () => {
  test('is audited with before and after, and the storefront quotes the new profile at once', async () => {
    // the estimate has quoted (and remembered) the basket as a parcel
    expect(await estimateShipments()).toEqual(['parcel by Ground']);
    const auditBefore = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log'))!.n;
    const res = await put(staff, { variants: [{ ...FREIGHT, id: variantId }], notices: [LEAD, { kind: 'not-returnable-once-opened' }] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.variants.find((v: { id: number }) => v.id === variantId)).toMatchObject({ ...FREIGHT, id: variantId });
    expect(body.notices).toEqual([LEAD, { kind: 'not-returnable-once-opened' }]);
    expect(body.prop65FullWarning).toBe(prop65FullWarning([LEAD]));
    // the columns the quote reads
    expect(await db.get('SELECT ship_class, weight_lb, length_in, width_in, height_in, freight_class, hazard_group, handling_days, taxable FROM variants WHERE id = ?', [variantId])).toEqual({
      ship_class: 'freight', weight_lb: 165, length_in: 40, width_in: 40, height_in: 48, freight_class: 85, hazard_group: null, handling_days: 1, taxable: 1,
    });
    // one audit row, by the staff member, with the profile before and after
    const rows = await db.all<{ action: string; actor_kind: string; actor_id: number; entity: string; entity_id: string; before_json: string; after_json: string }>(
      'SELECT action, actor_kind, actor_id, entity, entity_id, before_json, after_json FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log'))!.n).toBe(auditBefore + 1);
    expect(rows[0]).toMatchObject({ action: 'product.shipping', actor_kind: 'operator', actor_id: staff.id, entity: 'product', entity_id: String(productId) });
    const before = JSON.parse(rows[0]!.before_json);
    const after = JSON.parse(rows[0]!.after_json);
    expect(before.variants.find((v: { id: number }) => v.id === variantId)).toMatchObject({ shipClass: 'parcel', weightLb: 1.2 });
    expect(before.notices).toEqual([]);
    expect(after.variants.find((v: { id: number }) => v.id === variantId)).toMatchObject({ shipClass: 'freight', weightLb: 165, freightClass: 85 });
    expect(after.notices).toEqual([LEAD, { kind: 'not-returnable-once-opened' }]);
    // the storefront: the estimate quotes freight, the product answer carries the notices
    expect(await estimateShipments()).toEqual(['freight by Freight']);
    const product = await call(app, 'GET', `/api/products/handle/${handle}`);
    expect(product.body.product.notices).toEqual([LEAD, { kind: 'not-returnable-once-opened' }]);
    // and the GET reads back what was written
    const again = await app.inject({ method: 'GET', url: url(), headers: { cookie: owner.cookie } });
    expect(again.json()).toEqual(body);
  });

  test('the owner writes too; a variant not listed keeps its profile; an empty notice list removes them; a weight of null ships at the product\'s', async () => {
    await db.run("UPDATE products SET weight = 2.5 WHERE id = ?", [productId]);
    const res = await put(owner, { variants: [{ ...FREIGHT, id: variantId, shipClass: 'parcel', weightLb: null, dimensions: null, freightClass: null, handlingDays: 0 }], notices: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notices).toEqual([]);
    expect(await db.get('SELECT notices_json FROM products WHERE id = ?', [productId])).toEqual({ notices_json: null });
    expect(await estimateShipments()).toEqual(['parcel by Ground']);
    const quoted = await call(app, 'POST', '/api/shipping/estimate', { body: { lines: [{ inventoryLevelId: level, quantity: 1 }], destination: { zip: '92101' } } });
    expect(quoted.body.quote.shipments[0].packages[0].weightLb).toBe(2.5);
  });

  test('with ADMIN_TOKEN (the bootstrap credential) as well', async () => {
    const res = await app.inject({ method: 'PUT', url: url(), headers: { ...bootstrap, 'content-type': 'application/json' }, payload: JSON.stringify({ variants: [], notices: [{ kind: 'hazmat-handling' }] }) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await db.get<{ actor_kind: string; action: string }>('SELECT actor_kind, action FROM audit_log ORDER BY id DESC LIMIT 1'))).toEqual({ actor_kind: 'bootstrap', action: 'product.shipping' });
  });
});
