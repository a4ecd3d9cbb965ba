/**
 * The operators' mail outbox (modules/mail-admin), on both databases: the paged list with each
 * mail's state, attempts, last error and recipient, its filters; one mail with its body; resending
 * a sent or failed mail (audited in its transaction, sent again, 409 while it waits, one of two
 * operators at once); who may (owner, staff, a `customers` token; not fulfilment, not a
 * customer, nobody anonymous); junk input 400 with nothing written; the HTML pages escaped.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { MAX_ATTEMPTS } from '../../../../src/server/modules/mail/outbox.ts';
import { signedInShopper } from '../checkout/cart.helpers.ts';
import { adminApp, sessionHeaders, signedInOperator, type SignedInOperator } from '../admin/admin.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;
let staff: SignedInOperator;
let fulfilment: SignedInOperator;
let customersToken = '';
let catalogueToken = '';
let customerCookie = '';
/** The ids of the mail made by beforeAll, by state. */
const ids = { pending: 0, retrying: 0, failed: 0, sent: 0, other: 0 };

async function mail(to: string, subject: string, text = 'Hello'): Promise<number> {
  return await app.accounts.outbox.enqueue('test-kind', { to, subject, text });
}

async function token(scopes: string[]): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/tokens', headers: sessionHeaders(owner), payload: { name: scopes.join('+'), scopes } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().token as string;
}

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const resend = (id: number, headers: Record<string, string>) => app.inject({ method: 'POST', url: `/api/admin/mail/${id}/resend`, headers });
const writeHeaders = (op: SignedInOperator) => {
  const { 'content-type': _json, ...rest } = sessionHeaders(op);
  return rest;
};
const row = (id: number) => db.get<{ sent_at: string | null; attempts: number; last_error: string | null; next_attempt_at: string | null }>(
  'SELECT sent_at, attempts, last_error, next_attempt_at FROM email_outbox WHERE id = ?', [id]);
const counts = async () => ({
  audit: Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log'))!.n),
  outbox: await db.all('SELECT id, sent_at, attempts, last_error FROM email_outbox ORDER BY id'),
});

beforeAll(async () => {
  ({ app, db } = await adminApp());
  owner = await signedInOperator(app, 'owner');
  staff = await signedInOperator(app, 'staff');
  fulfilment = await signedInOperator(app, 'fulfilment');
  customersToken = await token(['customers']);
  catalogueToken = await token(['catalogue', 'orders']);
  customerCookie = (await signedInShopper(db)).cookie;
  ids.pending = await mail('ann@example.com', 'Your order #1 is on its way');
  ids.retrying = await mail('Bob@Example.com', 'Reset your Skimmer password', 'http://shop.test/reset-password?token=abc');
  ids.failed = await mail('carol@example.com', 'Welcome to Skimmer');
  ids.sent = await mail('ann@example.com', 'Your refund');
  ids.other = await app.accounts.outbox.enqueue('order-shipped', { to: 'dave@example.com', subject: '100%_done', text: 'x' });
  const at = new Date().toISOString();
  await db.run('UPDATE email_outbox SET attempts = 2, last_error = ?, next_attempt_at = ? WHERE id = ?', ['421 try later', '2100-01-01T00:00:00.000Z', ids.retrying]);
  await db.run('UPDATE email_outbox SET attempts = ?, last_error = ? WHERE id = ?', [MAX_ATTEMPTS, '550 mailbox unavailable', ids.failed]);
  await db.run('UPDATE email_outbox SET attempts = 1, sent_at = ? WHERE id IN (?, ?)', [at, ids.sent, ids.other]);
  // a queued job (a reset request still deciding what to send) is not mail yet
  await app.accounts.outbox.enqueueJob('no-such-job-kind', 'eve@example.com', null);
});
afterAll(async () => {
  await app?.close();
});

