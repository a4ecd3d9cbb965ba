import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import type { AdminClient, AdminOrder, AdminRole, AdminSession } from '../../src/api/admin-client.ts';
import type { AdminOrderWithReturns, AdminReturnBody } from '../../src/api/admin-office.ts';
import { ApiError } from '../../src/api/errors.ts';
import { AdminApp } from '../../src/admin/App.tsx';
import { AdminProvider } from '../../src/hooks/admin/AdminProvider.tsx';

const sessionOf = (role: AdminRole): AdminSession => ({
  operator: { id: 1, email: 'sam@shop.test', name: 'Sam', role, totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' },
  csrfToken: 'c',
});

const line = (id: number, title: string, extra: Partial<AdminOrder['lines'][number]> = {}): AdminOrder['lines'][number] => ({
  id, productId: id, title, variantTitle: null, sku: `SKU-${id}`, productHandle: 'h', imageUrl: null, quantity: 2, unitCents: 2500,
  fulfilled: 2, returning: 0, returned: 0, refunded: 0, restocked: 0, shipClass: 'standard', notReturnableOnceOpened: false, location: null, bin: null, ...extra,
});

function orderWith(extra: Partial<AdminOrderWithReturns> = {}): AdminOrderWithReturns {
  return {
    id: 5, createdAt: '2026-11-20T10:00:00.000Z', email: 'ann@shop.test', customerId: 3, status: 'PAID', state: 'open', paymentStatus: 'paid',
    fulfilmentStatus: 'fulfilled', cancelledAt: null, cancelReason: null, currency: 'USD', subtotalCents: 10000, discountCents: 0, shippingCents: 0, taxCents: 0,
    totalCents: 10000, discountCodes: [], shippingAddress: null, capturedCents: 10000, refundedCents: 0, refundableCents: 10000,
    lines: [line(1, 'Skimmer basket'), line(2, 'Chlorine tablets', { notReturnableOnceOpened: true }), line(3, 'Muriatic acid', { shipClass: 'hazmat-ground', variantTitle: '1 gal', notReturnableOnceOpened: true })],
    fulfilments: [], refunds: [], timeline: [{ at: '2026-11-20T10:00:00.000Z', kind: 'placed', text: 'Order placed', by: null }],
    returns: [], notes: [], ...extra,
  };
}

function fakeClient(role: AdminRole) {
  let order = orderWith();
  const calls: unknown[] = [];
  let csrf: string | null = null;
  const client = {
    csrfToken: () => csrf,
    setCsrfToken: (token: string | null) => { csrf = token; },
    me: async () => sessionOf(role),
    order: async () => ({ order }),
    authoriseReturn: async (id: number, body: AdminReturnBody) => {
      calls.push(['return', id, body]);
      if (body.lines.some((l) => l.lineId === 2 && l.opened)) {
        throw new ApiError('x', { kind: 'http', status: 409, serverMessage: 'Opened pool chemicals cannot be returned: Chlorine tablets.' });
      }
      order = orderWith({
        lines: [line(1, 'Skimmer basket', { returning: 1 }), order.lines[1]!, order.lines[2]!],
        returns: [{ id: 8, status: 'authorised', reason: body.reason, feePercent: body.restockingFeePercent ?? 0, buyerPaysFreight: false, restocked: null, feeCents: null, refundCents: null, authorisedAt: '2026-11-21T10:00:00.000Z', receivedAt: null, by: { kind: 'operator', id: 1, name: 'Sam' }, lines: [{ lineId: 1, quantity: 1 }] }],
      });
      return { return: order.returns![0], order, warnings: [] };
    },
    receiveReturn: async (id: number, rid: number, body: unknown) => {
      calls.push(['receive', id, rid, body]);
      order = { ...order, returns: [{ ...order.returns![0]!, status: 'received', restocked: true, refundCents: 2250, feeCents: 250 }] };
      return { order, warnings: [] };
    },
    addNote: async (id: number, body: { body: string }) => {
      calls.push(['note', id, body]);
      order = { ...order, notes: [{ id: 1, body: body.body, createdAt: '2026-11-22T10:00:00.000Z', by: { kind: 'operator', id: 1, name: 'Sam' } }], timeline: [...order.timeline, { at: '2026-11-22T10:00:00.000Z', kind: 'note', text: body.body, by: { kind: 'operator', id: 1, name: 'Sam' } }] };
      return { order, warnings: [] };
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

describe('an order\'s returns and notes', () => {
  afterEach(cleanup);

  test('authorises a return, shows the store\'s refusal of an opened chemical in the server\'s words, then receives it with restock', async () => {
    const { client, calls } = fakeClient('staff');
    renderAt('/admin/orders/5', client);
    const form = await screen.findByRole('form', { name: 'Authorise a return' });
    const f = within(form);
    // the store's rules are told before anything is sent: a hazardous liquid does not come back
    expect(f.getByLabelText(/Muriatic acid/).closest('div')?.textContent).toContain('hazardous liquid');
    expect(f.getByLabelText(/Skimmer basket/).closest('div')?.textContent).not.toContain('hazardous liquid');
    // the form's own check first: nothing is sent without a reason
    fireEvent.change(f.getByLabelText(/Chlorine tablets/), { target: { value: '1' } });
    fireEvent.click(f.getAllByLabelText(/Opened/)[1]!);
    fireEvent.click(f.getByRole('button', { name: 'Authorise return' }));
    expect((await f.findByRole('alert')).textContent).toBe('Give a reason for the return.');
    expect(calls).toEqual([]);
    fireEvent.change(f.getByLabelText('Reason'), { target: { value: 'Changed mind' } });
    fireEvent.click(f.getByRole('button', { name: 'Authorise return' }));
    expect((await f.findByRole('alert')).textContent).toBe('Opened pool chemicals cannot be returned: Chlorine tablets.');
    fireEvent.change(f.getByLabelText(/Chlorine tablets/), { target: { value: '' } });
    fireEvent.change(f.getByLabelText(/Skimmer basket/), { target: { value: '1' } });
    fireEvent.change(f.getByLabelText('Restocking fee (%)'), { target: { value: '10' } });
    fireEvent.click(f.getByRole('button', { name: 'Authorise return' }));
    await screen.findByText(/The return is authorised/);
    expect(calls[1]).toEqual(['return', 5, { reason: 'Changed mind', restockingFeePercent: 10, lines: [{ lineId: 1, quantity: 1, opened: false }] }]);
    const returns = screen.getByRole('region', { name: 'Returns' });
    expect(within(returns).getByText(/restocking fee 10%/)).toBeTruthy();
    // receiving needs the restock choice
    fireEvent.click(within(returns).getByRole('button', { name: 'Receive return 8' }));
    expect((await within(returns).findByRole('alert')).textContent).toBe('Choose whether the units go back in stock.');
    fireEvent.click(within(returns).getByLabelText('Restock'));
    fireEvent.click(within(returns).getByRole('button', { name: 'Receive return 8' }));
    await screen.findByText('Return 8 is received.');
    expect(calls[2]).toEqual(['receive', 5, 8, { restock: true, refund: true }]);
    expect(within(screen.getByRole('region', { name: 'Returns' })).getByText(/Restocked; refunded \$22.50/)).toBeTruthy();
  });

  test('adds a note that appears in the timeline', async () => {
    const { client, calls } = fakeClient('owner');
    renderAt('/admin/orders/5', client);
    const form = await screen.findByRole('form', { name: 'Add a note' });
    fireEvent.change(within(form).getByLabelText(/Note/), { target: { value: '  Left at the back gate  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    await screen.findByText('The note is added to the timeline.');
    expect(calls).toEqual([['note', 5, { body: 'Left at the back gate' }]]);
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    await waitFor(() => expect(within(timeline).getByText('Left at the back gate')).toBeTruthy());
    // the form starts again, empty
    expect((within(screen.getByRole('form', { name: 'Add a note' })).getByLabelText(/Note/) as HTMLTextAreaElement).value).toBe('');
  });

  test('the fulfilment role sees neither the return nor the note form', async () => {
    const { client } = fakeClient('fulfilment');
    renderAt('/admin/orders/5', client);
    await screen.findByRole('heading', { level: 1, name: 'Order #5' });
    expect(screen.queryByRole('form', { name: 'Authorise a return' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a note' })).toBeNull();
  });
});
