import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import type { AdminClient, AdminOrderSummary, AdminSession } from '../../src/api/admin-client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { AdminApp } from '../../src/admin/App.tsx';
import { AdminProvider } from '../../src/hooks/admin/AdminProvider.tsx';

const session: AdminSession = {
  operator: { id: 1, email: 'fran@shop.test', name: 'Fran', role: 'fulfilment', totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' },
  csrfToken: 'c',
};
const order = (id: number, totalCents: number): AdminOrderSummary => ({
  id, createdAt: `2026-11-2${id % 10}T10:00:00.000Z`, email: `c${id}@shop.test`, name: `Customer ${id}`, units: 1, totalCents, currency: 'USD',
  status: 'PAID', state: 'open', paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled',
});

/** A client signed out until `signIn` answers (a wrong password first when `refuseFirst`). */
function fakeClient(refuseFirst = false) {
  let signedIn = false;
  let refusals = refuseFirst ? 1 : 0;
  const signIns: unknown[] = [];
  const client = {
    me: async () => {
      if (!signedIn) throw new ApiError('Something went wrong.', { kind: 'http', status: 401, serverMessage: 'Please sign in.' });
      return session;
    },
    signIn: async (body: unknown) => {
      signIns.push(body);
      if (refusals > 0) {
        refusals -= 1;
        throw new ApiError('Something went wrong.', { kind: 'http', status: 401, serverMessage: 'That email and password do not match.' });
      }
      signedIn = true;
      return session;
    },
    orders: async () => ({ orders: [order(12, 5000), order(11, 900)], nextBefore: null }),
    mail: async () => { throw new ApiError('x', { kind: 'http', status: 403 }); },
    liveVisitors: async () => { throw new ApiError('x', { kind: 'http', status: 403 }); },
    products: async () => { throw new ApiError('x', { kind: 'http', status: 403 }); },
  } as unknown as AdminClient;
  return { client, signIns };
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

describe('the back office app', () => {
  test('asks a signed-out operator to sign in, shows the server\'s refusal, then the page they asked for', async () => {
    const { client, signIns } = fakeClient(true);
    renderAt('/admin/orders', client);
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the back office' });
    // the form's own check first: nothing is sent without a password
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'fran@shop.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your password.');
    expect(signIns).toEqual([]);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('That email and password do not match.');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'the right one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    expect(signIns).toEqual([{ email: 'fran@shop.test', password: 'wrong one' }, { email: 'fran@shop.test', password: 'the right one' }]);
    // the fulfilment role's navigation has no mail
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Mail' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
  });

  test('sorts the orders of the page by a column with its header\'s button, and says so to assistive technology', async () => {
    const { client } = fakeClient();
    await client.signIn({ email: 'fran@shop.test', password: 'p' });
    renderAt('/admin/orders', client);
    const table = await screen.findByRole('table');
    const ids = () => within(table).getAllByRole('link').map((a) => a.textContent);
    await within(table).findByText('#12');
    expect(ids()).toEqual(['#12', '#11']);
    const total = () => within(table).getByRole('columnheader', { name: /Total/ });
    expect(total().getAttribute('aria-sort')).toBeNull();
    // a number column sorts largest first, then smallest first (TanStack Table's default for numbers)
    fireEvent.click(within(table).getByRole('button', { name: 'Total' }));
    expect(ids()).toEqual(['#12', '#11']);
    expect(total().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(table).getByRole('button', { name: /Total/ }));
    expect(ids()).toEqual(['#11', '#12']);
    expect(total().getAttribute('aria-sort')).toBe('ascending');
  });

  test('labels every field of the sign-in page', async () => {
    const { client } = fakeClient();
    const { container } = renderAt('/admin', client);
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the back office' });
    for (const input of container.querySelectorAll('input, select')) {
      expect(container.querySelector(`label[for="${input.id}"]`), input.outerHTML).not.toBeNull();
    }
  });
});
