import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors.ts';
import type { AddToOrderResponse, HierarchyResponse } from '../../src/api/types.ts';
import type { Product } from '../../src/domain/entities.ts';
import { variantOptionValue } from '../../src/domain/variants.ts';
import { MAX_LINE_QUANTITY } from '../../src/domain/cart.ts';
import {
  addButtonOfPage,
  availableQuantityOf,
  displayedPriceOf,
  isAddingToOrder,
  productPageMachine,
  productPageStatus,
  selectedVariantOf,
  type ProductPageEmitted,
  type ProductPageInput,
} from '../../src/machines/product-page.machine.ts';
import { makeCartLine, makeLevel, makeProduct, makePump, makeVariant } from '../domain/catalogue.helpers.ts';

type Fakes = Parameters<typeof productPageMachine.provide>[0]['actors'];

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

const product = makeProduct({ Variants: [makeVariant({ id: 101, price: 25, availableQuantity: 10 })] });
const fetchOk = (p: Product) => fromPromise<{ product?: Product | null }, { handle: string }>(async () => ({ product: p }));

function start(input: ProductPageInput, fakes: Fakes = {}) {
  const actor = createActor(productPageMachine.provide({ actors: fakes }), { input });
  const emitted: ProductPageEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

const loaded = (input: Partial<ProductPageInput> = {}, fakes: Fakes = {}) => start({ handle: 'pool-pump', product, ...input }, fakes);

describe('loading', () => {
  test("shows 'Fetching product...' while the product is fetched by handle", async () => {
    const call = deferred<{ product?: Product | null }>();
    const fetchProduct = vi.fn(() => call.promise);
    const { actor } = start({ handle: 'pool-pump' }, { fetchProduct: fromPromise(fetchProduct) });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(productPageStatus(actor.getSnapshot())).toBe('Fetching product...');
    expect(fetchProduct).toHaveBeenCalledWith(expect.objectContaining({ input: { handle: 'pool-pump' } }));
    call.resolve({ product });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.product).toEqual(product);
    expect(productPageStatus(actor.getSnapshot())).toBeNull();
  });

  test('starts loaded from the product in its input, without fetching (server rendering)', () => {
    const fetchProduct = vi.fn(async (): Promise<{ product?: Product | null }> => ({ product }));
    const { actor } = loaded({}, { fetchProduct: fromPromise(fetchProduct) });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(fetchProduct).not.toHaveBeenCalled();
  });

  test.each([
    ['a 404', async () => Promise.reject(new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 404, serverMessage: 'Product not found' }))],
    ['an answer without a product', async () => ({ product: null })],
  ])('is not found after %s', async (_name, fetch) => {
    const { actor } = start({ handle: 'gone' }, { fetchProduct: fromPromise<{ product?: Product | null }, { handle: string }>(fetch) });
    await waitFor(actor, (s) => s.matches('notFound'));
  });

  test('is not found at once when the input product is null', () => {
    const { actor } = start({ handle: 'gone', product: null });
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
  });

  test.each([
    ['an exception', new Error('Network down'), 'Network down'],
    ['a server error field', new ApiError('x', { kind: 'server', serverMessage: 'Catalogue offline' }), 'Catalogue offline'],
    ['a bare 500', new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 500 }), 'Something went wrong. Please try again.'],
  ])('shows the message of %s in the error state, and retries', async (_name, error, message) => {
    let calls = 0;
    const fetchProduct = fromPromise<{ product?: Product | null }, { handle: string }>(async () => {
      calls += 1;
      if (calls === 1) throw error;
      return { product };
    });
    const { actor } = start({ handle: 'pool-pump' }, { fetchProduct });
    await waitFor(actor, (s) => s.matches('error'));
    expect(productPageStatus(actor.getSnapshot())).toBe(message);
    actor.send({ type: 'product.retry' });
    await waitFor(actor, (s) => s.matches('loaded'));
  });
});

