import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import type { AdminClient, AdminRole, AdminSession } from '../../src/api/admin-client.ts';
import type { AdminImportJob, AdminImportUpload } from '../../src/api/admin-imports.ts';
import type { AdminAuditQuery } from '../../src/api/admin-office.ts';
import { AdminApp } from '../../src/admin/App.tsx';
import { IMPORT_MESSAGES } from '../../src/domain/admin-imports.ts';
import { AdminProvider } from '../../src/hooks/admin/AdminProvider.tsx';

const sessionOf = (role: AdminRole): AdminSession => ({
  operator: { id: 1, email: 'olive@shop.test', name: 'Olive', role, totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' },
  csrfToken: 'c',
});

const job = (status: AdminImportJob['status'], extra: Partial<AdminImportJob> = {}): AdminImportJob => ({
  id: 'imp_0123456789abcdef0123', format: 'shopify', dryRun: false, status, rowsRead: 3, bytesRead: 30, bytesTotal: 120, createdAt: '', finishedAt: null, report: null, error: null, ...extra,
});

const doneJob = job('done', {
  report: {
    format: 'shopify', dryRun: false, totals: { rows: 4, created: 2, updated: 1, unchanged: 0, rejected: 1 }, collectionsCreated: 1,
    problems: [{ kind: 'rejected', line: 5, column: 'Variant Price', value: '12,5O', reason: 'Not a price.' }],
    problemsNotShown: 0, version: 3, changedIds: [1, 2, 3], milliseconds: 12,
  },
});

function fakeClient(role: AdminRole, reads: AdminImportJob[]) {
  const calls: [string, unknown][] = [];
  const uploads: AdminImportUpload[] = [];
  let n = 0;
  const client = {
    csrfToken: () => 'c',
    setCsrfToken: () => undefined,
    me: async () => sessionOf(role),
    startImport: async (upload: AdminImportUpload) => { uploads.push(upload); calls.push(['startImport', upload.format]); return { id: 'imp_0123456789abcdef0123', status: 'queued', href: '' }; },
    importJob: async (id: string) => { calls.push(['importJob', id]); const next = reads[Math.min(n, reads.length - 1)]!; n += 1; return next; },
    audit: async (query: AdminAuditQuery) => {
      calls.push(['audit', query]);
      return { entries: [{ id: 4, at: '2026-11-26T10:00:00.000Z', actor: { kind: 'operator', id: 1 }, action: 'catalogue.import', route: 'POST /api/admin/imports', entity: 'catalogue_import', entityId: 'imp_aa', before: { products: 0 }, after: { format: 'volusion', dryRun: true, status: 'done', totals: { rows: 9, created: 9, updated: 0, unchanged: 0, rejected: 0 } } }], nextBefore: null };
    },
    products: async () => ({ products: [], nextBefore: null }),
  } as unknown as AdminClient;
  return { client, calls, uploads };
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

const chooseFile = (label: RegExp, files: File[]) => fireEvent.change(screen.getByLabelText(label), { target: { files } });

describe('the imports page', () => {
  afterEach(cleanup);

  test('the owner uploads a file, follows its progress and reads the report with the rejected row', async () => {
    const { client, uploads } = fakeClient('owner', [job('running'), doneJob]);
    renderAt('/admin/imports', client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Imports' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Imports' })).toBeTruthy();
    const file = new File(['Handle,Title\n'], 'shopify-pool-parts.csv', { type: 'text/csv' });
    chooseFile(/^Catalogue file/, [file]);
    chooseFile(/^Pictures/, [new File(['p'], 'pump.jpg')]);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('4 rows: 2 created, 1 updated, 0 unchanged, 1 rejected.', {}, { timeout: 5000 });
    expect(uploads[0]).toMatchObject({ format: 'shopify', dryRun: false });
    expect(uploads[0]!.file).toBe(file);
    expect(uploads[0]!.images?.map((f) => (f as File).name)).toEqual(['pump.jpg']);
    const table = screen.getByRole('table', { name: 'Rejected rows' });
    const cells = within(table).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['5', 'Variant Price', '12,5O', 'Not a price.']);
    expect(screen.getByRole('link', { name: 'See the products' }).getAttribute('href')).toBe('/admin/products');
  });

  test('the exports are download links, and the owner sees recent imports from the audit log', async () => {
    const { client, calls } = fakeClient('owner', [doneJob]);
    renderAt('/admin/imports', client);
    const shopify = await screen.findByRole('link', { name: 'Shopify CSV' });
    expect(shopify.getAttribute('href')).toBe('/api/admin/exports/shopify');
    expect(shopify.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Skimmer JSON Lines' }).getAttribute('href')).toBe('/api/admin/exports/skimmer');
    expect(await screen.findByText('Dry run, nothing was written. 9 rows: 9 would be created, 0 would be updated, 0 unchanged, 0 rejected.')).toBeTruthy();
    expect(calls).toContainEqual(['audit', { action: 'catalogue.import', limit: 50 }]);
  });

  test('a file that contradicts its format is refused before anything is sent', async () => {
    const { client, calls } = fakeClient('staff', [doneJob]);
    renderAt('/admin/imports', client);
    await screen.findByRole('heading', { level: 1, name: 'Imports' });
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'skimmer' } });
    chooseFile(/^Catalogue file/, [new File(['a,b\n'], 'parts.csv')]);
    fireEvent.click(screen.getByRole('checkbox', { name: /Dry run/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect((await screen.findByRole('alert')).textContent).toBe(IMPORT_MESSAGES.csvForSkimmer);
    expect(calls.filter(([name]) => name === 'startImport')).toEqual([]);
    // staff import, but the recent imports are the audit log's (owners): not asked
    expect(calls.filter(([name]) => name === 'audit')).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Recent imports' })).toBeNull();
  });

  test('the fulfilment role has no link and reads a plain refusal, with nothing asked', async () => {
    const { client, calls } = fakeClient('fulfilment', [doneJob]);
    renderAt('/admin/imports', client);
    expect((await screen.findByRole('alert')).textContent).toBe('Your role cannot import or export the catalogue.');
    expect(screen.queryByRole('link', { name: 'Imports' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
    await waitFor(() => expect(calls).toEqual([]));
  });
});
