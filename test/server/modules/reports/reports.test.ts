/**
 * The back office's sales report (modules/reports), on both databases: orders and revenue per
 * day of the last `days` days and the `days` before, in the asked time zone, empty days as zeros,
 * cancelled orders left out, a day's bounds exact to the millisecond; the route's answer, who may
 * read it (owner, staff and `dashboard` tokens; not the fulfilment role) and bad queries 400.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { REPORT_ERRORS, ReportsService } from '../../../../src/server/modules/reports/index.ts';
import { freshLevels, ordersApp, placeOrder, signedInOperator, sessionHeaders, type SignedInOperator } from '../orders-admin/orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;
let staff: SignedInOperator;
let fulfilment: SignedInOperator;
const NOW = Date.parse('2026-11-27T15:00:00.000Z');

/** The orders of the report's tests: when each was placed, its total and whether it was cancelled. */
const ORDERS = [
  { at: '2026-11-27T10:00:00.000Z', cents: 1000, cancelled: false },
  { at: '2026-11-27T00:00:00.000Z', cents: 2500, cancelled: false },
  { at: '2026-11-26T23:59:59.999Z', cents: 700, cancelled: false },
  { at: '2026-11-24T12:00:00.000Z', cents: 300, cancelled: false },
  { at: '2026-11-27T11:00:00.000Z', cents: 9999, cancelled: true },
  { at: '2026-11-21T23:00:00.000Z', cents: 4444, cancelled: false },
];

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const asOp = (op: SignedInOperator) => ({ cookie: op.cookie });
const day = (date: string, orders: number, revenueCents: number) => ({ date, orders, revenueCents });

async function token(scopes: string[]): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/tokens', headers: sessionHeaders(owner), payload: { name: scopes.join('+'), scopes } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().token as string;
}

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  [owner, staff, fulfilment] = [await signedInOperator(app, 'owner'), await signedInOperator(app, 'staff'), await signedInOperator(app, 'fulfilment')];
  const levels = await freshLevels(db, ORDERS.length);
  for (const [i, o] of ORDERS.entries()) {
    const { orderId } = await placeOrder(app, db, [{ levelId: levels[i]!, quantity: 1 }]);
    await db.run('UPDATE orders SET created_at = ?, total_cents = ?, state = ? WHERE id = ?', [o.at, o.cents, o.cancelled ? 'cancelled' : 'open', orderId]);
  }
});
afterAll(async () => {
  await app?.close();
});

describe('the sales per day', () => {
  const report = (query: { days?: number; tz?: string }) => new ReportsService({ db, now: () => NOW }).sales(query);

  test('sums each UTC day\'s orders and totals, the day\'s first millisecond in and its end out, cancelled orders and older days left out', async () => {
    const r = await report({ days: 3, tz: 'UTC' });
    expect(r.days).toEqual([day('2026-11-25', 0, 0), day('2026-11-26', 1, 700), day('2026-11-27', 2, 3500)]);
    expect(r.previous).toEqual([day('2026-11-22', 0, 0), day('2026-11-23', 0, 0), day('2026-11-24', 1, 300)]);
    expect(r.totals).toEqual({ orders: 3, revenueCents: 4200, previousOrders: 1, previousRevenueCents: 300 });
    expect(r).toMatchObject({ currency: 'USD', timeZone: 'UTC' });
  });

  test.each([['-300'], ['America/New_York']])('counts the days in the asked zone (%s: UTC-5 in November)', async (tz) => {
    const r = await report({ days: 3, tz });
    // 00:00Z and 23:59Z on the 27th and 26th are the evening of the 26th in New York
    expect(r.days).toEqual([day('2026-11-25', 0, 0), day('2026-11-26', 2, 3200), day('2026-11-27', 1, 1000)]);
    expect(r.previous).toEqual([day('2026-11-22', 0, 0), day('2026-11-23', 0, 0), day('2026-11-24', 1, 300)]);
  });

  test('a zone east of UTC moves the evening orders into the next day', async () => {
    // UTC+1: 23:00Z on the 21st is the 22nd there, inside the period before
    const r = await report({ days: 3, tz: '60' });
    expect(r.previous).toEqual([day('2026-11-22', 1, 4444), day('2026-11-23', 0, 0), day('2026-11-24', 1, 300)]);
    expect(r.days).toEqual([day('2026-11-25', 0, 0), day('2026-11-26', 0, 0), day('2026-11-27', 3, 4200)]);
  });

  test('answers 30 days and the 30 before by default, zeros for days without orders', async () => {
    const r = await report({});
    expect(r.days).toHaveLength(30);
    expect(r.previous).toHaveLength(30);
    expect(r.days.at(-1)!.date).toBe('2026-11-27');
    expect(r.days[0]!.date).toBe('2026-10-29');
    expect(r.previous.at(-1)!.date).toBe('2026-10-28');
    expect(r.days.filter((d) => d.orders === 0).every((d) => d.revenueCents === 0)).toBe(true);
    expect(r.totals).toEqual({ orders: 5, revenueCents: 8944, previousOrders: 0, previousRevenueCents: 0 });
  });

  test('refuses an unknown zone with 400', async () => {
    await expect(report({ tz: 'Mars/Olympus' })).rejects.toMatchObject({ statusCode: 400, message: REPORT_ERRORS.badZone });
  });
});

describe('GET /api/admin/reports/sales', () => {
  test.each([['owner', () => owner], ['staff', () => staff]] as const)('answers the %s the report of the last 30 days, today last', async (_role, op) => {
    const res = await get('/api/admin/reports/sales?days=30&tz=UTC', asOp(op()));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['currency', 'days', 'previous', 'timeZone', 'totals']);
    expect(body.days).toHaveLength(30);
    expect(body.previous).toHaveLength(30);
    expect(body.days.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(Object.keys(body.days[0]).sort()).toEqual(['date', 'orders', 'revenueCents']);
  });

  test('answers the fulfilment role 403: revenue is not its figure', async () => {
    const res = await get('/api/admin/reports/sales', asOp(fulfilment));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your role does not allow this.' });
  });

  test('answers 401 without a credential and reads a dashboard token but not an orders one', async () => {
    const anonymous = await get('/api/admin/reports/sales', {});
    expect(anonymous.statusCode).toBe(401);
    expect(Object.keys(anonymous.json())).toEqual(['error']);
    expect((await get('/api/admin/reports/sales', bearer(await token(['dashboard'])))).statusCode).toBe(200);
    expect((await get('/api/admin/reports/sales', bearer(await token(['orders'])))).statusCode).toBe(403);
  });

  test.each([
    ['days=0'], ['days=93'], ['days=abc'], ['days=1.5'], ['tz=Mars%2FOlympus'], ['tz=841'], ['tz=-9999'], ['tz='], ['tz=%3Cscript%3E'],
  ])('answers ?%s 400 with { error }', async (query) => {
    const res = await get(`/api/admin/reports/sales?${query}`, asOp(owner));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
  });
});
