/**
 * The development mailbox shows every reset link, so it opens only when asked for by name
 * (MAILBOX=1) on a development start, only to this machine's own clients, and says on every page
 * that it is a development tool; without it the demo store announces each mail in the console
 * (recipient and subject, never the body). On both databases (the outbox is a table).
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { isProductionStart } from '../../src/server/env.ts';
import { DEV_TOOL_NOTICE, isLoopbackAddress, MAILBOX_HINT, mailboxEnabled, mailboxRefusal, mailboxRoutes } from '../../src/server/email/mailbox.ts';
import { Outbox } from '../../src/server/email/outbox.ts';
import { accountApp, accountDb, type TestApp } from './account.helpers.ts';

/** The variables that decide a start, cleared so each test states its own. */
const START_VARIABLES = ['NODE_ENV', 'MAILBOX', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL'] as const;

function startEnv(values: Partial<Record<(typeof START_VARIABLES)[number], string>>): void {
  for (const name of START_VARIABLES) vi.stubEnv(name, values[name]);
}

/** An accounts app deciding the mailbox and mail delivery from the environment, with its log lines. */
async function appFromEnv(): Promise<TestApp & { lines: () => { level: number; msg: string; mail?: unknown }[] }> {
  const out: string[] = [];
  const t = await accountApp(
    { mailbox: undefined, emailTransport: undefined },
    { logger: { level: 'info', stream: { write: (line: string) => void out.push(line) } } },
  );
  return { ...t, lines: () => out.map((line) => JSON.parse(line) as { level: number; msg: string }) };
}

const PATHS = ['/dev/mailbox', '/api/dev/mailbox', '/api/dev/mailbox?to=x@example.com'];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('when the mailbox is mounted', () => {
  test.each([
    [{}, false],
    [{ NODE_ENV: 'development' }, false],
    [{ NODE_ENV: 'test' }, false],
    [{ MAILBOX: '1' }, true],
    [{ MAILBOX: '1', NODE_ENV: 'development' }, true],
    [{ MAILBOX: 'yes' }, false],
    [{ MAILBOX: '1', NODE_ENV: 'production' }, false],
    [{ MAILBOX: '1', DATABASE_URL: 'postgres://db/shop' }, false],
    [{ MAILBOX: '1', REDIS_URL: 'redis://cache:6379' }, false],
    [{ MAILBOX: '1', DATABASE_URL: 'postgres://db/shop', NODE_ENV: 'development' }, false],
  ] as [NodeJS.ProcessEnv, boolean][])('only with MAILBOX=1 on a development start: %j -> %s', (env, mounted) => {
    expect(mailboxEnabled(env)).toBe(mounted);
  });

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

  test('a refused MAILBOX=1 has a log line; nothing to refuse has none', () => {
    expect(mailboxRefusal({ MAILBOX: '1', DATABASE_URL: 'postgres://db/shop' })).toMatch(/^MAILBOX=1 refused: this start is a production store/);
    expect(mailboxRefusal({ DATABASE_URL: 'postgres://db/shop' })).toBeNull();
    expect(mailboxRefusal({ MAILBOX: '1' })).toBeNull();
  });

  test.each([
    ['127.0.0.1', true], ['127.0.0.42', true], ['::1', true], ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false], ['203.0.113.9', false], ['::ffff:203.0.113.9', false], ['1270.0.0.1', false], ['fe80::1', false], [undefined, false],
  ])('loopback address %s: %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });
});

describe('the mailbox routes', () => {
  test('are closed under an `npm start` environment (no NODE_ENV, no MAILBOX), and each mail is announced in the console without its body', async () => {
    startEnv({});
    const t = await appFromEnv();
    try {
      for (const url of PATHS) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
      }
      await t.app.accounts.outbox.enqueue('reset-password', { to: 'owner@example.com', subject: 'Reset your Skimmer password', text: 'Follow http://shop.test/reset-password?token=secret-token-123' });
      expect(await t.app.accounts.outbox.flush()).toBe(1);
      const notices = t.lines().filter((l) => l.msg.startsWith('Mail to '));
      expect(notices).toHaveLength(1);
      expect(notices[0]?.msg).toBe(`Mail to owner@example.com: "Reset your Skimmer password" was not sent (no SMTP_URL): ${MAILBOX_HINT}`);
      expect(notices[0]?.mail).toEqual({ to: 'owner@example.com', subject: 'Reset your Skimmer password' });
      // the log never carries the body or its link
      expect(JSON.stringify(t.lines())).not.toMatch(/secret-token-123|reset-password\?token/);
      // announced once: a second flush has nothing left
      expect(await t.app.accounts.outbox.flush()).toBe(0);
    } finally {
      await t.app.close();
    }
  });

  test('are closed under a production-shaped environment (DATABASE_URL and REDIS_URL, no NODE_ENV), which refuses MAILBOX=1 with a log line and announces no mail', async () => {
    startEnv({ DATABASE_URL: 'postgres://db.internal/shop', REDIS_URL: 'redis://cache.internal:6379', MAILBOX: '1' });
    const t = await appFromEnv();
    try {
      for (const url of PATHS) expect((await t.app.inject({ url })).statusCode, url).toBe(404);
      const warnings = t.lines().filter((l) => l.level === 40).map((l) => l.msg);
      expect(warnings).toContainEqual(expect.stringMatching(/^MAILBOX=1 refused/));
      expect(warnings).toContain('SMTP_URL is not set: mail stays in the outbox unsent');
      await t.app.accounts.outbox.enqueue('reset-password', { to: 'owner@example.com', subject: 'Reset your Skimmer password', text: 'secret' });
      expect(await t.app.accounts.outbox.flush()).toBe(0);
      expect(t.lines().some((l) => l.msg.startsWith('Mail to '))).toBe(false);
    } finally {
      await t.app.close();
    }
  });

  test('open with MAILBOX=1 to a loopback client, with the development-tool notice on every page', async () => {
    startEnv({ MAILBOX: '1' });
    const t = await appFromEnv();
    try {
      const id = await t.app.accounts.outbox.enqueue('test', { to: 'x@example.com', subject: 'Hello', text: 'Hi' });
      for (const remoteAddress of ['127.0.0.1', '127.0.0.7', '::1']) {
        const api = await t.app.inject({ url: '/api/dev/mailbox?to=x@example.com', remoteAddress });
        expect(api.statusCode, remoteAddress).toBe(200);
        expect(api.json().messages).toHaveLength(1);
      }
      for (const url of ['/dev/mailbox', `/dev/mailbox/${id}`, '/dev/mailbox/999']) {
        const page = await t.app.inject({ url });
        expect(page.headers['content-type'], url).toMatch(/^text\/html/);
        expect(page.body, url).toContain(DEV_TOOL_NOTICE);
        expect(page.body, url).toMatch(/<title>[^<]*\(development tool\)<\/title>/);
      }
      // the mail stays readable there: none is announced in the console
      expect(await t.app.accounts.outbox.flush()).toBe(0);
    } finally {
      await t.app.close();
    }
  });

  test.each([
    ['another machine', { remoteAddress: '203.0.113.9' }],
    ['another machine as mapped IPv6', { remoteAddress: '::ffff:203.0.113.9' }],
    ['loopback carrying X-Forwarded-For (a proxy on this host)', { headers: { 'x-forwarded-for': '203.0.113.9' } }],
    ['loopback carrying X-Forwarded-For that names loopback', { headers: { 'x-forwarded-for': '127.0.0.1' } }],
    ['loopback carrying Forwarded', { headers: { forwarded: 'for=203.0.113.9' } }],
    ['loopback carrying X-Real-IP', { headers: { 'x-real-ip': '203.0.113.9' } }],
  ])('stay closed to %s', async (_who, request) => {
    // the option tests use (and MAILBOX=1) mount it: the client check still applies
    const t = await accountApp({ mailbox: true });
    try {
      for (const url of PATHS) {
        const res = await t.app.inject({ url, ...request });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: 'Not found' });
      }
    } finally {
      await t.app.close();
    }
  });

  test('judge the socket\'s own address, not request.ip under trustProxy', async () => {
    const app = Fastify({ trustProxy: true });
    await app.register(mailboxRoutes, { outbox: new Outbox(await accountDb()) });
    try {
      // request.ip believes the header here and reads 127.0.0.1
      const res = await app.inject({ url: '/api/dev/mailbox', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode).toBe(404);
      expect((await app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
