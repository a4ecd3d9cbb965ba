import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountsPlugin } from '../../../../src/server/modules/accounts/plugin.ts';
import { sessionPlugin } from '../../../../src/server/modules/accounts/session.ts';
import { DevCaptcha } from '../../../../src/server/modules/captcha/verifier.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { EquipmentService } from '../../../../src/server/modules/equipment/service.ts';
import { saveEquipment, savedEquipmentIds } from '../../../../src/server/modules/equipment/repository.ts';
import { createCustomer } from '../checkout/cart.helpers.ts';
import { equipmentRoutes } from '../../../../src/server/modules/equipment/routes.ts';
import { installErrorHandler } from '../../../../src/server/platform/http/errors.ts';
import { sharedSchemas } from '../../../../src/server/modules/catalogue/schemas.ts';
import { strictSchemaController } from '../../../../src/server/platform/http/validation.ts';
import { TEST_SCRYPT, call, signedIn } from '../accounts/account.helpers.ts';
import { seededDb } from '../catalogue/catalogue.helpers.ts';

let app: FastifyInstance;
let db: Db;
let handles: string[];

beforeAll(async () => {
  // the store's accounts with a cheap scrypt (the app's production cost would take seconds per sign-in)
  db = await seededDb(200, 4);
  app = Fastify({ schemaController: strictSchemaController() });
  for (const schema of sharedSchemas) app.addSchema(schema);
  installErrorHandler(app);
  await app.register(sessionPlugin, { db });
  await app.register(accountsPlugin, { db, captcha: new DevCaptcha('test-secret'), scrypt: TEST_SCRYPT, emailTransport: null, publicUrl: 'http://shop.test' });
  await equipmentRoutes(app, { db, service: await EquipmentService.load(db, () => { throw new Error('no cards here'); }) });
  await app.ready();
  handles = (await db.all<{ handle: string }>('SELECT handle FROM equipment ORDER BY id LIMIT 4')).map((r) => r.handle);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const savedHandles = (res: { json(): { equipment: { handle: string }[] } }): string[] => res.json().equipment.map((e) => e.handle);

describe('My equipment (/api/account/equipment)', () => {
  test('signed out, every call is a 401 with { error } and nothing is written', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/account/equipment', undefined], ['PUT', '/api/account/equipment', { handles: [handles[0]] }],
      ['DELETE', `/api/account/equipment/${handles[0]}`, undefined], ['DELETE', '/api/account/equipment', undefined],
    ] as const) {
      const res = await call(app, method, url, body === undefined ? {} : { body });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM customer_equipment'))?.n).toBe(0);
  });

  test('a save in the same millisecond as the one before still puts the given models first, in their order', async () => {
    const customer = await createCustomer(db);
    const ids = (await db.all<{ id: number }>('SELECT id FROM equipment ORDER BY id LIMIT 4')).map((r) => r.id);
    const at = new Date('2026-11-29T08:00:00.000Z');
    expect(await saveEquipment(db, customer, [ids[0]!, ids[1]!, ids[2]!], at)).toBe(true);
    expect(await saveEquipment(db, customer, [ids[3]!, ids[1]!], at)).toBe(true);
    expect(await savedEquipmentIds(db, customer)).toEqual([ids[3], ids[1], ids[0], ids[2]]);
    // and a clock that went back
    expect(await saveEquipment(db, customer, [ids[2]!], new Date('2026-11-29T07:00:00.000Z'))).toBe(true);
    expect(await savedEquipmentIds(db, customer)).toEqual([ids[2], ids[3], ids[1], ids[0]]);
  });

  test('saves, merges (the given ones most recent), removes and clears the signed-in customer\'s models', async () => {
    const { cookie } = await signedIn(app, 'pad.owner@example.com');
    expect(savedHandles(await call(app, 'GET', '/api/account/equipment', { cookie }))).toEqual([]);
    const first = await call(app, 'PUT', '/api/account/equipment', { cookie, body: { handles: [handles[0], handles[1]] } });
    expect(first.statusCode).toBe(200);
    expect(savedHandles(first)).toEqual([handles[0], handles[1]]);
    const merged = await call(app, 'PUT', '/api/account/equipment', { cookie, body: { handles: [handles[2], handles[1]] } });
    expect(savedHandles(merged)).toEqual([handles[2], handles[1], handles[0]]);
    expect(merged.json().equipment[0]).toMatchObject({ handle: handles[2], modelNumber: expect.any(String), type: expect.any(String) });
    const removed = await call(app, 'DELETE', `/api/account/equipment/${handles[1]}`, { cookie });
    expect(savedHandles(removed)).toEqual([handles[2], handles[0]]);
    // removing a model that is not saved is fine
    expect(savedHandles(await call(app, 'DELETE', `/api/account/equipment/${handles[3]}`, { cookie }))).toEqual([handles[2], handles[0]]);
    expect(savedHandles(await call(app, 'GET', '/api/account/equipment', { cookie }))).toEqual([handles[2], handles[0]]);
    const cleared = await call(app, 'DELETE', '/api/account/equipment', { cookie });
    expect(cleared.json()).toEqual({ equipment: [] });
  });

  test('two customers see and change only their own lists', async () => {
    const ann = await signedIn(app, 'ann.pad@example.com', 'Ann');
    const bob = await signedIn(app, 'bob.pad@example.com', 'Bob');
    await call(app, 'PUT', '/api/account/equipment', { cookie: ann.cookie, body: { handles: [handles[0]] } });
    await call(app, 'PUT', '/api/account/equipment', { cookie: bob.cookie, body: { handles: [handles[1], handles[2]] } });
    expect(savedHandles(await call(app, 'GET', '/api/account/equipment', { cookie: ann.cookie }))).toEqual([handles[0]]);
    expect(savedHandles(await call(app, 'GET', '/api/account/equipment', { cookie: bob.cookie }))).toEqual([handles[1], handles[2]]);
    // Bob removing and clearing leaves Ann's list alone
    await call(app, 'DELETE', `/api/account/equipment/${handles[0]}`, { cookie: bob.cookie });
    await call(app, 'DELETE', '/api/account/equipment', { cookie: bob.cookie });
    expect(savedHandles(await call(app, 'GET', '/api/account/equipment', { cookie: ann.cookie }))).toEqual([handles[0]]);
    expect(savedHandles(await call(app, 'GET', '/api/account/equipment', { cookie: bob.cookie }))).toEqual([]);
  });

  test('bad input is a 400 (or 404 for an unknown model) with { error }, and nothing is written', async () => {
    const { cookie, id } = await signedIn(app, 'careful@example.com');
    const bad: unknown[] = [
      {}, { handles: [] }, { handles: 'a' }, { handles: [1] }, { handles: [''] }, { handles: [handles[0]], extra: true },
      { handles: Array.from({ length: 51 }, (_, i) => `m-${i}`) }, null, [handles[0]],
    ];
    for (const body of bad) {
      const res = await call(app, 'PUT', '/api/account/equipment', { cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const unknown = await call(app, 'PUT', '/api/account/equipment', { cookie, body: { handles: [handles[0], 'no-such-model'] } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Equipment not found' });
    expect((await call(app, 'DELETE', '/api/account/equipment/no-such-model', { cookie })).statusCode).toBe(404);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM customer_equipment WHERE customer_id = ?', [id]))?.n).toBe(0);
  });

  test('a cross-site write is refused', async () => {
    const { cookie } = await signedIn(app, 'xsite@example.com');
    const res = await call(app, 'PUT', '/api/account/equipment', { cookie, body: { handles: [handles[0]] }, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(savedHandles(await call(app, 'GET', '/api/account/equipment', { cookie }))).toEqual([]);
  });
});
