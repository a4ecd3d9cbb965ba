/**
 * The account rules an attacker would probe: reset links end when they should, someone else's
 * wrong passwords never lock the owner out, requests answer and write the same whether or not an
 * address has an account, and mail never greets an unconfirmed address with someone's text.
 * Runs on SQLite (project node) and PostgreSQL (project server-pg).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { LOGIN_PACE, loginDelayMs, RATE_LIMITED_MESSAGE, AUTH_LIMITS } from '../../../../src/server/modules/accounts/rate-limit.ts';
import { LOGIN_FAILED_MESSAGE } from '../../../../src/server/modules/accounts/auth.routes.ts';
import { INVALID_LINK_MESSAGE, issueToken } from '../../../../src/server/modules/accounts/services.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { accountApp, call, lastLinkToken, PASSWORD, sessionCookieOf, signedIn, type TestApp } from './account.helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await accountApp();
});
afterEach(async () => {
  await t.app.close();
  await t.db.close();
});

/** Composes the queued mail jobs (the worker the routes start after answering). */
const work = async () => void (await t.app.accounts.outbox.flush());

/** A reset link mailed to `email` by a reset request. */
async function resetLinkFor(email: string): Promise<string> {
  expect((await call(t.app, 'POST', '/api/auth/reset-password/request', { body: { email } })).json()).toEqual({ success: true });
  await work();
  return await lastLinkToken(t.db, email);
}

const reset = (token: string, password: string) => call(t.app, 'POST', '/api/auth/reset-password', { body: { token, password } });
const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email, password }) });

describe('reset links end when they should', () => {
  test('a password change ends the reset links mailed before it', async () => {
    const { cookie } = await signedIn(t.app, 'ann@example.com');
    const old = await resetLinkFor('ann@example.com');
    const changed = await call(t.app, 'POST', '/api/auth/change-password', { cookie, body: { currentPassword: PASSWORD, newPassword: 'the owner reacted 2030' } });
    expect(changed.json()).toEqual({ success: true });
    const res = await reset(old, 'the attacker is back 2030');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: INVALID_LINK_MESSAGE });
    expect((await login('ann@example.com', 'the owner reacted 2030')).statusCode).toBe(200);
    expect((await login('ann@example.com', 'the attacker is back 2030')).statusCode).toBe(401);
  });

  test('a completed reset ends every other reset link of the account', async () => {
    const { id } = await signedIn(t.app, 'ann@example.com');
    const used = await resetLinkFor('ann@example.com');
    // a second link outstanding at the same time (as a recovery mail composed concurrently would be)
    const other = await t.db.transaction(async (tx) => await issueToken({ ...t.app.accounts, db: tx }, 'reset-password', { customerId: id, email: 'ann@example.com' }));
    expect((await reset(used, 'the owner chose this 2030')).json()).toEqual({ success: true });
    const res = await reset(other, 'the attacker is back 2030');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: INVALID_LINK_MESSAGE });
    expect(await t.db.all("SELECT id FROM auth_tokens WHERE purpose = 'reset-password'")).toEqual([]);
    expect((await login('ann@example.com', 'the owner chose this 2030')).statusCode).toBe(200);
  });

  test('a newer reset request ends the links mailed before it; the newest works', async () => {
    await signedIn(t.app, 'ann@example.com');
    const first = await resetLinkFor('ann@example.com');
    const second = await resetLinkFor('ann@example.com');
    expect(second).not.toBe(first);
    const res = await reset(first, 'the attacker is back 2030');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: INVALID_LINK_MESSAGE });
    expect((await reset(second, 'the owner chose this 2030')).json()).toEqual({ success: true });
  });

  test('an account recovery request ends the reset links mailed before it too', async () => {
    const { id } = await signedIn(t.app, 'ann@example.com');
    await t.db.run("UPDATE customers SET recovery_email = 'ann.backup@example.com', recovery_email_verified = 1 WHERE id = ?", [id]);
    const old = await resetLinkFor('ann@example.com');
    await call(t.app, 'POST', '/api/auth/recover-account', { body: { email: 'ann.backup@example.com' } });
    await work();
    expect((await reset(old, 'the attacker is back 2030')).json()).toEqual({ error: INVALID_LINK_MESSAGE });
    expect((await reset(await lastLinkToken(t.db, 'ann.backup@example.com'), 'the owner chose this 2030')).json()).toEqual({ success: true });
  });
});

