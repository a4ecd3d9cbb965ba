/**
 * The development mailbox showed every reset link, so it has moved behind the operators' sign-in
 * (issue 34, modules/mail-admin): `/dev/mailbox` and `/api/dev/mailbox` answer the store's plain
 * 404 to everyone, from this machine or not, whatever NODE_ENV or MAILBOX says, and the operators'
 * pages at /admin/mail answer 404 without an operator credential. The demo store still announces
 * each mail in the console (recipient and subject, never the body) and says where operators read
 * it; MAILBOX set is logged as ignored. On both databases (the outbox is a table).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { isProductionStart } from '../../../../src/server/platform/config/env.ts';
import { MAILBOX_HINT, MAILBOX_NOTICE, mailboxRetiredNotice } from '../../../../src/server/modules/mail/mailbox.ts';
import { accountApp, TEST_SCRYPT, type TestApp } from '../accounts/account.helpers.ts';
import { commerceDb } from '../checkout/cart.helpers.ts';
import { BOOT, signedInOperator } from '../admin/admin.helpers.ts';

/** The variables that decide a start, cleared so each test states its own. */
const START_VARIABLES = ['NODE_ENV', 'MAILBOX', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL'] as const;

function startEnv(values: Partial<Record<(typeof START_VARIABLES)[number], string>>): void {
  for (const name of START_VARIABLES) vi.stubEnv(name, values[name]);
}

/** An accounts app deciding mail delivery from the environment, with its log lines. */
async function appFromEnv(): Promise<TestApp & { lines: () => { level: number; msg: string; mail?: unknown }[] }> {
  const out: string[] = [];
  const t = await accountApp(
    { emailTransport: undefined },
    { logger: { level: 'info', stream: { write: (line: string) => void out.push(line) } } },
  );
  return { ...t, lines: () => out.map((line) => JSON.parse(line) as { level: number; msg: string }) };
}

/** The whole store (with operators, ADMIN_TOKEN unset) over a small seeded catalogue. */
async function storeApp(): Promise<FastifyInstance> {
  const db = await commerceDb(20);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-dev-mailbox-'));
  const app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), operators: { token: BOOT, allowedHosts: [], allowedOrigins: [] } });
  app.accounts.scrypt = TEST_SCRYPT;
  return app;
}

const RETIRED = ['/dev/mailbox', '/dev/mailbox/1', '/api/dev/mailbox', '/api/dev/mailbox?to=x@example.com', '/api/dev/mailbox/1'];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('what a start is', () => {
  test.each([
    [{}, false],
    [{ NODE_ENV: 'test' }, false],
    [{ DATABASE_URL: '  ' }, false],
    [{ NODE_ENV: 'production' }, true],
    [{ DATABASE_URL: 'postgres://db/shop' }, true],
    [{ REDIS_URL: 'redis://cache:6379' }, true],
    [{ DATABASE_URL: 'postgres://db/shop', NODE_ENV: 'development' }, true],
  ] as [NodeJS.ProcessEnv, boolean][])('a start is production when it is not the embedded default, whatever NODE_ENV says: %j -> %s', (env, production) => {
    expect(isProductionStart(env)).toBe(production);
  });

  test('MAILBOX set is logged as ignored, on any start; unset says nothing', () => {
    expect(mailboxRetiredNotice({ MAILBOX: '1' })).toBe(`MAILBOX=1 ignored: the development mailbox is gone; ${MAILBOX_HINT}, after signing in`);
    expect(mailboxRetiredNotice({ MAILBOX: '1', DATABASE_URL: 'postgres://db/shop' })).toMatch(/^MAILBOX=1 ignored/);
    expect(mailboxRetiredNotice({})).toBeNull();
    expect(mailboxRetiredNotice({ MAILBOX: ' ' })).toBeNull();
  });
});

