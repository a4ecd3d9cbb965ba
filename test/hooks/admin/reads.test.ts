import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/api/errors.ts';
import type { AdminClient, AdminOrderQuery, AdminOrderSummary } from '../../../src/api/admin-client.ts';
import { dashboardRead, meRead } from '../../../src/hooks/admin/reads.ts';

const order = (id: number, createdAt: string, extra: Partial<AdminOrderSummary> = {}): AdminOrderSummary => ({
  id, createdAt, email: `c${id}@shop.test`, name: '', units: 1, totalCents: 1000, currency: 'USD', status: 'PAID', state: 'open', paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled', ...extra,
});
const forbidden = () => new ApiError('Something went wrong.', { kind: 'http', status: 403, serverMessage: 'Not for your role.' });

/** A client answering the dashboard's calls from `orders` (by query) and the given extras. */
function client(options: { orders: (q: AdminOrderQuery) => { orders: AdminOrderSummary[]; nextBefore: string | null }; mail?: () => Promise<unknown>; products?: () => Promise<unknown> }) {
  const queries: AdminOrderQuery[] = [];
  const c = {
    orders: async (q: AdminOrderQuery) => { queries.push(q); return options.orders(q); },
    mail: options.mail ?? (async () => ({ mail: [], nextBefore: null })),
    liveVisitors: async () => { throw forbidden(); },
    products: options.products ?? (async () => ({ products: [], nextBefore: null })),
    me: async () => { throw new ApiError('x', { kind: 'http', status: 401 }); },
  } as unknown as AdminClient;
  return { c, queries };
}

describe('the dashboard read', () => {
  test('sums today\'s orders without the cancelled, lists waiting orders oldest first, and pages through every order of today', async () => {
    const { c, queries } = client({
      orders: (q) => {
        if (q.from && !q.before) return { orders: [order(5, '2026-11-27T10:00:00.000Z', { totalCents: 2500 }), order(4, '2026-11-27T09:00:00.000Z', { state: 'cancelled' })], nextBefore: 'cursor' };
        if (q.from) return { orders: [order(3, '2026-11-27T08:00:00.000Z', { totalCents: 1000 })], nextBefore: null };
        if (q.fulfilment === 'unfulfilled') return { orders: [order(9, '2026-11-26T00:00:00.000Z'), order(2, '2026-11-20T00:00:00.000Z')], nextBefore: null };
        return { orders: [order(7, '2026-11-22T00:00:00.000Z', { fulfilmentStatus: 'partially_fulfilled' })], nextBefore: null };
      },
      products: async () => ({ products: [{ id: 1, title: 'Pump', stock: 4, lowestStock: 4 }, { id: 2, title: 'Filter', stock: 1, lowestStock: 1 }], nextBefore: null }),
    });
    const dashboard = await dashboardRead(c, '2026-11-27T00:00:00.000Z').fetch(new AbortController().signal);
    expect(dashboard.today).toEqual({ count: 2, revenueCents: 3500, currency: 'USD' });
    expect(dashboard.waiting.map((o) => o.id)).toEqual([2, 7, 9]);
    expect(dashboard.moreWaiting).toBe(false);
    expect(dashboard.lowStock?.map((p) => p.title)).toEqual(['Filter', 'Pump']);
    expect(queries.filter((q) => q.from).map((q) => q.before ?? null)).toEqual([null, 'cursor']);
  });

  test('leaves out what the role may not read (403) instead of failing the page', async () => {
    const { c } = client({ orders: () => ({ orders: [], nextBefore: null }), mail: async () => { throw forbidden(); }, products: async () => { throw forbidden(); } });
    const dashboard = await dashboardRead(c, '2026-11-27T00:00:00.000Z').fetch(new AbortController().signal);
    expect(dashboard).toMatchObject({ failedMail: null, lowStock: null, live: null, waiting: [] });
  });

  test('fails on any other refusal', async () => {
    const { c } = client({ orders: () => ({ orders: [], nextBefore: null }), mail: async () => { throw new ApiError('x', { kind: 'http', status: 500 }); } });
    await expect(dashboardRead(c, '2026-11-27T00:00:00.000Z').fetch(new AbortController().signal)).rejects.toMatchObject({ status: 500 });
  });
});

describe('the session read', () => {
  test('answers null when no operator is signed in (401)', async () => {
    const { c } = client({ orders: () => ({ orders: [], nextBefore: null }) });
    await expect(meRead(c).fetch(new AbortController().signal)).resolves.toBeNull();
  });
});
