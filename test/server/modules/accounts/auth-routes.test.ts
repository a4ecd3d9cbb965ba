import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { LOGIN_FAILED_MESSAGE, WRONG_PASSWORD_MESSAGE } from '../../../../src/server/modules/accounts/auth.routes.ts';
import { CROSS_SITE_MESSAGE, JSON_REQUIRED_MESSAGE } from '../../../../src/server/platform/http/origin-guard.ts';
import { INVALID_LINK_MESSAGE } from '../../../../src/server/modules/accounts/services.ts';
import { accountApp, call, lastLinkToken, PASSWORD, sessionCookieOf, signedIn, type TestApp } from './account.helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await accountApp();
});
afterEach(async () => {
  await t.app.close();
  await t.db.close();
});

/** The mail to an address, once the queued jobs are composed. */
const outbox = async (to: string) => {
  await t.app.accounts.outbox.flush();
  return await t.db.all<{ kind: string; subject: string }>('SELECT kind, subject FROM email_outbox WHERE to_address = ? ORDER BY id', [to]);
};

describe('user and customer when signed out', () => {
  test('GET /api/user answers { user: null } and GET /api/customer an empty customer', async () => {
    expect((await call(t.app, 'GET', '/api/user')).json()).toEqual({ user: null });
    expect((await call(t.app, 'GET', '/api/customer')).json()).toEqual({ customer: {} });
  });
});

describe('register', () => {
  test('creates the account, emails a verification link and signs nothing in', async () => {
    const res = await call(t.app, 'POST', '/api/auth/register', { body: { email: ' Ann@Example.COM ', password: PASSWORD, firstName: 'Ann', lastName: 'Swimmer' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    await t.app.accounts.outbox.flush();
    const row = await t.db.get<{ email: string; password_hash: string }>('SELECT email, password_hash FROM customers');
    expect(row?.email).toBe('ann@example.com');
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
    expect((await outbox('ann@example.com')).map((m) => m.kind)).toEqual(['verify-account']);
  });

  test('answers the same for a taken email, creates nothing and tells the owner by email', async () => {
    await call(t.app, 'POST', '/api/auth/register', { body: { email: 'ann@example.com', password: PASSWORD, firstName: 'Ann', lastName: 'S' } });
    const again = await call(t.app, 'POST', '/api/auth/register', { body: { email: 'ANN@example.com', password: 'another password here', firstName: 'Eve', lastName: 'X' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true });
    expect((await outbox('ann@example.com')).map((m) => m.kind)).toEqual(['verify-account', 'account-exists']);
    expect(await t.db.all('SELECT id FROM customers')).toHaveLength(1);
  });

  test.each([
    [{ email: 'not-an-email', password: PASSWORD, firstName: 'A', lastName: 'B' }, 'Please enter a valid email address.'],
    [{ email: 'a@b.test', password: 'short', firstName: 'A', lastName: 'B' }, 'Password must be at least 12 characters.'],
    [{ email: 'a@b.test', password: 'x'.repeat(257), firstName: 'A', lastName: 'B' }, 'Password must be at most 256 characters.'],
    [{ email: 'a@b.test', password: PASSWORD, firstName: '   ', lastName: 'B' }, 'Please enter your first name.'],
  ])('refuses bad input with 400 and writes nothing (%#)', async (body, message) => {
    const res = await call(t.app, 'POST', '/api/auth/register', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    await t.app.accounts.outbox.flush();
    expect(await t.db.all('SELECT id FROM customers')).toEqual([]);
    expect(await t.db.all('SELECT id FROM email_outbox')).toEqual([]);
  });
});

describe('sign in and out', () => {
  test('signs in with a new session cookie and answers the user', async () => {
    const { cookie, id } = await signedIn(t.app, 'ann@example.com');
    const user = (await call(t.app, 'GET', '/api/user', { cookie })).json().user;
    expect(user).toEqual({ id, email: 'ann@example.com', firstName: 'Ann', lastName: 'Swimmer', recoveryEmail: null, recoveryEmailVerified: false, emailVerified: false });
    expect((await call(t.app, 'GET', '/api/customer', { cookie })).json()).toEqual({ customer: { id, MailingAddresses: [] } });
  });

  test('a wrong password and an unknown email answer the same 401', async () => {
    await signedIn(t.app, 'ann@example.com');
    const wrong = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'ann@example.com', password: 'wrong password here' } });
    const unknown = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'wrong password here' } });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual({ error: LOGIN_FAILED_MESSAGE });
    expect(unknown.json()).toEqual(wrong.json());
  });

  test('rotates the session token on sign-in (no fixation)', async () => {
    await call(t.app, 'POST', '/api/auth/register', { body: { email: 'ann@example.com', password: PASSWORD, firstName: 'Ann', lastName: 'S' } });
    const first = sessionCookieOf(await call(t.app, 'POST', '/api/auth/login', { body: { email: 'ann@example.com', password: PASSWORD } }));
    const second = sessionCookieOf(await call(t.app, 'POST', '/api/auth/login', { cookie: first, body: { email: 'ann@example.com', password: PASSWORD } }));
    expect(second).not.toBe(first);
    expect((await call(t.app, 'GET', '/api/user', { cookie: first })).json()).toEqual({ user: null });
  });

  test('sign-out ends the session', async () => {
    const { cookie } = await signedIn(t.app, 'ann@example.com');
    expect((await call(t.app, 'POST', '/api/auth/logout', { cookie, body: {} })).json()).toEqual({ success: true });
    expect((await call(t.app, 'GET', '/api/user', { cookie })).json()).toEqual({ user: null });
  });
});

