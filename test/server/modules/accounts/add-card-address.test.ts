import { afterEach, beforeEach, expect, test } from 'vitest';
import { addressLine, printableMailingAddress } from '../../../../src/domain/address-format.ts';
import type { MailingAddress } from '../../../../src/domain/entities.ts';
import { accountApp, call, signedIn, US_ADDRESS, type TestApp } from './account.helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await accountApp();
});
afterEach(async () => {
  await t.app.close();
  await t.db.close();
});

test('the add-card page offers the saved addresses printed as every address prints: name, \'City, ST ZIP\', the country\'s name only outside the US, no phone', async () => {
  const ann = await signedIn(t.app, 'ann@example.com');
  const saved: MailingAddress[] = [];
  for (const body of [US_ADDRESS, { firstName: 'Ann', lastName: 'S', address1: '10 Downing St', zip: 'SW1A 2AA', phone: '+44 7400 123456', countryCode: 'GB' }]) {
    const res = await call(t.app, 'POST', '/api/mailingAddresses', { cookie: ann.cookie, body });
    expect(res.statusCode).toBe(200);
    saved.push(res.json().mailingAddress as MailingAddress);
  }
  const href = (await call(t.app, 'GET', `/api/user/${ann.id}/paymentMethods`, { cookie: ann.cookie })).json()._links.addPaymentMethod.href as string;
  const page = await t.app.inject({ url: href, headers: { cookie: ann.cookie } });
  expect(page.statusCode).toBe(200);
  const options = [...page.body.matchAll(/<option value="(\d+)">([^<]*)<\/option>/g)].map((m) => [Number(m[1]), m[2]]);
  expect(options).toEqual(saved.map((a) => [a.id, addressLine(printableMailingAddress(a), { phone: false })]));
  expect(options.map(([, label]) => label)).toEqual(['Ann Swimmer, 1200 Lakeview Ave, Seattle, WA 98101', 'Ann S, 10 Downing St, SW1A 2AA, United Kingdom']);
});
