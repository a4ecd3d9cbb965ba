/**
 * A page of the operators' order list through the read cache.
 * @module
 */
import type { AdminOrderPage, AdminOrderQuery } from '../../api/admin-client.ts';
import { useAdmin } from './AdminProvider.tsx';
import { ordersRead } from './reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The orders of `query` (newest first; page on with `before` = the answer's nextBefore).
 * @example const page = useAdminOrders({ fulfilment: 'unfulfilled', limit: 25 });
 */
export function useAdminOrders(query: AdminOrderQuery): ReadResult<AdminOrderPage> {
  const { client } = useAdmin();
  return useAdminRead(ordersRead(client, query));
}