describe('password change and reset', () => {
  test('change-password needs the current password, then ends the other sessions', async () => {
    const { cookie } = await signedIn(t.app, 'ann@example.com');
    const other = sessionCookieOf(await call(t.app, 'POST', '/api/auth/login', { body: { email: 'ann@example.com', password: PASSWORD } }));
    const wrong = await call(t.app, 'POST', '/api/auth/change-password', { cookie, body: { currentPassword: 'not my password', newPassword: 'a brand new password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: WRONG_PASSWORD_MESSAGE });
    const ok = await call(t.app, 'POST', '/api/auth/change-password', { cookie, body: { currentPassword: PASSWORD, newPassword: 'a brand new password' } });
    expect(ok.json()).toEqual({ success: true });
    const fresh = sessionCookieOf(ok);
    expect((await call(t.app, 'GET', '/api/user', { cookie: fresh })).json().user.email).toBe('ann@example.com');
    expect((await call(t.app, 'GET', '/api/user', { cookie: other })).json()).toEqual({ user: null });
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: 'ann@example.com', password: 'a brand new password' } })).statusCode).toBe(200);
  });

  test('change-password needs a signed-in user', async () => {
    const res = await call(t.app, 'POST', '/api/auth/change-password', { body: { currentPassword: PASSWORD, newPassword: 'a brand new password' } });
    expect(res.statusCode).toBe(401);
  });

  test('reset by emailed link: one use, sessions ended, unknown emails answer the same', async () => {
    const { cookie } = await signedIn(t.app, 'ann@example.com');
    expect((await call(t.app, 'POST', '/api/auth/reset-password/request', { body: { email: 'nobody@example.com' } })).json()).toEqual({ success: true });
    expect(await outbox('nobody@example.com')).toEqual([]);
    expect((await call(t.app, 'POST', '/api/auth/reset-password/request', { body: { email: 'ann@example.com' } })).json()).toEqual({ success: true });
    await t.app.accounts.outbox.flush();
    const token = await lastLinkToken(t.db, 'ann@example.com');
    expect((await t.db.get<{ text_body: string }>("SELECT text_body FROM email_outbox WHERE kind = 'reset-password'"))?.text_body).toContain('http://shop.test/reset-password?token=');
    const res = await call(t.app, 'POST', '/api/auth/reset-password', { body: { token, password: 'reset password 2030' } });
    expect(res.json()).toEqual({ success: true });
    expect((await call(t.app, 'GET', '/api/user', { cookie })).json()).toEqual({ user: null });
    const reuse = await call(t.app, 'POST', '/api/auth/reset-password', { body: { token, password: 'another reset 2030' } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: INVALID_LINK_MESSAGE });
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: 'ann@example.com', password: 'reset password 2030' } })).statusCode).toBe(200);
  });

  test('emailed links never take their host from the request', async () => {
    await signedIn(t.app, 'ann@example.com');
    await call(t.app, 'POST', '/api/auth/reset-password/request', { body: { email: 'ann@example.com' }, headers: { host: 'evil.test' } });
    await t.app.accounts.outbox.flush();
    const text = (await t.db.get<{ text_body: string }>("SELECT text_body FROM email_outbox WHERE kind = 'reset-password'"))?.text_body ?? '';
    expect(text).not.toContain('evil.test');
  });
});

