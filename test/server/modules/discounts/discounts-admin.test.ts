/**
 * The operators' discount codes (modules/discounts), on both databases: today's seeded codes in
 * the table with their state; creating codes of each kind with their limits (default titles,
 * 409 for an existing code, one of two at once); pausing, resuming, expiring and editing (409
 * when already so; uses never written); every write audited in its transaction; the list's
 * filters and pages; who may; junk bodies 400 with nothing written.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { defaultTitle, discountStatus } from '../../../../src/server/modules/discounts/index.ts';
import { signedInShopper } from '../checkout/cart.helpers.ts';
import { adminApp, sessionHeaders, signedInOperator, type SignedInOperator } from '../admin/admin.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;
let staff: SignedInOperator;
let fulfilment: SignedInOperator;
let catalogueToken = '';
let ordersToken = '';
let customerCookie = '';

const bearer = (value: string) => ({ authorization: `Bearer ${value}`, 'content-type': 'application/json' });
const get = (url: string, headers: Record<string, string> = sessionHeaders(owner)) => app.inject({ method: 'GET', url, headers });
const create = (body: unknown, headers: Record<string, string> = sessionHeaders(owner)) => app.inject({ method: 'POST', url: '/api/admin/discounts', headers, payload: JSON.stringify(body) });
const patch = (code: string, body: unknown, headers: Record<string, string> = sessionHeaders(owner)) => app.inject({ method: 'PATCH', url: `/api/admin/discounts/${code}`, headers, payload: JSON.stringify(body) });
const fingerprint = async () => JSON.stringify([
  await db.all('SELECT * FROM discount_codes ORDER BY code'),
  (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log'))!.n,
]);
const audits = (code: string) => db.all<{ action: string; actor_kind: string; actor_id: number | null; route: string; before_json: string | null; after_json: string | null }>(
  "SELECT action, actor_kind, actor_id, route, before_json, after_json FROM audit_log WHERE entity = 'discount' AND entity_id = ? ORDER BY id", [code]);

async function token(scopes: string[]): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/tokens', headers: sessionHeaders(owner), payload: { name: scopes.join('+'), scopes } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().token as string;
}

beforeAll(async () => {
  ({ app, db } = await adminApp());
  owner = await signedInOperator(app, 'owner');
  staff = await signedInOperator(app, 'staff');
  fulfilment = await signedInOperator(app, 'fulfilment');
  catalogueToken = await token(['catalogue']);
  ordersToken = await token(['orders', 'customers']);
  customerCookie = (await signedInShopper(db)).cookie;
});
afterAll(async () => {
  await app?.close();
});

describe('today\'s codes', () => {
  test('are in the table with their kinds, limits and states; the popup\'s code once per customer and per IP', async () => {
    const res = await get('/api/admin/discounts');
    expect(res.statusCode, res.body).toBe(200);
    const byCode = Object.fromEntries((res.json().discounts as { code: string }[]).map((d) => [d.code, d]));
    expect(Object.keys(byCode)).toEqual(expect.arrayContaining(['BIG50', 'EXPIRED2020', 'FIRST10', 'FREESHIP', 'SAVE10', 'TAKE5']));
    expect(byCode.SAVE10).toMatchObject({ title: '10% off your order', kind: 'percentage', value: 10, status: 'active', uses: 0, maxUses: null, paused: false });
    expect(byCode.TAKE5).toMatchObject({ kind: 'fixed', value: 500, status: 'active' });
    expect(byCode.FREESHIP).toMatchObject({ kind: 'free_shipping', value: 0, status: 'active' });
    expect(byCode.BIG50).toMatchObject({ kind: 'fixed', value: 5000, minSubtotalCents: 20000 });
    expect(byCode.EXPIRED2020).toMatchObject({ status: 'ended', endsAt: '2020-12-31T23:59:59.999Z' });
    expect(byCode.FIRST10).toMatchObject({ kind: 'percentage', value: 10, oncePerCustomer: true, oncePerIp: true, status: 'active' });
  });
});

describe('creating a code', () => {
  test('of each kind, with its limits, answered and audited in the same transaction', async () => {
    const res = await create({
      code: 'spring15', kind: 'percentage', value: 15, minSubtotalCents: 5000, startsAt: '2020-03-01T00:00:00Z', endsAt: '2099-06-01T00:00:00+02:00',
      maxUses: 100, oncePerCustomer: true, oncePerIp: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().discount;
    expect(d).toEqual({
      code: 'SPRING15', title: '15% off orders of $50.00 or more', kind: 'percentage', value: 15, minSubtotalCents: 5000,
      startsAt: '2020-03-01T00:00:00.000Z', endsAt: '2099-05-31T22:00:00.000Z', maxUses: 100, uses: 0, oncePerCustomer: true, oncePerIp: true,
      paused: false, status: 'active', createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    const [entry] = await audits('SPRING15');
    expect(entry).toMatchObject({ action: 'discount.create', actor_kind: 'operator', actor_id: owner.id, route: 'POST /api/admin/discounts', before_json: null });
    expect(JSON.parse(entry!.after_json!)).toEqual(d);
    expect((await create({ code: 'TENOFF', kind: 'fixed', value: 1000 }, bearer(catalogueToken))).json().discount).toMatchObject({ title: '$10.00 off your order', status: 'active' });
    expect((await create({ code: 'SHIPFREE-75', kind: 'free_shipping', minSubtotalCents: 7500, title: ' Free ground shipping ' }, sessionHeaders(staff))).json().discount)
      .toMatchObject({ title: 'Free ground shipping', value: 0, status: 'active' });
    expect((await create({ code: 'LATER', kind: 'fixed', value: 100, startsAt: '2099-01-01T00:00:00Z' })).json().discount.status).toBe('scheduled');
    expect((await create({ code: 'ON_HOLD', kind: 'fixed', value: 100, paused: true })).json().discount).toMatchObject({ status: 'paused', paused: true });
  });

  test('an existing code answers 409 (any case), and of two at once one is made', async () => {
    const before = await fingerprint();
    const res = await create({ code: 'save10', kind: 'percentage', value: 50 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'A discount code SAVE10 exists.' });
    expect(await fingerprint()).toBe(before);
    const both = await Promise.all([create({ code: 'TWINS', kind: 'fixed', value: 200 }), create({ code: 'twins', kind: 'fixed', value: 300 }, sessionHeaders(staff))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await audits('TWINS')).toHaveLength(1);
  });

  test.each([
    [{ code: 'P0', kind: 'percentage', value: 0 }, 'A percentage discount is from 1 to 100 percent.'],
    [{ code: 'P101', kind: 'percentage', value: 101 }, 'A percentage discount is from 1 to 100 percent.'],
    [{ code: 'NOVALUE', kind: 'fixed' }, 'Give the discount\'s value: a percent from 1 to 100, or an amount in cents.'],
    [{ code: 'F0', kind: 'fixed', value: 0 }, 'An amount discount is from 1 cent to $100,000.00 (its value in cents).'],
    [{ code: 'FS5', kind: 'free_shipping', value: 5 }, 'A free-shipping code has no value (0).'],
    [{ code: 'BACKWARDS', kind: 'fixed', value: 5, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, 'A discount code must start before it ends.'],
    [{ code: 'SAME', kind: 'fixed', value: 5, startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, 'A discount code must start before it ends.'],
    [{ code: 'CTRL', kind: 'fixed', value: 5, title: 'bell\u0007' }, 'A title is 1 to 100 characters, without control characters.'],
    [{ code: 'BLANK', kind: 'fixed', value: 5, title: '   ' }, 'A title is 1 to 100 characters, without control characters.'],
  ])('%j answers 400 with the reason and writes nothing', async (body, reason) => {
    const before = await fingerprint();
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: reason });
    expect(await fingerprint()).toBe(before);
  });
});

describe('changing a code', () => {
  test('pause, resume and expire, each audited with before and after; 409 when it already is', async () => {
    expect((await create({ code: 'CYCLE', kind: 'percentage', value: 5, maxUses: 10 })).statusCode).toBe(200);
    const paused = await patch('cycle', { action: 'pause' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().discount).toMatchObject({ paused: true, status: 'paused' });
    expect((await patch('CYCLE', { action: 'pause' })).json()).toEqual({ error: 'This discount code is already paused.' });
    expect((await patch('CYCLE', { action: 'resume' }, sessionHeaders(staff))).json().discount).toMatchObject({ paused: false, status: 'active' });
    expect((await patch('CYCLE', { action: 'resume' })).statusCode).toBe(409);
    const expired = await patch('CYCLE', { action: 'expire' }, bearer(catalogueToken));
    expect(expired.json().discount.status).toBe('ended');
    expect(Date.parse(expired.json().discount.endsAt)).toBeLessThanOrEqual(Date.now());
    const again = await patch('CYCLE', { action: 'expire' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This discount code has already ended.' });
    const rows = await audits('CYCLE');
    expect(rows.map((r) => r.action)).toEqual(['discount.create', 'discount.pause', 'discount.resume', 'discount.expire']);
    expect(rows.map((r) => r.actor_kind)).toEqual(['operator', 'operator', 'operator', 'token']);
    expect(JSON.parse(rows[1]!.before_json!)).toMatchObject({ paused: false, status: 'active' });
    expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({ paused: true, status: 'paused' });
  });

  test('an edit changes the fields given; a default title follows the new value; uses are never written', async () => {
    expect((await create({ code: 'EDITME', kind: 'percentage', value: 10 })).statusCode).toBe(200);
    await db.run("UPDATE discount_codes SET uses = 7 WHERE code = 'EDITME'");
    const res = await patch('EDITME', { value: 20, maxUses: 7, oncePerIp: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().discount).toMatchObject({ title: '20% off your order', value: 20, maxUses: 7, uses: 7, oncePerIp: true, status: 'used_up' });
    expect((await patch('EDITME', { maxUses: null })).json().discount).toMatchObject({ maxUses: null, status: 'active' });
    const kind = await patch('EDITME', { kind: 'fixed', value: 250, title: 'A little off' });
    expect(kind.json().discount).toMatchObject({ kind: 'fixed', value: 250, title: 'A little off' });
    // an operator's own title stays through a later edit
    expect((await patch('EDITME', { value: 300 })).json().discount.title).toBe('A little off');
    expect((await patch('EDITME', { kind: 'free_shipping' })).json().discount).toMatchObject({ kind: 'free_shipping', value: 0 });
    expect((await patch('EDITME', { startsAt: '2099-01-01T00:00:00Z' })).json().discount.status).toBe('scheduled');
    expect((await patch('EDITME', { startsAt: null, endsAt: '2001-01-01T00:00:00Z' })).json().discount.status).toBe('ended');
    const row = await db.get<{ uses: number }>("SELECT uses FROM discount_codes WHERE code = 'EDITME'");
    expect(Number(row!.uses)).toBe(7);
    expect((await audits('EDITME')).map((r) => r.action)).toEqual(['discount.create', ...Array(7).fill('discount.edit')]);
  });

  test.each([
    ['TAKE5', { kind: 'percentage' }],
    ['SAVE10', { value: 101 }],
    ['TAKE5', { value: 10_000_001 }],
    ['FREESHIP', { value: 5 }],
    ['TAKE5', { endsAt: '2000-01-01T00:00:00Z', startsAt: '2001-01-01T00:00:00Z' }],
    ['TAKE5', { title: '' }],
  ])('a bad edit of %s, %j, answers 400 and writes nothing', async (discount, body) => {
    const before = await fingerprint();
    const res = await patch(discount, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(await fingerprint()).toBe(before);
  });

  test('an unknown code answers 404; a malformed one 400', async () => {
    expect((await patch('NO-SUCH-CODE', { action: 'pause' })).statusCode).toBe(404);
    expect((await get('/api/admin/discounts/NO-SUCH-CODE')).json()).toEqual({ error: 'Discount code not found.' });
    expect((await get('/api/admin/discounts/take5')).json().discount.code).toBe('TAKE5');
    for (const bad of ['-x', 'a%20b', 'x'.repeat(65), '%C3%A9t%C3%A9']) expect((await get(`/api/admin/discounts/${bad}`)).statusCode, bad).toBe(400);
  });
});

describe('the list', () => {
  test.each([
    ['status=ended', (codes: string[]) => expect(codes).toEqual(expect.arrayContaining(['EXPIRED2020', 'CYCLE']))],
    ['status=paused', (codes: string[]) => expect(codes).toEqual(['ON_HOLD'])],
    ['status=scheduled', (codes: string[]) => expect(codes).toEqual(['LATER'])],
    ['q=ship', (codes: string[]) => expect(codes).toEqual(['FREESHIP', 'SHIPFREE-75'])],
    // LIKE's own characters are literal: the codes whose title has a '%'
    ['q=%25', (codes: string[]) => expect(codes).toEqual(['CYCLE', 'EXPIRED2020', 'FIRST10', 'SAVE10', 'SPRING15'])],
    ['q=ON_', (codes: string[]) => expect(codes).toEqual(['ON_HOLD'])],
  ])('%s', async (query, check) => {
    const res = await get(`/api/admin/discounts?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().discounts as { code: string; status: string }[];
    check(list.map((d) => d.code));
    const status = /status=(\w+)/.exec(query)?.[1];
    if (status) for (const d of list) expect(d.status).toBe(status);
  });

  test('the states the list filters by are the states it answers', async () => {
    const all = (await get('/api/admin/discounts?limit=200')).json().discounts as { code: string; status: string }[];
    for (const status of ['active', 'paused', 'scheduled', 'ended', 'used_up']) {
      const filtered = (await get(`/api/admin/discounts?status=${status}&limit=200`)).json().discounts as { code: string }[];
      expect(filtered.map((d) => d.code), status).toEqual(all.filter((d) => d.status === status).map((d) => d.code));
    }
  });

  test('pages in code order with after = nextAfter', async () => {
    const all = (await get('/api/admin/discounts?limit=200')).json().discounts.map((d: { code: string }) => d.code);
    expect(all).toEqual([...all].sort());
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page = (await get(`/api/admin/discounts?limit=3${after === null ? '' : `&after=${after}`}`)).json() as { discounts: { code: string }[]; nextAfter: string | null };
      seen.push(...page.discounts.map((d) => d.code));
      after = page.nextAfter;
      if (after === null) break;
    }
    expect(seen).toEqual(all);
  });
});

describe('who may', () => {
  test('owners, staff and a catalogue token; not fulfilment, an orders token, a customer or nobody; nothing is written', async () => {
    for (const headers of [sessionHeaders(owner), sessionHeaders(staff), bearer(catalogueToken)]) expect((await get('/api/admin/discounts', headers)).statusCode).toBe(200);
    const before = await fingerprint();
    const refused: [Record<string, string>, number][] = [
      [sessionHeaders(fulfilment), 403], [bearer(ordersToken), 403], [{ cookie: customerCookie, 'content-type': 'application/json' }, 401], [{ 'content-type': 'application/json' }, 401],
      [{ cookie: owner.cookie, 'content-type': 'application/json' }, 403], [{ ...sessionHeaders(owner), 'x-csrf-token': staff.csrf }, 403],
    ];
    for (const [headers, code] of refused) {
      for (const res of [await create({ code: 'SNEAKY', kind: 'percentage', value: 100 }, headers), await patch('SAVE10', { value: 100 }, headers), await patch('SAVE10', { action: 'pause' }, headers)]) {
        expect(res.statusCode, JSON.stringify(headers)).toBe(code);
        expect(Object.keys(res.json())).toEqual(['error']);
      }
      // a read needs no CSRF token: the owner's cookie alone reads
      if (headers.cookie !== owner.cookie) expect((await get('/api/admin/discounts', headers)).statusCode, JSON.stringify(headers)).toBe(code);
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('junk bodies answer 400 { error } and write nothing', () => {
  const JUNK = ['{}', '[]', '"text"', 'null', '{"code":7,"kind":"fixed"}', '{"code":"X","kind":"bogus"}', '{"code":"X","kind":"fixed","value":1.5}', '{"code":"X","kind":"fixed","value":"5"}',
    '{"code":"X","kind":"fixed","value":5,"uses":0}', '{"code":"X","kind":"fixed","value":5,"startsAt":"tomorrow"}', '{"code":"a b","kind":"fixed","value":5}',
    `{"code":"${'X'.repeat(65)}","kind":"fixed","value":5}`, '{"code":"X","kind":"fixed","value":-5}', '{"code":"X","kind":"fixed","value":5,"maxUses":0}'];
  test.each(JUNK)('POST /api/admin/discounts %s', async (payload) => {
    const before = await fingerprint();
    const res = await app.inject({ method: 'POST', url: '/api/admin/discounts', headers: sessionHeaders(owner), payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(await fingerprint()).toBe(before);
  });

  test.each(['{}', '[]', '"pause"', '{"action":"delete"}', '{"uses":0}', '{"code":"OTHER"}', '{"value":"10"}', '{"endsAt":"soon"}', '{"paused":true}'])('PATCH /api/admin/discounts/SAVE10 %s', async (payload) => {
    const before = await fingerprint();
    const res = await app.inject({ method: 'PATCH', url: '/api/admin/discounts/SAVE10', headers: sessionHeaders(owner), payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(await fingerprint()).toBe(before);
  });

  test.each(['status=gone', 'limit=0', 'limit=201', 'after=-x', 'q='])('GET /api/admin/discounts?%s', async (query) => {
    const res = await get(`/api/admin/discounts?${query}`);
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('the rules without the database', () => {
  test.each([
    ['percentage', 10, 0, '10% off your order'],
    ['fixed', 500, 0, '$5.00 off your order'],
    ['fixed', 5000, 20000, '$50.00 off orders of $200.00 or more'],
    ['free_shipping', 0, 0, 'Free shipping'],
    ['free_shipping', 0, 7500, 'Free shipping on orders of $75.00 or more'],
  ] as const)('defaultTitle(%s, %i, %i) is %j (the seeded titles)', (kind, value, min, title) => {
    expect(defaultTitle(kind, value, min)).toBe(title);
  });

  test('a state in order: paused, ended, scheduled, used up, active', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const c = { pausedAt: null, expiresAt: null, startsAt: null, maxUses: null, uses: 0 };
    expect(discountStatus(c, now)).toBe('active');
    expect(discountStatus({ ...c, maxUses: 3, uses: 3 }, now)).toBe('used_up');
    expect(discountStatus({ ...c, maxUses: 3, uses: 3, startsAt: '2031-01-01T00:00:00Z' }, now)).toBe('scheduled');
    expect(discountStatus({ ...c, startsAt: '2031-01-01T00:00:00Z', expiresAt: '2029-01-01T00:00:00Z' }, now)).toBe('ended');
    expect(discountStatus({ ...c, expiresAt: '2030-01-01T00:00:00Z' }, now)).toBe('ended');
    expect(discountStatus({ ...c, pausedAt: '2029-01-01T00:00:00Z', expiresAt: '2029-01-01T00:00:00Z' }, now)).toBe('paused');
  });
});
