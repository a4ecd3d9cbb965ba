import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import type { AdminClient, AdminRole, AdminSession } from '../../src/api/admin-client.ts';
import type { AdminAuditQuery, AdminDiscount, AdminDiscountBody } from '../../src/api/admin-office.ts';
import { ApiError } from '../../src/api/errors.ts';
import { AdminApp } from '../../src/admin/App.tsx';
import { AdminProvider } from '../../src/hooks/admin/AdminProvider.tsx';

const sessionOf = (role: AdminRole): AdminSession => ({
  operator: { id: 1, email: 'olive@shop.test', name: 'Olive', role, totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' },
  csrfToken: 'c',
});

const discount = (code: string, extra: Partial<AdminDiscount> = {}): AdminDiscount => ({
  code, title: `${code} title`, kind: 'percentage', value: 15, minSubtotalCents: 0, startsAt: null, endsAt: null, maxUses: null, uses: 0,
  oncePerCustomer: false, oncePerIp: false, paused: false, status: 'active', createdAt: null, updatedAt: null, ...extra,
});

function fakeClient(role: AdminRole) {
  let codes = [discount('SPRING'), discount('OLD', { status: 'paused', paused: true })];
  const calls: unknown[][] = [];
  let csrf: string | null = null;
  const client = {
    csrfToken: () => csrf,
    setCsrfToken: (t: string | null) => { csrf = t; },
    me: async () => sessionOf(role),
    discounts: async (query: unknown) => { calls.push(['discounts', query]); return { discounts: codes, nextAfter: null }; },
    createDiscount: async (body: AdminDiscountBody) => {
      calls.push(['create', body]);
      if (body.code === 'SPRING') throw new ApiError('x', { kind: 'http', status: 409, serverMessage: 'A discount code SPRING already exists.' });
      const made = discount(body.code, { kind: body.kind, value: body.value ?? 0, minSubtotalCents: body.minSubtotalCents ?? 0 });
      codes = [...codes, made];
      return { discount: made };
    },
    updateDiscount: async (code: string, body: { action: string }) => {
      calls.push(['update', code, body]);
      codes = codes.map((d) => (d.code === code ? { ...d, status: 'paused', paused: true } : d));
      return { discount: codes.find((d) => d.code === code) };
    },
    customers: async (query: { q?: string }) => {
      calls.push(['customers', query]);
      return { customers: [{ id: 7, email: 'ann@shop.test', firstName: 'Ann', lastName: 'Lee', emailVerified: true, createdAt: '2026-01-02T00:00:00.000Z', orders: 2 }], nextBefore: null };
    },
    customer: async () => ({
      customer: {
        id: 7, email: 'ann@shop.test', firstName: 'Ann', lastName: 'Lee', emailVerified: true, recoveryEmail: null, recoveryEmailVerified: false,
        createdAt: '2026-01-02T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z',
        addresses: [{ id: 1, firstName: 'Ann', lastName: 'Lee', address1: '1 Pool Lane', zip: '33101', city: 'Miami', phone: '555-0100', isDefault: true }],
        cards: [{ id: 2, brand: 'visa', last4: '4242', giftCard: false, createdAt: '' }],
        orders: { count: 1, totalCents: 5000, recent: [{ id: 41, createdAt: '2026-02-01T00:00:00.000Z', totalCents: 5000, currency: 'USD', state: 'open', paymentStatus: 'paid', fulfilmentStatus: 'fulfilled' }] },
      },
    }),
    customerPasswordReset: async (id: number) => { calls.push(['reset', id]); return { success: true, email: 'ann@shop.test' }; },
    audit: async (query: AdminAuditQuery) => {
      calls.push(['audit', query]);
      return { entries: [{ id: 9, at: '2026-11-27T10:00:00.000Z', actor: { kind: 'operator', id: 1 }, action: 'discount.update', route: 'PATCH /api/admin/discounts/:code', entity: 'discount', entityId: 'SPRING', before: { status: 'active', code: 'SPRING' }, after: { status: 'paused', code: 'SPRING' } }], nextBefore: null };
    },
    operators: async () => ({ operators: [sessionOf('owner').operator] }),
    orders: async () => ({ orders: [], nextBefore: null }),
    mail: async () => ({ mail: [], nextBefore: null }),
    liveVisitors: async () => ({ liveVisitors: 0, visitsLastHour: 0 }),
    products: async () => ({ products: [], nextBefore: null }),
    sales: async () => { throw new ApiError('x', { kind: 'http', status: 403 }); },
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

describe('the discounts, customers and audit pages', () => {
  afterEach(cleanup);

  test('shows each role only the links it may use', async () => {
    for (const [role, links] of [['owner', ['Discounts', 'Customers', 'Audit log']], ['staff', ['Discounts', 'Customers']], ['fulfilment', []]] as const) {
      const { client } = fakeClient(role);
      renderAt('/admin/orders', client);
      const nav = await screen.findByRole('navigation', { name: 'Back office' });
      for (const name of ['Discounts', 'Customers', 'Audit log']) {
        expect(within(nav).queryByRole('link', { name }) !== null, `${role} ${name}`).toBe((links as readonly string[]).includes(name));
      }
      cleanup();
    }
  });

  test('the fulfilment role at a page it may not use reads a plain refusal, and nothing is asked', async () => {
    const { client, calls } = fakeClient('fulfilment');
    renderAt('/admin/discounts', client);
    expect((await screen.findByRole('alert')).textContent).toBe('Your role cannot manage discount codes.');
    cleanup();
    renderAt('/admin/audit', client);
    expect((await screen.findByRole('alert')).textContent).toBe('Only owners can read the audit log.');
    cleanup();
    renderAt('/admin/customers', client);
    expect((await screen.findByRole('alert')).textContent).toBe('Your role cannot look up customers.');
    expect(calls).toEqual([]);
  });

  test('creates a code from typed money, percents and dates, shows a refusal in the server\'s words, and pauses a code', async () => {
    const { client, calls } = fakeClient('staff');
    renderAt('/admin/discounts', client);
    const form = await screen.findByRole('form', { name: 'New discount code' });
    const f = within(form);
    fireEvent.change(f.getByLabelText('Code'), { target: { value: 'spring' } });
    fireEvent.change(f.getByLabelText('Percent'), { target: { value: '150' } });
    fireEvent.click(f.getByRole('button', { name: 'Create code' }));
    expect((await f.findByRole('alert')).textContent).toBe('Enter a percent from 1 to 100.');
    expect(calls.filter(([name]) => name !== 'discounts')).toEqual([]);
    fireEvent.change(f.getByLabelText('Percent'), { target: { value: '15%' } });
    fireEvent.click(f.getByRole('button', { name: 'Create code' }));
    expect((await f.findByRole('alert')).textContent).toBe('A discount code SPRING already exists.');
    fireEvent.change(f.getByLabelText('Code'), { target: { value: 'TENOFF' } });
    fireEvent.change(f.getByLabelText('Kind'), { target: { value: 'fixed' } });
    fireEvent.change(f.getByLabelText('Amount'), { target: { value: '$10' } });
    fireEvent.change(f.getByLabelText(/Minimum subtotal/), { target: { value: '50' } });
    fireEvent.change(f.getByLabelText(/Starts/), { target: { value: '2026-12-01' } });
    fireEvent.change(f.getByLabelText(/Ends/), { target: { value: '2026-12-31' } });
    fireEvent.change(f.getByLabelText(/Total uses/), { target: { value: '100' } });
    fireEvent.click(f.getByLabelText(/Once per customer/));
    fireEvent.click(f.getByRole('button', { name: 'Create code' }));
    await screen.findByText('Code TENOFF is created.');
    expect(calls.filter(([name]) => name === 'create')[1]).toEqual(['create', {
      code: 'TENOFF', kind: 'fixed', value: 1000, minSubtotalCents: 5000, startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-31T00:00:00.000Z', maxUses: 100, oncePerCustomer: true, oncePerIp: true,
    }]);
    const table = await screen.findByRole('table');
    await within(table).findByText('TENOFF');
    // a paused code offers resume, not pause
    expect(within(table).queryByRole('button', { name: 'Pause OLD' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Resume OLD' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Pause SPRING' }));
    await screen.findByText('SPRING is paused.');
    expect(calls.filter(([name]) => name === 'update')).toEqual([['update', 'SPRING', { action: 'pause' }]]);
    await waitFor(() => expect(within(screen.getByRole('table')).getByRole('button', { name: 'Resume SPRING' })).toBeTruthy());
    // the list's text search goes to the API with the state chosen
    const filters = screen.getByRole('search', { name: 'Filter discount codes' });
    fireEvent.change(within(filters).getByLabelText('State'), { target: { value: 'paused' } });
    fireEvent.change(within(filters).getByLabelText('Search codes'), { target: { value: ' spr ' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls).toContainEqual(['discounts', { status: 'paused', q: 'spr', limit: 50 }]));
  });

  test('edits a code: the form starts from the code as it is, sends every field as the PATCH, and the code keeps its name', async () => {
    const { client, calls } = fakeClient('owner');
    renderAt('/admin/discounts', client);
    const table = await screen.findByRole('table');
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit SPRING' }));
    const form = await screen.findByRole('form', { name: 'Edit SPRING' });
    const f = within(form);
    expect((f.getByLabelText(/^Code/) as HTMLInputElement).readOnly).toBe(true);
    expect((f.getByLabelText('Percent') as HTMLInputElement).value).toBe('15');
    fireEvent.change(f.getByLabelText('Percent'), { target: { value: '0' } });
    fireEvent.click(f.getByRole('button', { name: 'Save code' }));
    expect((await f.findByRole('alert')).textContent).toBe('Enter a percent from 1 to 100.');
    fireEvent.change(f.getByLabelText('Percent'), { target: { value: '20' } });
    fireEvent.change(f.getByLabelText(/Ends/), { target: { value: '2027-01-31 23:59' } });
    fireEvent.click(f.getByRole('button', { name: 'Save code' }));
    await screen.findByText('Code SPRING is saved.');
    expect(calls.filter(([name]) => name === 'update')).toEqual([['update', 'SPRING', {
      kind: 'percentage', value: 20, minSubtotalCents: 0, startsAt: null, endsAt: '2027-01-31T23:59:00.000Z', maxUses: null, oncePerCustomer: false, oncePerIp: false,
    }]]);
    // the new code form is back
    expect(await screen.findByRole('form', { name: 'New discount code' })).toBeTruthy();
  });

  test('searches customers and opens one: addresses, cards by brand and last four, orders linked, a password reset sent', async () => {
    const { client, calls } = fakeClient('staff');
    renderAt('/admin/customers', client);
    const search = await screen.findByRole('search', { name: 'Search customers' });
    fireEvent.change(within(search).getByLabelText('Search'), { target: { value: ' 555-0100 ' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls).toContainEqual(['customers', { q: '555-0100', limit: 50 }]));
    fireEvent.click(await screen.findByRole('link', { name: 'Ann Lee' }));
    await screen.findByRole('heading', { level: 1, name: 'Ann Lee' });
    expect(screen.getByText('1 Pool Lane')).toBeTruthy();
    expect(screen.getByText('visa ending in 4242')).toBeTruthy();
    expect(screen.getByRole('link', { name: '#41' }).getAttribute('href')).toBe('/admin/orders/41');
    fireEvent.click(screen.getByRole('button', { name: 'Send password reset' }));
    await screen.findByText('A password-reset link is on its way to ann@shop.test.');
    expect(calls).toContainEqual(['reset', 7]);
  });

  test('the audit log filters by operator and dates (whole days in UTC) and shows what changed', async () => {
    const { client, calls } = fakeClient('owner');
    renderAt('/admin/audit', client);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('status: active → paused')).toBeTruthy();
    expect(within(table).queryByText(/code:/)).toBeNull();
    const form = screen.getByRole('search', { name: 'Filter the audit log' });
    await within(form).findByRole('option', { name: 'Olive' });
    fireEvent.change(within(form).getByLabelText('Operator'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-27' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls).toContainEqual(['audit', {
      actorId: 1, actorKind: 'operator', from: '2026-11-01T00:00:00.000Z', to: '2026-11-27T23:59:59.999Z', limit: 50,
    }]));
  });
});
