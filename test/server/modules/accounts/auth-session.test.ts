import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { openTestDb } from '../../db.helpers.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import {
  hashToken,
  readCookie,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_COOKIE,
  SESSION_IDLE_TIMEOUT_MS,
  sessionAlive,
  sessionPlugin,
  signIn,
  signOut,
} from '../../../../src/server/modules/accounts/session.ts';

let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2030-01-01T00:00:00.000Z');
const events: [number | null, number, number][] = [];

async function build(secure = false): Promise<FastifyInstance> {
  const a = Fastify();
  await a.register(sessionPlugin, { db, now: () => clock, secure });
  a.addSignInListener((prev, next, customerId) => {
    events.push([prev, next, customerId]);
  });
  a.get('/whoami', async (req) => req.session);
  a.post('/cart', async (req, reply) => ({ id: await req.ensureSession(reply) }));
  a.post('/signin', async (req, reply) => ({ id: await signIn(a, req, reply, 1) }));
  a.post('/signout', async (req, reply) => {
    await signOut(a, req, reply);
    return {};
  });
  a.post('/failing-signin', async (req, reply) => {
    a.sessions.listeners.push(() => {
      throw new Error('boom');
    });
    try {
      return { id: await signIn(a, req, reply, 1) };
    } finally {
      a.sessions.listeners.pop();
    }
  });
  await a.ready();
  return a;
}

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const found = list.map(String).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!found) throw new Error('no session cookie');
  return found;
}

function tokenOf(setCookie: string): string {
  return setCookie.split(';')[0]!.slice(SESSION_COOKIE.length + 1);
}

beforeEach(async () => {
  clock = Date.parse('2030-01-01T00:00:00.000Z');
  events.length = 0;
  db = await openTestDb();
  await migrate(db);
  await db.run(
    "INSERT INTO customers (id, email, password_hash, first_name, last_name, created_at, updated_at) VALUES (1, 'a@b.test', 'x', 'A', 'B', '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')",
  );
  app = await build();
});
afterEach(async () => {
  await app.close();
  await db.close();
});

