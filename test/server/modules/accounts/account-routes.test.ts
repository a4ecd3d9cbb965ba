import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  GIFT_CARD_NOT_DELETABLE,
  INVALID_PHONE,
  INVALID_POSTAL_CODE,
  NEWSLETTER_INVALID,
  RECOVERY_SAME_AS_LOGIN,
  UNKNOWN_BILLING_ADDRESS,
  UNKNOWN_STATE,
} from '../../../../src/server/modules/accounts/routes.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoCustomer } from '../../../../src/server/seed/demo-customer.ts';
import { CAPTCHA_FAILED_MESSAGE } from '../../../../src/server/modules/captcha/verifier.ts';
import { accountApp, call, lastLinkToken, sessionCookieOf, signedIn, TEST_SCRYPT, US_ADDRESS, type TestApp } from './account.helpers.ts';

let t: TestApp;
let ann: { id: number; cookie: string };
beforeEach(async () => {
  t = await accountApp();
  ann = await signedIn(t.app, 'ann@example.com');
});
afterEach(async () => {
  await t.app.close();
  await t.db.close();
});

async function addAddress(cookie: string, body: Record<string, unknown> = US_ADDRESS) {
  const res = await call(t.app, 'POST', '/api/mailingAddresses', { cookie, body });
  expect(res.statusCode).toBe(200);
  return res.json().mailingAddress as { id: number; isDefault: boolean };
}

async function addCard(customerId: number, giftCard = false): Promise<number> {
  return (await t.db.get<{ id: number }>(
    `INSERT INTO payment_methods (customer_id, processor_token, brand, exp_month, exp_year, last4, is_gift_card, gift_card_credit_cents, gift_card_currency, created_at)
     VALUES (?, ?, ?, 12, 2040, '4242', ?, ?, ?, '2030-01-01T00:00:00.000Z') RETURNING id`,
    [customerId, `tok_${Math.random()}`, giftCard ? 'Gift card' : 'Visa', giftCard ? 1 : 0, giftCard ? 2500 : null, giftCard ? 'USD' : null],
  ))!.id;
}

