/**
 * The shipping service remembers what a page shown again would read and quote again: the ship
 * rows of inventory levels (until a catalogue change names their product: `forget`, which the
 * app calls from every reindex) and its quotes (the domain's QuoteMemo). A read that started
 * before a change is not remembered. On both databases.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { ShippingService, shippingTables } from '../../../../src/server/modules/shipping/service.ts';
import { FIXTURES, fixtureLevel, PINNED_NOW, shippingApp } from './shipping.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let level = 0;
let productId = 0;

beforeAll(async () => {
  ({ app, db } = await shippingApp());
  level = await fixtureLevel(db, FIXTURES.basket);
  productId = (await db.get<{ product_id: number }>('SELECT v.product_id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE l.id = ?', [level]))!.product_id;
});
afterAll(async () => {
  await app.close();
});

/** A database handle that counts the statements it runs. */
function counting(inner: Db): { db: Db; reads: () => number } {
  let n = 0;
  const db = new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if ((key === 'all' || key === 'get') && typeof value === 'function') {
        return (...args: unknown[]) => {
          n += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
  return { db, reads: () => n };
}

const weightOf = async (service: ShippingService, on: Db) => (await service.shipRows(on, [level]))[0]?.weight_lb;

describe('the remembered ship rows', () => {
  test('are read once, kept across quotes, and read again after forget names their product', async () => {
    const service = new ShippingService(shippingTables(), () => PINNED_NOW);
    const { db: counted, reads } = counting(db);
    const first = await service.estimate(counted, [{ inventoryLevelId: level, quantity: 1 }], { zip: '92101' });
    const second = await service.estimate(counted, [{ inventoryLevelId: level, quantity: 1 }], { zip: '92101' });
    expect(reads()).toBe(1);
    expect(second).toEqual(first);
    expect([service.memo.hits, service.memo.misses]).toEqual([1, 1]);
    // a write the service is not told of is not seen (the app tells it from every reindex)
    await db.run('UPDATE variants SET weight_lb = 3.5 WHERE id = (SELECT variant_id FROM inventory_levels WHERE id = ?)', [level]);
    expect(await weightOf(service, counted)).toBe(1.2);
    service.forget([productId + 1]);
    expect(await weightOf(service, counted)).toBe(1.2);
    service.forget([productId]);
    expect(await weightOf(service, counted)).toBe(3.5);
    expect(reads()).toBe(2);
    // and the estimate quotes the new weight
    const after = await service.estimate(counted, [{ inventoryLevelId: level, quantity: 1 }], { zip: '92101' });
    if (!after.ok) throw new Error(after.error.message);
    expect(after.value.shipments[0]!.packages[0]!.weightLb).toBe(3.5);
    service.forget('all');
    await weightOf(service, counted);
    expect(reads()).toBe(3);
    await db.run('UPDATE variants SET weight_lb = 1.2 WHERE id = (SELECT variant_id FROM inventory_levels WHERE id = ?)', [level]);
  });

  test('a read that started before a change is not remembered', async () => {
    const service = new ShippingService(shippingTables(), () => PINNED_NOW);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    // the read's answer arrives only after the change was forgotten
    const slow = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key === 'all' && typeof value === 'function') {
          return async (...args: unknown[]) => {
            const rows = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            await gate;
            return rows;
          };
        }
        return value;
      },
    });
    const reading = service.shipRows(slow, [level]);
    service.forget([productId]);
    release();
    expect((await reading).map((r) => r.level_id)).toEqual([level]);
    const { db: counted, reads } = counting(db);
    await service.shipRows(counted, [level]);
    expect(reads()).toBe(1);
  });

  test('the app forgets them on a catalogue change: the estimate route quotes the new profile', async () => {
    const estimate = async () => {
      const res = await app.inject({ method: 'POST', url: '/api/shipping/estimate', headers: { 'content-type': 'application/json' }, payload: { lines: [{ inventoryLevelId: level, quantity: 1 }], destination: { zip: '92101' } } });
      return (res.json() as { quote: { shipments: { kind: string }[] } }).quote.shipments.map((s) => s.kind);
    };
    expect(await estimate()).toEqual(['parcel']);
    await db.run("UPDATE variants SET ship_class = 'hazmat-ground', hazard_group = 'other' WHERE id = (SELECT variant_id FROM inventory_levels WHERE id = ?)", [level]);
    expect(await estimate()).toEqual(['parcel']);
    await app.catalogue.reindex([productId]);
    expect(await estimate()).toEqual(['hazmat']);
    await db.run("UPDATE variants SET ship_class = 'parcel', hazard_group = NULL WHERE id = (SELECT variant_id FROM inventory_levels WHERE id = ?)", [level]);
    await app.catalogue.reindex([productId]);
  });
});