describe('the old mailbox addresses', () => {
  test.each([
    ['an `npm start` environment', {}],
    ['MAILBOX=1', { MAILBOX: '1' }],
    ['MAILBOX=1 and NODE_ENV=development', { MAILBOX: '1', NODE_ENV: 'development' }],
    ['NODE_ENV=test', { NODE_ENV: 'test' }],
    ['a production-shaped environment with MAILBOX=1', { MAILBOX: '1', NODE_ENV: 'production' }],
  ])('answer 404 under %s, to this machine and to an operator alike; the pages at /admin/mail answer 404 without an operator', async (_name, env) => {
    startEnv(env);
    const app = await storeApp();
    try {
      const id = await app.accounts.outbox.enqueue('reset-password', { to: 'victim@example.com', subject: 'Reset your Skimmer password', text: 'http://shop.test/reset-password?token=secret-token-123' });
      const owner = await signedInOperator(app, 'owner');
      for (const url of [...RETIRED, `/dev/mailbox/${id}`, `/api/dev/mailbox/${id}`]) {
        for (const remoteAddress of ['127.0.0.1', '::1', '203.0.113.9']) {
          const res = await app.inject({ url, remoteAddress });
          expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
          expect(res.json()).toEqual({ error: 'Not found' });
          expect(res.body).not.toContain('secret-token-123');
        }
        // an operator's cookie is not sent there (its paths are /admin and /api/admin), and does not open it either
        const withCookie = await app.inject({ url, headers: { cookie: owner.cookie } });
        expect(withCookie.statusCode, url).toBe(404);
      }
      for (const url of ['/admin/mail', `/admin/mail/${id}`]) {
        for (const headers of [{}, { cookie: 'skimmer_op=not-a-live-session-token-0000' }, { 'x-forwarded-for': '127.0.0.1' }]) {
          const res = await app.inject({ url, headers });
          expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
          expect(res.json()).toEqual({ error: 'Not found' });
          expect(res.headers['www-authenticate']).toBeUndefined();
        }
      }
      // an operator reads it there
      const page = await app.inject({ url: `/admin/mail/${id}`, headers: { cookie: owner.cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(MAILBOX_NOTICE);
      expect(page.body).toContain('<a href="http://shop.test/reset-password?token=secret-token-123">');
    } finally {
      await app.close();
    }
  });
});

describe('mail on the demo store and on a production start', () => {
  test('an `npm start` environment announces each mail in the console without its body, naming where operators read it', async () => {
    startEnv({});
    const t = await appFromEnv();
    try {
      await t.app.accounts.outbox.enqueue('reset-password', { to: 'owner@example.com', subject: 'Reset your Skimmer password', text: 'Follow http://shop.test/reset-password?token=secret-token-123' });
      expect(await t.app.accounts.outbox.flush()).toBe(1);
      const notices = t.lines().filter((l) => l.msg.startsWith('Mail to '));
      expect(notices).toHaveLength(1);
      expect(notices[0]?.msg).toBe(`Mail to owner@example.com: "Reset your Skimmer password" was not sent (no SMTP_URL): ${MAILBOX_HINT}`);
      expect(notices[0]?.msg).toContain('/admin/mail');
      expect(notices[0]?.mail).toEqual({ to: 'owner@example.com', subject: 'Reset your Skimmer password' });
      // the log never carries the body or its link
      expect(JSON.stringify(t.lines())).not.toMatch(/secret-token-123|reset-password\?token/);
      // announced once: a second flush has nothing left
      expect(await t.app.accounts.outbox.flush()).toBe(0);
      expect(t.lines().some((l) => /^MAILBOX/.test(l.msg))).toBe(false);
    } finally {
      await t.app.close();
    }
  });

  test('MAILBOX=1 on a demo start changes nothing but a log line: mail is still announced', async () => {
    startEnv({ MAILBOX: '1' });
    const t = await appFromEnv();
    try {
      expect(t.lines().filter((l) => l.level === 40).map((l) => l.msg)).toContainEqual(expect.stringMatching(/^MAILBOX=1 ignored: the development mailbox is gone/));
      await t.app.accounts.outbox.enqueue('test', { to: 'x@example.com', subject: 'Hello', text: 'Hi' });
      expect(await t.app.accounts.outbox.flush()).toBe(1);
      expect(t.lines().some((l) => l.msg.startsWith('Mail to x@example.com'))).toBe(true);
    } finally {
      await t.app.close();
    }
  });

  test('a production-shaped environment (DATABASE_URL and REDIS_URL, no NODE_ENV) logs MAILBOX=1 as ignored, warns of no SMTP and announces no mail', async () => {
    startEnv({ DATABASE_URL: 'postgres://db.internal/shop', REDIS_URL: 'redis://cache.internal:6379', MAILBOX: '1' });
    const t = await appFromEnv();
    try {
      const warnings = t.lines().filter((l) => l.level === 40).map((l) => l.msg);
      expect(warnings).toContainEqual(expect.stringMatching(/^MAILBOX=1 ignored/));
      expect(warnings).toContain('SMTP_URL is not set: mail stays in the outbox unsent');
      await t.app.accounts.outbox.enqueue('reset-password', { to: 'owner@example.com', subject: 'Reset your Skimmer password', text: 'secret' });
      expect(await t.app.accounts.outbox.flush()).toBe(0);
      expect(t.lines().some((l) => l.msg.startsWith('Mail to '))).toBe(false);
    } finally {
      await t.app.close();
    }
  });
});