describe('the list', () => {
  test('every mail the store wrote, newest first, with its state, attempts, last error and recipient; no body; jobs left out', async () => {
    const res = await get('/api/admin/mail', bearer(customersToken));
    expect(res.statusCode, res.body).toBe(200);
    const { mail: list, nextBefore } = res.json();
    expect(nextBefore).toBeNull();
    expect(list.map((m: { id: number }) => m.id)).toEqual([ids.other, ids.sent, ids.failed, ids.retrying, ids.pending]);
    expect(list.find((m: { id: number }) => m.id === ids.retrying)).toEqual({
      id: ids.retrying, to: 'Bob@Example.com', subject: 'Reset your Skimmer password', kind: 'test-kind', status: 'retrying', attempts: 2,
      lastError: '421 try later', createdAt: expect.any(String), sentAt: null, nextAttemptAt: '2100-01-01T00:00:00.000Z',
    });
    expect(list.find((m: { id: number }) => m.id === ids.failed)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: '550 mailbox unavailable', nextAttemptAt: null });
    expect(list.find((m: { id: number }) => m.id === ids.sent)).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    expect(list.find((m: { id: number }) => m.id === ids.pending)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(res.body).not.toContain('token=abc');
    expect(res.body).not.toContain('eve@example.com');
  });

  test.each([
    ['status=failed', () => [ids.failed]],
    ['status=retrying', () => [ids.retrying]],
    ['status=pending', () => [ids.pending]],
    ['status=sent', () => [ids.other, ids.sent]],
    ['to=bob%40example.com', () => [ids.retrying]],
    ['to=ANN%40EXAMPLE.COM&status=sent', () => [ids.sent]],
    ['q=REFUND', () => [ids.sent]],
    ['q=example.com&status=pending', () => [ids.pending]],
    // LIKE's own characters are literal
    ['q=%25_', () => [ids.other]],
    ['q=_', () => [ids.other]],
    ['kind=order-shipped', () => [ids.other]],
    ['to=nobody%40example.com', () => []],
  ])('filtered by %s', async (query, expected) => {
    const res = await get(`/api/admin/mail?${query}`, sessionHeaders(staff));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mail.map((m: { id: number }) => m.id)).toEqual(expected());
  });

  test('pages with before = nextBefore, every mail once', async () => {
    const seen: number[] = [];
    let before: number | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const res = await get(`/api/admin/mail?limit=2${before === null ? '' : `&before=${before}`}`, sessionHeaders(owner));
      const page = res.json() as { mail: { id: number }[]; nextBefore: number | null };
      seen.push(...page.mail.map((m) => m.id));
      before = page.nextBefore;
      if (before === null) break;
    }
    expect(seen).toEqual([ids.other, ids.sent, ids.failed, ids.retrying, ids.pending]);
  });
});

describe('one mail', () => {
  test('answers its body, links included (the store\'s own mail)', async () => {
    const res = await get(`/api/admin/mail/${ids.retrying}`, sessionHeaders(owner));
    expect(res.statusCode).toBe(200);
    expect(res.json().mail).toMatchObject({ id: ids.retrying, to: 'Bob@Example.com', status: 'retrying', text: 'http://shop.test/reset-password?token=abc', html: null });
  });

  test('an unknown id answers 404, a job 404, a malformed id 400', async () => {
    const job = (await db.get<{ id: number }>("SELECT id FROM email_outbox WHERE to_address = 'eve@example.com'"))!.id;
    for (const id of [999_999, job]) {
      const res = await get(`/api/admin/mail/${id}`, sessionHeaders(owner));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Mail not found.' });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/admin/mail/${id}`, sessionHeaders(owner));
      expect(res.statusCode, id).toBe(400);
      expect(Object.keys(res.json())).toEqual(['error']);
    }
  });
});

describe('resending', () => {
  test('a sent mail is queued again, recorded in the audit log with before and after, and sent again', async () => {
    const id = await mail('frank@example.com', 'Your receipt');
    await db.run('UPDATE email_outbox SET attempts = 1, sent_at = ? WHERE id = ?', ['2024-05-01T10:00:00.000Z', id]);
    const res = await resend(id, writeHeaders(owner));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mail).toMatchObject({ id, status: 'pending', attempts: 0, sentAt: null, lastError: null });
    const entry = await db.get<{ actor_kind: string; actor_id: number; action: string; entity: string; entity_id: string; route: string; before_json: string; after_json: string }>(
      "SELECT actor_kind, actor_id, action, entity, entity_id, route, before_json, after_json FROM audit_log WHERE action = 'mail.resend' AND entity_id = ?", [String(id)]);
    expect(entry).toMatchObject({ actor_kind: 'operator', actor_id: owner.id, entity: 'mail', route: 'POST /api/admin/mail/:id/resend' });
    expect(JSON.parse(entry!.before_json)).toMatchObject({ status: 'sent', sentAt: '2024-05-01T10:00:00.000Z', attempts: 1 });
    expect(JSON.parse(entry!.after_json)).toMatchObject({ status: 'pending', sentAt: null, attempts: 0 });
    // the demo store's outbox sends it (a console notice) at once
    await expect.poll(async () => (await row(id))?.sent_at ?? null, { timeout: 10_000 }).not.toBeNull();
    expect((await row(id))?.attempts).toBe(1);
  });

  test('a failed mail is queued again with its attempts and error cleared', async () => {
    const id = await mail('gina@example.com', 'Your order');
    await db.run('UPDATE email_outbox SET attempts = ?, last_error = ?, next_attempt_at = ? WHERE id = ?', [MAX_ATTEMPTS, '550 no such user', '2024-01-01T00:00:00.000Z', id]);
    const res = await resend(id, writeHeaders(staff));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mail).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    await expect.poll(async () => (await row(id))?.sent_at ?? null, { timeout: 10_000 }).not.toBeNull();
  });

  test('a mail still waiting answers 409 and nothing is written; an unknown one 404', async () => {
    // waiting: not tried yet (held by another sender's claim, so this store's sender leaves it), or failed and due later
    const waiting = await mail('ida@example.com', 'Not yet');
    await db.run('UPDATE email_outbox SET claimed_by = ?, claimed_until = ? WHERE id = ?', ['another-process', '2100-01-01T00:00:00.000Z', waiting]);
    const before = await counts();
    for (const id of [waiting, ids.retrying]) {
      const res = await resend(id, writeHeaders(owner));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ error: 'This mail is already waiting to be sent.' });
    }
    expect((await resend(999_999, writeHeaders(owner))).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  test('two operators resending one failed mail at once: it is queued once, one answers 409', async () => {
    const id = await mail('hal@example.com', 'Twice?');
    await db.run('UPDATE email_outbox SET attempts = ? WHERE id = ?', [MAX_ATTEMPTS, id]);
    // "at once": the mail is not sent again between the three answers (once sent, a resend is a
    // new one and answers 200, as the test above shows); the sender waits until all three are back
    const flush = vi.spyOn(app.accounts.outbox, 'flush').mockResolvedValue(0);
    const answers = await Promise.all([resend(id, writeHeaders(owner)), resend(id, writeHeaders(staff)), resend(id, bearer(customersToken))])
      .finally(() => flush.mockRestore());
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'mail.resend' AND entity_id = ?", [String(id)]))!.n)).toBe(1);
  });
});

