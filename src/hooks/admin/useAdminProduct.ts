/**
 * One product of the back office through the read cache (its form's answer replaces it there).
 * @module
 */
import type { AdminProductDetail } from '../../api/admin-products.ts';
import { useAdmin } from './AdminProvider.tsx';
import { productRead } from './reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The product `id`.
 * @example const product = useAdminProduct(42);
 */
export function useAdminProduct(id: number): ReadResult<AdminProductDetail> {
  const { client } = useAdmin();
  return useAdminRead(productRead(client, id));
}
