/**
 * Mail down under the store (the fault suite; test/support/faults.ts): the outbox sends through
 * the real SMTP transport (nodemailer) to a stand-in that refuses (421), is not listening, hangs
 * without a greeting, or accepts. Every message is kept; each failed attempt is recorded with the
 * time of the next (backoff) and counted in the metrics; a server that is down ends the batch at
 * once; when mail is back each message is delivered once; and no request waits on mail.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/server/platform/db/database.ts';
import { Outbox, RETRY_BASE_MS, RETRY_MAX_MS, outboxRetryingCount, retryDelayMs, smtpTransport } from '../../src/server/modules/mail/outbox.ts';
import { createStoreMetrics } from '../../src/server/platform/ops/metrics.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../support/faults.ts';
import { accountApp, accountDb, call, PASSWORD } from './modules/accounts/account.helpers.ts';

interface Attempts { attempts: number; last_error: string | null; next_attempt_at: string | null; sent_at: string | null }

const attemptsOf = (db: Db) =>
  db.all<Attempts & { to_address: string }>('SELECT to_address, attempts, last_error, next_attempt_at, sent_at FROM email_outbox ORDER BY id');

describe('the wait before the next attempt', () => {
  test.each([[1, RETRY_BASE_MS], [2, 2 * RETRY_BASE_MS], [4, 8 * RETRY_BASE_MS], [20, RETRY_MAX_MS]])('after %i failures: %i ms', (failures, ms) => {
    expect(retryDelayMs(failures)).toBe(ms);
  });

  test('grows and never passes the longest wait', () => {
    for (let n = 1; n < 40; n++) {
      expect(retryDelayMs(n + 1)).toBeGreaterThanOrEqual(retryDelayMs(n));
      expect(retryDelayMs(n)).toBeLessThanOrEqual(RETRY_MAX_MS);
    }
  });
});

describe('mail down', () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn('refuse');
  });
  afterAll(async () => {
    await smtp.close();
  });

  test('the outbox keeps every message, records each attempt and when the next may be made, and delivers each once when mail is back', async () => {
    smtp.mode = 'refuse';
    const db = await accountDb();
    let t = Date.parse('2026-03-01T12:00:00.000Z');
    const outbox = new Outbox(db, await smtpTransport(smtp.url, 2000), undefined, () => t);
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await outbox.enqueue('note', { to, subject: `for ${to}`, text: 'hello' });

    expect(await outbox.flush()).toBe(0);
    const [first, ...rest] = await attemptsOf(db);
    expect(first).toMatchObject({ attempts: 1, sent_at: null, next_attempt_at: new Date(t + RETRY_BASE_MS).toISOString() });
    expect(first?.last_error).toContain('421');
    // the server is down: the rest of the batch is handed back untouched, not failed one by one
    expect(rest.map((r) => r.attempts)).toEqual([0, 0]);
    expect(await outboxRetryingCount(db)).toBe(1);
    const metrics = createStoreMetrics({ db, searchIndexSize: () => 0, searchIndexBuildSeconds: 0 });
    expect(await metrics.registry.getSingleMetricAsString('skimmer_email_outbox_retrying')).toMatch(/^skimmer_email_outbox_retrying 1$/m);

    // not listening at all: refused connections count as attempts too; a message waits for its time
    smtp.mode = 'closed';
    for (let i = 0; i < 3; i++) await outbox.flush();
    expect((await attemptsOf(db)).map((r) => r.attempts)).toEqual([1, 1, 1]);
    t += RETRY_BASE_MS;
    await outbox.flush();
    const later = await attemptsOf(db);
    expect(later[0]).toMatchObject({ attempts: 2, next_attempt_at: new Date(t + 2 * RETRY_BASE_MS).toISOString() });
    expect(later.every((r) => r.sent_at === null)).toBe(true);

    // mail is back: each message once
    smtp.mode = 'accept';
    t += RETRY_MAX_MS;
    expect(await outbox.flush()).toBe(3);
    expect(await outbox.flush()).toBe(0);
    expect(smtp.received.map((m) => m.to).flat().sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(await outboxRetryingCount(db)).toBe(0);
  });

  test('a mail server that hangs holds no request: answers come while the send is still waiting', { timeout: 30_000 }, async () => {
    smtp.mode = 'hang';
    const before = smtp.received.length;
    const { app } = await accountApp({ emailTransport: await smtpTransport(smtp.url, 20_000) });
    try {
      const register = (email: string) => call(app, 'POST', '/api/auth/register', { body: { email, password: PASSWORD, firstName: 'Ann', lastName: 'Swimmer' } });
      expect((await register('hang-1@example.com')).statusCode).toBe(200);
      // the sender is now stuck on the silent server
      const deadline = Date.now() + 10_000;
      while (smtp.hanging === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(smtp.hanging).toBeGreaterThan(0);
      expect((await register('hang-2@example.com')).statusCode).toBe(200);
      expect((await call(app, 'POST', '/api/auth/reset-password/request', { body: { email: 'hang-1@example.com' } })).statusCode).toBe(200);
      // answered while the send still waits, and nothing was delivered
      expect(smtp.hanging).toBeGreaterThan(0);
      expect(smtp.received.length).toBe(before);
    } finally {
      // the held connections are dropped: the send fails and is recorded, then the app closes
      smtp.mode = 'closed';
      await app.close();
    }
  });
});
