import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import type { AdminClient, AdminOperator, AdminRole, AdminSession } from '../../src/api/admin-client.ts';
import type { AdminApiToken, AdminOperatorBody, AdminOperatorPatch } from '../../src/api/admin-imports.ts';
import { ApiError } from '../../src/api/errors.ts';
import { OperatorsPage } from '../../src/admin/pages/OperatorsPage.tsx';
import { AdminApp } from '../../src/admin/App.tsx';
import { OPERATOR_MESSAGES } from '../../src/domain/admin-imports.ts';
import { AdminProvider } from '../../src/hooks/admin/AdminProvider.tsx';

const operator = (id: number, name: string, role: AdminRole, extra: Partial<AdminOperator> = {}): AdminOperator => ({
  id, email: `${name.toLowerCase()}@shop.test`, name, role, totpEnabled: false, hasPassword: true, disabled: false, createdAt: '2026-11-01T00:00:00.000Z', ...extra,
});

const sessionOf = (role: AdminRole): AdminSession => ({ operator: operator(1, 'Olive', role), csrfToken: 'c' });

function fakeClient(role: AdminRole) {
  let operators = [operator(1, 'Olive', 'owner'), operator(2, 'Sam', 'staff')];
  let tokens: AdminApiToken[] = [{ id: 5, name: 'ERP', scopes: ['catalogue', 'orders'], createdAt: '2026-11-02T00:00:00.000Z', lastUsedAt: null, revoked: false }];
  const calls: unknown[][] = [];
  const client = {
    csrfToken: () => 'c',
    setCsrfToken: () => undefined,
    me: async () => sessionOf(role),
    operators: async () => { calls.push(['operators']); return { operators }; },
    tokens: async () => { calls.push(['tokens']); return { tokens }; },
    createOperator: async (body: AdminOperatorBody) => {
      calls.push(['createOperator', body]);
      if (body.email === 'sam@shop.test') throw new ApiError('x', { kind: 'http', status: 409, serverMessage: 'An operator with this email exists.' });
      const made = operator(3, body.name, body.role, { email: body.email, hasPassword: false });
      operators = [...operators, made];
      return { operator: made, link: 'https://shop.test/admin/set-password#token=once' };
    },
    updateOperator: async (id: number, body: AdminOperatorPatch) => {
      calls.push(['updateOperator', id, body]);
      operators = operators.map((o) => (o.id === id ? { ...o, ...body } : o));
      return { operator: operators.find((o) => o.id === id) };
    },
    removeOperator: async (id: number) => { calls.push(['removeOperator', id]); operators = operators.filter((o) => o.id !== id); return { success: true }; },
    operatorPasswordLink: async (id: number) => { calls.push(['link', id]); return { link: 'https://shop.test/admin/set-password#token=again' }; },
    createToken: async (body: { name: string; scopes: string[] }) => {
      calls.push(['createToken', body]);
      const made = { id: 6, name: body.name, scopes: body.scopes, createdAt: '2026-11-03T00:00:00.000Z', lastUsedAt: null, revoked: false } as AdminApiToken;
      tokens = [...tokens, made];
      return { token: 'skt_value_once', apiToken: made };
    },
    revokeToken: async (id: number) => { calls.push(['revokeToken', id]); tokens = tokens.map((t) => (t.id === id ? { ...t, revoked: true } : t)); return { apiToken: tokens.find((t) => t.id === id) }; },
    audit: async () => ({ entries: [], nextBefore: null }),
  } as unknown as AdminClient;
  return { client, calls };
}

function renderPage(client: AdminClient, copied: string[]) {
  return render(
    <AdminProvider client={client}>
      <MemoryRouter initialEntries={['/operators']}>
        <OperatorsPage copy={async (text) => { copied.push(text); }} />
      </MemoryRouter>
    </AdminProvider>,
  );
}

const form = (name: string) => screen.getByRole('form', { name });

