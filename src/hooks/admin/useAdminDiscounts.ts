/**
 * A page of discount codes through the read cache (the discount forms invalidate it).
 * @module
 */
import type { AdminDiscount, AdminDiscountQuery } from '../../api/admin-office.ts';
import { useAdmin } from './AdminProvider.tsx';
import { discountsRead } from './office-reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The codes of `query`.
 * @example const codes = useAdminDiscounts({ status: 'active' });
 */
export function useAdminDiscounts(query: AdminDiscountQuery): ReadResult<{ discounts: AdminDiscount[]; nextAfter: string | null }> {
  const { client } = useAdmin();
  return useAdminRead(discountsRead(client, query));
}
