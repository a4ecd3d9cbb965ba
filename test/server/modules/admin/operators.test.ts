/**
 * Operators apart from customers, on both databases: the sign-in and its cookie, CSRF on every
 * session write, roles, TOTP at sign-in, sign-in pacing, API tokens stored hashed and revocable,
 * and the audit rows of each write (in the write's transaction for the module's own writes and
 * the sale price).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { base32Decode, totp } from '../../../../src/server/modules/admin/totp.ts';
import { OPERATOR_LOGIN_FAILED } from '../../../../src/server/modules/admin/service.ts';
import { CSRF_REQUIRED, PERMISSION_DENIED } from '../../../../src/server/platform/http/operator-access.ts';
import { signedInShopper } from '../checkout/cart.helpers.ts';
import { adminApp, bootstrap, cookieOf, PASSWORD, sessionHeaders, signedInOperator, type SignedInOperator } from './admin.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
let waits: number[];
let owner: SignedInOperator;
let staff: SignedInOperator;
let fulfilment: SignedInOperator;
let productId = 0;

beforeAll(async () => {
  ({ app, db, waits } = await adminApp());
  owner = await signedInOperator(app, 'owner');
  staff = await signedInOperator(app, 'staff');
  fulfilment = await signedInOperator(app, 'fulfilment');
  productId = (await db.get<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1'))!.id;
});
afterAll(async () => {
  await app?.close();
});

const sale = (headers: Record<string, string>, priceCents: number) =>
  app.inject({ method: 'POST', url: `/api/admin/products/${productId}/price`, headers: { 'content-type': 'application/json', ...headers }, payload: { priceCents, compareAtPriceCents: null } });
const price = async () => (await db.get<{ price_cents: number }>('SELECT price_cents FROM products WHERE id = ?', [productId]))!.price_cents;
const auditRows = (where = '1 = 1', params: unknown[] = []) =>
  db.all<{ actor_kind: string; actor_id: number | null; action: string; route: string; entity: string; entity_id: string | null; before_json: string | null; after_json: string | null }>(
    `SELECT actor_kind, actor_id, action, route, entity, entity_id, before_json, after_json FROM audit_log WHERE ${where} ORDER BY id`, params);

describe('the session', () => {
  test('the cookie is HttpOnly, SameSite=Strict, on /admin and /api/admin only, and is not the customers\' cookie', () => {
    const paths = owner.setCookie.filter((c) => c.startsWith('skimmer_op=')).map((c) => /Path=([^;]+)/.exec(c)?.[1]);
    expect(paths.sort()).toEqual(['/admin', '/api/admin']);
    for (const c of owner.setCookie) {
      expect(c).toMatch(/; HttpOnly/);
      expect(c).toMatch(/; SameSite=Strict/);
    }
    expect(owner.setCookie.some((c) => c.startsWith('skimmer_sid='))).toBe(false);
  });

  test('the cookie is Secure over HTTPS', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/session', headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' }, payload: { email: staff.email, password: PASSWORD } });
    // without TRUST_PROXY the forwarded protocol is not believed: the cookie follows the connection
    expect(res.statusCode).toBe(200);
    const secure = (await import('../../../../src/server/modules/admin/routes.ts')).operatorCookies('t'.repeat(22), true);
    for (const c of secure) expect(c).toMatch(/; Secure$/);
  });

  test('me answers the operator and the session\'s CSRF token; no password hash or secret', async () => {
    const res = await app.inject({ url: '/api/admin/me', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ operator: expect.objectContaining({ id: owner.id, role: 'owner', totpEnabled: false, hasPassword: true }), csrfToken: owner.csrf });
    expect(res.body).not.toMatch(/scrypt|password_hash|totp_secret/);
  });

  test('a wrong password, an unknown email and a disabled operator get the same 401', async () => {
    for (const payload of [{ email: owner.email, password: 'wrong password here' }, { email: 'nobody@shop.example', password: PASSWORD }]) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/session', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: OPERATOR_LOGIN_FAILED });
    }
  });

  test('a customer\'s account does not sign in as an operator, and an operator\'s cookie is no customer session', async () => {
    const shopper = await signedInShopper(db);
    expect((await app.inject({ url: '/api/admin/me', headers: { cookie: shopper.cookie } })).statusCode).toBe(401);
    const user = await app.inject({ url: '/api/user', headers: { cookie: owner.cookie } });
    expect(user.json()).toEqual({ user: null });
  });

  test('sign-in is paced per email like customers\': the sixth try waits, the right password still signs in, then the count clears', async () => {
    const op = await signedInOperator(app, 'staff');
    waits.length = 0;
    for (let i = 0; i < 6; i++) {
      await app.inject({ method: 'POST', url: '/api/admin/session', headers: { 'content-type': 'application/json' }, payload: { email: op.email, password: 'not the password!' } });
    }
    expect(waits).toEqual([500]);
    const ok = await app.inject({ method: 'POST', url: '/api/admin/session', headers: { 'content-type': 'application/json' }, payload: { email: op.email, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(waits).toEqual([500, 1000]);
    await app.inject({ method: 'POST', url: '/api/admin/session', headers: { 'content-type': 'application/json' }, payload: { email: op.email, password: PASSWORD } });
    expect(waits).toEqual([500, 1000]);
  });

  test('a set-password link works once', async () => {
    const made = await app.inject({ method: 'POST', url: '/api/admin/operators', headers: sessionHeaders(owner), payload: { email: 'once@shop.example', name: 'Once', role: 'staff' } });
    const token = new URL(made.json().link).searchParams.get('token')!;
    const first = await app.inject({ method: 'POST', url: '/api/admin/password', headers: { 'content-type': 'application/json' }, payload: { token, password: PASSWORD } });
    expect(first.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/admin/password', headers: { 'content-type': 'application/json' }, payload: { token, password: 'another long password' } });
    expect(again.statusCode).toBe(400);
  });

  test('signing out ends the session', async () => {
    const op = await signedInOperator(app, 'fulfilment');
    const out = await app.inject({ method: 'DELETE', url: '/api/admin/session', headers: { cookie: op.cookie, 'x-csrf-token': op.csrf } });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/me', headers: { cookie: op.cookie } })).statusCode).toBe(401);
  });
});

describe('CSRF and roles', () => {
  test('a session\'s write without its CSRF token, or with another session\'s, is refused and changes nothing', async () => {
    const before = await price();
    const cases: Record<string, string>[] = [{ cookie: staff.cookie }, { cookie: staff.cookie, 'x-csrf-token': owner.csrf }, { cookie: staff.cookie, 'x-csrf-token': '' }];
    for (const headers of cases) {
      const res = await sale(headers, 777);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: CSRF_REQUIRED });
    }
    expect(await price()).toBe(before);
  });

  test('staff may put a product on sale; fulfilment may not (403), and nothing changes', async () => {
    const before = await price();
    const denied = await sale({ cookie: fulfilment.cookie, 'x-csrf-token': fulfilment.csrf }, 555);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: PERMISSION_DENIED });
    expect(await price()).toBe(before);
    const ok = await sale({ cookie: staff.cookie, 'x-csrf-token': staff.csrf }, 1234);
    expect(ok.statusCode).toBe(200);
    expect(await price()).toBe(1234);
  });

  test('only owners manage operators and read the audit log', async () => {
    for (const op of [staff, fulfilment]) {
      expect((await app.inject({ url: '/api/admin/operators', headers: { cookie: op.cookie } })).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/admin/audit', headers: { cookie: op.cookie } })).statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/api/admin/operators', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });

  test('the last active owner cannot be demoted, disabled or removed (409)', async () => {
    const { app: lone } = await adminApp();
    try {
      const only = await signedInOperator(lone, 'owner');
      for (const [method, payload] of [['PATCH', { role: 'staff' }], ['PATCH', { disabled: true }], ['DELETE', undefined]] as const) {
        const res = await lone.inject({ method, url: `/api/admin/operators/${only.id}`, headers: payload ? sessionHeaders(only) : { cookie: only.cookie, 'x-csrf-token': only.csrf }, ...(payload ? { payload } : {}) });
        expect(res.statusCode).toBe(409);
      }
    } finally {
      await lone.close();
    }
  });

  test('a new role ends the operator\'s sessions', async () => {
    const op = await signedInOperator(app, 'staff');
    const res = await app.inject({ method: 'PATCH', url: `/api/admin/operators/${op.id}`, headers: sessionHeaders(owner), payload: { role: 'fulfilment' } });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/me', headers: { cookie: op.cookie } })).statusCode).toBe(401);
  });
});

describe('TOTP at sign-in', () => {
  test('once enrolled, sign-in needs the current code, and a code is used once', async () => {
    const op = await signedInOperator(app, 'staff');
    const enrol = await app.inject({ method: 'POST', url: '/api/admin/me/totp', headers: { cookie: op.cookie, 'x-csrf-token': op.csrf } });
    expect(enrol.statusCode).toBe(200);
    const { secret, uri } = enrol.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const now = () => Date.now() / 1000;
    const bad = await app.inject({ method: 'POST', url: '/api/admin/me/totp/verify', headers: sessionHeaders(op), payload: { code: '000000' === totp(base32Decode(secret)!, now()) ? '111111' : '000000' } });
    expect(bad.statusCode).toBe(400);
    const code = totp(base32Decode(secret)!, now());
    expect((await app.inject({ method: 'POST', url: '/api/admin/me/totp/verify', headers: sessionHeaders(op), payload: { code } })).statusCode).toBe(200);
    const signIn = (payload: object) => app.inject({ method: 'POST', url: '/api/admin/session', headers: { 'content-type': 'application/json' }, payload: { email: op.email, password: PASSWORD, ...payload } });
    expect((await signIn({})).statusCode).toBe(401);
    // the code that confirmed enrolment is spent
    expect((await signIn({ code })).statusCode).toBe(401);
    const next = totp(base32Decode(secret)!, now() + 30);
    const ok = await signIn({ code: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().operator.totpEnabled).toBe(true);
    expect((await signIn({ code: next })).statusCode).toBe(401);
    const row = await db.get<{ totp_secret: string }>('SELECT totp_secret FROM operators WHERE id = ?', [op.id]);
    expect((await auditRows()).some((r) => (r.before_json ?? '').includes(row!.totp_secret) || (r.after_json ?? '').includes(row!.totp_secret))).toBe(false);
  });
});

describe('API tokens', () => {
  test('a token is shown once, stored only hashed, works within its scopes and stops when revoked', async () => {
    const made = await app.inject({ method: 'POST', url: '/api/admin/tokens', headers: sessionHeaders(owner), payload: { name: 'Price sync', scopes: ['catalogue'] } });
    expect(made.statusCode).toBe(200);
    const { token, apiToken } = made.json();
    expect(token).toMatch(/^skop_[A-Za-z0-9_-]{43}$/);
    // nowhere in the database in clear
    for (const table of ['operator_api_tokens', 'audit_log', 'operators', 'operator_sessions']) {
      const rows = await db.all<Record<string, unknown>>(`SELECT * FROM ${table}`);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(JSON.stringify(rows)).not.toContain(token.slice(5));
    }
    const listed = await app.inject({ url: '/api/admin/tokens', headers: { cookie: owner.cookie } });
    expect(listed.body).not.toContain(token);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await sale(bearer, 4321)).statusCode).toBe(200);
    expect(await price()).toBe(4321);
    // outside its scope
    expect((await app.inject({ url: '/api/admin/live-visitors', headers: bearer })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/me', headers: bearer })).statusCode).toBe(403);
    const revoked = await app.inject({ method: 'DELETE', url: `/api/admin/tokens/${apiToken.id}`, headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(revoked.statusCode).toBe(200);
    expect((await sale(bearer, 1111)).statusCode).toBe(403);
    expect(await price()).toBe(4321);
  });
});

describe('the audit log', () => {
  test('a sale records who, the price before and after, in its transaction', async () => {
    await sale({ cookie: owner.cookie, 'x-csrf-token': owner.csrf }, 2000);
    await sale({ cookie: owner.cookie, 'x-csrf-token': owner.csrf }, 2100);
    const rows = await auditRows("action = 'product.price' AND actor_id = ?", [owner.id]);
    const last = rows[rows.length - 1]!;
    expect(last).toMatchObject({ actor_kind: 'operator', actor_id: owner.id, route: 'POST /api/admin/products/:productId/price', entity: 'product', entity_id: String(productId) });
    expect(JSON.parse(last.before_json!)).toEqual({ priceCents: 2000, compareAtPriceCents: null });
    expect(JSON.parse(last.after_json!)).toEqual({ priceCents: 2100, compareAtPriceCents: null });
  });

  test('a refused sale (unknown product) writes no audit row', async () => {
    const before = (await auditRows()).length;
    const res = await app.inject({ method: 'POST', url: '/api/admin/products/999999/price', headers: sessionHeaders(owner), payload: { priceCents: 100, compareAtPriceCents: null } });
    expect(res.statusCode).toBe(404);
    expect((await auditRows()).length).toBe(before);
  });

  test('the operators\' own writes are recorded with before and after; ADMIN_TOKEN as bootstrap', async () => {
    const made = await app.inject({ method: 'POST', url: '/api/admin/operators', headers: sessionHeaders(owner), payload: { email: 'audited@shop.example', name: 'Audited', role: 'staff' } });
    const id = made.json().operator.id as number;
    await app.inject({ method: 'PATCH', url: `/api/admin/operators/${id}`, headers: sessionHeaders(owner), payload: { name: 'Renamed' } });
    await app.inject({ method: 'DELETE', url: `/api/admin/operators/${id}`, headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    const rows = await auditRows("entity = 'operator' AND entity_id = ?", [String(id)]);
    expect(rows.map((r) => [r.action, r.actor_kind, r.actor_id])).toEqual([['operator.create', 'operator', owner.id], ['operator.update', 'operator', owner.id], ['operator.delete', 'operator', owner.id]]);
    expect(rows[0]!.before_json).toBeNull();
    expect(JSON.parse(rows[1]!.before_json!).name).toBe('Audited');
    expect(JSON.parse(rows[1]!.after_json!).name).toBe('Renamed');
    expect(rows[2]!.after_json).toBeNull();
    const boot = await auditRows("actor_kind = 'bootstrap' AND action = 'operator.create'");
    expect(boot.length).toBeGreaterThanOrEqual(3);
  });

  test('a write of another module is recorded by the guard (route, entity, id)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/redirects', headers: sessionHeaders(owner), payload: { csv: 'from,to\n/old-audited.htm,/\n' } });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const rows = await auditRows("route = 'POST /api/admin/redirects'");
      expect(rows.at(-1)).toMatchObject({ actor_kind: 'operator', actor_id: owner.id, entity: 'redirects' });
    });
  });

  test('owners read it filtered by actor, entity, action and date, paged', async () => {
    const q = (query: string) => app.inject({ url: `/api/admin/audit?${query}`, headers: { cookie: owner.cookie } });
    const byEntity = (await q('entity=product&limit=1')).json();
    expect(byEntity.entries).toHaveLength(1);
    expect(byEntity.entries[0].entity).toBe('product');
    expect(byEntity.nextBefore).toBe(byEntity.entries[0].id);
    const next = (await q(`entity=product&limit=1&before=${byEntity.nextBefore}`)).json();
    expect(next.entries[0].id).toBeLessThan(byEntity.entries[0].id);
    const mine = (await q(`actorKind=operator&actorId=${owner.id}&action=product.price`)).json();
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((e: { actor: { id: number }; action: string }) => e.actor.id === owner.id && e.action === 'product.price')).toBe(true);
    expect((await q('from=2999-01-01T00:00:00Z')).json().entries).toEqual([]);
    expect((await q('to=2000-01-01T00:00:00Z')).json().entries).toEqual([]);
    expect((await q('limit=0')).statusCode).toBe(400);
    expect((await q('from=yesterday')).statusCode).toBe(400);
  });
});

test('the operator cookie from a sign-in reads me', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/admin/session', headers: { 'content-type': 'application/json' }, payload: { email: owner.email, password: PASSWORD } });
  const cookie = cookieOf(([] as string[]).concat(res.headers['set-cookie'] as string[]));
  expect((await app.inject({ url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
  expect((await app.inject({ url: '/api/admin/me', headers: bootstrap })).statusCode).toBe(403);
});
