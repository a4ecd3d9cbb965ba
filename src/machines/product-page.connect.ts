/**
 * What the product page shows, from a snapshot of its machine: a pure function, tested without
 * React; `useProductPage` returns it with the page's events.
 * @module
 */
import type { AddButtonState } from '../domain/add-button.ts';
import type { HierarchyEntry, Product, ProductOption, Variant } from '../domain/entities.ts';
import { formatPrice } from '../domain/money.ts';
import { availabilityText, productAvailability, productPageTitle } from '../domain/product-page.ts';
import { chosenValue, type Selection } from '../domain/variants.ts';
import {
  addButtonOfPage,
  availableQuantityOf,
  displayedPriceOf,
  isAddingToOrder,
  productPageStatus,
  selectedVariantOf,
  type ProductPageSnapshot,
} from './product-page.machine.ts';

/** The page's state name. */
export type ProductPageStatus = 'loading' | 'error' | 'notFound' | 'loaded';

/** An option with the value chosen for it. */
export interface OptionChoice extends ProductOption {
  /** The chosen value, or undefined. */
  chosen: string | undefined;
}

/** What the product page shows. */
export interface ProductPageView {
  status: ProductPageStatus;
  /** 'Fetching product...' while loading, the error's message in the error state, else null. */
  statusText: string | null;
  product: Product | null;
  /** The page title with the store name appended when absent. */
  title: string;
  options: OptionChoice[];
  selection: Selection;
  /** The one variant, or the one matching every chosen option; null otherwise. */
  variant: Variant | null;
  /** The product price until a variant is selected, then the variant's; null before loading. */
  price: number | null;
  /** '$12.50', or 'Please call us for price on this product.' at 0. */
  priceText: string;
  /** 'In Stock and Ready to Ship!!!', 'Out of stock' or 'Currently unavailable'. */
  availabilityText: string;
  /** Units that may still be added (Infinity when unlimited), minus the cart's. */
  availableQuantity: number;
  quantityText: string;
  quantityError: string | null;
  /** Disabled flag, label ('Add to Order', 'Add to Cart', 'Out of stock') and remaining units. */
  addButton: AddButtonState;
  addingToOrder: boolean;
  /** 'Add to Order' mode: the add button sends the product to the order of `orderId`. */
  orderMode: boolean;
  /** The add-to-order outcome, shown inline. */
  notice: { tone: string; message: string } | null;
  /** The upper hierarchy of the page's collection (breadcrumbs). */
  hierarchy: HierarchyEntry[];
}

/**
 * The view of a snapshot; `storeName` ends the title when the product's own title lacks it.
 * @example connectProductPage(actor.getSnapshot(), 'Skimmer').addButton.label; // 'Add to Cart'
 */
export function connectProductPage(snapshot: ProductPageSnapshot, storeName: string): ProductPageView {
  const { product, selection } = snapshot.context;
  const status: ProductPageStatus = snapshot.matches('loaded') ? 'loaded' : snapshot.matches('error') ? 'error' : snapshot.matches('notFound') ? 'notFound' : 'loading';
  const variant = selectedVariantOf(snapshot);
  const price = displayedPriceOf(snapshot);
  return {
    status,
    statusText: productPageStatus(snapshot),
    product,
    title: product ? productPageTitle(product, storeName) : '',
    options: (product?.Options ?? []).map((option) => ({ ...option, chosen: chosenValue(selection, option.name) })),
    selection,
    variant,
    price,
    priceText: price === null ? '' : formatPrice(price, 'product'),
    availabilityText: product ? availabilityText(productAvailability(product, variant)) : '',
    availableQuantity: availableQuantityOf(snapshot),
    quantityText: snapshot.context.quantityText,
    quantityError: snapshot.context.quantityError,
    addButton: addButtonOfPage(snapshot),
    addingToOrder: isAddingToOrder(snapshot),
    orderMode: snapshot.context.orderMode,
    notice: snapshot.context.notice,
    hierarchy: snapshot.context.hierarchy,
  };
}