describe('session plugin', () => {
  test('a request without a cookie has no session', async () => {
    const res = await app.inject({ url: '/whoami' });
    expect(res.json()).toEqual({ id: null, customerId: null });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('ensureSession creates one anonymous session and sets an HttpOnly SameSite=Lax cookie', async () => {
    const res = await app.inject({ method: 'POST', url: '/cart' });
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const token = tokenOf(cookie);
    // 128 bits in base64url
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    const rows = await db.all<{ token_hash: string; customer_id: number | null }>('SELECT token_hash, customer_id FROM sessions');
    expect(rows).toEqual([{ token_hash: hashToken(token), customer_id: null }]);
    const again = await app.inject({ method: 'POST', url: '/cart', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(again.json()).toEqual({ id: res.json().id });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  test('stores only the SHA-256 of the token, never the token', async () => {
    const token = tokenOf(cookieOf(await app.inject({ method: 'POST', url: '/cart' })));
    const dump = JSON.stringify(await db.all('SELECT * FROM sessions'));
    expect(dump).not.toContain(token);
  });

  test('marks the cookie Secure over HTTPS or when configured', async () => {
    const viaProxy = await app.inject({ method: 'POST', url: '/cart', headers: { 'x-forwarded-proto': 'https' } });
    // without trustProxy the forwarded header is ignored: plain HTTP here
    expect(cookieOf(viaProxy)).not.toMatch(/Secure/);
    const secureApp = await build(true);
    expect(cookieOf(await secureApp.inject({ method: 'POST', url: '/cart' }))).toMatch(/; Secure/);
    await secureApp.close();
  });

  test('sign-in issues a new token, calls listeners with the previous session and deletes it', async () => {
    const anon = await app.inject({ method: 'POST', url: '/cart' });
    const anonToken = tokenOf(cookieOf(anon));
    const anonId = anon.json().id as number;
    const res = await app.inject({ method: 'POST', url: '/signin', headers: { cookie: `${SESSION_COOKIE}=${anonToken}` } });
    const newToken = tokenOf(cookieOf(res));
    expect(newToken).not.toBe(anonToken);
    const newId = res.json().id as number;
    expect(events).toEqual([[anonId, newId, 1]]);
    expect(await db.get('SELECT id FROM sessions WHERE id = ?', [anonId])).toBeUndefined();
    const old = await app.inject({ url: '/whoami', headers: { cookie: `${SESSION_COOKIE}=${anonToken}` } });
    expect(old.json()).toEqual({ id: null, customerId: null });
    const who = await app.inject({ url: '/whoami', headers: { cookie: `${SESSION_COOKIE}=${newToken}` } });
    expect(who.json()).toEqual({ id: newId, customerId: 1 });
  });

  test('sign-in without a previous session passes null as the previous session', async () => {
    const res = await app.inject({ method: 'POST', url: '/signin' });
    expect(events).toEqual([[null, res.json().id, 1]]);
  });

  test('a throwing listener rolls the whole sign-in back', async () => {
    const anon = await app.inject({ method: 'POST', url: '/cart' });
    const anonToken = tokenOf(cookieOf(anon));
    const res = await app.inject({ method: 'POST', url: '/failing-signin', headers: { cookie: `${SESSION_COOKIE}=${anonToken}` } });
    expect(res.statusCode).toBe(500);
    expect(await db.all('SELECT id, customer_id FROM sessions')).toEqual([{ id: anon.json().id, customer_id: null }]);
  });

  test('sign-out deletes the session and clears the cookie', async () => {
    const token = tokenOf(cookieOf(await app.inject({ method: 'POST', url: '/signin' })));
    const res = await app.inject({ method: 'POST', url: '/signout', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(cookieOf(res)).toMatch(/Max-Age=0/);
    expect(await db.all('SELECT id FROM sessions')).toEqual([]);
  });

  test('a session idle for the idle timeout is dead and deleted', async () => {
    const token = tokenOf(cookieOf(await app.inject({ method: 'POST', url: '/signin' })));
    clock += SESSION_IDLE_TIMEOUT_MS;
    const res = await app.inject({ url: '/whoami', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.json()).toEqual({ id: null, customerId: null });
    expect(await db.all('SELECT id FROM sessions')).toEqual([]);
  });

  test('a session in daily use still dies at the absolute timeout', async () => {
    const token = tokenOf(cookieOf(await app.inject({ method: 'POST', url: '/signin' })));
    for (let day = 1; day < 30; day++) {
      clock += 24 * 3600 * 1000;
      const res = await app.inject({ url: '/whoami', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(res.json().customerId).toBe(1);
    }
    clock += 24 * 3600 * 1000;
    const res = await app.inject({ url: '/whoami', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.json().customerId).toBeNull();
  });

  test.each([
    ['an unknown token', `${SESSION_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA`],
    ['a token with forbidden characters', `${SESSION_COOKIE}=a%20b'--`],
    ['an empty cookie', `${SESSION_COOKIE}=`],
    ['a cookie without a value', 'garbage'],
  ])('treats %s as no session', async (_name, cookie) => {
    const res = await app.inject({ url: '/whoami', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: null, customerId: null });
  });
});

describe('session rules', () => {
  test('readCookie finds the named cookie among others', () => {
    expect(readCookie(`a=1; ${SESSION_COOKIE}=abc_DEF-1; b=2`, SESSION_COOKIE)).toBe('abc_DEF-1');
    expect(readCookie('a=1', SESSION_COOKIE)).toBeNull();
  });

  test('a session is alive exactly while both timeouts hold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * 24 * 3600 * 1000 }),
        fc.integer({ min: 0, max: 60 * 24 * 3600 * 1000 }),
        (sinceCreated, sinceSeenRaw) => {
          const sinceSeen = Math.min(sinceCreated, sinceSeenRaw);
          const now = Date.parse('2030-03-01T00:00:00.000Z');
          const alive = sessionAlive(
            new Date(now - sinceCreated).toISOString(),
            new Date(now - sinceSeen).toISOString(),
            now,
            SESSION_IDLE_TIMEOUT_MS,
            SESSION_ABSOLUTE_TIMEOUT_MS,
          );
          expect(alive).toBe(sinceSeen < SESSION_IDLE_TIMEOUT_MS && sinceCreated < SESSION_ABSOLUTE_TIMEOUT_MS);
        },
      ),
    );
  });

  test('readCookie never throws and answers only token-shaped values', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        const value = readCookie(header, SESSION_COOKIE);
        expect(value === null || /^[A-Za-z0-9_-]{1,64}$/.test(value)).toBe(true);
      }),
    );
  });
});
