import { describe, expect, test } from 'vitest';
import type { AdminClient } from '../../../src/api/admin-client.ts';
import { sendAdminForm, type AdminFormValues } from '../../../src/hooks/admin/admin-form-actor.ts';
import { OFFICE_KEYS, auditRead } from '../../../src/hooks/admin/office-reads.ts';
import { ADMIN_KEYS } from '../../../src/hooks/admin/reads.ts';
import { createReadCache } from '../../../src/hooks/query/index.ts';
import { readEntry } from '../../../src/hooks/query/watch.ts';

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

describe('the office forms through the one form actor', () => {
  test('a return sends the form\'s Idempotency-Key, replaces the order in the cache and invalidates the lists and the audit log', async () => {
    const order = { id: 9, fulfilmentStatus: 'partially_returned' };
    const { client, calls } = fakeClient({ authoriseReturn: { return: { id: 2 }, order, warnings: [] } });
    const v = values(client, { orderId: 9 });
    v.queryClient.setQueryData(ADMIN_KEYS.order(9), { id: 9, fulfilmentStatus: 'fulfilled' });
    v.queryClient.setQueryData([...ADMIN_KEYS.orders, {}], { orders: [], nextBefore: null });
    v.queryClient.setQueryData([...OFFICE_KEYS.audit, {}], { entries: [], nextBefore: null });
    const body = { lines: [{ lineId: 1, quantity: 1, opened: false }], reason: 'Wrong size', restockingFeePercent: 0 };
    await sendAdminForm(v, 'return', body);
    expect(calls[0]).toEqual(['authoriseReturn', [9, body, { idempotencyKey: 'k-1' }]]);
    expect(v.queryClient.getQueryData(ADMIN_KEYS.order(9))).toEqual(order);
    expect(readEntry(v.queryClient, [...ADMIN_KEYS.orders, {}])?.isInvalidated).toBe(true);
    expect(readEntry(v.queryClient, [...OFFICE_KEYS.audit, {}])?.isInvalidated).toBe(true);
  });

  test('receiving sends the return\'s id in the path and only restock and refund in the body', async () => {
    const { client, calls } = fakeClient({ receiveReturn: { order: { id: 9 }, warnings: [] } });
    await sendAdminForm(values(client, { orderId: 9 }), 'receive', { returnId: 2, restock: false, refund: true });
    expect(calls[0]).toEqual(['receiveReturn', [9, 2, { restock: false, refund: true }, {}]]);
  });

  test('a discount\'s pause sends only the action, and invalidates the codes', async () => {
    const { client, calls } = fakeClient({ updateDiscount: { discount: { code: 'A', status: 'paused' } } });
    const v = values(client);
    v.queryClient.setQueryData([...OFFICE_KEYS.discounts, {}], { discounts: [], nextAfter: null });
    await sendAdminForm(v, 'discountAction', { code: 'A', action: 'pause' });
    expect(calls[0]).toEqual(['updateDiscount', ['A', { action: 'pause' }, {}]]);
    expect(readEntry(v.queryClient, [...OFFICE_KEYS.discounts, {}])?.isInvalidated).toBe(true);
  });

  test('the audit read asks whole days in UTC with its page size', async () => {
    const { client, calls } = fakeClient({ audit: { entries: [], nextBefore: null } });
    const read = auditRead(client, { from: '2026-11-01', to: '2026-11-01', action: 'order.note' });
    await read.fetch(new AbortController().signal);
    expect(calls[0]![1][0]).toEqual({ action: 'order.note', from: '2026-11-01T00:00:00.000Z', to: '2026-11-01T23:59:59.999Z', limit: 50 });
  });
});
