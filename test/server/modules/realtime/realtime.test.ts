/**
 * Realtime visit tracking: the /customer namespace records store:visit and ends it on
 * store:leave or disconnect, foreign origins are refused at the handshake, junk payloads are
 * dropped, and operators read the live-visitors figure.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { liveVisitors, OPERATORS_ONLY } from '../../../../src/server/modules/realtime/routes.ts';
import { attachRealtime, originAllowed, parseVisit } from '../../../../src/server/modules/realtime/socket.ts';
import { commerceApp } from '../checkout/cart.helpers.ts';

// servers and sockets on a shared, loaded machine: generous time, exact assertions
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
let base = '';
const sockets: Socket[] = [];

const ADMIN_TOKEN = 'realtime-operators-token';

beforeAll(async () => {
  // the operators' figure exists only with a token (security/operator-access.ts)
  vi.stubEnv('ADMIN_TOKEN', ADMIN_TOKEN);
  ({ app, db } = await commerceApp());
  vi.unstubAllEnvs();
  await attachRealtime(app.server, { db, allowedOrigins: ['http://localhost:5173'] });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

function open(extraHeaders: Record<string, string> = {}): Socket {
  const socket = connect(`${base}/customer`, { transports: ['websocket'], extraHeaders, reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<'connected' | 'refused'> {
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', () => resolve('refused'));
  });
}

/** Polls the database until `check` holds; the socket events are asynchronous by nature. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const openVisits = async (url: string) => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM visits WHERE request_url = ? AND ended_at IS NULL', [url]))?.n ?? 0;

describe('the /customer namespace', () => {
  test('store:visit records a visit with its coordinates; store:leave ends it', async () => {
    const socket = open({ origin: base });
    expect(await connected(socket)).toBe('connected');
    socket.emit('store:visit', { coords: { latitude: 47.25, longitude: -122.44, accuracy: 10 }, requestUrl: '/collections/pumps' });
    await until(async () => (await openVisits('/collections/pumps')) === 1);
    expect(await db.get('SELECT latitude, longitude FROM visits WHERE request_url = ?', ['/collections/pumps'])).toEqual({ latitude: 47.25, longitude: -122.44 });
    socket.emit('store:leave');
    await until(async () => (await openVisits('/collections/pumps')) === 0);
    socket.disconnect();
  });

  test('a new visit ends the previous one, and disconnecting ends the last', async () => {
    const socket = open();
    expect(await connected(socket)).toBe('connected');
    socket.emit('store:visit', { coords: null, requestUrl: '/a-page' });
    await until(async () => (await openVisits('/a-page')) === 1);
    socket.emit('store:visit', { coords: null, requestUrl: '/b-page' });
    await until(async () => (await openVisits('/b-page')) === 1 && (await openVisits('/a-page')) === 0);
    socket.disconnect();
    await until(async () => (await openVisits('/b-page')) === 0);
  });

  test.each([
    ['a foreign origin', { origin: 'https://evil.example' }, 'refused'],
    ['an allowed storefront origin', { origin: 'http://localhost:5173' }, 'connected'],
  ])('%s at the handshake is %s', async (_name, headers, outcome) => {
    const socket = open(headers);
    expect(await connected(socket)).toBe(outcome);
    socket.disconnect();
  });

  test('junk payloads record nothing', async () => {
    const socket = open();
    expect(await connected(socket)).toBe('connected');
    const before = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM visits'))?.n;
    for (const junk of [null, 42, 'x', { requestUrl: 7 }, { requestUrl: 'javascript:alert(1)' }, { coords: { latitude: 500, longitude: 0 }, requestUrl: '/x' }]) {
      socket.emit('store:visit', junk);
    }
    // a valid visit sent last: once it is recorded, the junk before it has been handled too (one socket keeps order)
    socket.emit('store:visit', { coords: null, requestUrl: '/after-junk' });
    await until(async () => (await openVisits('/after-junk')) === 1);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM visits'))?.n).toBe((before ?? 0) + 1);
    socket.disconnect();
  });
});

describe('the live-visitors figure', () => {
  test('operators with the token read the open visits by page', async () => {
    const socket = open();
    expect(await connected(socket)).toBe('connected');
    socket.emit('store:visit', { coords: null, requestUrl: '/live-page' });
    await until(async () => (await openVisits('/live-page')) === 1);
    const res = await fetch(`${base}/api/admin/live-visitors`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { liveVisitors: number; pages: { requestUrl: string; visitors: number }[] };
    expect(body.liveVisitors).toBe((await liveVisitors(db)).liveVisitors);
    expect(body.pages).toContainEqual({ requestUrl: '/live-page', visitors: 1 });
    socket.disconnect();
  });

  test('the machine itself without the token is refused, as anyone else with a wrong one', async () => {
    expect((await fetch(`${base}/api/admin/live-visitors`)).status).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/admin/live-visitors', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: OPERATORS_ONLY });
  });
});

describe('payload and origin rules', () => {
  test.each([
    [{ coords: null, requestUrl: '/' }, true],
    [{ requestUrl: 'https://shop.example/x' }, true],
    [{ coords: { latitude: 91, longitude: 0 }, requestUrl: '/' }, false],
    [{ coords: { latitude: 0, longitude: Number.NaN }, requestUrl: '/' }, false],
    [{ requestUrl: '' }, false],
    [{ requestUrl: `/${'x'.repeat(2048)}` }, false],
  ])('parseVisit(%j) accepts: %s', (payload, ok) => {
    expect(parseVisit(payload) !== null).toBe(ok);
  });

  test('parseVisit never throws and keeps accepted urls as sent', () => {
    fc.assert(
      fc.property(fc.anything(), (payload) => {
        const visit = parseVisit(payload);
        if (visit) expect(visit.requestUrl).toBe((payload as { requestUrl: string }).requestUrl);
      }),
    );
  });

  test.each([
    [undefined, 'shop.example', true],
    ['https://shop.example', 'shop.example', true],
    ['https://evil.example', 'shop.example', false],
    ['null', 'shop.example', false],
    ['http://localhost:5173', 'shop.example', true],
  ])('origin %s on host %s is allowed: %s', (origin, host, ok) => {
    expect(originAllowed(origin, host, ['http://localhost:5173'])).toBe(ok);
  });
});
