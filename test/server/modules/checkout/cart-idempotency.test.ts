/**
 * The Idempotency-Key rules of the add calls, the store's own laws, parallel adds over real HTTP
 * (app.listen), and the anonymous cart merging into the account cart at sign-in.
 */
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sessionPlugin, signIn } from '../../../../src/server/modules/accounts/session.ts';
import { commerceRoutes, type CommerceOptions } from '../../../../src/server/modules/checkout/routes.ts';
import { canonicalJson, createIdempotencyStore, IDEMPOTENCY_ERRORS, requestHash } from '../../../../src/server/modules/checkout/idempotency.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { installErrorHandler } from '../../../../src/server/platform/http/errors.ts';
import { sharedSchemas } from '../../../../src/server/modules/catalogue/schemas.ts';
import { call, commerceApp, commerceDb, createCustomer, createSession, setLevel, stockedLevel } from './cart.helpers.ts';

// a seeded app on a shared, loaded machine: generous time, exact assertions
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** The commerce routes alone on a session-enabled app, with test options (the afterClaim seam). */
async function bareApp(db: Db, options: Omit<CommerceOptions, 'db'> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  for (const schema of sharedSchemas) app.addSchema(schema);
  installErrorHandler(app);
  await app.register(sessionPlugin, { db });
  await app.register(commerceRoutes, { db, ...options });
  app.post('/test/sign-in/:customerId', async (request, reply) => {
    await signIn(app, request, reply, Number((request.params as { customerId: string }).customerId));
    return { ok: true };
  });
  await app.ready();
  return app;
}

let db: Db;
let app: FastifyInstance;
/** Per key: a gate the request waits on after claiming, and a hook telling the test it got there. */
const gates = new Map<string, { wait: Promise<void>; reached: () => void }>();

beforeAll(async () => {
  db = await commerceDb();
  app = await bareApp(db, { afterClaim: (key) => {
    const gate = gates.get(key);
    if (!gate) return Promise.resolve();
    gate.reached();
    return gate.wait;
  } });
});
afterAll(async () => {
  await app.close();
});

const add = (cookie: string, body: unknown, key: string) =>
  call(app, 'POST', '/api/checkouts/lineItems', { cookie, body, headers: { 'idempotency-key': key } });

describe('Idempotency-Key on the add call', () => {
  test('a retry of a finished request returns the stored response and adds nothing', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 5);
    const first = await add(cookie, { inventoryLevelId: level.id, quantity: 2 }, 'retry-1');
    const second = await add(cookie, { inventoryLevelId: level.id, quantity: 2 }, 'retry-1');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const cart = await call(app, 'GET', '/api/checkouts', { cookie });
    expect(cart.body.checkout.LineItems[0].currentQuantity).toBe(2);
  });

  test('the same key with a different body answers 422', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 5);
    await add(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'diff-1');
    const res = await add(cookie, { inventoryLevelId: level.id, quantity: 3 }, 'diff-1');
    expect(res).toMatchObject({ status: 422, body: { error: IDEMPOTENCY_ERRORS.mismatch } });
  });

  test('a concurrent request with the same key answers 409 while the first is running', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 5);
    let open: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => { reached = resolve; });
    gates.set('busy-1', { wait: new Promise<void>((resolve) => { open = resolve; }), reached });
    const first = add(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'busy-1');
    // wait until the first request holds its key and waits at the gate: no timing involved
    await arrived;
    const second = await add(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'busy-1');
    expect(second).toMatchObject({ status: 409, body: { error: IDEMPOTENCY_ERRORS.inProgress } });
    open();
    expect((await first).status).toBe(200);
    gates.delete('busy-1');
    const third = await add(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'busy-1');
    expect(third.status).toBe(200);
    expect(third.body.checkout.LineItems[0].currentQuantity).toBe(1);
  });

  test('keys are scoped to the session: another session may use the same key', async () => {
    const a = await createSession(db);
    const b = await createSession(db);
    const level = await stockedLevel(db, 5);
    await add(a.cookie, { inventoryLevelId: level.id, quantity: 1 }, 'shared-key');
    const res = await add(b.cookie, { inventoryLevelId: level.id, quantity: 1 }, 'shared-key');
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  test('a failed add releases its key, so the retry runs again once stock returns', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1, 3, 0);
    const failed = await add(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'fail-1');
    expect(failed.status).toBe(409);
    await db.run('UPDATE inventory_levels SET quantity = 5 WHERE id = ?', [level.id]);
    const retry = await add(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'fail-1');
    expect(retry.status).toBe(200);
  });

  test.each(['', ' ', 'x'.repeat(256), 'tab\tkey', 'ünicode'])('an invalid key %j answers 400', async (key) => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1);
    const res = await app.inject({
      method: 'POST', url: '/api/checkouts/lineItems',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify({ inventoryLevelId: level.id, quantity: 1 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: IDEMPOTENCY_ERRORS.invalid });
  });
});

