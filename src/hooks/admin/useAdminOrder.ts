/**
 * One order of the back office through the read cache (its forms' answers replace it there).
 * @module
 */
import type { AdminOrder } from '../../api/admin-client.ts';
import { useAdmin } from './AdminProvider.tsx';
import { orderRead } from './reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The order `id`.
 * @example const order = useAdminOrder(1042);
 */
export function useAdminOrder(id: number): ReadResult<AdminOrder> {
  const { client } = useAdmin();
  return useAdminRead(orderRead(client, id));
}
