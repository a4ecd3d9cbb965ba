/**
 * Secrets never reach the logs: with the logger at its most verbose, a sign-in, a password
 * change and adding a card (accepted and refused) leave no password, card number or security
 * code in what the server writes.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountApp, call, PASSWORD, signedIn, US_ADDRESS, type TestApp } from './account.helpers.ts';

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
    expect(written).not.toMatch(/"cvc"|\b987\b|\b731\b/);
  });
});
