/**
 * A page of the customer search through the read cache.
 * @module
 */
import type { AdminCustomerSummary } from '../../api/admin-office.ts';
import { useAdmin } from './AdminProvider.tsx';
import { customersRead } from './office-reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The customers matching `query.q` (email, name or phone).
 * @example const found = useAdminCustomers({ q: 'ann' });
 */
export function useAdminCustomers(query: { q?: string; before?: number; limit?: number }): ReadResult<{ customers: AdminCustomerSummary[]; nextBefore: number | null }> {
  const { client } = useAdmin();
  return useAdminRead(customersRead(client, query));
}
