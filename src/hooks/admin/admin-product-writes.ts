/**
 * The product forms' calls (`useAdminForm` kinds 'productEdit', 'productBulk' and 'productPicture'):
 * a product's edit or new picture puts the product as answered in the cache and invalidates the lists; a bulk change (not a
 * preview) invalidates every product read and the dashboard's low stock.
 * @module
 */
import type { AdminClient } from '../../api/admin-client.ts';
import type { BulkEditBody, PictureUploadBody, ProductEditBody, ProductFormKind } from '../../domain/admin-products.ts';
import { invalidateReads, type ReadCache } from '../query/index.ts';
import { ADMIN_KEYS } from './reads.ts';

/** Sends a checked product form and refreshes what it changed. */
export async function sendAdminProductForm(
  values: { client: AdminClient; queryClient: ReadCache; onDone?: ((answer: unknown) => void) | undefined; file?: Blob | null | undefined },
  kind: ProductFormKind,
  body: unknown,
  call: { signal?: AbortSignal },
): Promise<unknown> {
  const { client, queryClient } = values;
  if (kind === 'productPicture') {
    const { id, altText, fileName } = body as PictureUploadBody;
    if (!values.file) throw new Error('useAdminForm: a picture form needs its file');
    const answer = await client.addProductImage(id, values.file, { altText, fileName }, call);
    values.onDone?.(answer);
    queryClient.setQueryData(ADMIN_KEYS.product(id), answer.product);
    invalidateReads(queryClient, ADMIN_KEYS.products);
    return answer;
  }
  if (kind === 'productEdit') {
    const { id, patch } = body as ProductEditBody;
    const answer = await client.updateProduct(id, patch, call);
    values.onDone?.(answer);
    queryClient.setQueryData(ADMIN_KEYS.product(id), answer.product);
    invalidateReads(queryClient, ADMIN_KEYS.products);
    invalidateReads(queryClient, ADMIN_KEYS.dashboard);
    return answer;
  }
  const bulk = body as BulkEditBody;
  const answer = await client.bulkEditProducts(bulk, call);
  values.onDone?.(answer);
  if (!bulk.dryRun) {
    invalidateReads(queryClient, ADMIN_KEYS.products);
    invalidateReads(queryClient, ['admin', 'product']);
    invalidateReads(queryClient, ADMIN_KEYS.dashboard);
  }
  return answer;
}