describe('mailing addresses', () => {
  test('creates, lists, updates and deletes the customer\'s addresses in the spec shape', async () => {
    const first = await addAddress(ann.cookie);
    expect(first).toMatchObject({ firstName: 'Ann', zip: '98101', isDefault: true, State: { stateCode: 'WA', title: 'Washington' }, Country: { countryCode: 'US', title: 'United States' } });
    const second = await addAddress(ann.cookie, { ...US_ADDRESS, address1: '9 Pier St' });
    expect(second.isDefault).toBe(false);
    const upd = await call(t.app, 'PUT', `/api/mailingAddresses/${second.id}`, { cookie: ann.cookie, body: { city: 'Tacoma', zip: '98402', makeDefault: true } });
    expect(upd.json().mailingAddress).toMatchObject({ id: second.id, city: 'Tacoma', address1: '9 Pier St', isDefault: true });
    const customer = (await call(t.app, 'GET', '/api/customer', { cookie: ann.cookie })).json().customer;
    expect(customer.MailingAddresses.map((a: { id: number; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([[second.id, true], [first.id, false]]);
    const del = await call(t.app, 'DELETE', `/api/customer/${ann.id}/mailingAddresses/${second.id}`, { cookie: ann.cookie });
    expect(del.json()).toEqual({ success: true });
    // the default passes to the remaining address
    expect((await call(t.app, 'GET', '/api/mailingAddresses', { cookie: ann.cookie })).json().mailingAddresses).toMatchObject([{ id: first.id, isDefault: true }]);
  });

  test.each([
    [{ ...US_ADDRESS, zip: 'SW1A 1AA' }, INVALID_POSTAL_CODE],
    [{ ...US_ADDRESS, phone: '12' }, INVALID_PHONE],
    [{ ...US_ADDRESS, stateCode: 'ZZ' }, UNKNOWN_STATE],
    [{ ...US_ADDRESS, stateCode: undefined }, UNKNOWN_STATE],
    [{ ...US_ADDRESS, address1: '  ' }, 'Address Line 1 is required.'],
    [{ ...US_ADDRESS, countryCode: 'XX' }, 'Please choose a country.'],
  ])('refuses an invalid address with 400 and stores nothing (%#)', async (body, message) => {
    const res = await call(t.app, 'POST', '/api/mailingAddresses', { cookie: ann.cookie, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await t.db.all('SELECT id FROM mailing_addresses')).toEqual([]);
  });

  test('a country without states needs none', async () => {
    const a = await addAddress(ann.cookie, { firstName: 'Ann', lastName: 'S', address1: '10 Downing St', zip: 'SW1A 2AA', phone: '+44 7400 123456', countryCode: 'GB' });
    expect(a).toMatchObject({ State: null, Country: { countryCode: 'GB' } });
  });
});

describe('wallet', () => {
  test('lists payment methods with the hosted add-card link', async () => {
    await addCard(ann.id);
    const res = (await call(t.app, 'GET', `/api/user/${ann.id}/paymentMethods`, { cookie: ann.cookie })).json();
    expect(res.paymentMethods).toEqual([
      { id: expect.any(Number), brand: 'Visa', expMonth: 12, expYear: 2040, last4: '4242', name: null, billingAddress: null, isGiftCard: false, giftCardCredit: null, giftCardCurrency: null },
    ]);
    expect(res._links.addPaymentMethod.href).toMatch(/^\/wallet\/add-card\?token=/);
    expect(JSON.stringify(res)).not.toContain('tok_');
  });

  test('deletes a card but refuses a gift card with 400', async () => {
    const card = await addCard(ann.id);
    const gift = await addCard(ann.id, true);
    expect((await call(t.app, 'DELETE', `/api/user/${ann.id}/paymentMethods/${card}`, { cookie: ann.cookie })).json()).toEqual({ success: true });
    const res = await call(t.app, 'DELETE', `/api/user/${ann.id}/paymentMethods/${gift}`, { cookie: ann.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: GIFT_CARD_NOT_DELETABLE });
    expect(await t.db.all('SELECT id FROM payment_methods')).toEqual([{ id: gift }]);
  });

  test('sets the billing address from one of the customer\'s own addresses only', async () => {
    const card = await addCard(ann.id);
    const a = await addAddress(ann.cookie);
    const ok = await call(t.app, 'PUT', `/api/user/${ann.id}/paymentMethods/${card}`, { cookie: ann.cookie, body: { mailingAddressId: a.id, isGiftCard: false } });
    expect(ok.json()).toEqual({ success: true });
    const listed = (await call(t.app, 'GET', `/api/user/${ann.id}/paymentMethods`, { cookie: ann.cookie })).json().paymentMethods[0];
    expect(listed.billingAddress).toEqual({ line1: '1200 Lakeview Ave', line2: null, city: 'Seattle', state: 'WA', postalCode: '98101', country: 'US' });
    const bob = await signedIn(t.app, 'bob@example.com', 'Bob');
    const bobs = await addAddress(bob.cookie);
    const res = await call(t.app, 'PUT', `/api/user/${ann.id}/paymentMethods/${card}`, { cookie: ann.cookie, body: { mailingAddressId: bobs.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: UNKNOWN_BILLING_ADDRESS });
  });

  test('the add-card page stores a token, brand, last4 and expiry, never the number or code', async () => {
    const a = await addAddress(ann.cookie);
    const href = (await call(t.app, 'GET', `/api/user/${ann.id}/paymentMethods`, { cookie: ann.cookie })).json()._links.addPaymentMethod.href as string;
    const page = await t.app.inject({ url: href, headers: { cookie: ann.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form');
    // another visitor with the link but not the session is refused
    expect((await t.app.inject({ url: href })).statusCode).toBe(403);
    const token = new URL(href, 'http://x').searchParams.get('token') ?? '';
    const form = (fields: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/wallet/add-card', headers: { cookie: ann.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const bad = await form({ token, number: '4242 4242 4242 4241', expMonth: '12', expYear: '2040', cvc: '123', mailingAddressId: String(a.id) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('4242 4242 4242 4241');
    const ok = await form({ token, name: 'Ann S', number: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '987', mailingAddressId: String(a.id) });
    expect(ok.statusCode).toBe(200);
    const rows = await t.db.all<Record<string, unknown>>('SELECT * FROM payment_methods');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2040, billing_postal_code: '98101' });
    const dump = JSON.stringify(await t.db.all('SELECT * FROM payment_methods')) + JSON.stringify(await t.db.all('SELECT * FROM email_outbox'));
    expect(dump).not.toMatch(/4242424242424242|4242 4242 4242 4242/);
    // the code as a value of its own: not the milliseconds of a time (…:12.987Z, which failed
    // this once), nor three characters inside a random token
    const withoutTimes = dump.replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?/g, '');
    expect(withoutTimes).not.toMatch(/(?<![0-9A-Za-z])987(?![0-9A-Za-z])/);
  });

  test('filters transactions by a part of the displayable id, newest first', async () => {
    for (const [d, cents] of [['ORD-1001', 1999], ['ORD-1002', 500], ['GIFT-77', 2500]] as const) {
      await t.db.run("INSERT INTO transactions (displayable_id, customer_id, email, amount_cents, gateway, status, created_at) VALUES (?, ?, 'ann@example.com', ?, 'test', 'SUCCESS', '2030-01-01T00:00:00.000Z')", [d, ann.id, cents]);
    }
    const all = (await call(t.app, 'GET', `/api/user/${ann.id}/transactions`, { cookie: ann.cookie })).json().transactions;
    expect(all.map((x: { displayableId: string }) => x.displayableId)).toEqual(['GIFT-77', 'ORD-1002', 'ORD-1001']);
    expect(all[2].amount).toBe(19.99);
    const some = (await call(t.app, 'GET', `/api/user/${ann.id}/transactions?displayableId=ord-100`, { cookie: ann.cookie })).json().transactions;
    expect(some).toHaveLength(2);
    expect((await call(t.app, 'GET', `/api/user/${ann.id}/transactions?displayableId=%25`, { cookie: ann.cookie })).json().transactions).toEqual([]);
  });
});

describe('recovery email', () => {
  test('set with a captcha token, verify by emailed link, read back', async () => {
    const token = t.captcha.issue('recovery_email');
    const set = await call(t.app, 'PUT', '/api/user/recoveryEmail', { cookie: ann.cookie, body: { token, recoveryEmail: 'Ann.Backup@example.com' } });
    expect(set.json()).toEqual({ success: true });
    expect((await call(t.app, 'GET', '/api/user/recoveryEmail', { cookie: ann.cookie })).json()).toEqual({ recoveryEmail: 'ann.backup@example.com' });
    const verify = await call(t.app, 'POST', '/api/user/recoveryEmail/verify', { cookie: ann.cookie, body: { token: t.captcha.issue('verify') } });
    expect(verify.json()).toEqual({ success: true });
    const link = await lastLinkToken(t.db, 'ann.backup@example.com');
    expect((await t.app.inject({ url: `/verify-recovery-email?token=${link}` })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/user/recoveryEmail/confirm', { body: { token: link } })).json()).toEqual({ success: true });
    expect((await call(t.app, 'GET', '/api/user', { cookie: ann.cookie })).json().user).toMatchObject({ recoveryEmail: 'ann.backup@example.com', recoveryEmailVerified: true });
  });

  test('refuses a reused or forged captcha token with 400 and changes nothing', async () => {
    const token = t.captcha.issue('recovery_email');
    await call(t.app, 'PUT', '/api/user/recoveryEmail', { cookie: ann.cookie, body: { token, recoveryEmail: 'one@example.com' } });
    for (const bad of [token, 'forged-token']) {
      const res = await call(t.app, 'PUT', '/api/user/recoveryEmail', { cookie: ann.cookie, body: { token: bad, recoveryEmail: 'two@example.com' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: CAPTCHA_FAILED_MESSAGE });
    }
    expect((await call(t.app, 'GET', '/api/user/recoveryEmail', { cookie: ann.cookie })).json()).toEqual({ recoveryEmail: 'one@example.com' });
  });

  test('refuses the sign-in email as recovery email', async () => {
    const res = await call(t.app, 'PUT', '/api/user/recoveryEmail', { cookie: ann.cookie, body: { token: t.captcha.issue('a'), recoveryEmail: 'ann@example.com' } });
    expect(res.json()).toEqual({ error: RECOVERY_SAME_AS_LOGIN });
  });
});

describe('newsletter', () => {
  test('double opt-in: pending until the emailed link is confirmed', async () => {
    const res = await call(t.app, 'POST', '/api/newsletterSubscriptions/subscribe?email=fan@example.com', { body: { token: t.captcha.issue('newsletter') } });
    expect(res.json()).toEqual({ success: true });
    expect(await t.db.get('SELECT status FROM newsletter_subscriptions')).toEqual({ status: 'pending' });
    const text = (await t.db.get<{ text_body: string }>("SELECT text_body FROM email_outbox WHERE kind = 'newsletter'"))?.text_body ?? '';
    expect(text).toContain('http://shop.test/confirm-subscription?token=');
    const confirm = await call(t.app, 'POST', '/api/newsletterSubscriptions/confirm', { body: { token: await lastLinkToken(t.db, 'fan@example.com') } });
    expect(confirm.json()).toEqual({ success: true });
    expect(await t.db.get('SELECT status FROM newsletter_subscriptions')).toEqual({ status: 'confirmed' });
  });

  test.each(['', 'not-an-email', 'a@b'])("answers the spec's 'Invalid subscription request.' for %j", async (email) => {
    const res = await call(t.app, 'POST', `/api/newsletterSubscriptions/subscribe?email=${encodeURIComponent(email)}`, { body: { token: t.captcha.issue('n') } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: NEWSLETTER_INVALID });
  });

  test('rate limits subscriptions per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call(t.app, 'POST', `/api/newsletterSubscriptions/subscribe?email=f${i}@example.com`, { body: { token: t.captcha.issue('n') } })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('demo customer', () => {
  test('seeds once and signs in with the documented password', async () => {
    const id = await seedDemoCustomer(t.db, { scrypt: TEST_SCRYPT });
    expect(await seedDemoCustomer(t.db, { scrypt: TEST_SCRYPT })).toBe(id);
    const res = await call(t.app, 'POST', '/api/auth/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const cookie = sessionCookieOf(res);
    const wallet = (await call(t.app, 'GET', `/api/user/${id}/paymentMethods`, { cookie })).json().paymentMethods;
    expect(wallet.map((p: { isGiftCard: boolean }) => p.isGiftCard)).toEqual([false, true]);
    expect((await call(t.app, 'GET', `/api/user/${id}/transactions`, { cookie })).json().transactions).toHaveLength(3);
    expect((await call(t.app, 'GET', '/api/customer', { cookie })).json().customer.MailingAddresses).toHaveLength(2);
  });
});

describe('authorisation', () => {
  type Probe = [string, 'GET' | 'POST' | 'PUT' | 'DELETE', (ids: { user: number; address: number; card: number }) => string, unknown?];
  const probes: Probe[] = [
    ['list addresses', 'GET', () => '/api/mailingAddresses'],
    ['update address', 'PUT', (i) => `/api/mailingAddresses/${i.address}`, { city: 'Hacked' }],
    ['delete address', 'DELETE', (i) => `/api/customer/${i.user}/mailingAddresses/${i.address}`],
    ['list payment methods', 'GET', (i) => `/api/user/${i.user}/paymentMethods`],
    ['delete payment method', 'DELETE', (i) => `/api/user/${i.user}/paymentMethods/${i.card}`],
    ['update payment method', 'PUT', (i) => `/api/user/${i.user}/paymentMethods/${i.card}`, { mailingAddressId: 1 }],
    ['transactions', 'GET', (i) => `/api/user/${i.user}/transactions`],
    ['read recovery email', 'GET', () => '/api/user/recoveryEmail'],
    ['set recovery email', 'PUT', () => '/api/user/recoveryEmail', { token: 'x', recoveryEmail: 'h@example.com' }],
    ['verify recovery email', 'POST', () => '/api/user/recoveryEmail/verify', { token: 'x' }],
  ];

  const snapshot = async () => JSON.stringify([
    await t.db.all('SELECT * FROM mailing_addresses ORDER BY id'),
    await t.db.all('SELECT * FROM payment_methods ORDER BY id'),
    await t.db.all('SELECT id, recovery_email, recovery_email_verified FROM customers ORDER BY id'),
    await t.db.all('SELECT COUNT(*) AS n FROM email_outbox'),
  ]);

  test.each(probes)('%s: anonymous gets 401 and nothing changes', async (_name, method, path, body) => {
    const address = await addAddress(ann.cookie);
    const ids = { user: ann.id, address: address.id, card: await addCard(ann.id) };
    const before = await snapshot();
    const res = await call(t.app, method, path(ids), body === undefined ? {} : { body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please sign in.' });
    expect(await snapshot()).toBe(before);
  });

  test.each(probes)("%s: another customer gets 404 (or only their own data) and Ann's rows do not change", async (_name, method, path, body) => {
    const address = await addAddress(ann.cookie);
    const ids = { user: ann.id, address: address.id, card: await addCard(ann.id) };
    const bob = await signedIn(t.app, 'bob@example.com', 'Bob');
    const before = await snapshot();
    const res = await call(t.app, method, path(ids), { cookie: bob.cookie, ...(body === undefined ? {} : { body }) });
    if (path(ids).includes(`/${ann.id}/`) || path(ids).includes(`/${address.id}`) ) {
      expect(res.statusCode).toBe(404);
      expect(await snapshot()).toBe(before);
    } else {
      // routes of "my" data answer Bob's own, never Ann's
      expect(res.body).not.toContain('Lakeview');
      const annRows = (s: string) => JSON.parse(s).map((table: unknown[]) => JSON.stringify(table).includes('ann'));
      expect(annRows(await snapshot())).toEqual(annRows(before));
    }
  });
});

describe('junk input', () => {
  const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
    ['POST', '/api/auth/register'], ['POST', '/api/auth/login'], ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/reset-password/request'], ['POST', '/api/auth/reset-password'], ['POST', '/api/auth/recover-account'],
    ['POST', '/api/auth/verification/finish'], ['POST', '/api/mailingAddresses'], ['PUT', '/api/mailingAddresses/1'],
    ['PUT', '/api/user/1/paymentMethods/1'], ['PUT', '/api/user/recoveryEmail'], ['POST', '/api/user/recoveryEmail/verify'],
    ['POST', '/api/user/recoveryEmail/confirm'], ['POST', '/api/newsletterSubscriptions/subscribe?email=a@b.test'],
    ['POST', '/api/newsletterSubscriptions/confirm'], ['GET', '/api/user/1/transactions?displayableId=x'], ['DELETE', '/api/customer/1/mailingAddresses/1'],
  ];

  test('generated junk bodies and paths answer 4xx JSON { error } or success, never 500, and leave no stray row', async () => {
    await addAddress(ann.cookie);
    const json = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('email', 'password', 'token', 'firstName', 'zip', 'countryCode', 'mailingAddressId', 'recoveryEmail', 'makeDefault', '__proto__'), fc.jsonValue()));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(json.map((v) => JSON.stringify(v)), fc.string({ maxLength: 300 })),
        fc.boolean(),
        fc.string({ maxLength: 30 }),
        async ([method, url], payload, signed, suffix) => {
          const target = url + (suffix.length % 3 === 0 ? encodeURIComponent(suffix) : '');
          const res = await t.app.inject({
            method,
            url: target,
            headers: { 'content-type': 'application/json', ...(signed ? { cookie: ann.cookie } : {}) },
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload }),
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json().error).toBe('string');
        },
      ),
      { numRuns: 150 },
    );
    expect((await t.db.all<{ n: number }>('SELECT COUNT(*) AS n FROM mailing_addresses'))[0]!.n).toBeLessThanOrEqual(50);
    expect(await t.db.all('SELECT id FROM mailing_addresses WHERE first_name = \'\' OR zip = \'\'')).toEqual([]);
  }, 60_000);
});
