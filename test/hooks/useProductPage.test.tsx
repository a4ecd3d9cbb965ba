import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '../../src/api/errors.ts';
import type { ProductResponse } from '../../src/api/types.ts';
import { RECENTLY_VIEWED_STORAGE_KEY } from '../../src/domain/recently-viewed.ts';
import { createMemoryStorage } from '../../src/hooks/environment.ts';
import { useCart } from '../../src/hooks/useCart.ts';
import { useProductPage, type ProductPageOptions } from '../../src/hooks/useProductPage.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { checkoutOf, fakeCartServer, lineItem } from './cart.helpers.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';
import { pump, variant } from './product.helpers.ts';

function setup(options: ProductPageOptions = {}, fetch: () => Promise<ProductResponse> = async () => ({ product: pump() }), cartItems = [] as ReturnType<typeof lineItem>[]) {
  const server = fakeCartServer(cartItems);
  const storage = createMemoryStorage();
  const calls = {
    ...server.calls,
    productByHandle: vi.fn(fetch),
    upperHierarchy: vi.fn(async () => ({ hierarchy: { default: [{ id: 7, title: 'Pumps', handle: 'pumps', LEVEL: 1 }] } })),
    addRelatedProductToOrder: vi.fn(async () => ({ success: true })),
  };
  const hook = renderHook(() => ({ page: useProductPage('superflo', options), cart: useCart(), toasts: useToasts() }), {
    wrapper: wrapper(fakeClient(calls), testEnvironment({ storage }), {
      initialData: { auth: { user: null, customer: {} }, checkout: checkoutOf(cartItems) },
    }),
  });
  return { calls, server, storage, ...hook };
}

describe('useProductPage', () => {
  test("shows 'Fetching product...' while loading, then the product with its title", async () => {
    const { result } = setup();
    expect(result.current.page).toMatchObject({ status: 'loading', statusText: 'Fetching product...' });
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    expect(result.current.page).toMatchObject({ statusText: null, title: 'SuperFlo Pump - Skimmer' });
  });

  test('a 404 is the not-found state; another failure the error state with its message', async () => {
    const missing = setup({}, async () => {
      throw new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 404 });
    });
    await waitFor(() => expect(missing.result.current.page.status).toBe('notFound'));
    const broken = setup({}, async () => {
      throw new Error('Database offline');
    });
    await waitFor(() => expect(broken.result.current.page.status).toBe('error'));
    expect(broken.result.current.page.statusText).toBe('Database offline');
  });

  test('shows the product price until all options are chosen, then the matching variant; clearing deselects', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    expect(result.current.page).toMatchObject({ variant: null, priceText: '$400.00' });
    act(() => result.current.page.selectOption('Size', '1.5 HP'));
    expect(result.current.page.variant).toBeNull();
    act(() => result.current.page.selectOption('Voltage', '230V'));
    expect(result.current.page.variant?.id).toBe(4);
    expect(result.current.page.priceText).toBe('$460.00');
    expect(result.current.page.options.map((o) => o.chosen)).toEqual(['1.5 HP', '230V']);
    act(() => result.current.page.clearOption('Voltage'));
    expect(result.current.page.variant).toBeNull();
  });

  test('one variant is selected at once with its price', async () => {
    const single = pump({ Options: [], Variants: [{ ...variant(9, 'x', 'y', 99, 4), title: 'Default Title', Options: [] }] });
    const { result } = setup({}, async () => ({ product: single }));
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    expect(result.current.page).toMatchObject({ priceText: '$99.00', availableQuantity: 4 });
    expect(result.current.page.variant?.id).toBe(9);
  });

  test('the available quantity is the variant stock minus what the cart holds; the variant param preselects', async () => {
    const { result } = setup({ variantId: 3 }, undefined, [lineItem(1, 30, 2)]);
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    expect(result.current.page.variant?.id).toBe(3);
    expect(result.current.page.availableQuantity).toBe(3);
    expect(result.current.page.availabilityText).toBe('In Stock and Ready to Ship!!!');
  });

  test('add sends the variant to the shared cart, which opens its overlay with the success toast', async () => {
    const { result, server } = setup({ variantId: 3 });
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    act(() => result.current.page.setQuantity('2'));
    act(() => result.current.page.add());
    await waitFor(() => expect(result.current.cart.lines).toHaveLength(1));
    expect(server.calls.addLineItem).toHaveBeenCalledWith({ inventoryLevelId: 30, quantity: 2 }, expect.anything());
    expect(result.current.cart.overlayOpen).toBe(true);
    expect(result.current.page.availableQuantity).toBe(3);
    expect(result.current.toasts.toasts.map((t) => t.message)).toContain('Product added to cart');
  });

  test('a quantity above the available one is refused with its message, without a call', async () => {
    const { result, server } = setup({ variantId: 4 });
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    act(() => result.current.page.setQuantity('5'));
    act(() => result.current.page.add());
    expect(result.current.page.quantityError).toBe("Can't add more than 2");
    expect(server.calls.addLineItem).not.toHaveBeenCalled();
  });

  test("the button reads 'Out of stock' and is disabled for a variant without stock", async () => {
    const { result } = setup({ variantId: 2 });
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    expect(result.current.page.addButton).toMatchObject({ disabled: true, label: 'Out of stock' });
  });

  test("in order mode the button reads 'Add to Order' and adds the product to the order with the success message", async () => {
    const { result, calls } = setup({ variantId: 3, orderMode: true, orderId: 88 });
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    expect(result.current.page.addButton.label).toBe('Add to Order');
    act(() => result.current.page.add());
    await waitFor(() => expect(result.current.page.notice?.tone).toBe('success'));
    expect(calls.addRelatedProductToOrder).toHaveBeenCalledWith(88, 501, expect.anything());
    expect(result.current.page.notice?.message).toBe("You've added this product to your order. Expect hearing from us soon.");
  });

  test("loads the breadcrumbs' upper hierarchy and records the product as recently viewed", async () => {
    const { result, calls, storage } = setup();
    await waitFor(() => expect(result.current.page.hierarchy).toHaveLength(1));
    expect(calls.upperHierarchy).toHaveBeenCalledWith(7, expect.anything());
    expect(storage.get(RECENTLY_VIEWED_STORAGE_KEY)).toBe('[501]');
  });

  test('a server-rendered product starts loaded without a fetch', () => {
    const { result, calls } = setup({ product: pump() });
    expect(result.current.page.status).toBe('loaded');
    expect(calls.productByHandle).not.toHaveBeenCalled();
  });
});
