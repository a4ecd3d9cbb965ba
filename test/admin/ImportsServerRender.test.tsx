import { describe, expect, test } from 'vitest';
import { renderAdminPage } from '../../src/admin/entry-server.tsx';

const operator = { id: 1, email: 'olive@shop.test', name: 'Olive', role: 'owner', totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' };

/** The store's API as the server render asks it in process: answers by path, every URL asked kept. */
function storeApi(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    asked.push(`${url.pathname}${url.search}`);
    const body = url.pathname === '/api/admin/me' ? { operator, csrfToken: 'c' } : answers[url.pathname];
    return new Response(JSON.stringify(body ?? { error: 'Not found.' }), { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, asked };
}

describe('the server render of the imports and operators pages', () => {
  test('the imports page arrives with its recent imports from the audit log', async () => {
    const { fetch, asked } = storeApi({
      '/api/admin/audit': { entries: [{ id: 3, at: '2026-11-27T10:00:00.000Z', actor: { kind: 'operator', id: 1 }, action: 'catalogue.import', route: '', entity: 'catalogue_import', entityId: 'imp_1', before: { products: 0 }, after: { format: 'shopify', dryRun: false, status: 'done', totals: { rows: 12, created: 12, updated: 0, unchanged: 0, rejected: 0 } } }], nextBefore: null },
    });
    const { html } = await renderAdminPage('/admin/imports', fetch);
    expect(asked).toContain('/api/admin/audit?action=catalogue.import&limit=50');
    expect(html).toContain('12 rows: 12 created, 0 updated, 0 unchanged, 0 rejected.');
    expect(html).toContain('href="/api/admin/exports/shopify"');
  });

  test('the operators page arrives with the operators and the API tokens', async () => {
    const { fetch, asked } = storeApi({
      '/api/admin/operators': { operators: [operator, { ...operator, id: 2, email: 'sam@shop.test', name: 'Sam', role: 'staff' }] },
      '/api/admin/tokens': { tokens: [{ id: 4, name: 'ERP feed', scopes: ['catalogue'], createdAt: '2026-11-02T00:00:00.000Z', lastUsedAt: null, revoked: false }] },
    });
    const { html, data } = await renderAdminPage('/admin/operators', fetch);
    expect(asked).toEqual(expect.arrayContaining(['/api/admin/operators', '/api/admin/tokens']));
    expect(html).toContain('sam@shop.test');
    expect(html).toContain('ERP feed');
    expect(JSON.stringify(data)).toContain('ERP feed');
  });
});
