/**
 * A page of the operators' product list through the read cache.
 * @module
 */
import type { AdminProductQuery } from '../../api/admin-client.ts';
import type { AdminProductPage } from '../../api/admin-products.ts';
import { useAdmin } from './AdminProvider.tsx';
import { productsRead } from './reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The products of `query` (newest first; page on with `before` = the answer's nextBefore).
 * @example const page = useAdminProducts({ lowStock: 5, limit: 25 });
 */
export function useAdminProducts(query: AdminProductQuery): ReadResult<AdminProductPage> {
  const { client } = useAdmin();
  return useAdminRead(productsRead(client, query));
}
