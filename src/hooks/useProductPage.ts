/**
 * The product page over `productPageMachine`: loading ('Fetching product...'), error, not found,
 * loaded; option selection and variant matching; the available quantity against the shared cart;
 * add to cart (through the cart actor) and add to order; the breadcrumbs' upper hierarchy. A
 * loaded product is recorded in the recently viewed list.
 * @module
 */
import { useCallback, useEffect } from 'react';
import { connectProductPage, type ProductPageView } from '../machines/product-page.connect.ts';
import type { ProductPageInput, ProductPageSnapshot } from '../machines/product-page.machine.ts';
import { useSkimmer } from './context.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';
import { useCartSelector } from './useCartSelector.ts';
import { useLatest } from './useLatest.ts';
import { useMachineView } from './useMachineView.ts';
import { recordRecentlyViewed } from './recently-viewed-store.ts';
import { useMachineNotices } from './useToasts.ts';
import { useCachedRead } from './query/index.ts';
import { productRead } from './query/reads.ts';
import { productPageValues, providedProductPageMachine } from './actors/product-page.ts';

export type { OptionChoice, ProductPageStatus } from '../machines/product-page.connect.ts';

/** Options of {@link useProductPage}: the machine's input without the handle and cart fields. */
export type ProductPageOptions = Omit<ProductPageInput, 'handle' | 'lines' | 'cartUpdating'>;

/** What {@link useProductPage} returns: the page's view and its events. */
export interface ProductPageApi extends ProductPageView {
  selectOption(name: string, value: string): void;
  clearOption(name: string): void;
  setQuantity(value: string): void;
  /** The add button: to the order in order mode, else to the cart (which then opens its overlay). */
  add(): void;
  retry(): void;
}

/**
 * A product page by handle. The actor is created for the first handle: render the page under
 * `key={handle}` so another product gets a fresh page (and a fresh selection).
 * @example
 * const page = useProductPage(handle, { variantId: search.get('variant') });
 * <button disabled={page.addButton.disabled} onClick={page.add}>{page.addButton.label}</button>
 */
export function useProductPage(handle: string, options: ProductPageOptions = {}): ProductPageApi {
  const { client, storeConfig, environment, queryClient } = useSkimmer();
  const { cart } = useSharedActors();
  const values = useLatest({ client, queryClient });
  // the cart as the server rendered it while hydrating (the machine's add button follows it)
  const lines = useCartSelector((s) => s.context.lines);
  const updating = useCartSelector((s) => s.context.updating);
  // the product from the cache (a server render waits for it; null: the store has none)
  const cached = useCachedRead(options.product !== undefined ? null : productRead(client, handle));
  const product = options.product === undefined && cached !== undefined ? { product: cached } : {};
  const connect = useCallback((s: ProductPageSnapshot) => connectProductPage(s, storeConfig.storeName), [storeConfig.storeName]);
  const input = { ...options, ...product, handle, lines, cartUpdating: updating };
  const { view, actor } = useMachineView(providedProductPageMachine, connect, { input, values: [productPageValues, values] });
  useMachineNotices(actor);
  // the cart's lines and flag flow in; the page's adds flow out to the cart
  useEffect(() => actor.send({ type: 'cart.changed', lines, updating }), [actor, lines, updating]);
  useEffect(() => {
    const sub = actor.on('cart.add', ({ inventoryLevelId, quantity }) => cart.send({ type: 'cart.add', inventoryLevelId, quantity }));
    return () => sub.unsubscribe();
  }, [actor, cart]);
  const productId = view.product?.id;
  const { storage } = environment;
  useEffect(() => {
    if (productId !== undefined) recordRecentlyViewed(storage, productId);
  }, [productId, storage]);
  return {
    ...view,
    selectOption: (name, value) => actor.send({ type: 'option.select', name, value }),
    clearOption: (name) => actor.send({ type: 'option.clear', name }),
    setQuantity: (value) => actor.send({ type: 'quantity.changed', value }),
    add: () => actor.send({ type: 'product.add' }),
    retry: () => actor.send({ type: 'product.retry' }),
  };
}
