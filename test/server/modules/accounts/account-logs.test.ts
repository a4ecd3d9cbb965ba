/**
 * Secrets never reach the logs: with the logger at its most verbose, a sign-in, a password
 * change and adding a card (accepted and refused) leave no password, card number or security
 * code in what the server writes. On the whole app (issue 16): logs are JSON lines with a
 * request id per request (an incoming X-Request-Id kept), request lines carry the headers with
 * cookies and authorization redacted, and registering, a password reset by emailed link, the
 * add-card page, the hosted checkout form, /metrics, /healthz and /readyz leave no password,
 * card number, security code, session token, reset or add-card token, or metrics token behind.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { SESSION_COOKIE } from '../../../../src/server/modules/accounts/session.ts';
import { REDACTED } from '../../../../src/server/platform/ops/logging.ts';
import { accountApp, call, lastLinkToken, PASSWORD, sessionCookieOf, signedIn, US_ADDRESS, type TestApp } from './account.helpers.ts';
import { seededDb } from '../catalogue/catalogue.helpers.ts';

/** A log with the numbers that may read a test's security code by chance taken out: durations and random request ids. */
function withoutChanceDigits(log: string): string {
  return log.replace(/"responseTime":[\d.]+/g, '').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '');
}

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await accountApp({}, { logger: { level: 'trace', stream: sink } });
});
afterAll(async () => {
  await t.app.close();
});

describe('logs', () => {
  test('hold no password, card number or security code', async () => {
    const ann = await signedIn(t.app, 'ann@example.com');
    const address = (await call(t.app, 'POST', '/api/mailingAddresses', { cookie: ann.cookie, body: US_ADDRESS })).json().mailingAddress as { id: number };
    const href = (await call(t.app, 'GET', `/api/user/${ann.id}/paymentMethods`, { cookie: ann.cookie })).json()._links.addPaymentMethod.href as string;
    const token = new URL(href, 'http://x').searchParams.get('token') ?? '';
    const post = (number: string, cvc: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wallet/add-card',
        headers: { cookie: ann.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token, number, expMonth: '12', expYear: '2040', cvc, mailingAddressId: String(address.id) }).toString(),
      });
    expect((await post('4000 0566 5566 5551', '731')).statusCode).toBe(400);
    expect((await post('4242 4242 4242 4242', '987')).statusCode).toBe(200);
    const newPassword = 'skimmer-basket-lid-77';
    const changed = await call(t.app, 'POST', '/api/auth/change-password', {
      cookie: ann.cookie,
      body: { currentPassword: PASSWORD, newPassword },
    });
    expect(changed.statusCode).toBe(200);

    const written = lines.join('');
    // the logger did write: requests and responses are in it
    expect(written).toMatch(/wallet\/add-card/);
    expect(written).not.toContain(PASSWORD);
    expect(written).not.toContain(newPassword);
    expect(written.replace(/\s/g, '')).not.toMatch(/4242424242424242|4000056655665551/);
    // a request's duration is a number that may read 987 by chance: not a secret
    expect(withoutChanceDigits(written)).not.toMatch(/"cvc"|\b987\b|\b731\b/);
  });
});

