/**
 * The product page: its add button, the checks before a product is added, and what a failed
 * product fetch, hierarchy or add to order shows.
 *
 * States: loading ('Fetching product...'), error (its message), notFound, loaded. While loaded,
 * the shopper chooses options (variant matching from the domain), a quantity, and adds to the cart
 * or, in order mode, to an existing order. The cart is never reached into: its lines and updating
 * flag arrive by `cart.changed`, and an add is emitted as `cart.add` for the hook to forward.
 *
 * @module
 */
import { and, assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '../api/errors.ts';
import type { AddToOrderResponse, HierarchyResponse } from '../api/types.ts';
import { ADD_TO_ORDER_MESSAGES } from '../domain/cart-calls.ts';
import type { Product, Variant } from '../domain/entities.ts';
import { breadcrumbCollectionId, PRODUCT_PAGE_TEXT } from '../domain/product-page.ts';
import { productAddButton } from '../domain/product-add.ts';
import { checkAddToOrder, digitsOnly, validateQuantity } from '../domain/quantity.ts';
import { ADD_BUTTON_LABELS, type AddButtonState } from '../domain/add-button.ts';
import { SHELL_MESSAGES } from '../domain/shell.ts';
import { addInventoryLevel, availableVariantQuantity, clearOption, displayedPrice, selectedVariant, selectionFromVariantParam, selectOption } from '../domain/variants.ts';
import type { NoticeTone } from './cart.helpers.ts';
import type { ProductPageContext, ProductPageInput, ProductPageEvent, ProductPageEmitted } from './product-page.types.ts';

export type { ProductPageContext, ProductPageInput, ProductPageEvent, ProductPageEmitted } from './product-page.types.ts';

const missing = (name: string) => async (): Promise<never> => {
  throw new Error(`Provide the '${name}' actor`);
};

/** The message of a failed call: the server's error, else the exception's message, else ''. */
function errorText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? (error.kind === 'network' ? error.message : '');
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

/** The selected variant of a loaded page, or null. */
function variantOf(context: ProductPageContext): Variant | null {
  return context.product ? selectedVariant(context.product, context.selection) : null;
}

/** The add button of the page (see `productAddButton`); disabled until the product is loaded. */
function addButtonOf(context: ProductPageContext, orderAddInProgress: boolean): AddButtonState {
  const { product, lines, cartUpdating, orderMode } = context;
  if (product === null) return { disabled: true, label: orderMode ? ADD_BUTTON_LABELS.order : ADD_BUTTON_LABELS.cart, remaining: 0 };
  return productAddButton({ product, variant: variantOf(context), lines, cartUpdating, orderMode, orderAddInProgress });
}

/** Loads a product into the context: the `variant` parameter preselects its options. */
function loadedProduct(context: ProductPageContext, product: Product): Partial<ProductPageContext> {
  return { product, error: null, selection: selectionFromVariantParam(product, context.variantParam), collectionId: context.collectionId ?? breadcrumbCollectionId(product, context.collectionHandle) };
}

/**
 * The product page machine. Actors: fetchProduct ({ handle } to `{ product }`), addToOrder
 * ({ orderId, productId }), fetchHierarchy ({ collectionId } to `{ hierarchy }`; only called when
 * the page has a collection).
 *
 * Choices: a 404 (or an answer without a product) is notFound, any other failure the error state
 * with the failure's message ('Something went wrong. Please try again.' when it has none); choosing
 * or clearing an option resets the quantity to 1; the quantity is checked against the available
 * quantity when adding (its message kept in `quantityError`); add to order is refused without an
 * orderId and order mode (logged, no call); a `{ success: false }` answer counts as a non-ok response; the
 * add button follows `productAddButton` (src/domain/product-add.ts).
 *
 * @example
 * const page = createActor(productPageMachine.provide({ actors }), { input: { handle, variantId: params.get('variant') } }).start();
 * page.on('cart.add', ({ inventoryLevelId, quantity }) => cart.send({ type: 'cart.add', inventoryLevelId, quantity }));
 */
export const productPageMachine = setup({
  types: {
    context: {} as ProductPageContext,
    events: {} as ProductPageEvent,
    input: {} as ProductPageInput,
    emitted: {} as ProductPageEmitted,
  },
  actors: {
    fetchProduct: fromPromise<{ product?: Product | null }, { handle: string }>(missing('fetchProduct')),
    addToOrder: fromPromise<AddToOrderResponse, { orderId: number; productId: number }>(missing('addToOrder')),
    fetchHierarchy: fromPromise<HierarchyResponse, { collectionId: number }>(missing('fetchHierarchy')),
  },
  guards: {
    hasProduct: ({ context }) => context.product !== null,
    hasCollection: ({ context }) => context.collectionId !== null,
    mayAdd: ({ context }) => !addButtonOf(context, false).disabled,
    orderMode: ({ context }) => context.orderMode,
    orderReady: ({ context }) => checkAddToOrder(context).ok,
    quantityValid: ({ context }) => {
      const variant = variantOf(context);
      return variant !== null && validateQuantity(context.quantityText, { availableQuantity: availableVariantQuantity(variant, context.lines), availableForSale: variant.availableForSale }).ok;
    },
  },
  actions: {
    refuseQuantity: assign({
      quantityError: ({ context }) => {
        const variant = variantOf(context);
        const result = validateQuantity(context.quantityText, { availableQuantity: variant ? availableVariantQuantity(variant, context.lines) : 0, availableForSale: variant?.availableForSale ?? false });
        return result.ok ? null : result.error;
      },
    }),
    emitCartAdd: emit(({ context }) => {
      const variant = variantOf(context);
      const level = variant ? addInventoryLevel(variant) : null;
      return { type: 'cart.add' as const, inventoryLevelId: level?.id ?? Number.NaN, quantity: Number(context.quantityText) };
    }),
    orderNotice: assign({ notice: (_, params: { tone: NoticeTone; message: string }) => params }),
    notify: emit((_, params: { tone: NoticeTone; message: string }) => ({ type: 'notify' as const, ...params })),
    log: emit((_, params: { message: string }) => ({ type: 'log' as const, ...params })),
  },
}).createMachine({
  id: 'productPage',
  context: ({ input }) => ({
    handle: input.handle,
    product: input.product ?? null,
    error: null,
    variantParam: input.variantId == null ? null : String(input.variantId),
    selection: {},
    quantityText: '1',
    quantityError: null,
    lines: input.lines ?? [],
    cartUpdating: input.cartUpdating ?? false,
    orderId: input.orderId ?? null,
    orderMode: input.orderMode ?? false,
    collectionId: input.collectionId ?? null,
    collectionHandle: input.collectionHandle ?? null,
    hierarchy: [],
    notice: null,
  }),
  on: {
    'cart.changed': { actions: assign(({ context, event }) => ({ lines: event.lines, cartUpdating: event.updating ?? context.cartUpdating })) },
  },
  initial: 'init',
  states: {
    init: {
      always: [
        { guard: 'hasProduct', target: 'loaded', actions: assign(({ context }) => (context.product ? loadedProduct(context, context.product) : {})) },
        // The init event carries the input: a product given as null was not found on the server.
        { guard: ({ event }) => (event as { input?: ProductPageInput }).input?.product === null, target: 'notFound' },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        src: 'fetchProduct',
        input: ({ context }) => ({ handle: context.handle }),
        onDone: [
          { guard: ({ event }) => Boolean(event.output?.product), target: 'loaded', actions: assign(({ context, event }) => loadedProduct(context, event.output.product as Product)) },
          { target: 'notFound' },
        ],
        onError: [
          { guard: ({ event }) => isApiError(event.error) && event.error.status === 404, target: 'notFound' },
          { target: 'error', actions: assign({ error: ({ event }) => errorText(event.error) || SHELL_MESSAGES.generic }) },
        ],
      },
    },
    error: { on: { 'product.retry': { target: 'loading', actions: assign({ error: null }) } } },
    notFound: {},
    loaded: {
      type: 'parallel',
      on: {
        'option.select': { actions: assign(({ context, event }) => ({ selection: selectOption(context.selection, event.name, event.value), quantityText: '1', quantityError: null })) },
        'option.clear': { actions: assign(({ context, event }) => ({ selection: clearOption(context.selection, event.name), quantityText: '1', quantityError: null })) },
        'quantity.changed': { actions: assign({ quantityText: ({ event }) => digitsOnly(event.value), quantityError: null }) },
      },
      states: {
        order: {
          initial: 'ready',
          states: {
            ready: {
              on: {
                'product.add': [
                  { guard: not('mayAdd') },
                  { guard: and(['orderMode', 'orderReady']), target: 'addingToOrder' },
                  { guard: 'orderMode', actions: { type: 'log', params: { message: 'Product page: add to order needs an orderId and order mode' } } },
                  { guard: 'quantityValid', actions: ['emitCartAdd', assign({ quantityError: null })] },
                  { actions: 'refuseQuantity' },
                ],
              },
            },
            addingToOrder: {
              invoke: {
                src: 'addToOrder',
                input: ({ context }) => {
                  const check = checkAddToOrder(context);
                  return { orderId: check.ok ? check.orderId : Number.NaN, productId: context.product?.id ?? Number.NaN };
                },
                onDone: [
                  // the outcome shows once, as the notice beside the button (it was also a toast)
                  { guard: ({ event }) => event.output?.success === false, target: 'ready', actions: { type: 'orderNotice', params: { tone: 'error', message: ADD_TO_ORDER_MESSAGES.failed } } },
                  { target: 'ready', actions: { type: 'orderNotice', params: { tone: 'success', message: ADD_TO_ORDER_MESSAGES.success } } },
                ],
                onError: {
                  target: 'ready',
                  actions: [
                    { type: 'orderNotice', params: ({ event }) => ({ tone: 'error', message: errorText(event.error) || ADD_TO_ORDER_MESSAGES.failed }) },
                  ],
                },
              },
            },
          },
        },
        hierarchy: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasCollection', target: 'loading' }, { target: 'done' }] },
            loading: {
              invoke: {
                src: 'fetchHierarchy',
                input: ({ context }) => ({ collectionId: context.collectionId ?? Number.NaN }),
                onDone: { target: 'done', actions: assign({ hierarchy: ({ event }) => event.output?.hierarchy?.default ?? [] }) },
                onError: { target: 'done', actions: { type: 'notify', params: ({ event }) => ({ tone: 'danger', message: errorText(event.error) || SHELL_MESSAGES.generic }) } },
              },
            },
            done: {},
          },
        },
      },
    },
  },
});