describe('Idempotency-Key in one transaction with the work (the server without the test seam)', () => {
  let direct: FastifyInstance;
  let clock = Date.parse('2026-03-01T12:00:00Z');
  beforeAll(async () => {
    direct = await bareApp(db, { idempotency: { now: () => clock } });
  });
  afterAll(async () => {
    await direct.close();
  });
  const addDirect = (cookie: string, body: unknown, key: string) =>
    call(direct, 'POST', '/api/checkouts/lineItems', { cookie, body, headers: { 'idempotency-key': key } });
  const quantityOf = async (cookie: string) => (await call(direct, 'GET', '/api/checkouts', { cookie })).body.checkout.LineItems[0]?.currentQuantity;

  test('a retry replays the stored answer and adds nothing; another body answers 422', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 5);
    const first = await addDirect(cookie, { inventoryLevelId: level.id, quantity: 2 }, 'one-tx-1');
    expect(first.status).toBe(200);
    const again = await addDirect(cookie, { inventoryLevelId: level.id, quantity: 2 }, 'one-tx-1');
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await quantityOf(cookie)).toBe(2);
    const other = await addDirect(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'one-tx-1');
    expect(other).toMatchObject({ status: 422, body: { error: IDEMPOTENCY_ERRORS.mismatch } });
    expect(await quantityOf(cookie)).toBe(2);
  });

  test('a retry replays the first answer even when the add would now be refused (stock gone)', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 3);
    const first = await addDirect(cookie, { inventoryLevelId: level.id, quantity: 3 }, 'one-tx-2');
    expect(first.status).toBe(200);
    await setLevel(db, level.id, { quantity: 3 });
    const again = await addDirect(cookie, { inventoryLevelId: level.id, quantity: 3 }, 'one-tx-2');
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await quantityOf(cookie)).toBe(3);
  });

  test('a failed add stores nothing: its retry runs again once stock returns', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1);
    await setLevel(db, level.id, { quantity: 1 });
    const refused = await addDirect(cookie, { inventoryLevelId: level.id, quantity: 2 }, 'one-tx-3');
    expect(refused.status).toBe(409);
    await setLevel(db, level.id, { quantity: 5 });
    const retried = await addDirect(cookie, { inventoryLevelId: level.id, quantity: 2 }, 'one-tx-3');
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await quantityOf(cookie)).toBe(2);
  });

  test('an expired key is taken over: the add runs again', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 5);
    await setLevel(db, level.id, { quantity: 10 });
    expect((await addDirect(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'one-tx-4')).status).toBe(200);
    clock += 25 * 3600 * 1000;
    const later = await addDirect(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'one-tx-4');
    expect(later.status).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await quantityOf(cookie)).toBe(2);
    expect((await addDirect(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'one-tx-4')).headers['idempotent-replayed']).toBe('true');
  });
});

describe('the key store', () => {
  test('keys are kept 24 hours, then expire and may be reused', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const store = createIdempotencyStore(db, { now: () => now });
    const { sessionId } = await createSession(db);
    expect(await store.claim(sessionId, 'ttl', 'h1')).toEqual({ kind: 'claimed' });
    await db.transaction((tx) => store.in(tx).finish(sessionId, 'ttl', 200, { ok: 1 }));
    now += 24 * 3600 * 1000 - 1;
    expect(await store.claim(sessionId, 'ttl', 'h1')).toEqual({ kind: 'replay', statusCode: 200, body: { ok: 1 } });
    now += 1;
    expect(await store.claim(sessionId, 'ttl', 'h2')).toEqual({ kind: 'claimed' });
  });

  test('a pending claim older than the lock time is taken over (its request died)', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const store = createIdempotencyStore(db, { now: () => now, lockMs: 1000 });
    const { sessionId } = await createSession(db);
    await store.claim(sessionId, 'dead', 'h');
    expect(await store.claim(sessionId, 'dead', 'h')).toEqual({ kind: 'in-progress' });
    now += 1000;
    expect(await store.claim(sessionId, 'dead', 'h')).toEqual({ kind: 'claimed' });
  });

  test('canonicalJson ignores key order, so the request hash does too', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string(), fc.boolean())), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(requestHash('POST', '/r', reversed)).toBe(requestHash('POST', '/r', obj));
      }),
    );
  });

  test('a claim sequence answers claimed once, then replays the stored answer (idempotence)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 8 }), fc.jsonValue(), async (n, body) => {
        const store = createIdempotencyStore(db);
        const { sessionId } = await createSession(db);
        const kinds: string[] = [];
        for (let i = 0; i < n; i++) {
          const claim = await store.claim(sessionId, 'k', 'same');
          kinds.push(claim.kind);
          if (claim.kind === 'claimed') await db.transaction((tx) => store.in(tx).finish(sessionId, 'k', 200, body));
          else if (claim.kind === 'replay') expect(claim.body).toEqual(JSON.parse(JSON.stringify(body)));
        }
        expect(kinds).toEqual(['claimed', ...Array<string>(n - 1).fill('replay')]);
      }),
      { numRuns: 30 },
    );
  });
});