describe('account recovery and verification', () => {
  test('recover-account emails the sign-in address to a verified recovery email only', async () => {
    const { id } = await signedIn(t.app, 'ann@example.com');
    await t.db.run("UPDATE customers SET recovery_email = 'ann.backup@example.com', recovery_email_verified = 0 WHERE id = ?", [id]);
    expect((await call(t.app, 'POST', '/api/auth/recover-account', { body: { email: 'ann.backup@example.com' } })).json()).toEqual({ success: true });
    expect(await outbox('ann.backup@example.com')).toEqual([]);
    await t.db.run('UPDATE customers SET recovery_email_verified = 1 WHERE id = ?', [id]);
    await call(t.app, 'POST', '/api/auth/recover-account', { body: { email: 'ann.backup@example.com' } });
    await t.app.accounts.outbox.flush();
    const text = (await t.db.get<{ text_body: string }>("SELECT text_body FROM email_outbox WHERE kind = 'recover-account'"))?.text_body ?? '';
    expect(text).toContain('ann@example.com');
    expect(text).toContain('/reset-password?token=');
  });

  test('start and finish verification', async () => {
    const { cookie } = await signedIn(t.app, 'ann@example.com');
    expect((await call(t.app, 'POST', '/api/auth/verification/start', { cookie, body: {} })).json()).toEqual({ success: true });
    await t.app.accounts.outbox.flush();
    const token = await lastLinkToken(t.db, 'ann@example.com');
    expect((await call(t.app, 'POST', '/api/auth/verification/finish', { body: { token } })).json()).toEqual({ success: true });
    expect((await call(t.app, 'GET', '/api/user', { cookie })).json().user.emailVerified).toBe(true);
    expect((await call(t.app, 'POST', '/api/auth/verification/finish', { body: { token } })).statusCode).toBe(400);
  });

  test('start verification needs a signed-in user', async () => {
    expect((await call(t.app, 'POST', '/api/auth/verification/start', { body: {} })).statusCode).toBe(401);
  });

  test('rate limits reset requests per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await call(t.app, 'POST', '/api/auth/reset-password/request', { body: { email: 'x@example.com' } })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('cross-site protection', () => {
  test.each([
    [{ origin: 'https://evil.test' }, CROSS_SITE_MESSAGE],
    [{ referer: 'https://evil.test/page' }, CROSS_SITE_MESSAGE],
    [{ origin: 'null' }, CROSS_SITE_MESSAGE],
  ])('refuses a write from another origin with 403 (%o)', async (headers, message) => {
    const res = await call(t.app, 'POST', '/api/auth/register', { body: { email: 'ann@example.com', password: PASSWORD, firstName: 'A', lastName: 'B' }, headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: message });
    expect(await t.db.all('SELECT id FROM customers')).toEqual([]);
  });

  test('accepts a write from its own origin', async () => {
    const res = await call(t.app, 'POST', '/api/auth/register', { body: { email: 'ann@example.com', password: PASSWORD, firstName: 'A', lastName: 'B' }, headers: { origin: 'http://localhost:80' } });
    expect(res.statusCode).toBe(200);
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('refuses a write sent as %s with 403', async (type) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': type }, payload: 'email=a@b.test&password=x' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: JSON_REQUIRED_MESSAGE });
  });
});