/** A product page snapshot. */
export type ProductPageSnapshot = SnapshotFrom<typeof productPageMachine>;

/**
 * The status line of the page: 'Fetching product...' while loading, the error's message in the
 * error state, else null.
 */
export function productPageStatus(snapshot: ProductPageSnapshot): string | null {
  if (snapshot.matches('loading') || snapshot.matches('init')) return PRODUCT_PAGE_TEXT.loading;
  return snapshot.matches('error') ? snapshot.context.error : null;
}

/** The selected variant: the only one, or the one matching every chosen option; null before that. */
export function selectedVariantOf(snapshot: Pick<ProductPageSnapshot, 'context'>): Variant | null {
  return variantOf(snapshot.context);
}

/** The price shown: the product price until a variant is selected, then the variant's. */
export function displayedPriceOf(snapshot: Pick<ProductPageSnapshot, 'context'>): number | null {
  const { product } = snapshot.context;
  return product ? displayedPrice(product, variantOf(snapshot.context)) : null;
}

/**
 * Units the shopper may still add: the selected variant's quantity (Infinity when a level allows
 * negative quantity) minus what the cart holds of it; 0 before a variant is selected.
 */
export function availableQuantityOf(snapshot: Pick<ProductPageSnapshot, 'context'>): number {
  const variant = variantOf(snapshot.context);
  return variant ? availableVariantQuantity(variant, snapshot.context.lines) : 0;
}

/** Whether an add to the order is in flight. */
export function isAddingToOrder(snapshot: ProductPageSnapshot): boolean {
  return snapshot.matches({ loaded: { order: 'addingToOrder' } });
}

/** The add button: disabled flag, label ('Add to Order', 'Add to Cart', 'Out of stock') and remaining units. */
export function addButtonOfPage(snapshot: ProductPageSnapshot): AddButtonState {
  return addButtonOf(snapshot.context, isAddingToOrder(snapshot));
}
