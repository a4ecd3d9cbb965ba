/**
 * Types of the product page machine (`product-page.machine.ts`) and of its connect function.
 * @module
 */
import type { CartLine, HierarchyEntry, Product } from '../domain/entities.ts';
import type { Selection } from '../domain/variants.ts';
import type { NoticeTone } from './cart.helpers.ts';

/** The product page's context. */
export interface ProductPageContext {
  handle: string;
  product: Product | null;
  /** The product fetch's error message, in the error state. */
  error: string | null;
  /** The `variant` query parameter, applied once when the product arrives. */
  variantParam: string | null;
  selection: Selection;
  /** What the quantity field shows (digits only). */
  quantityText: string;
  /** Why the quantity was refused at the last add, or null. */
  quantityError: string | null;
  /** The cart's lines and updating flag, as last reported by `cart.changed`. */
  lines: CartLine[];
  cartUpdating: boolean;
  orderId: number | string | null;
  orderMode: boolean;
  /** The collection whose upper hierarchy gives the breadcrumbs (default: the path's collection, else the product's first). */
  collectionId: number | null;
  /** The optional collection handle of the page's path (breadcrumbs). */
  collectionHandle: string | null;
  /** The breadcrumbs' hierarchy ('default' list), once loaded. */
  hierarchy: HierarchyEntry[];
  /** The add-to-order outcome, shown inline. */
  notice: { tone: NoticeTone; message: string } | null;
}

/** The product page's input. `product` (initial data, e.g. server rendered) skips the fetch; `null` means not found. */
export interface ProductPageInput {
  handle: string;
  product?: Product | null;
  /** The `variant` query parameter. */
  variantId?: string | number | null;
  orderId?: number | string | null;
  /** @default false */
  orderMode?: boolean;
  lines?: CartLine[];
  cartUpdating?: boolean;
  collectionId?: number | null;
  /** The optional collection handle of the path: its hierarchy gives the breadcrumbs when the product is in it. */
  collectionHandle?: string | null;
}

/** Events of the product page. */
export type ProductPageEvent =
  | { type: 'product.retry' }
  | { type: 'option.select'; name: string; value: string }
  | { type: 'option.clear'; name: string }
  | { type: 'quantity.changed'; value: string }
  /** The add button: to the order in order mode, else to the cart. */
  | { type: 'product.add' }
  | { type: 'cart.changed'; lines: CartLine[]; updating?: boolean };

/** What the product page emits. */
export type ProductPageEmitted =
  | { type: 'notify'; tone: NoticeTone; message: string }
  | { type: 'cart.add'; inventoryLevelId: number; quantity: number }
  | { type: 'log'; message: string; error?: unknown };