describe('the operators page', () => {
  afterEach(cleanup);

  test('the owner invites a staff operator and sees the one-time link once, with a copy button', async () => {
    const { client, calls } = fakeClient('owner');
    const copied: string[] = [];
    renderPage(client, copied);
    const invite = await screen.findByRole('form', { name: 'Invite an operator' });
    fireEvent.click(within(invite).getByRole('button', { name: 'Invite' }));
    expect(within(invite).getByRole('alert').textContent).toBe(OPERATOR_MESSAGES.email);
    fireEvent.change(within(invite).getByLabelText('Email'), { target: { value: 'sam@shop.test' } });
    fireEvent.change(within(invite).getByLabelText('Name'), { target: { value: 'Sam' } });
    fireEvent.click(within(invite).getByRole('button', { name: 'Invite' }));
    expect((await within(invite).findByRole('alert')).textContent).toBe('An operator with this email exists.');
    fireEvent.change(within(invite).getByLabelText('Email'), { target: { value: 'pat@shop.test' } });
    fireEvent.change(within(invite).getByLabelText('Name'), { target: { value: 'Pat' } });
    fireEvent.change(within(invite).getByLabelText('Role'), { target: { value: 'fulfilment' } });
    fireEvent.click(within(invite).getByRole('button', { name: 'Invite' }));
    const link = await within(invite).findByLabelText('One-time set-password link');
    expect((link as HTMLInputElement).value).toBe('https://shop.test/admin/set-password#token=once');
    fireEvent.click(within(invite).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(copied).toEqual(['https://shop.test/admin/set-password#token=once']));
    expect(calls).toContainEqual(['createOperator', { email: 'pat@shop.test', name: 'Pat', role: 'fulfilment' }]);
    // the list is asked again and shows the invited operator
    expect(await screen.findByText('pat@shop.test')).toBeTruthy();
    fireEvent.click(within(invite).getByRole('button', { name: 'Invite another' }));
    expect(within(invite).queryByLabelText('One-time set-password link')).toBeNull();
  });

  test('the owner changes a role, disables (asked twice) and removes an operator, never themselves', async () => {
    const { client, calls } = fakeClient('owner');
    renderPage(client, []);
    await screen.findByText('sam@shop.test');
    expect(screen.queryByRole('button', { name: 'Remove Olive' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Role of Sam'), { target: { value: 'fulfilment' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the role of Sam' }));
    await waitFor(() => expect(calls).toContainEqual(['updateOperator', 2, { role: 'fulfilment' }]));
    expect(await screen.findByText('Sam is now Fulfilment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disable Sam' }));
    expect(calls.filter(([c]) => c === 'updateOperator')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, disable Sam' }));
    await waitFor(() => expect(calls).toContainEqual(['updateOperator', 2, { disabled: true }]));
    expect(await screen.findByText('Sam is disabled: their sessions are ended.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove Sam' }));
    await waitFor(() => expect(calls).toContainEqual(['removeOperator', 2]));
    await waitFor(() => expect(screen.queryByText('sam@shop.test')).toBeNull());
  });

  test('the owner asks a new set-password link for an operator', async () => {
    const { client } = fakeClient('owner');
    renderPage(client, []);
    fireEvent.click(await screen.findByRole('button', { name: 'New link Sam' }));
    expect(((await screen.findByLabelText('New set-password link for Sam')) as HTMLInputElement).value).toBe('https://shop.test/admin/set-password#token=again');
  });

  test('the owner creates a token with scopes (its value shown once) and revokes one', async () => {
    const { client, calls } = fakeClient('owner');
    const copied: string[] = [];
    renderPage(client, copied);
    const create = await screen.findByRole('form', { name: 'New API token' });
    fireEvent.change(within(create).getByLabelText(/^Name/), { target: { value: 'Feed' } });
    fireEvent.click(within(create).getByRole('button', { name: 'Create token' }));
    expect(within(create).getByRole('alert').textContent).toBe(OPERATOR_MESSAGES.scopes);
    fireEvent.click(within(create).getByRole('checkbox', { name: 'Catalogue' }));
    fireEvent.click(within(create).getByRole('checkbox', { name: 'Dashboard' }));
    fireEvent.click(within(create).getByRole('button', { name: 'Create token' }));
    expect(((await within(create).findByLabelText('Token Feed')) as HTMLInputElement).value).toBe('skt_value_once');
    expect(calls).toContainEqual(['createToken', { name: 'Feed', scopes: ['catalogue', 'dashboard'] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke ERP' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, revoke ERP' }));
    await waitFor(() => expect(calls).toContainEqual(['revokeToken', 5]));
    const tokens = screen.getByRole('table', { name: 'API tokens' });
    await waitFor(() => expect(within(tokens).getAllByText('Revoked')).toHaveLength(1));
    expect(form('New API token')).toBeTruthy();
  });

  test('staff have no Operators link and read a plain refusal, with nothing asked', async () => {
    const { client, calls } = fakeClient('staff');
    render(
      <AdminProvider client={client}>
        <MemoryRouter initialEntries={['/admin/operators']} basename="/admin">
          <AdminApp />
        </MemoryRouter>
      </AdminProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Only an owner manages operators and API tokens.');
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Imports' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