describe('variants', () => {
  const pump = makePump();

  test('a single variant is auto-selected and its price shown', () => {
    const { actor } = loaded();
    expect(selectedVariantOf(actor.getSnapshot())?.id).toBe(101);
    expect(displayedPriceOf(actor.getSnapshot())).toBe(25);
  });

  test('shows the product price until every option is chosen, then selects the matching variant', () => {
    const { actor } = loaded({ product: pump });
    expect(displayedPriceOf(actor.getSnapshot())).toBe(100);
    actor.send({ type: 'option.select', name: 'Size', value: '2 HP' });
    expect(selectedVariantOf(actor.getSnapshot())).toBeNull();
    expect(displayedPriceOf(actor.getSnapshot())).toBe(100);
    actor.send({ type: 'option.select', name: 'Voltage', value: '230' });
    expect(selectedVariantOf(actor.getSnapshot())?.id).toBe(203);
    expect(displayedPriceOf(actor.getSnapshot())).toBe(150);
  });

  test('clearing an option deselects the variant', () => {
    const { actor } = loaded({ product: pump, variantId: '202' });
    expect(selectedVariantOf(actor.getSnapshot())?.id).toBe(202);
    actor.send({ type: 'option.clear', name: 'Voltage' });
    expect(selectedVariantOf(actor.getSnapshot())).toBeNull();
    expect(displayedPriceOf(actor.getSnapshot())).toBe(100);
  });

  test.each([
    ['203', 203],
    [202, 202],
    ['999', null],
    ['abc', null],
  ])('the variant parameter %s preselects variant %s', async (variantId, id) => {
    const { actor } = start({ handle: 'pump', variantId }, { fetchProduct: fetchOk(pump) });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectedVariantOf(actor.getSnapshot())?.id ?? null).toBe(id);
  });

  test('a selected variant always matches every chosen option (property)', () => {
    const choice = fc.record({ name: fc.constantFrom('Size', 'Voltage'), value: fc.constantFrom('1 HP', '2 HP', '115', '230', ''), clear: fc.boolean() });
    fc.assert(
      fc.property(fc.array(choice, { maxLength: 8 }), (choices) => {
        const { actor } = loaded({ product: pump });
        for (const c of choices) actor.send(c.clear ? { type: 'option.clear', name: c.name } : { type: 'option.select', name: c.name, value: c.value });
        const { selection } = actor.getSnapshot().context;
        const variant = selectedVariantOf(actor.getSnapshot());
        if (variant === null) expect(displayedPriceOf(actor.getSnapshot())).toBe(pump.price);
        else for (const [name, value] of Object.entries(selection)) expect(variantOptionValue(variant, name)).toBe(value);
        actor.stop();
      }),
    );
  });
});

describe('available quantity and add to cart', () => {
  // makeVariant gives variant 101 the level 1010
  const inCart = (quantity: number) => [makeCartLine({ inventoryLevelId: 1010, quantity })];

  test('is the variant quantity minus what the cart holds, updated by cart.changed', () => {
    const { actor } = loaded();
    expect(availableQuantityOf(actor.getSnapshot())).toBe(10);
    actor.send({ type: 'cart.changed', lines: inCart(3) });
    expect(availableQuantityOf(actor.getSnapshot())).toBe(7);
  });

  test('is the line cap less the cart when an inventory level allows negative quantity', () => {
    const unlimited = makeProduct({ Variants: [makeVariant({ id: 101, availableQuantity: 0, availableInventoryLevels: [makeLevel({ id: 1010, bypassNegativeQuantity: true })] })] });
    const { actor } = loaded({ product: unlimited, lines: inCart(50) });
    expect(availableQuantityOf(actor.getSnapshot())).toBe(MAX_LINE_QUANTITY - 50);
  });

  test('product.add emits the cart add of the variant level with the quantity typed (digits only)', () => {
    const { actor, emitted } = loaded();
    actor.send({ type: 'quantity.changed', value: '3x' });
    actor.send({ type: 'product.add' });
    expect(emitted).toEqual([{ type: 'cart.add', inventoryLevelId: 1010, quantity: 3 }]);
  });

  test.each([
    ['8', "Can't add more than 7"],
    ['0', 'Quantity must be greater than 0'],
    ['', 'Invalid quantity'],
  ])("refuses quantity '%s' with %s and adds nothing", (value, error) => {
    const { actor, emitted } = loaded({ lines: inCart(3) });
    actor.send({ type: 'quantity.changed', value });
    actor.send({ type: 'product.add' });
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.quantityError).toBe(error);
  });

  test.each([
    ['the cart is updating', { cartUpdating: true }, 'Add to Cart'],
    ['the price is 0', { product: makeProduct({ Variants: [makeVariant({ id: 101, price: 0 })] }) }, 'Add to Cart'],
    ['the variant is not for sale', { product: makeProduct({ Variants: [makeVariant({ id: 101, availableForSale: false })] }) }, 'Out of stock'],
    ['the cart holds all the stock', { lines: inCart(10) }, 'Out of stock'],
    ['no option is chosen yet', { product: makePump() }, 'Add to Cart'],
  ])('the add button is disabled when %s', (_name, input, label) => {
    const { actor, emitted } = loaded(input);
    expect(addButtonOfPage(actor.getSnapshot())).toMatchObject({ disabled: true, label });
    actor.send({ type: 'product.add' });
    expect(emitted).toEqual([]);
  });

  test('the add button is enabled and reads Add to Cart for a sellable variant', () => {
    const { actor } = loaded();
    expect(addButtonOfPage(actor.getSnapshot())).toEqual({ disabled: false, label: 'Add to Cart', remaining: 10 });
  });

  test('choosing an option resets the quantity to 1', () => {
    const { actor } = loaded({ product: makePump() });
    actor.send({ type: 'quantity.changed', value: '4' });
    actor.send({ type: 'option.select', name: 'Size', value: '1 HP' });
    expect(actor.getSnapshot().context.quantityText).toBe('1');
  });
});

