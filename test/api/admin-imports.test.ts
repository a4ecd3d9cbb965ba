import { describe, expect, test } from 'vitest';
import { createAdminClient } from '../../src/api/admin-client.ts';
import { isApiError } from '../../src/api/errors.ts';

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  request: Request;
}

/** A client signed in (CSRF token 'csrf-1') over a fake fetch answering `answers` in turn. */
function clientWith(answers: { status: number; body: unknown }[]) {
  const sent: Sent[] = [];
  const fetch = async (input: Request): Promise<Response> => {
    sent.push({ method: input.method, url: input.url, headers: input.headers, request: input.clone() });
    const answer = answers.shift() ?? { status: 500, body: { error: 'no answer' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  const client = createAdminClient({ baseUrl: 'https://shop.test/', fetch });
  client.setCsrfToken('csrf-1');
  return { client, sent };
}

const jsonOf = async (s: Sent): Promise<unknown> => {
  const text = await s.request.text();
  return text === '' ? undefined : JSON.parse(text);
};

describe('the admin client\'s import, operator and token calls', () => {
  test('sends a catalogue as multipart parts file, format, dryRun and images, with the CSRF token and the browser\'s boundary', async () => {
    const { client, sent } = clientWith([{ status: 202, body: { id: 'imp_0123456789abcdef0123', status: 'queued', href: '/api/admin/imports/imp_0123456789abcdef0123' } }]);
    const file = new File(['Handle,Title\npump,Pump\n'], 'shopify-pool-parts.csv', { type: 'text/csv' });
    const pictures = [new File(['a'], 'pump.jpg', { type: 'image/jpeg' }), new File(['b'], 'filter.png', { type: 'image/png' })];
    const answer = await client.startImport({ format: 'shopify', file, images: pictures, dryRun: true });
    expect(answer.id).toBe('imp_0123456789abcdef0123');
    const s = sent[0]!;
    expect([s.method, s.url]).toEqual(['POST', 'https://shop.test/api/admin/imports']);
    expect(s.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(s.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await s.request.formData();
    expect(form.get('format')).toBe('shopify');
    expect(form.get('dryRun')).toBe('true');
    const sentFile = form.get('file') as File;
    expect(sentFile.name).toBe('shopify-pool-parts.csv');
    expect(await sentFile.text()).toBe('Handle,Title\npump,Pump\n');
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['pump.jpg', 'filter.png']);
    expect(form.get('categories')).toBeNull();
  });

  test('sends Volusion\'s categories file as its own part, and shows a refused upload in the server\'s words', async () => {
    const { client, sent } = clientWith([{ status: 400, body: { error: 'The file is empty.' } }]);
    const refused = await client.startImport({ format: 'volusion', file: new File(['x'], 'p.csv'), categories: new File(['c'], 'c.csv') }).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(400);
    expect((refused as { serverMessage?: string }).serverMessage).toBe('The file is empty.');
    const form = await sent[0]!.request.formData();
    expect(form.get('dryRun')).toBe('false');
    expect((form.get('categories') as File).name).toBe('c.csv');
  });

  test('reads a job by its id', async () => {
    const job = { id: 'imp_0123456789abcdef0123', format: 'shopify', dryRun: false, status: 'running', rowsRead: 4, bytesRead: 10, bytesTotal: 40, createdAt: '', finishedAt: null, report: null, error: null };
    const { client, sent } = clientWith([{ status: 200, body: job }]);
    expect(await client.importJob(job.id)).toEqual(job);
    expect([sent[0]!.method, sent[0]!.url]).toEqual(['GET', 'https://shop.test/api/admin/imports/imp_0123456789abcdef0123']);
  });

  test('invites, changes, disables, removes an operator and asks a new link, at their routes with the CSRF token', async () => {
    const { client, sent } = clientWith([
      { status: 200, body: { operator: { id: 4 }, link: 'https://shop.test/admin/set-password#token=t1' } },
      { status: 200, body: { operator: { id: 4, role: 'fulfilment' } } },
      { status: 200, body: { operator: { id: 4, disabled: true } } },
      { status: 200, body: { link: 'https://shop.test/admin/set-password#token=t2' } },
      { status: 409, body: { error: 'The store keeps at least one owner.' } },
    ]);
    const invited = await client.createOperator({ email: 'sam@shop.test', name: 'Sam', role: 'staff' });
    expect(invited.link).toContain('set-password');
    await client.updateOperator(4, { role: 'fulfilment' });
    await client.updateOperator(4, { disabled: true });
    expect((await client.operatorPasswordLink(4)).link).toContain('t2');
    const refused = await client.removeOperator(1).catch((e: unknown) => e);
    expect((refused as { serverMessage?: string }).serverMessage).toBe('The store keeps at least one owner.');
    const calls = await Promise.all(sent.map(async (s) => [s.method, s.url, await jsonOf(s)]));
    expect(calls).toEqual([
      ['POST', 'https://shop.test/api/admin/operators', { email: 'sam@shop.test', name: 'Sam', role: 'staff' }],
      ['PATCH', 'https://shop.test/api/admin/operators/4', { role: 'fulfilment' }],
      ['PATCH', 'https://shop.test/api/admin/operators/4', { disabled: true }],
      ['POST', 'https://shop.test/api/admin/operators/4/password-link', undefined],
      ['DELETE', 'https://shop.test/api/admin/operators/1', undefined],
    ]);
    expect(sent.every((s) => s.headers.get('x-csrf-token') === 'csrf-1')).toBe(true);
  });

  test('lists, creates and revokes API tokens', async () => {
    const apiToken = { id: 2, name: 'ERP', scopes: ['catalogue'], createdAt: '', revoked: false };
    const { client, sent } = clientWith([
      { status: 200, body: { tokens: [apiToken] } },
      { status: 200, body: { token: 'skt_secret', apiToken } },
      { status: 200, body: { apiToken: { ...apiToken, revoked: true } } },
    ]);
    expect((await client.tokens()).tokens).toEqual([apiToken]);
    expect((await client.createToken({ name: 'ERP', scopes: ['catalogue'] })).token).toBe('skt_secret');
    expect((await client.revokeToken(2)).apiToken.revoked).toBe(true);
    const calls = await Promise.all(sent.map(async (s) => [s.method, s.url, await jsonOf(s)]));
    expect(calls).toEqual([
      ['GET', 'https://shop.test/api/admin/tokens', undefined],
      ['POST', 'https://shop.test/api/admin/tokens', { name: 'ERP', scopes: ['catalogue'] }],
      ['DELETE', 'https://shop.test/api/admin/tokens/2', undefined],
    ]);
    expect(sent[0]!.headers.get('x-csrf-token')).toBeNull();
  });
});
