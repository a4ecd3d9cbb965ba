import { describe, expect, test } from 'vitest';
import { createAdminClient } from '../../src/api/admin-client.ts';
import { isApiError } from '../../src/api/errors.ts';

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** A client signed in (CSRF token 'csrf-1') over a fake fetch answering `answers` in turn. */
function clientWith(answers: { status: number; body: unknown }[]) {
  const sent: Sent[] = [];
  const fetch = async (input: Request): Promise<Response> => {
    const text = await input.text();
    sent.push({ method: input.method, url: input.url, headers: input.headers, body: text === '' ? undefined : JSON.parse(text) });
    const answer = answers.shift() ?? { status: 500, body: { error: 'no answer' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  let n = 0;
  const client = createAdminClient({ baseUrl: 'https://shop.test/', fetch, idempotencyKey: () => `key-${(n += 1)}` });
  client.setCsrfToken('csrf-1');
  return { client, sent };
}

describe('the admin client\'s returns, notes, discounts, customers and audit calls', () => {
  test('authorises a return with an Idempotency-Key and the CSRF token, and shows a 409 in the server\'s words', async () => {
    const { client, sent } = clientWith([
      { status: 200, body: { return: { id: 3 }, order: { id: 5 }, warnings: [] } },
      { status: 409, body: { error: 'Opened pool chemicals cannot be returned (Chlorine tablets).' } },
    ]);
    const body = { lines: [{ lineId: 9, quantity: 1, opened: false }], reason: 'Wrong size', restockingFeePercent: 10 };
    const answer = await client.authoriseReturn(5, body);
    expect(answer.return.id).toBe(3);
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'https://shop.test/api/admin/orders/5/returns', body });
    expect(sent[0]!.headers.get('idempotency-key')).toBe('key-1');
    expect(sent[0]!.headers.get('x-csrf-token')).toBe('csrf-1');
    const refused = await client.authoriseReturn(5, body, { idempotencyKey: 'mine' }).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(409);
    expect((refused as { serverMessage?: string }).serverMessage).toBe('Opened pool chemicals cannot be returned (Chlorine tablets).');
    expect(sent[1]!.headers.get('idempotency-key')).toBe('mine');
  });

  test('receives a return and adds a note at their routes', async () => {
    const { client, sent } = clientWith([
      { status: 200, body: { order: { id: 5 }, warnings: [] } },
      { status: 200, body: { order: { id: 5 }, warnings: [] } },
    ]);
    await client.receiveReturn(5, 3, { restock: true, refund: false });
    await client.addNote(5, { body: 'Called the customer' });
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', 'https://shop.test/api/admin/orders/5/returns/3/receive', { restock: true, refund: false }],
      ['POST', 'https://shop.test/api/admin/orders/5/notes', { body: 'Called the customer' }],
    ]);
  });

  test('lists, creates and pauses discount codes', async () => {
    const { client, sent } = clientWith([
      { status: 200, body: { discounts: [], nextAfter: null } },
      { status: 200, body: { discount: { code: 'SPRING' } } },
      { status: 200, body: { discount: { code: 'SPRING', status: 'paused' } } },
    ]);
    await client.discounts({ status: 'active', q: '' });
    await client.createDiscount({ code: 'SPRING', kind: 'percentage', value: 15 });
    const paused = await client.updateDiscount('SPRING', { action: 'pause' });
    expect(paused.discount.status).toBe('paused');
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', 'https://shop.test/api/admin/discounts?status=active', undefined],
      ['POST', 'https://shop.test/api/admin/discounts', { code: 'SPRING', kind: 'percentage', value: 15 }],
      ['PATCH', 'https://shop.test/api/admin/discounts/SPRING', { action: 'pause' }],
    ]);
    expect(sent[0]!.headers.get('x-csrf-token')).toBeNull();
  });

  test('searches customers, reads one and sends a password reset', async () => {
    const { client, sent } = clientWith([
      { status: 200, body: { customers: [], nextBefore: null } },
      { status: 200, body: { customer: { id: 7 } } },
      { status: 200, body: { success: true, email: 'ann@shop.test' } },
    ]);
    await client.customers({ q: 'ann smith', limit: 50 });
    expect((await client.customer(7)).customer.id).toBe(7);
    expect(await client.customerPasswordReset(7)).toEqual({ success: true, email: 'ann@shop.test' });
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['GET', 'https://shop.test/api/admin/customers?q=ann+smith&limit=50'],
      ['GET', 'https://shop.test/api/admin/customers/7'],
      ['POST', 'https://shop.test/api/admin/customers/7/password-reset'],
    ]);
    expect(sent[2]!.headers.get('x-csrf-token')).toBe('csrf-1');
  });

  test('reads the audit log with its filters', async () => {
    const { client, sent } = clientWith([{ status: 200, body: { entries: [], nextBefore: null } }]);
    await client.audit({ action: 'order.refund', actorKind: 'operator', actorId: 2, from: '2026-11-01T00:00:00.000Z', before: 90, limit: 50 });
    expect(sent[0]!.url).toBe('https://shop.test/api/admin/audit?action=order.refund&actorKind=operator&actorId=2&from=2026-11-01T00%3A00%3A00.000Z&before=90&limit=50');
  });
});
