/**
 * One customer through the read cache.
 * @module
 */
import type { AdminCustomer } from '../../api/admin-office.ts';
import { useAdmin } from './AdminProvider.tsx';
import { customerRead } from './office-reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The customer `id` with addresses, cards and recent orders.
 * @example const customer = useAdminCustomer(7);
 */
export function useAdminCustomer(id: number): ReadResult<AdminCustomer> {
  const { client } = useAdmin();
  return useAdminRead(customerRead(client, id));
}
