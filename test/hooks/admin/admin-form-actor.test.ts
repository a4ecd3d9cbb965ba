import { describe, expect, test } from 'vitest';
import type { AdminClient } from '../../../src/api/admin-client.ts';
import { sendAdminForm, type AdminFormValues } from '../../../src/hooks/admin/admin-form-actor.ts';
import { ADMIN_KEYS } from '../../../src/hooks/admin/reads.ts';
import { createReadCache } from '../../../src/hooks/query/index.ts';
import { readEntry } from '../../../src/hooks/query/watch.ts';

const operator = { id: 1, email: 'o@shop.test', name: 'O', role: 'owner' as const, totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' };

/** A client whose calls record their arguments and answer `answers[name]`. */
function fakeClient(answers: Record<string, unknown>) {
  const calls: [string, unknown[]][] = [];
  const client = new Proxy({}, {
    get: (_t, name: string) => async (...args: unknown[]) => {
      calls.push([name, args]);
      return answers[name];
    },
  }) as AdminClient;
  return { client, calls };
}

function values(client: AdminClient, extra: Partial<AdminFormValues> = {}): AdminFormValues {
  return { client, queryClient: createReadCache(), orderId: null, idempotencyKey: 'k-1', ...extra };
}

describe('sendAdminForm', () => {
  test('a sign-in puts the session in the cache, so the shell shows the signed-in pages', async () => {
    const session = { operator, csrfToken: 'c' };
    const { client, calls } = fakeClient({ signIn: session });
    const v = values(client);
    await sendAdminForm(v, 'signIn', { email: 'o@shop.test', password: 'p' });
    expect(calls[0]).toEqual(['signIn', [{ email: 'o@shop.test', password: 'p' }, {}]]);
    expect(v.queryClient.getQueryData(ADMIN_KEYS.me)).toEqual(session);
  });

  test('a fulfilment sends the form\'s key, tells its caller before the order in the cache is replaced, and invalidates the lists', async () => {
    const order = { id: 9, fulfilmentStatus: 'fulfilled' };
    const { client, calls } = fakeClient({ fulfil: { fulfilment: { trackingNumber: 'T' }, order, warnings: [] } });
    const v = values(client, { orderId: 9 });
    v.queryClient.setQueryData(ADMIN_KEYS.order(9), { id: 9, fulfilmentStatus: 'unfulfilled' });
    v.queryClient.setQueryData([...ADMIN_KEYS.orders, {}], { orders: [], nextBefore: null });
    const seen: unknown[] = [];
    v.onDone = (answer) => seen.push([answer, v.queryClient.getQueryData(ADMIN_KEYS.order(9))]);
    await sendAdminForm(v, 'fulfil', { carrier: 'ups', trackingNumber: 'T', lines: [{ lineId: 1, quantity: 1 }] });
    expect(calls[0]).toEqual(['fulfil', [9, { carrier: 'ups', trackingNumber: 'T', lines: [{ lineId: 1, quantity: 1 }] }, { idempotencyKey: 'k-1' }]]);
    expect(seen).toEqual([[{ fulfilment: { trackingNumber: 'T' }, order, warnings: [] }, { id: 9, fulfilmentStatus: 'unfulfilled' }]]);
    expect(v.queryClient.getQueryData(ADMIN_KEYS.order(9))).toEqual(order);
    expect(readEntry(v.queryClient, [...ADMIN_KEYS.orders, {}])?.isInvalidated).toBe(true);
  });

  test('a write takes the CSRF token of the session in the cache when the client has none (a page rendered on the server)', async () => {
    let token: string | null = null;
    const { client } = fakeClient({ cancel: { order: { id: 3 }, warnings: [] } });
    const withToken = Object.assign(Object.create(client) as AdminClient, {
      csrfToken: () => token,
      setCsrfToken: (t: string | null) => { token = t; },
      cancel: async () => ({ order: { id: 3 }, warnings: [] }),
    });
    const v = values(withToken, { orderId: 3 });
    v.queryClient.setQueryData(ADMIN_KEYS.me, { operator, csrfToken: 'page-token' });
    await sendAdminForm(v, 'cancel', { reason: 'x' });
    expect(token).toBe('page-token');
  });

  test('an order form without its order sends nothing', async () => {
    const { client, calls } = fakeClient({});
    await expect(sendAdminForm(values(client), 'cancel', { reason: 'x' })).rejects.toThrow(/needs its order/);
    expect(calls).toEqual([]);
  });
});
