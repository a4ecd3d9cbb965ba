import { describe, expect, test } from 'vitest';
import { createAdminClient } from '../../src/api/admin-client.ts';
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
  const client = createAdminClient({ baseUrl: 'https://shop.test/', fetch });
  client.setCsrfToken('csrf-1');
  return { client, sent };
}

describe('the admin client\'s product calls', () => {
  test('lists with the filters as the API spells them, the flags as true or false', async () => {
    const { client, sent } = clientWith([{ status: 200, body: { products: [], nextBefore: null } }]);
    await client.products({ q: 'pump lid', lowStock: 0, indexed: false, noImage: true, before: 40, limit: 25 });
    expect(sent[0]!.method).toBe('GET');
    const url = new URL(sent[0]!.url);
    expect(url.pathname).toBe('/api/admin/products');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'pump lid', lowStock: '0', indexed: 'false', noImage: 'true', before: '40', limit: '25' });
    expect(sent[0]!.headers.get('x-csrf-token')).toBeNull();
  });

  test('reads one product', async () => {
    const { client, sent } = clientWith([{ status: 200, body: { product: { id: 5, title: 'Lid' } } }]);
    expect((await client.product(5)).product).toEqual({ id: 5, title: 'Lid' });
    expect([sent[0]!.method, sent[0]!.url]).toEqual(['GET', 'https://shop.test/api/admin/products/5']);
  });

  test('a product edit is a PATCH with the CSRF token, and a sale meanwhile rejects with the server\'s 409 words', async () => {
    const { client, sent } = clientWith([
      { status: 200, body: { product: { id: 5, priceCents: 999 } } },
      { status: 409, body: { error: 'Level 700 holds 3 now: reload the product and try again.' } },
    ]);
    const patch = { priceCents: 999, variants: [{ id: 70, levels: [{ id: 700, quantity: 10, expectedQuantity: 4 }] }] };
    expect(await client.updateProduct(5, patch)).toEqual({ product: { id: 5, priceCents: 999 } });
    expect([sent[0]!.method, sent[0]!.url, sent[0]!.body]).toEqual(['PATCH', 'https://shop.test/api/admin/products/5', patch]);
    expect(sent[0]!.headers.get('x-csrf-token')).toBe('csrf-1');
    const refused = await client.updateProduct(5, patch).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(409);
    expect((refused as { serverMessage?: string }).serverMessage).toBe('Level 700 holds 3 now: reload the product and try again.');
  });

  test('a bulk edit posts the filter and change, once (never retried)', async () => {
    const { client, sent } = clientWith([
      { status: 503, body: { error: 'Busy.' } },
    ]);
    const body = { filter: { q: 'pump' }, price: { percent: 10, compareAt: 'adjust' as const }, dryRun: false, expectedCount: 3 };
    const refused = await client.bulkEditProducts(body).catch((e: unknown) => e);
    expect(isApiError(refused)).toBe(true);
    expect(sent).toHaveLength(1);
    expect([sent[0]!.method, sent[0]!.url, sent[0]!.body]).toEqual(['POST', 'https://shop.test/api/admin/products/bulk-edit', body]);
    expect(sent[0]!.headers.get('x-csrf-token')).toBe('csrf-1');
  });
});
