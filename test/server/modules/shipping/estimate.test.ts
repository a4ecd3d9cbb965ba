/**
 * POST /api/shipping/estimate: the domain's quote of levels to a ZIP at the server's clock, the
 * domain's message and code for a refused destination or cart (422), 404 for an unknown level,
 * 400 for a body the schema refuses; and the tables loaded from CSV files at start.
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { quoteShipment } from '../../../../src/domain/shipping/index.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import {
  DEFAULT_TABLES_DIR, readShippingTables, ShippingTablesError, shippingStoreFromEnv, shippingTables,
} from '../../../../src/server/modules/shipping/service.ts';
import { call } from '../checkout/cart.helpers.ts';
import { FIXTURES, fixtureLevel, fixtureLine, PINNED_NOW, shippingApp } from './shipping.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
const levels: Record<keyof typeof FIXTURES, number> = { chlorine: 0, pump: 0, filter: 0, trichlor: 0, basket: 0 };

beforeAll(async () => {
  ({ app, db } = await shippingApp());
  for (const name of Object.keys(FIXTURES) as (keyof typeof FIXTURES)[]) levels[name] = await fixtureLevel(db, FIXTURES[name]);
});
afterAll(async () => {
  await app.close();
});

const estimate = (body: unknown) => call(app, 'POST', '/api/shipping/estimate', { body });

describe('POST /api/shipping/estimate', () => {
  test("answers the domain's quote for the same lines, destination and clock", async () => {
    const body = {
      lines: [{ inventoryLevelId: levels.chlorine, quantity: 1 }, { inventoryLevelId: levels.pump, quantity: 1 }, { inventoryLevelId: levels.filter, quantity: 1 }],
      destination: { zip: '92101', state: 'CA' },
      service: '2-day',
      freight: { liftgate: false },
    };
    const res = await estimate(body);
    expect(res.status).toBe(200);
    const expected = quoteShipment(
      [fixtureLine(levels.chlorine, FIXTURES.chlorine), fixtureLine(levels.pump, FIXTURES.pump), fixtureLine(levels.filter, FIXTURES.filter)],
      { zip: '92101', state: 'CA' }, PINNED_NOW, shippingTables(), { service: '2-day', liftgate: false, purpose: 'estimate' },
    );
    if (!expected.ok) throw new Error(expected.error.message);
    expect(res.body.quote).toEqual(JSON.parse(JSON.stringify(expected.value)));
    expect(res.body.quote.shipments.map((s: { kind: string }) => s.kind)).toEqual(['parcel', 'hazmat', 'freight']);
    expect(res.body.quote.options.map((o: { label: string }) => o.label)).toContain('Ship the rest by 2-Day, the chemicals by ground');
    expect(res.body.quote.freight.liftgate).toBe(false);
  });

  test('a ZIP alone is enough, and two lines of one level are one line', async () => {
    const res = await estimate({ lines: [{ inventoryLevelId: levels.basket, quantity: 1 }, { inventoryLevelId: levels.basket, quantity: 2 }], destination: { zip: '98101' } });
    expect(res.status).toBe(200);
    expect(res.body.quote.destination).toMatchObject({ zip: '98101', state: 'WA' });
    expect(res.body.quote.totals.linesCents).toBe(3 * FIXTURES.basket.priceCents);
  });

  test.each([
    ['an unknown ZIP', { zip: '00001' }, 'zip-unknown', 'ZIP code 00001 is not a US ZIP code we know. Check it and try again.'],
    ['a state that is not the ZIP\'s', { zip: '92101', state: 'WA' }, 'state-mismatch', 'ZIP code 92101 is in CA, not WA. Check the state and the ZIP code.'],
    ['a ZIP that is no ZIP', { zip: 'abcde' }, 'zip-invalid', 'Enter a 5-digit ZIP code.'],
    ['another country', { zip: '92101', country: 'CA' }, 'country-unsupported', 'We ship to addresses in the United States only.'],
  ])('%s answers 422 with the domain message and code', async (_name, destination, code, message) => {
    const res = await estimate({ lines: [{ inventoryLevelId: levels.basket, quantity: 1 }], destination });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: message, code });
  });

  test('chemicals to Alaska are refused with the message', async () => {
    const res = await estimate({ lines: [{ inventoryLevelId: levels.chlorine, quantity: 1 }], destination: { zip: '99501' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('hazmat-destination');
    expect(res.body.error).toBe("Pool chemicals ship by ground within the contiguous US only, so we can't send Liquid Chlorine 12.5% to AK. Remove it or ship to another address.");
  });

  test('a weight the store cannot ship is a message, not a 500', async () => {
    const res = await estimate({ lines: [{ inventoryLevelId: levels.filter, quantity: 40 }], destination: { zip: '92101' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('cart-too-large');
  });

  test('an unknown inventory level answers 404', async () => {
    const res = await estimate({ lines: [{ inventoryLevelId: 99_999_999, quantity: 1 }], destination: { zip: '92101' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Item not found.' });
  });

  test.each([
    ['no lines', { lines: [], destination: { zip: '92101' } }],
    ['no destination', { lines: [{ inventoryLevelId: 1, quantity: 1 }] }],
    ['a quantity as text', { lines: [{ inventoryLevelId: 1, quantity: '2' }], destination: { zip: '92101' } }],
    ['a quantity of 0', { lines: [{ inventoryLevelId: 1, quantity: 0 }], destination: { zip: '92101' } }],
    ['a quantity of 10,000', { lines: [{ inventoryLevelId: 1, quantity: 10_000 }], destination: { zip: '92101' } }],
    ['101 lines', { lines: Array.from({ length: 101 }, (_, i) => ({ inventoryLevelId: i + 1, quantity: 1 })), destination: { zip: '92101' } }],
    ['an unknown service', { lines: [{ inventoryLevelId: 1, quantity: 1 }], destination: { zip: '92101' }, service: 'overnight-air' }],
    ['an unknown field', { lines: [{ inventoryLevelId: 1, quantity: 1 }], destination: { zip: '92101' }, coupon: 'x' }],
    ['a list for a body', [1, 2, 3]],
    ['a string for a body', 'zip=92101'],
  ])('%s answers 400 { error }', async (_name, body) => {
    const res = await estimate(body);
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });

  test('a body that is not JSON answers 400 { error }', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/shipping/estimate', headers: { 'content-type': 'application/json' }, payload: '{"lines": [' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error).toEqual(expect.any(String));
  });
});

describe('the tables an operator loads', () => {
  function copyOfSeedTables(): string {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-tables-'));
    cpSync(DEFAULT_TABLES_DIR, dir, { recursive: true });
    return dir;
  }

  test('the seed folder reads, and a copy of it gives the same tables', () => {
    const dir = copyOfSeedTables();
    expect(readShippingTables(dir).zones.size).toBe(shippingTables().zones.size);
  });

  test("a bad row stops the load with the file, line, column and the domain's message", () => {
    const dir = copyOfSeedTables();
    writeFileSync(join(dir, 'surcharges.csv'), 'Charge,Price\nhazmat-package,6.50\nfreight-liftgate,seventy\nfreight-residential,95.00\n');
    let thrown: unknown;
    try {
      readShippingTables(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ShippingTablesError);
    const message = (thrown as Error).message;
    expect(message).toContain('surcharges.csv:3 Price — ');
    expect(message).toContain('seventy');
  });

  test('a missing table file and a folder without tax rates are both named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-tables-'));
    writeFileSync(join(dir, 'zones.csv'), 'OriginZip3,DestinationZip3,Zone\n980,981,2\n');
    expect(() => readShippingTables(dir)).toThrow(/The file rates\.csv is missing[\s\S]*No tax-rate file/);
  });

  test("a store setting that is not valid stops the load with the domain's message", () => {
    expect(() => readShippingTables(DEFAULT_TABLES_DIR, { cutoff: '25:00' })).toThrow("The store's cut-off '25:00' is not a time like 13:00");
  });

  test('the store settings come from the environment', () => {
    expect(shippingStoreFromEnv({ SHIPPING_ORIGIN_ZIP: ' 98032 ', SHIPPING_TIME_ZONE: 'America/Chicago', SHIPPING_CUTOFF: '14:30' }))
      .toEqual({ originZip: '98032', timeZone: 'America/Chicago', cutoff: '14:30' });
    expect(shippingStoreFromEnv({})).toEqual({});
  });
});
