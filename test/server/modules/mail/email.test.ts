import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { escapeHtml, linkify } from '../../../../src/server/modules/mail/mailbox.ts';
import { MAX_ATTEMPTS, Outbox, RETRY_MAX_MS, type EmailMessage } from '../../../../src/server/modules/mail/outbox.ts';
import { accountDb } from '../accounts/account.helpers.ts';

describe('outbox', () => {
  test('stores messages and lists them newest first, by recipient case-insensitively', async () => {
    const outbox = new Outbox(await accountDb());
    await outbox.enqueue('a', { to: 'x@example.com', subject: 'one', text: 'hi' });
    await outbox.enqueue('b', { to: 'y@example.com', subject: 'two', text: 'hi' });
    await outbox.enqueue('c', { to: 'x@example.com', subject: 'three', text: 'hi' });
    expect((await outbox.list()).map((m) => m.subject)).toEqual(['three', 'two', 'one']);
    expect((await outbox.list({ to: 'X@EXAMPLE.com' })).map((m) => m.subject)).toEqual(['three', 'one']);
  });

  test('a message enqueued in a rolled-back transaction does not exist', async () => {
    const db = await accountDb();
    const outbox = new Outbox(db);
    await expect(db.transaction(async (tx) => {
      await outbox.in(tx).enqueue('a', { to: 'x@example.com', subject: 'one', text: 'hi' });
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    expect(await outbox.list()).toEqual([]);
  });

  test('flush sends pending mail once and retries failures up to the limit', async () => {
    const db = await accountDb();
    const sent: EmailMessage[] = [];
    let fail = true;
    // a failed message waits for its next attempt (backoff): the clock passes the longest wait between flushes
    let t = Date.now();
    const outbox = new Outbox(db, async (m) => {
      if (fail && m.to === 'bad@example.com') throw new Error('550 mailbox unavailable');
      sent.push(m);
    }, undefined, () => t);
    await outbox.enqueue('a', { to: 'ok@example.com', subject: 's', text: 't' });
    await outbox.enqueue('a', { to: 'bad@example.com', subject: 's', text: 't' });
    expect(await outbox.flush()).toBe(1);
    t += RETRY_MAX_MS;
    expect(await outbox.flush()).toBe(0);
    expect(sent.map((m) => m.to)).toEqual(['ok@example.com']);
    expect((await outbox.list({ to: 'bad@example.com' }))[0]).toMatchObject({ sentAt: null, attempts: 2, lastError: '550 mailbox unavailable' });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      t += RETRY_MAX_MS;
      await outbox.flush();
    }
    expect((await outbox.list({ to: 'bad@example.com' }))[0]?.attempts).toBe(MAX_ATTEMPTS);
    fail = false;
    t += RETRY_MAX_MS;
    expect(await outbox.flush()).toBe(0);
  });

  test('without a transport nothing is sent and mail stays readable', async () => {
    const outbox = new Outbox(await accountDb());
    await outbox.enqueue('a', { to: 'x@example.com', subject: 's', text: 't' });
    expect(outbox.delivers).toBe(false);
    expect(await outbox.flush()).toBe(0);
    expect(await outbox.list()).toHaveLength(1);
  });
});

describe('mail pages', () => {
  // the pages themselves, behind the operators' sign-in: test/server/modules/mail-admin
  test('escaping leaves no raw markup characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(escapeHtml(s)).not.toMatch(/[<>"']/);
        expect(linkify(s).replace(/<a href="[^"<>]*">|<\/a>/g, '')).not.toMatch(/[<>]/);
      }),
    );
  });
});