describe('add to order', () => {
  const order = { orderMode: true, orderId: '1024' };
  const withOrder = (answer: () => Promise<AddToOrderResponse>) => fromPromise<AddToOrderResponse, { orderId: number; productId: number }>(answer);

  test("reads 'Add to Order' and adds the product to the order, with the success message", async () => {
    const addToOrder = vi.fn(async (): Promise<AddToOrderResponse> => null);
    const { actor, emitted } = loaded(order, { addToOrder: fromPromise(addToOrder) });
    expect(addButtonOfPage(actor.getSnapshot()).label).toBe('Add to Order');
    actor.send({ type: 'product.add' });
    expect(isAddingToOrder(actor.getSnapshot())).toBe(true);
    expect(addButtonOfPage(actor.getSnapshot()).disabled).toBe(true);
    await waitFor(actor, (s) => !isAddingToOrder(s));
    expect(addToOrder).toHaveBeenCalledWith(expect.objectContaining({ input: { orderId: 1024, productId: 1 } }));
    const message = "You've added this product to your order. Expect hearing from us soon.";
    // issue 18, defect 10: shown once, as the notice beside the button (no toast as well)
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', message });
  });

  test.each([
    ['a non-ok answer', withOrder(async () => Promise.reject(new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 500 }))), 'Failed to add product to order'],
    ['a { success: false } answer', withOrder(async () => ({ success: false })), 'Failed to add product to order'],
    ['a server error field', withOrder(async () => Promise.reject(new ApiError('x', { kind: 'http', status: 409, serverMessage: 'Order already shipped' }))), 'Order already shipped'],
    ['a network exception', withOrder(async () => Promise.reject(new TypeError('Failed to fetch'))), 'Failed to fetch'],
  ])('shows %s as an error: %s', async (_name, addToOrder, message) => {
    const { actor, emitted } = loaded(order, { addToOrder });
    actor.send({ type: 'product.add' });
    await waitFor(actor, (s) => !isAddingToOrder(s));
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'error', message });
  });

  test.each([
    ['an orderId', { orderMode: true, orderId: null }],
    ['a numeric orderId', { orderMode: true, orderId: 'abc' }],
  ])('needs %s: no call without it', (_name, input) => {
    const addToOrder = vi.fn(async (): Promise<AddToOrderResponse> => null);
    const { actor } = loaded(input, { addToOrder: fromPromise(addToOrder) });
    actor.send({ type: 'product.add' });
    expect(addToOrder).not.toHaveBeenCalled();
    expect(isAddingToOrder(actor.getSnapshot())).toBe(false);
  });

  test('without order mode the add goes to the cart, not the order', () => {
    const addToOrder = vi.fn(async (): Promise<AddToOrderResponse> => null);
    const { actor, emitted } = loaded({ orderId: 1024 }, { addToOrder: fromPromise(addToOrder) });
    actor.send({ type: 'product.add' });
    expect(addToOrder).not.toHaveBeenCalled();
    expect(emitted).toEqual([{ type: 'cart.add', inventoryLevelId: 1010, quantity: 1 }]);
  });
});

describe('hierarchy', () => {
  const inCollection = makeProduct({ ...product, Collections: [{ id: 7 }] });
  const hierarchy: HierarchyResponse = { hierarchy: { default: [{ id: 7, title: 'Pumps', handle: 'pumps', LEVEL: 1 }] } };

  test("loads the product's collection hierarchy for the breadcrumbs", async () => {
    const fetchHierarchy = vi.fn(async () => hierarchy);
    const { actor } = loaded({ product: inCollection }, { fetchHierarchy: fromPromise(fetchHierarchy) });
    await waitFor(actor, (s) => s.context.hierarchy.length > 0);
    expect(fetchHierarchy).toHaveBeenCalledWith(expect.objectContaining({ input: { collectionId: 7 } }));
  });

  test.each([
    ['the collection of the path', 'motors', 9],
    ['the first collection when the path names none', null, 7],
    ['the first collection when the product is not in the path collection', 'heaters', 7],
  ] as const)('takes the hierarchy of %s', async (_case, collectionHandle, expected) => {
    const inTwo = makeProduct({ ...product, Collections: [{ id: 7, handle: 'pumps' }, { id: 9, handle: 'motors' }] });
    const fetchHierarchy = vi.fn(async () => hierarchy);
    const { actor } = loaded({ product: inTwo, collectionHandle }, { fetchHierarchy: fromPromise(fetchHierarchy) });
    await waitFor(actor, (s) => s.matches({ loaded: { hierarchy: 'done' } }));
    expect(fetchHierarchy).toHaveBeenCalledWith(expect.objectContaining({ input: { collectionId: expected } }));
  });

  test('a hierarchy error is a danger notice', async () => {
    const { actor, emitted } = loaded({ product: inCollection }, { fetchHierarchy: fromPromise(async (): Promise<HierarchyResponse> => Promise.reject(new Error('No hierarchy'))) });
    await waitFor(actor, (s) => s.matches({ loaded: { hierarchy: 'done' } }));
    expect(emitted).toEqual([{ type: 'notify', tone: 'danger', message: 'No hierarchy' }]);
  });

  test('is not fetched for a product outside any collection', () => {
    const fetchHierarchy = vi.fn(async () => hierarchy);
    const { actor } = loaded({}, { fetchHierarchy: fromPromise(fetchHierarchy) });
    expect(fetchHierarchy).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ loaded: { hierarchy: 'done' } })).toBe(true);
  });
});
