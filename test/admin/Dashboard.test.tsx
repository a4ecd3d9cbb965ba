import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import type { AdminClient, AdminRole, AdminSession } from '../../src/api/admin-client.ts';
import type { AdminAuditQuery } from '../../src/api/admin-office.ts';
import { AdminApp } from '../../src/admin/App.tsx';
import { DASHBOARD_IMPORTS } from '../../src/admin/pages/DashboardPage.tsx';
import { AdminProvider } from '../../src/hooks/admin/AdminProvider.tsx';

const sessionOf = (role: AdminRole): AdminSession => ({
  operator: { id: 1, email: 'olive@shop.test', name: 'Olive', role, totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' },
  csrfToken: 'c',
});

const importEntry = (i: number) => ({
  id: 100 - i,
  at: `2026-11-${String(26 - i).padStart(2, '0')}T10:00:00.000Z`,
  actor: { kind: 'operator', id: 1 },
  action: 'catalogue.import',
  route: 'POST /api/admin/imports',
  entity: 'catalogue_import',
  entityId: `imp_${i}`,
  before: { products: 0 },
  after: { format: 'shopify', dryRun: false, status: 'done', totals: { rows: 10 + i, created: 10 + i, updated: 0, unchanged: 0, rejected: 0 } },
});

function fakeClient(role: AdminRole) {
  const calls: [string, unknown][] = [];
  const client = {
    csrfToken: () => 'c',
    setCsrfToken: () => undefined,
    me: async () => sessionOf(role),
    orders: async () => ({ orders: [], nextBefore: null }),
    mail: async () => ({ mail: [], nextBefore: null }),
    liveVisitors: async () => ({ liveVisitors: 2, lastHour: 5, pages: [] }),
    products: async () => ({ products: [{ id: 42, handle: 'pump-lid', title: 'Pump lid', sku: 'PL-1', vendor: 'Hayward', priceCents: 2500, compareAtPriceCents: null, callForPrice: false, isIndexed: true, isFeatured: false, imageUrl: null, variantCount: 1, stock: 1, lowestStock: 1 }], nextBefore: null }),
    // the chart stays loading: this test is about the imports
    sales: () => new Promise(() => undefined),
    audit: async (query: AdminAuditQuery) => {
      calls.push(['audit', query]);
      return { entries: Array.from({ length: 7 }, (_, i) => importEntry(i)), nextBefore: null };
    },
  } as unknown as AdminClient;
  return { client, calls };
}

function renderAt(path: string, client: AdminClient) {
  return render(
    <AdminProvider client={client}>
      <MemoryRouter initialEntries={[path]} basename="/admin">
        <AdminApp />
      </MemoryRouter>
    </AdminProvider>,
  );
}

describe('the dashboard', () => {
  afterEach(cleanup);

  test('an owner sees the last imports from the audit log, newest first, with a link to the imports page', async () => {
    const { client, calls } = fakeClient('owner');
    renderAt('/admin/', client);
    const section = (await screen.findByRole('heading', { name: 'Last imports' })).closest('section')!;
    const table = await within(section).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(DASHBOARD_IMPORTS);
    expect(within(rows[0]!).getByText('10 rows: 10 created, 0 updated, 0 unchanged, 0 rejected.')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Import a catalogue' }).getAttribute('href')).toBe('/admin/imports');
    expect(calls).toContainEqual(['audit', { action: 'catalogue.import', limit: 50 }]);
    expect(screen.getByText('Visitors now')).toBeTruthy();
    // low stock opens the product's page in the back office, where its stock is set
    expect(screen.getByRole('link', { name: 'Pump lid' }).getAttribute('href')).toBe('/admin/products/42');
  });

  test("staff do not read the audit log: no last imports, and the audit log is not asked", async () => {
    const { client, calls } = fakeClient('staff');
    renderAt('/admin/', client);
    expect(await screen.findByText('Every order is shipped.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Last imports' })).toBeNull();
    expect(calls.filter(([name]) => name === 'audit')).toEqual([]);
  });
});