describe('logs of the whole app', () => {
  test('are JSON lines with a request id per request, headers redacted, and no secret of any route', { timeout: 60_000 }, async () => {
    const out: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        out.push(String(chunk));
        done();
      },
    });
    const METRICS_TOKEN = 'metrics-token-5e1d7c';
    const db = await seededDb(30, 6);
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-logs-'));
    const app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), logger: { level: 'trace', stream }, ops: { metricsToken: METRICS_TOKEN } });
    // every secret the requests carry, checked against the whole log at the end
    const secrets: string[] = [METRICS_TOKEN];
    try {
      const email = 'logs@example.com';
      const [first, second, third] = ['first-pass-phrase-81', 'second-pass-phrase-82', 'third-pass-phrase-83'];
      secrets.push(first, second, third);
      const reg = await call(app, 'POST', '/api/auth/register', { body: { email, password: first, firstName: 'Lou', lastName: 'Gs' }, headers: { 'x-request-id': 'trace-register-1' } });
      expect(reg.statusCode).toBe(200);
      expect(reg.headers['x-request-id']).toBe('trace-register-1');
      const login = await call(app, 'POST', '/api/auth/login', { body: { email, password: first } });
      expect(login.statusCode).toBe(200);
      const cookie = sessionCookieOf(login);
      secrets.push(cookie.slice(`${SESSION_COOKIE}=`.length));
      const userId = login.json().user.id as number;
      const address = (await call(app, 'POST', '/api/mailingAddresses', { cookie, body: US_ADDRESS })).json().mailingAddress as { id: number };

      // the add-card page: its token rides in the URL; a Referer carrying a token is scrubbed too
      const href = (await call(app, 'GET', `/api/user/${userId}/paymentMethods`, { cookie })).json()._links.addPaymentMethod.href as string;
      const cardToken = new URL(href, 'http://x').searchParams.get('token') ?? '';
      expect(cardToken.length).toBeGreaterThan(10);
      const refererToken = 'referer-token-7d2e9a';
      secrets.push(cardToken, refererToken);
      const page = await app.inject({ url: href, headers: { cookie, referer: `http://localhost/reset-password?token=${refererToken}` } });
      expect(page.statusCode).toBe(200);
      const added = await app.inject({
        method: 'POST', url: '/wallet/add-card',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: cardToken, number: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '987', mailingAddressId: String(address.id) }).toString(),
      });
      expect(added.statusCode).toBe(200);

      expect((await call(app, 'POST', '/api/auth/change-password', { cookie, body: { currentPassword: first, newPassword: second } })).statusCode).toBe(200);
      expect((await call(app, 'POST', '/api/auth/reset-password/request', { body: { email } })).statusCode).toBe(200);
      const resetToken = await lastLinkToken(db, email);
      secrets.push(resetToken);
      await app.inject({ url: `/reset-password?token=${encodeURIComponent(resetToken)}` });
      expect((await call(app, 'POST', '/api/auth/reset-password', { body: { token: resetToken, password: third } })).statusCode).toBe(200);
      // a refused body is logged as an error answer, never with its password
      expect((await call(app, 'POST', '/api/auth/login', { body: { email, password: third, extra: 1 } })).statusCode).toBe(400);

      // the hosted checkout: card number and security code in a urlencoded form
      const shopper = await call(app, 'GET', '/api/checkouts');
      const shopperCookie = sessionCookieOf(shopper);
      secrets.push(shopperCookie.slice(`${SESSION_COOKIE}=`.length));
      const level = (await db.get<{ id: number }>('SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND quantity > 2 ORDER BY id LIMIT 1'))?.id;
      const cart = await call(app, 'POST', '/api/checkouts/lineItems', { cookie: shopperCookie, body: { inventoryLevelId: level, quantity: 1 }, headers: { 'idempotency-key': 'logs-1' } });
      expect(cart.statusCode).toBe(200);
      const checkoutId = String(cart.json().checkout.webUrl).split('/').pop() ?? '';
      const placed = await app.inject({
        method: 'POST', url: `/checkout/${checkoutId}`,
        headers: { cookie: shopperCookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          email: 'guest-logs@example.com', addressId: 'new', firstName: 'Gus', lastName: 'Guest', address1: '1 Pool Rd', city: 'Seattle', stateCode: 'WA',
          zip: '98101', countryCode: 'US', phone: '(206) 555-0100', paymentMethodId: 'new', cardNumber: '5555 5555 5555 4444', expMonth: '11', expYear: '2039', cvc: '4321',
        }).toString(),
      });
      expect(placed.statusCode).toBe(303);

      // the operator's routes
      expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(200);
      expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer wrong-${METRICS_TOKEN}` } })).statusCode).toBe(401);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }

    const text = out.join('');
    const lines = text.split('\n').filter((l) => l !== '');
    // JSON lines, each request's lines named by its id
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; req?: { url?: string; headers?: Record<string, string> }; res?: { statusCode: number } });
    const requestLines = parsed.filter((l) => l.req !== undefined || l.res !== undefined);
    expect(requestLines.length).toBeGreaterThan(30);
    expect(requestLines.every((l) => typeof l.reqId === 'string' && l.reqId.length > 0)).toBe(true);
    const registerLines = parsed.filter((l) => l.reqId === 'trace-register-1');
    expect(registerLines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // the headers are logged, with credentials redacted and the Referer's token scrubbed
    const withCookie = parsed.find((l) => l.msg === 'incoming request' && l.req?.headers?.cookie !== undefined);
    expect(withCookie?.req?.headers?.cookie).toBe(REDACTED);
    const withAuth = parsed.find((l) => l.msg === 'incoming request' && l.req?.url === '/metrics' && l.req.headers?.authorization !== undefined);
    expect(withAuth?.req?.headers?.authorization).toBe(REDACTED);
    const withReferer = parsed.find((l) => l.req?.headers?.referer?.includes('/reset-password'));
    expect(withReferer?.req?.headers?.referer).toBe('http://localhost/reset-password?token=%5BREDACTED%5D');
    expect(text).toContain('/wallet/add-card?token=%5BREDACTED%5D');

    // the verification link's token (mailed at registration) too
    for (const m of await db.all<{ text_body: string }>('SELECT text_body FROM email_outbox')) {
      for (const match of m.text_body.matchAll(/\?token=([A-Za-z0-9_%.-]+)/g)) if (match[1]) secrets.push(decodeURIComponent(match[1]));
    }
    expect(secrets.length).toBeGreaterThanOrEqual(10);
    for (const secret of secrets) expect(secret.length > 8 && text.includes(secret) ? secret : 'absent').toBe('absent');
    expect(text.replace(/\s/g, '')).not.toMatch(/4242424242424242|5555555555554444/);
    // request ids are random UUIDs: one of their four-digit groups may read 4321 by chance
    expect(withoutChanceDigits(text)).not.toMatch(/"cvc"|\b987\b|\b4321\b/);
  });
});
