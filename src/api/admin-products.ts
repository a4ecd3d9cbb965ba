/**
 * The back office's product types (the operators' product API, src/server/modules/products-admin):
 * the list's items, a product for editing, its PATCH body and the bulk edit. The calls are
 * `AdminClient`'s `products`, `product`, `updateProduct` and `bulkEditProducts`.
 * @module
 */
import type { AdminProductSummary } from './admin-client.ts';

export type { BulkEditBody, ProductPatch } from '../domain/admin-products.ts';

/** One product of the operators' list. */
export type AdminProductListItem = AdminProductSummary;

/** A page of the product list. */
export interface AdminProductPage {
  products: AdminProductListItem[];
  nextBefore: number | null;
}

/** One stock level of a variant (a location). */
export interface AdminStockLevel {
  id: number;
  location: string;
  quantity: number;
  availableForSale: boolean;
  bypassNegativeQuantity: boolean;
  binLocation: string | null;
}

/** A variant with its prices and stock. */
export interface AdminProductVariant {
  id: number;
  title: string;
  sku: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  levels: AdminStockLevel[];
}

/** A product for editing. */
export interface AdminProductDetail {
  id: number;
  handle: string;
  title: string;
  sku: string | null;
  productCode: string | null;
  vendor: string | null;
  descriptionHtml: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  isIndexed: boolean;
  isFeatured: boolean;
  callForPrice: boolean;
  variants: AdminProductVariant[];
  images: { id: number; url: string; altText: string | null }[];
  tags: { prefix: string; value: string }[];
}

/** A bulk edit's answer: how many matched and changed, and a sample before and after. */
export interface AdminBulkEditAnswer {
  matched: number;
  changed: number;
  dryRun: boolean;
  sample: {
    id: number;
    title: string;
    before: { priceCents: number; compareAtPriceCents: number | null; stock: number };
    after: { priceCents: number; compareAtPriceCents: number | null; stock: number };
  }[];
}