describe('who may', () => {
  test('owners, staff and a customers token read; fulfilment, a catalogue token, a customer and nobody do not, and nothing is written', async () => {
    for (const headers of [sessionHeaders(owner), sessionHeaders(staff), bearer(customersToken)]) {
      expect((await get('/api/admin/mail', headers)).statusCode).toBe(200);
      expect((await get(`/api/admin/mail/${ids.sent}`, headers)).statusCode).toBe(200);
    }
    const before = await counts();
    for (const [headers, code] of [
      [sessionHeaders(fulfilment), 403], [bearer(catalogueToken), 403], [{ cookie: customerCookie }, 401], [{}, 401],
      [{ cookie: customerCookie, 'x-csrf-token': owner.csrf }, 401],
    ] as [Record<string, string>, number][]) {
      for (const res of [await get('/api/admin/mail', headers), await get(`/api/admin/mail/${ids.sent}`, headers), await resend(ids.failed, headers)]) {
        expect(res.statusCode, JSON.stringify(headers)).toBe(code);
        expect(Object.keys(res.json())).toEqual(['error']);
      }
    }
    // a session's write without its CSRF token
    expect((await resend(ids.failed, { cookie: owner.cookie })).statusCode).toBe(403);
    expect((await resend(ids.failed, { cookie: owner.cookie, 'x-csrf-token': staff.csrf })).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('junk input answers 400 { error } and writes nothing', () => {
  test.each([
    'status=lost', 'limit=0', 'limit=201', 'limit=x', 'before=0', 'before=-3', `to=${'a'.repeat(255)}`, 'q=', 'kind=', 'status=sent&status=failed',
  ])('GET /api/admin/mail?%s', async (query) => {
    const res = await get(`/api/admin/mail?${query}`, sessionHeaders(owner));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
  });

  test.each(['[]', '"x"', '{"force":true}', '{"id":1}'])('POST /api/admin/mail/{id}/resend with a body %s', async (payload) => {
    const before = await counts();
    const res = await app.inject({ method: 'POST', url: `/api/admin/mail/${ids.failed}/resend`, headers: sessionHeaders(owner), payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(await counts()).toEqual(before);
  });
});

describe('the pages at /admin/mail', () => {
  test('list and show mail as HTML, content escaped, links clickable, for an operator', async () => {
    const id = await app.accounts.outbox.enqueue('test', { to: 'x@example.com', subject: '<b>Hi</b>', text: 'Go to http://shop.test/a?token=1 <script>alert(1)</script>' });
    const list = await app.inject({ url: '/admin/mail', headers: { cookie: owner.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(list.body).toContain(`<a href="/admin/mail/${id}">`);
    const view = await app.inject({ url: `/admin/mail/${id}`, headers: { cookie: owner.cookie } });
    expect(view.body).toContain('<a href="http://shop.test/a?token=1">');
    expect(view.body).not.toContain('<script>alert(1)</script>');
    const missing = await app.inject({ url: '/admin/mail/999999', headers: { cookie: owner.cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('No such message.');
    // fulfilment is refused; nobody at all finds nothing there
    expect((await app.inject({ url: '/admin/mail', headers: { cookie: fulfilment.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/admin/mail' })).statusCode).toBe(404);
  });
});
