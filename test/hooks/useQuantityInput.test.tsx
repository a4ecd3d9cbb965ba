import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QUANTITY_DEBOUNCE_MS } from '../../src/machines/quantity-input.machine.ts';
import { useCart } from '../../src/hooks/useCart.ts';
import { useQuantityInput } from '../../src/hooks/useQuantityInput.ts';
import { useSharedActors } from '../../src/hooks/SharedActorsProvider.tsx';
import { checkoutOf, fakeCartServer, lineItem } from './cart.helpers.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function setup(quantity = 2, stock = 5) {
  const items = [lineItem(1, 11, quantity, 10, stock)];
  const server = fakeCartServer(items);
  const hook = renderHook(() => ({ input: useQuantityInput(1), cart: useCart(), shared: useSharedActors() }), {
    wrapper: wrapper(fakeClient(server.calls), testEnvironment(), { initialData: { auth: { user: null, customer: {} }, checkout: checkoutOf(items) } }),
  });
  // the cart's machine running, as once the page has settled
  await act(() => hook.result.current.shared.loadCart());
  return { server, ...hook };
}

describe('useQuantityInput', () => {
  test('keeps digits only and applies a valid value to the cart after the 800 ms pause', async () => {
    const { result, server } = await setup();
    act(() => result.current.input.change('4a'));
    expect(result.current.input.text).toBe('4');
    await act(() => vi.advanceTimersByTimeAsync(QUANTITY_DEBOUNCE_MS - 1));
    expect(server.calls.setLineItemQuantity).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.calls.setLineItemQuantity).toHaveBeenCalledWith({ inventoryLevelId: 11, quantity: 4 }, expect.anything());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.cart.lines[0]?.quantity).toBe(4);
  });

  test.each([
    ['9', "Can't add more than 5"],
    ['0', 'Quantity must be greater than 0'],
    ['', 'Invalid quantity'],
  ])('a typed %j is refused with %j and not applied', async (typed, message) => {
    const { result, server } = await setup();
    act(() => result.current.input.change(typed));
    await act(() => vi.advanceTimersByTimeAsync(QUANTITY_DEBOUNCE_MS));
    expect(result.current.input.error).toBe(message);
    expect(server.calls.setLineItemQuantity).not.toHaveBeenCalled();
  });

  test('plus and minus apply at once; minus is disabled at 1 and plus at the stock', async () => {
    const { result, server } = await setup(1, 2);
    expect(result.current.input).toMatchObject({ minusDisabled: true, plusDisabled: false });
    act(() => result.current.input.increment());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.calls.setLineItemQuantity).toHaveBeenCalledWith({ inventoryLevelId: 11, quantity: 2 }, expect.anything());
    expect(result.current.input).toMatchObject({ text: '2', minusDisabled: false, plusDisabled: true });
  });

  test('both buttons are disabled while the cart updates', async () => {
    const { result, server } = await setup(2, 5);
    server.hold();
    act(() => void result.current.cart.add(12));
    expect(result.current.input).toMatchObject({ minusDisabled: true, plusDisabled: true });
    await act(async () => server.release());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.input).toMatchObject({ minusDisabled: false, plusDisabled: false });
  });

  test("follows the cart's answer when the line changes elsewhere", async () => {
    const { result } = await setup(2, 5);
    act(() => result.current.cart.setQuantity(1, 3));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.input.text).toBe('3');
  });
});