describe('concurrency over real HTTP', () => {
  test('parallel adds with distinct keys on one cart lose no update', async () => {
    const { app: live, db: liveDb } = await commerceApp();
    try {
      const address = await live.listen({ port: 0, host: '127.0.0.1' });
      const { cookie } = await createSession(liveDb);
      const level = await stockedLevel(liveDb, 1, 0, 1000);
      const other = await stockedLevel(liveDb, 1, 1, 1000);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          fetch(`${address}/api/checkouts/lineItems`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `par-${i}` },
            body: JSON.stringify({ inventoryLevelId: i % 2 === 0 ? level.id : other.id, quantity: 1 + (i % 3) }),
          }).then((r) => r.status),
        ),
      );
      expect(results.every((s) => s === 200)).toBe(true);
      const rows = await liveDb.all<{ inventory_level_id: number; quantity: number }>('SELECT inventory_level_id, quantity FROM checkout_line_items ORDER BY inventory_level_id');
      const expected = (parity: number) => Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 2 === parity).reduce((s, i) => s + 1 + (i % 3), 0);
      expect(rows).toEqual([
        { inventory_level_id: level.id, quantity: expected(0) },
        { inventory_level_id: other.id, quantity: expected(1) },
      ].sort((a, b) => a.inventory_level_id - b.inventory_level_id));
    } finally {
      await live.close();
    }
  }, 60_000);
});

describe('sign-in merges the anonymous cart', () => {
  test('the anonymous lines add into the account cart, capped at the stock', async () => {
    const customerId = await createCustomer(db);
    const account = await createSession(db, customerId);
    const a = await stockedLevel(db, 1, 10, 5);
    const b = await stockedLevel(db, 1, 11, 5);
    await add(account.cookie, { inventoryLevelId: a.id, quantity: 4 }, 'acc-1');
    const anon = await createSession(db);
    await add(anon.cookie, { lineItems: [{ inventoryLevelId: a.id, quantity: 3 }, { inventoryLevelId: b.id, quantity: 2 }] }, 'anon-1');
    const res = await app.inject({ method: 'POST', url: `/test/sign-in/${customerId}`, headers: { cookie: anon.cookie } });
    const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
    const cart = await call(app, 'GET', '/api/checkouts', { cookie });
    const q = Object.fromEntries(cart.body.checkout.LineItems.map((l: { inventoryLevelId: number; currentQuantity: number }) => [l.inventoryLevelId, l.currentQuantity]));
    expect(q).toEqual({ [a.id]: 5, [b.id]: 2 });
    const same = await call(app, 'GET', '/api/checkouts', { cookie: account.cookie });
    expect(same.body.checkout.webUrl).toBe(cart.body.checkout.webUrl);
  });

  test('without an account cart the anonymous cart becomes the customer’s', async () => {
    const customerId = await createCustomer(db);
    const anon = await createSession(db);
    const level = await stockedLevel(db, 3);
    const added = await add(anon.cookie, { inventoryLevelId: level.id, quantity: 2 }, 'anon-2');
    const res = await app.inject({ method: 'POST', url: `/test/sign-in/${customerId}`, headers: { cookie: anon.cookie } });
    const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
    const cart = await call(app, 'GET', '/api/checkouts', { cookie });
    expect(cart.body.checkout.webUrl).toBe(added.body.checkout.webUrl);
    expect(cart.body.checkout.LineItems[0].currentQuantity).toBe(2);
  });
});

describe('the public URL', () => {
  test('webUrl starts with the configured public origin behind a proxy', async () => {
    const proxied = await bareApp(db, { publicUrl: 'https://shop.example' });
    try {
      const { cookie } = await createSession(db);
      const res = await call(proxied, 'GET', '/api/checkouts', { cookie });
      expect(res.body.checkout.webUrl).toMatch(/^https:\/\/shop\.example\/checkout\/[0-9a-f]{32}$/);
    } finally {
      await proxied.close();
    }
  });
});
