import { describe, expect, test } from 'vitest';
import { adminQueryString, createAdminClient } from '../../src/api/admin-client.ts';
import { isApiError } from '../../src/api/errors.ts';

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** A client over a fake fetch answering `answers` in turn; `sent` records each request. */
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
  return { client, sent };
}

const operator = { id: 1, email: 'owner@shop.test', name: 'Owner', role: 'owner', totpEnabled: false, hasPassword: true, disabled: false, createdAt: '2026-01-01T00:00:00.000Z' };

describe('the admin client', () => {
  test('sends a session\'s writes with the CSRF token of its sign-in, and no token before one', async () => {
    const { client, sent } = clientWith([
      { status: 200, body: { order: {}, warnings: [] } },
      { status: 200, body: { operator, csrfToken: 'csrf-1' } },
      { status: 200, body: { order: {}, warnings: [] } },
    ]);
    await client.cancel(5, { reason: 'asked' });
    expect(sent[0]!.headers.get('x-csrf-token')).toBeNull();
    await client.signIn({ email: 'owner@shop.test', password: 'secret secret' });
    expect(client.csrfToken()).toBe('csrf-1');
    await client.cancel(5, { reason: 'asked' });
    expect(sent[2]!.method).toBe('POST');
    expect(sent[2]!.url).toBe('https://shop.test/api/admin/orders/5/cancel');
    expect(sent[2]!.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(sent[2]!.body).toEqual({ reason: 'asked' });
  });

  test('keeps the token of me and forgets it at sign-out; reads carry none', async () => {
    const { client, sent } = clientWith([
      { status: 200, body: { operator, csrfToken: 'csrf-me' } },
      { status: 200, body: { orders: [], nextBefore: null } },
      { status: 200, body: { success: true } },
    ]);
    await client.me();
    await client.orders({});
    expect(sent[1]!.headers.get('x-csrf-token')).toBeNull();
    await client.signOut();
    expect(sent[2]!.method).toBe('DELETE');
    expect(sent[2]!.headers.get('x-csrf-token')).toBe('csrf-me');
    expect(client.csrfToken()).toBeNull();
  });

  test('sends the order list\'s filters as its query, leaving out the blank ones', async () => {
    const { client, sent } = clientWith([{ status: 200, body: { orders: [], nextBefore: null } }]);
    await client.orders({ status: 'open', fulfilment: 'unfulfilled', q: 'ann smith', limit: 25, before: undefined });
    const url = new URL(sent[0]!.url);
    expect(url.pathname).toBe('/api/admin/orders');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'open', fulfilment: 'unfulfilled', q: 'ann smith', limit: '25' });
  });

  test('sends an Idempotency-Key with a fulfilment and a refund: the given one, else a new one', async () => {
    const { client, sent } = clientWith([
      { status: 200, body: { fulfilment: {}, order: {}, warnings: [] } },
      { status: 200, body: { refund: {}, order: {}, warnings: [] } },
    ]);
    await client.fulfil(7, { carrier: 'ups', trackingNumber: '1Z', lines: [{ lineId: 1, quantity: 2 }] }, { idempotencyKey: 'mine' });
    await client.refund(7, { amountCents: 500 });
    expect(sent[0]!.url).toBe('https://shop.test/api/admin/orders/7/fulfilments');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('mine');
    expect(sent[0]!.body).toEqual({ carrier: 'ups', trackingNumber: '1Z', lines: [{ lineId: 1, quantity: 2 }] });
    expect(sent[1]!.url).toBe('https://shop.test/api/admin/orders/7/refunds');
    expect(sent[1]!.headers.get('idempotency-key')).toBe('key-1');
  });

  test('rejects a refusal with an ApiError carrying the server\'s words and status', async () => {
    const { client } = clientWith([{ status: 409, body: { error: 'That is more than was captured.' } }]);
    const error = await client.refund(7, { amountCents: 999_999 }).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 409, serverMessage: 'That is more than was captured.' });
  });

  test('is never retried: one request per call, even on a 503', async () => {
    const { client, sent } = clientWith([{ status: 503, body: { error: 'Busy.' } }, { status: 200, body: { order: {} } }]);
    await expect(client.order(3)).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);
  });
});

test('sends the CSRF token it was given (a page rendered on the server brought it)', async () => {
  const { client, sent } = clientWith([{ status: 200, body: { order: {}, warnings: [] } }]);
  client.setCsrfToken('from-the-page');
  await client.cancel(2, { reason: 'r' });
  expect(sent[0]!.headers.get('x-csrf-token')).toBe('from-the-page');
});

test('asks for the products at or under a stock level', async () => {
  const { client, sent } = clientWith([{ status: 200, body: { products: [], nextBefore: null } }]);
  await client.products({ lowStock: 5, limit: 200 });
  const url = new URL(sent[0]!.url);
  expect(url.pathname).toBe('/api/admin/products');
  expect(Object.fromEntries(url.searchParams)).toEqual({ lowStock: '5', limit: '200' });
});

describe('adminQueryString', () => {
  test.each([
    [{}, ''],
    [{ q: '' }, ''],
    [{ q: 'a&b', limit: 5 }, '?q=a%26b&limit=5'],
    [{ status: undefined, payment: 'paid' }, '?payment=paid'],
  ])('writes %j as %s', (query, text) => {
    expect(adminQueryString(query)).toBe(text);
  });
});
