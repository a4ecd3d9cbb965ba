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

describe('the server render of the discounts, customers and audit pages', () => {
  test('a discounts page arrives with its codes, asked with the state of its address', async () => {
    const { fetch, asked } = storeApi({ '/api/admin/discounts': { discounts: [{ code: 'SPRING', title: '15% off', kind: 'percentage', value: 15, minSubtotalCents: 0, startsAt: null, endsAt: null, maxUses: null, uses: 3, oncePerCustomer: false, oncePerIp: false, paused: true, status: 'paused', createdAt: null, updatedAt: null }], nextAfter: null } });
    const { html, data } = await renderAdminPage('/admin/discounts?status=paused&status2=x&q=%20spr%20', fetch);
    expect(asked).toContain('/api/admin/discounts?status=paused&q=spr&limit=50');
    expect(html).toContain('SPRING');
    expect(html).toContain('aria-label="Resume SPRING"');
    expect(JSON.stringify(data)).toContain('SPRING');
  });

  test('a customer\'s page arrives with the customer; the audit page with its entries and operators', async () => {
    const customer = {
      id: 7, email: 'ann@shop.test', firstName: 'Ann', lastName: 'Lee', emailVerified: true, recoveryEmailVerified: false, createdAt: '2026-01-02T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z',
      addresses: [], cards: [{ id: 1, brand: 'visa', last4: '4242', giftCard: false, createdAt: '' }], orders: { count: 0, totalCents: 0, recent: [] },
    };
    const { fetch, asked } = storeApi({
      '/api/admin/customers/7': { customer },
      '/api/admin/audit': { entries: [{ id: 3, at: '2026-11-27T10:00:00.000Z', actor: { kind: 'operator', id: 1 }, action: 'order.note', route: '', entity: 'order', entityId: '5', before: null, after: { note: 'hi' } }], nextBefore: null },
      '/api/admin/operators': { operators: [operator] },
    });
    const page = await renderAdminPage('/admin/customers/7', fetch);
    expect(page.html).toContain('Ann Lee</h1>');
    expect(page.html).toMatch(/visa(<!-- -->)? ending in (<!-- -->)?4242/);
    const audit = await renderAdminPage('/admin/audit?actorId=1', fetch);
    expect(asked).toContain('/api/admin/audit?actorId=1&actorKind=operator&limit=50');
    expect(asked).toContain('/api/admin/operators');
    expect(audit.html).toContain('order.note');
    expect(audit.html).toContain('note: hi');
  });
});
