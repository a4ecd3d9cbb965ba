/**
 * The product page (spec sections 2, 4 and 8) over `productPageMachine`: loading ('Fetching
 * product...'), error, not found, loaded; option selection and variant matching; the available
 * quantity against the shared cart; add to cart (through the cart actor) and add to order; the
 * breadcrumbs' upper hierarchy. A loaded product is recorded in the recently viewed list.
 * @module
 */
import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { HierarchyEntry, Product, ProductOption, Variant } from '../domain/entities.ts';
import { formatPrice } from '../domain/money.ts';
import { availabilityText, productAvailability, productPageTitle } from '../domain/product-page.ts';
import type { AddButtonState } from '../domain/add-button.ts';
import { chosenValue, type Selection } from '../domain/variants.ts';
import {
  addButtonOfPage,
  availableQuantityOf,
  displayedPriceOf,
  isAddingToOrder,
  productPageMachine,
  productPageStatus,
  selectedVariantOf,
  type ProductPageInput,
} from '../machines/product-page.machine.ts';
import { useSkimmer } from './context.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';
import { useCartSelector } from './useCartSelector.ts';
import { useLatest } from './useLatest.ts';
import { recordRecentlyViewed } from './recently-viewed-store.ts';
import { useMachineNotices } from './useToasts.ts';
import { fetchRead, useCachedRead, type ReadCache } from './query/index.ts';
import { productRead, upperHierarchyRead } from './query/reads.ts';
import { actorValues } from './actor-values.ts';

/** The page's state name. */
export type ProductPageStatus = 'loading' | 'error' | 'notFound' | 'loaded';

/** Options of {@link useProductPage}: the machine's input without the handle and cart fields. */
export type ProductPageOptions = Omit<ProductPageInput, 'handle' | 'lines' | 'cartUpdating'>;

/** An option with the value chosen for it. */
export interface OptionChoice extends ProductOption {
  /** The chosen value, or undefined. */
  chosen: string | undefined;
}

/** What {@link useProductPage} returns. */
export interface ProductPageApi {
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
  selectOption(name: string, value: string): void;
  clearOption(name: string): void;
  setQuantity(value: string): void;
  /** The add button: to the order in order mode, else to the cart (which then opens its overlay). */
  add(): void;
  retry(): void;
}

const productPageValues = actorValues<{ client: ApiClient; queryClient: ReadCache }>('useProductPage');
/** The machine with its calls, over the latest client and read cache of the hook that runs it. */
const providedProductPageMachine = productPageMachine.provide({
  actors: {
    fetchProduct: fromPromise(async ({ input, system }) => {
      const { client, queryClient } = productPageValues.of(system);
      return { product: await fetchRead(queryClient, productRead(client, input.handle)) };
    }),
    addToOrder: fromPromise(({ input, signal, system }) => productPageValues.of(system).client.addRelatedProductToOrder(input.orderId, input.productId, { signal })),
    fetchHierarchy: fromPromise(async ({ input, signal, system }) => {
      const { client, queryClient } = productPageValues.of(system);
      // the server render read it into the page's cache (the breadcrumbs of the first HTML): no second request
      const read = upperHierarchyRead(client, input.collectionId);
      return queryClient.getQueryData<Awaited<ReturnType<typeof read.fetch>>>(read.key) ?? client.upperHierarchy(input.collectionId, { signal });
    }),
  },
});

/**
 * A product page by handle. The actor is created for the first handle: render the page under
 * `key={handle}` so another product gets a fresh page (and a fresh selection).
 *
 * @example
 * const page = useProductPage(handle, { variantId: search.get('variant') });
 * if (page.status === 'loading') return <Spinner label={page.statusText} />;
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
  const actor = productPageValues.bind(
    useActorRef(providedProductPageMachine, {
      input: {
        ...options,
        ...(options.product === undefined && cached !== undefined ? { product: cached } : {}),
        handle,
        lines,
        cartUpdating: updating,
      },
    }),
    values,
  );
  useMachineNotices(actor);

  // the cart's lines and flag flow in; the page's adds flow out to the cart
  useEffect(() => actor.send({ type: 'cart.changed', lines, updating }), [actor, lines, updating]);
  useEffect(() => {
    const sub = actor.on('cart.add', ({ inventoryLevelId, quantity }) => cart.send({ type: 'cart.add', inventoryLevelId, quantity }));
    return () => sub.unsubscribe();
  }, [actor, cart]);

  const snapshot = useSelector(actor, (s) => s);
  const product = snapshot.context.product;
  const productId = product?.id;
  const { storage } = environment;
  useEffect(() => {
    if (productId !== undefined) recordRecentlyViewed(storage, productId);
  }, [productId, storage]);

  const status: ProductPageStatus = snapshot.matches('loaded') ? 'loaded' : snapshot.matches('error') ? 'error' : snapshot.matches('notFound') ? 'notFound' : 'loading';
  const variant = selectedVariantOf(snapshot);
  const price = displayedPriceOf(snapshot);
  const selection = snapshot.context.selection;
  const optionChoices = useMemo(
    () => (product?.Options ?? []).map((option) => ({ ...option, chosen: chosenValue(selection, option.name) })),
    [product, selection],
  );
  return {
    status,
    statusText: productPageStatus(snapshot),
    product,
    title: product ? productPageTitle(product, storeConfig.storeName) : '',
    options: optionChoices,
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
    selectOption: (name, value) => actor.send({ type: 'option.select', name, value }),
    clearOption: (name) => actor.send({ type: 'option.clear', name }),
    setQuantity: (value) => actor.send({ type: 'quantity.changed', value }),
    add: () => actor.send({ type: 'product.add' }),
    retry: () => actor.send({ type: 'product.retry' }),
  };
}