describe('sign-in is slowed per email, never refused to the right password', () => {
  let waits: number[];
  beforeEach(() => {
    waits = [];
    t.app.accounts.sleep = async (ms) => void waits.push(ms);
  });

  test('after ten wrong tries by someone else, the owner signs in with the right password, after the paced wait', async () => {
    await signedIn(t.app, 'ann@example.com');
    for (let i = 0; i < 10; i++) {
      const res = await login('ann@example.com', `wrong password ${i}`, '203.0.113.9');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: LOGIN_FAILED_MESSAGE });
    }
    // five go at once, then each waits twice as long, up to the cap
    expect(waits).toEqual([500, 1000, 2000, 4000, 5000]);
    const owner = await login('ann@example.com', PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe('ann@example.com');
    expect(waits.at(-1)).toBe(LOGIN_PACE.maxDelayMs);
    // the owner's sign-in clears the pace
    waits = [];
    expect((await login('ann@example.com', PASSWORD)).statusCode).toBe(200);
    expect(waits).toEqual([]);
  });

  test('an unknown email is paced exactly like a known one', async () => {
    await signedIn(t.app, 'ann@example.com');
    const paced = async (email: string) => {
      waits = [];
      const codes = [];
      for (let i = 0; i < 8; i++) codes.push((await login(email, `wrong password ${i}`, '203.0.113.9')).statusCode);
      return { codes, waits };
    };
    expect(await paced('ghost@example.com')).toEqual(await paced('ann@example.com'));
  });

  test('the per-address limit stays: past it, that address is refused even the right password', async () => {
    await signedIn(t.app, 'ann@example.com');
    for (let i = 0; i < AUTH_LIMITS.loginPerIp.limit; i++) {
      expect((await login(`guess${i}@example.com`, 'wrong password here', '203.0.113.9')).statusCode).toBe(401);
    }
    const refused = await login('ann@example.com', PASSWORD, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: RATE_LIMITED_MESSAGE });
    expect((await login('ann@example.com', PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });

  test.each([[0, 0], [4, 0], [5, 500], [6, 1000], [8, 4000], [9, 5000], [1000, 5000]])('holds an attempt after %i others for %i ms', (earlier, ms) => {
    expect(loginDelayMs(earlier)).toBe(ms);
  });
});

/** Rows per table (every table of the store's schema). */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = db.dialect.name === 'postgres'
    ? await db.all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
    : await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${name}`))?.n ?? 0);
  return counts;
}

/** What one call wrote: the tables whose row count changed, by how much (the worker held back). */
async function written(send: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await rowCounts(t.db);
  await send();
  const after = await rowCounts(t.db);
  return Object.fromEntries(Object.entries(after).filter(([k, n]) => n !== before[k]).map(([k, n]) => [k, n - (before[k] ?? 0)]));
}

describe('requests write the same whether or not the address has an account', () => {
  beforeEach(async () => {
    await signedIn(t.app, 'ann@example.com');
    await work();
    // hold the worker the routes start after answering: what is measured is the request's own write
    t.app.accounts.outbox.flush = async () => 0;
  });
  afterEach(() => {
    delete (t.app.accounts.outbox as { flush?: unknown }).flush;
  });

  test('a reset request writes one outbox row for a known and for an unknown address', async () => {
    const known = await written(() => call(t.app, 'POST', '/api/auth/reset-password/request', { body: { email: 'ann@example.com' } }));
    const unknown = await written(() => call(t.app, 'POST', '/api/auth/reset-password/request', { body: { email: 'nobody@example.com' } }));
    expect(known).toEqual({ email_outbox: 1 });
    expect(unknown).toEqual(known);
    // then the job decides: a link for the account, nothing at all for the unknown address
    delete (t.app.accounts.outbox as { flush?: unknown }).flush;
    await work();
    expect(await t.db.all("SELECT to_address FROM email_outbox WHERE kind = 'reset-password'")).toEqual([{ to_address: 'ann@example.com' }]);
    expect(await t.db.all("SELECT id FROM email_outbox WHERE to_address = 'nobody@example.com'")).toEqual([]);
  });

  test('a registration writes one outbox row for a new and for a taken address', async () => {
    const taken = await written(() => call(t.app, 'POST', '/api/auth/register', { body: { email: 'ann@example.com', password: PASSWORD, firstName: 'Eve', lastName: 'X' } }));
    const fresh = await written(() => call(t.app, 'POST', '/api/auth/register', { body: { email: 'bob@example.com', password: PASSWORD, firstName: 'Bob', lastName: 'Y' } }));
    expect(taken).toEqual({ email_outbox: 1 });
    expect(fresh).toEqual(taken);
    delete (t.app.accounts.outbox as { flush?: unknown }).flush;
    await work();
    expect(await t.db.all('SELECT email FROM customers ORDER BY id')).toEqual([{ email: 'ann@example.com' }, { email: 'bob@example.com' }]);
    expect((await t.db.all<{ kind: string }>("SELECT kind FROM email_outbox WHERE to_address = 'ann@example.com' ORDER BY id")).map((r) => r.kind)).toEqual(['verify-account', 'account-exists']);
  });

  test('the account of a registration whose job is still queued signs in at once', async () => {
    await call(t.app, 'POST', '/api/auth/register', { body: { email: 'cat@example.com', password: PASSWORD, firstName: 'Cat', lastName: 'Z' } });
    expect(await t.db.all("SELECT id FROM customers WHERE email = 'cat@example.com'")).toEqual([]);
    const res = await login('cat@example.com', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res)).toMatch(/^skimmer_sid=/);
  });

  test('no queued job is ever listed or sent as mail', async () => {
    await call(t.app, 'POST', '/api/auth/reset-password/request', { body: { email: 'ann@example.com' } });
    expect(await t.app.accounts.outbox.list({ to: 'ann@example.com' })).toHaveLength(1);
    expect(await t.app.accounts.outbox.claim()).toHaveLength(1);
  });
});

describe('mail never greets an unconfirmed address with someone else\'s text', () => {
  const mailTo = async (to: string, kind: string) => {
    await work();
    return (await t.db.get<{ text_body: string }>('SELECT text_body FROM email_outbox WHERE to_address = ? AND kind = ? ORDER BY id DESC LIMIT 1', [to, kind]))?.text_body ?? '';
  };

  test('the welcome mail of a registration says "Hello", not the first name typed in the form', async () => {
    const bait = 'Visit https://evil.test to claim your prize';
    await call(t.app, 'POST', '/api/auth/register', { body: { email: 'victim@example.com', password: PASSWORD, firstName: bait, lastName: 'X' } });
    const text = await mailTo('victim@example.com', 'verify-account');
    expect(text.startsWith('Hello,\n')).toBe(true);
    expect(text).not.toContain('evil.test');
    // a second registration of the taken address: the owner's mail carries none of it either
    await call(t.app, 'POST', '/api/auth/register', { body: { email: 'victim@example.com', password: PASSWORD, firstName: bait, lastName: 'X' } });
    expect(await mailTo('victim@example.com', 'account-exists')).not.toContain('evil.test');
  });

  test('reset and password mail greet by name only once the address is verified', async () => {
    const { id, cookie } = await signedIn(t.app, 'ann@example.com', 'Ann');
    await resetLinkFor('ann@example.com');
    expect((await mailTo('ann@example.com', 'reset-password')).startsWith('Hello,\n')).toBe(true);
    await call(t.app, 'POST', '/api/auth/verification/start', { cookie, body: {} });
    expect((await mailTo('ann@example.com', 'verify-account')).startsWith('Hello,\n')).toBe(true);
    await t.db.run('UPDATE customers SET email_verified = 1 WHERE id = ?', [id]);
    await resetLinkFor('ann@example.com');
    expect((await mailTo('ann@example.com', 'reset-password')).startsWith('Hello Ann,\n')).toBe(true);
    await call(t.app, 'POST', '/api/auth/change-password', { cookie, body: { currentPassword: PASSWORD, newPassword: 'another good password' } });
    expect((await mailTo('ann@example.com', 'password-changed')).startsWith('Hello Ann,\n')).toBe(true);
  });

  test('the recovery-email check mail to a not yet confirmed address says "Hello"', async () => {
    const ann = await signedIn(t.app, 'ann@example.com', 'Ann');
    const set = await call(t.app, 'PUT', '/api/user/recoveryEmail', { cookie: ann.cookie, body: { token: t.captcha.issue('recovery_email'), recoveryEmail: 'someone.else@example.com' } });
    expect(set.statusCode).toBe(200);
    await call(t.app, 'POST', '/api/user/recoveryEmail/verify', { cookie: ann.cookie, body: { token: t.captcha.issue('verify') } });
    const text = await mailTo('someone.else@example.com', 'recovery-email');
    expect(text.startsWith('Hello,\n')).toBe(true);
    expect(text).not.toContain('Ann');
  });
});
