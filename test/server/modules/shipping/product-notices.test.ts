/**
 * The product answer carries the product's notices (`GET /api/products/handle/{handle}`): the
 * stored Proposition 65 warnings and "not returnable once opened", and the hazardous-material
 * handling notice of every product with a variant that ships as hazmat, as the quote adds it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { productNotices } from '../../../../src/server/modules/catalogue/repository.ts';
import { call } from '../checkout/cart.helpers.ts';
import { FIXTURES, fixtureLevel, shippingApp } from './shipping.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
const handles = {} as Record<'chlorine' | 'pump' | 'basket' | 'trichlor', string>;

beforeAll(async () => {
  ({ app, db } = await shippingApp());
  for (const name of ['chlorine', 'pump', 'basket', 'trichlor'] as const) {
    const level = await fixtureLevel(db, FIXTURES[name]);
    const row = await db.get<{ handle: string }>(
      'SELECT p.handle FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id WHERE l.id = ?',
      [level],
    );
    handles[name] = row!.handle;
  }
});
afterAll(async () => {
  await app.close();
});

const productOf = async (handle: string) => {
  const res = await call(app, 'GET', `/api/products/handle/${handle}`);
  expect(res.status).toBe(200);
  return res.body.product as { notices?: unknown };
};

describe('GET /api/products/handle/{handle} carries the notices', () => {
  test('a Proposition 65 warning leaves with its chemicals by endpoint', async () => {
    expect((await productOf(handles.pump)).notices).toEqual([{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['lead'] }]);
  });

  test('a product that ships as hazmat carries the handling notice after its own', async () => {
    expect((await productOf(handles.chlorine)).notices).toEqual([{ kind: 'not-returnable-once-opened' }, { kind: 'hazmat-handling' }]);
    expect((await productOf(handles.trichlor)).notices).toEqual([
      { kind: 'prop65', cancer: ['chloroform'], reproductiveHarm: ['chloroform'] },
      { kind: 'hazmat-handling' },
    ]);
  });

  test('a product without notices answers an empty list', async () => {
    expect((await productOf(handles.basket)).notices).toEqual([]);
  });

  test('an operator\'s notice that is not the domain shape is left out, never a 500', async () => {
    await db.run('UPDATE products SET notices_json = ? WHERE handle = ?', ['[{"kind":"prop65","cancer":"lead"},{"kind":"recall"},{"kind":"not-returnable-once-opened"}]', handles.basket]);
    expect((await productOf(handles.basket)).notices).toEqual([{ kind: 'not-returnable-once-opened' }]);
    await db.run('UPDATE products SET notices_json = ? WHERE handle = ?', ['not json', handles.basket]);
    expect((await productOf(handles.basket)).notices).toEqual([]);
    await db.run('UPDATE products SET notices_json = NULL WHERE handle = ?', [handles.basket]);
  });
});

describe('productNotices', () => {
  test.each([
    ['nothing stored, not hazmat', null, false, []],
    ['nothing stored, hazmat', null, true, [{ kind: 'hazmat-handling' }]],
    ['the handling notice stored already is not doubled', '[{"kind":"hazmat-handling"}]', true, [{ kind: 'hazmat-handling' }]],
    ['a stored handling notice stays without a hazmat variant', '[{"kind":"hazmat-handling"}]', false, [{ kind: 'hazmat-handling' }]],
  ])('%s', (_name, json, hazmat, expected) => {
    expect(productNotices(json, hazmat)).toEqual(expected);
  });
});
