/**
 * The footer's newsletter form without JavaScript (src/server/modules/content/newsletter-form.ts): a plain
 * urlencoded post answered with a 303 back to the page, the outcome in its address; the same rows,
 * mail and limits as the JSON call; nothing written for a bad address.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { newsletterErrorText } from '../../../../src/domain/account.ts';
import { NEWSLETTER_LIMITED_TEXT, newsletterNoticeView } from '../../../../src/domain/footer.ts';
import { accountsPlugin } from '../../../../src/server/modules/accounts/plugin.ts';
import { RATE_LIMITED_MESSAGE } from '../../../../src/server/modules/accounts/rate-limit.ts';
import { sessionPlugin } from '../../../../src/server/modules/accounts/session.ts';
import { DevCaptcha } from '../../../../src/server/modules/captcha/verifier.ts';
import { newsletterFormRoutes } from '../../../../src/server/modules/content/newsletter-form.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { installErrorHandler } from '../../../../src/server/platform/http/errors.ts';
import { sharedSchemas } from '../../../../src/server/modules/catalogue/schemas.ts';
import { strictSchemaController } from '../../../../src/server/platform/http/validation.ts';
import { accountDb, call, lastLinkToken, TEST_SCRYPT } from '../accounts/account.helpers.ts';

let app: FastifyInstance;
let db: Db;

beforeEach(async () => {
  db = await accountDb();
  // the store's own validation (app.ts): unknown fields are refused, not dropped
  app = Fastify({ schemaController: strictSchemaController() });
  for (const schema of sharedSchemas) app.addSchema(schema);
  installErrorHandler(app);
  await app.register(sessionPlugin, { db });
  await app.register(accountsPlugin, { db, captcha: new DevCaptcha('test-secret'), scrypt: TEST_SCRYPT, emailTransport: null, publicUrl: 'http://shop.test' });
  await app.register(newsletterFormRoutes);
  await app.ready();
});

afterEach(async () => {
  await app.close();
  await db.close();
});

/** Posts the form as a browser does: urlencoded, from the store's own page. */
function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/newsletter/subscribe',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80', host: 'localhost:80', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function rows() {
  return {
    subscriptions: await db.all<{ email: string; status: string }>('SELECT email, status FROM newsletter_subscriptions ORDER BY email'),
    mails: await db.all<{ to_address: string; kind: string }>('SELECT to_address, kind FROM email_outbox ORDER BY id'),
  };
}

describe('POST /newsletter/subscribe (the form without JavaScript)', () => {
  test('a good address: a pending subscription, one confirmation mail, and a 303 back to the page with the success outcome', async () => {
    const res = await post({ email: '  Fan@Example.com ', returnTo: '/collections/pumps?page=2' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/collections/pumps?page=2&newsletter=subscribed#newsletter');
    expect(res.body).toBe('');
    expect(await rows()).toEqual({
      subscriptions: [{ email: 'fan@example.com', status: 'pending' }],
      mails: [{ to_address: 'fan@example.com', kind: 'newsletter' }],
    });
    // the mailed link confirms it, as for the JSON call
    const confirm = await call(app, 'POST', '/api/newsletterSubscriptions/confirm', { body: { token: await lastLinkToken(db, 'fan@example.com') } });
    expect(confirm.json()).toEqual({ success: true });
    expect((await rows()).subscriptions).toEqual([{ email: 'fan@example.com', status: 'confirmed' }]);
  });

  test("the outcome's message is the spec's success text", () => {
    expect(newsletterNoticeView('subscribed')).toEqual({ message: 'Please check your email to confirm.', tone: 'success' });
  });

  test.each(['', '   ', 'not-an-email', 'a@b', `${'a'.repeat(250)}@example.com`])(
    "a bad address %j comes back as 'Invalid subscription request.' and writes nothing",
    async (email) => {
      const res = await post({ email, returnTo: '/brands' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/brands?newsletter=invalid#newsletter');
      expect(newsletterNoticeView('invalid')).toEqual({ message: 'Invalid subscription request.', tone: 'danger' });
      expect(await rows()).toEqual({ subscriptions: [], mails: [] });
    },
  );

  test('a previous outcome in the return address is replaced, not repeated', async () => {
    const res = await post({ email: 'x', returnTo: '/help.asp?newsletter=subscribed' });
    expect(res.headers.location).toBe('/help.asp?newsletter=invalid#newsletter');
  });

  test.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', ''])(
    'a return address %j that is not a path on this site returns to the home page',
    async (returnTo) => {
      const res = await post({ email: 'fan@example.com', returnTo });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/?newsletter=subscribed#newsletter');
    },
  );

  test('a confirmed address is not mailed again, and the answer is the same', async () => {
    await db.run("INSERT INTO newsletter_subscriptions (email, status, created_at) VALUES ('fan@example.com', 'confirmed', '2026-01-01T00:00:00.000Z')");
    const res = await post({ email: 'fan@example.com', returnTo: '/' });
    expect(res.headers.location).toBe('/?newsletter=subscribed#newsletter');
    expect((await rows()).mails).toEqual([]);
  });

  test('the sixth request from one address in an hour comes back with the limits error, on the same counters as the JSON call', async () => {
    const locations: string[] = [];
    for (let i = 0; i < 5; i++) locations.push(String((await post({ email: `f${i}@example.com`, returnTo: '/' })).headers.location));
    expect(locations.every((l) => l === '/?newsletter=subscribed#newsletter')).toBe(true);
    const sixth = await post({ email: 'f5@example.com', returnTo: '/' });
    expect(sixth.headers.location).toBe('/?newsletter=limited#newsletter');
    expect(newsletterNoticeView('limited').message).toBe(newsletterErrorText(RATE_LIMITED_MESSAGE));
    expect(NEWSLETTER_LIMITED_TEXT).toBe(RATE_LIMITED_MESSAGE);
    // the JSON call from the same address is refused by the same counter
    const json = await call(app, 'POST', '/api/newsletterSubscriptions/subscribe?email=f6@example.com', { body: { token: 'any' }, headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(json.statusCode).toBe(429);
    expect((await rows()).subscriptions).toHaveLength(5);
  });

  test('a post from another site is refused with 403 { error }, and writes nothing', async () => {
    const res = await post({ email: 'fan@example.com', returnTo: '/' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused.' });
    expect(await rows()).toEqual({ subscriptions: [], mails: [] });
  });

  test.each([
    ['an unknown field', 'email=fan%40example.com&name=Ann'],
    ['no email field', 'returnTo=%2F'],
    ['an over-long return address', `email=fan%40example.com&returnTo=%2F${'a'.repeat(2100)}`],
  ])('%s is a 400 { error }, and writes nothing', async (_name, payload) => {
    const res = await app.inject({ method: 'POST', url: '/newsletter/subscribe', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(await rows()).toEqual({ subscriptions: [], mails: [] });
  });

  test('a body that is no form is a 400 { error }, and writes nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/newsletter/subscribe', headers: { 'content-type': 'text/plain' }, payload: 'email=fan@example.com' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(await rows()).toEqual({ subscriptions: [], mails: [] });
  });
});
