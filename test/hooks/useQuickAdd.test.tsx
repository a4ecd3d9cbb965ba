import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useQuickAdd } from '../../src/hooks/useQuickAdd.ts';
import { useCart } from '../../src/hooks/useCart.ts';
import { useSharedActors } from '../../src/hooks/SharedActorsProvider.tsx';
import type { ProductCardData } from '../../src/domain/entities.ts';
import { checkoutOf, fakeCartServer, lineItem } from './cart.helpers.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';
import { pump } from './product.helpers.ts';
import { card } from '../ui/pages.helpers.tsx';

/** Cards of the levels in the cart (level 11 holds 2 units) and one the cart does not hold. */
function setup(cards: ProductCardData[]) {
  const server = fakeCartServer([lineItem(1, 11, 2)]);
  const initialData = { auth: { user: null, customer: {} }, checkout: checkoutOf(server.items()) };
  const hook = renderHook(() => ({ buttons: cards.map((c) => useQuickAdd(c)), cart: useCart(), shared: useSharedActors() }), {
    wrapper: wrapper(fakeClient(server.calls), testEnvironment(), { initialData }),
  });
  return { server, ...hook };
}

describe('useQuickAdd', () => {
  test("the label and disabled state follow the domain's rule over the units already in the cart", () => {
    const { result } = setup([
      card(1, { inventoryLevelId: 11, availableQuantity: 5 }),
      card(2, { inventoryLevelId: 11, availableQuantity: 2 }),
      card(3, { inventoryLevelId: 31, availableQuantity: 1 }),
      card(4, { inventoryLevelId: 41, price: 0 }),
      card(5, { inventoryLevelId: null, availableForSale: false }),
    ]);
    expect(result.current.buttons.map((b) => [b.label, b.disabled])).toEqual([
      ['Add to Cart', false],
      // both units in stock are in the cart already
      ['Out of stock', true],
      ['Add to Cart', false],
      // a free product is never added
      ['Add to Cart', true],
      ['Out of stock', true],
    ]);
  });

  test('every button is disabled while the cart updates, and follows a change of the units in the cart', async () => {
    const { result, server } = setup([card(1, { inventoryLevelId: 11, availableQuantity: 3 })]);
    await act(() => result.current.shared.loadCart());
    server.hold();
    let pending!: Promise<unknown>;
    act(() => {
      pending = result.current.cart.add(11);
    });
    expect(result.current.buttons[0]?.disabled).toBe(true);
    await act(async () => {
      server.release();
      await pending;
    });
    // three of three units are in the cart now
    expect(result.current.buttons[0]).toMatchObject({ label: 'Out of stock', disabled: true });
  });

  test('add quick-adds the product by its handle: its first sellable level goes into the cart', async () => {
    const { result, server } = setup([card(1, { handle: 'superflo', inventoryLevelId: 30 })]);
    server.calls.productByHandle = vi.fn(async () => ({ product: pump() }));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.buttons[0]?.add();
    });
    expect(answer).toEqual({ success: true });
    expect(server.calls.productByHandle).toHaveBeenCalledWith('superflo', expect.anything());
    // the pump's first variant in stock is level 10
    await waitFor(() => expect(server.items().map((i) => [i.inventoryLevelId, i.currentQuantity])).toEqual([[11, 2], [10, 1]]));
  });
});
