import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { useCart } from '../../src/hooks/useCart.ts';
import { useCartLine } from '../../src/hooks/useCartLine.ts';
import { useSharedActors } from '../../src/hooks/SharedActorsProvider.tsx';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { checkoutOf, fakeCartServer, lineItem } from './cart.helpers.ts';
import { fakeClient, fakeViewport, testEnvironment, wrapper } from './hooks.helpers.tsx';

function setup(initial = [lineItem(1, 11, 2)], options: { fetch?: boolean; width?: number } = {}) {
  const server = fakeCartServer(initial);
  const env = testEnvironment({ viewport: fakeViewport(options.width ?? 1280) });
  const initialData = options.fetch ? { auth: { user: null, customer: {} } } : { auth: { user: null, customer: {} }, checkout: checkoutOf(initial) };
  const hook = renderHook(
    () => ({ cart: useCart(), other: useCart(), line: useCartLine(initial[0]?.id ?? 1), toasts: useToasts(), shared: useSharedActors() }),
    { wrapper: wrapper(fakeClient(server.calls), env, { initialData }) },
  );
  return { server, env, ...hook };
}

describe('useCart', () => {
  test('fetches the checkout on start when no server data was given (the startup fetch)', async () => {
    const { result, server } = setup([lineItem(1, 11, 2)], { fetch: true });
    expect(result.current.cart.updating).toBe(true);
    await waitFor(() => expect(result.current.cart.updating).toBe(false));
    expect(server.calls.getCheckout).toHaveBeenCalledTimes(1);
    expect(result.current.cart.lines.map((l) => [l.lineItemId, l.quantity])).toEqual([[1, 2]]);
  });

  test('server data starts the cart loaded, without a call', () => {
    const { result, server } = setup();
    expect(result.current.cart).toMatchObject({ updating: false, empty: false, itemCount: 2 });
    expect(server.calls.getCheckout).not.toHaveBeenCalled();
  });

  test('add merges into the line of the same inventory level, answers success, shows the toast and opens the overlay', async () => {
    const { result } = setup();
    let answer: unknown;
    await act(async () => {
      answer = await result.current.cart.add(11);
    });
    expect(answer).toEqual({ success: true });
    expect(result.current.cart.lines.map((l) => [l.inventoryLevelId, l.quantity])).toEqual([[11, 3]]);
    expect(result.current.cart.overlay).toBe('shown');
    expect(result.current.toasts.toasts.map((t) => [t.tone, t.message])).toEqual([['success', 'Product added to cart']]);
  });

  test('every component sees the same cart and the same updating flag', async () => {
    const { result, server } = setup();
    // the machine running (as once the page has settled): a request is sent at once
    await act(() => result.current.shared.loadCart());
    server.hold();
    let pending!: Promise<unknown>;
    act(() => {
      pending = result.current.cart.add(12, 2);
    });
    expect(result.current.other.updating).toBe(true);
    expect(result.current.line.plusDisabled).toBe(true);
    expect(result.current.cart.canApplyCoupon).toBe(false);
    await act(async () => {
      server.release();
      await pending;
    });
    expect(result.current.other.lines.map((l) => l.inventoryLevelId)).toEqual([11, 12]);
    expect(result.current.other.updating).toBe(false);
  });

  test('changes sent while a request is in flight are applied in order, none dropped', async () => {
    const { result, server } = setup();
    server.hold();
    act(() => {
      void result.current.cart.add(12);
      result.current.cart.setQuantity(1, 5);
      void result.current.cart.add(13);
    });
    await act(async () => server.release());
    await waitFor(() => expect(result.current.cart.updating).toBe(false));
    expect(result.current.cart.lines.map((l) => [l.inventoryLevelId, l.quantity])).toEqual([[11, 5], [12, 1], [13, 1]]);
  });

  test('a failed add answers the server error and shows it as a danger toast', async () => {
    const { result, server } = setup();
    vi.mocked(server.calls.addLineItem!).mockRejectedValueOnce(new Error('Out of stock at this warehouse'));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.cart.add(11);
    });
    expect(answer).toEqual({ success: false, error: 'Out of stock at this warehouse' });
    expect(result.current.toasts.toasts.map((t) => [t.tone, t.message])).toEqual([['danger', 'Out of stock at this warehouse']]);
  });

  test("an answer without a checkout reads \"Couldn't update cart.\"", async () => {
    const { result, server } = setup();
    vi.mocked(server.calls.addLineItem!).mockResolvedValueOnce({ checkout: null });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.cart.add(11);
    });
    expect(answer).toEqual({ success: false, error: "Couldn't update cart." });
  });

  test('an add the machine would ignore (quantity 0) answers a failure at once, without a call', async () => {
    const { result, server } = setup();
    await expect(result.current.cart.add(11, 0)).resolves.toEqual({ success: false, error: 'Invalid cart request.' });
    expect(server.calls.addLineItem).not.toHaveBeenCalled();
  });

  test('delete and set quantity replace the cart with the answer', async () => {
    const { result } = setup([lineItem(1, 11, 2), lineItem(2, 12, 1)]);
    act(() => result.current.cart.setQuantity(2, 4));
    await waitFor(() => expect(result.current.cart.lines.find((l) => l.lineItemId === 2)?.quantity).toBe(4));
    act(() => result.current.cart.remove(1));
    await waitFor(() => expect(result.current.cart.lines.map((l) => l.lineItemId)).toEqual([2]));
  });

  test('totals show the store currency to 2 decimals, FREE shipping at 0, and the discount', async () => {
    const { result } = setup([lineItem(1, 11, 2, 12.5)]);
    expect(result.current.cart.totals).toMatchObject({ subtotal: '$25.00', hasDiscount: false, shipping: 'FREE', total: '$25.00' });
    await act(async () => void (await result.current.cart.applyCoupon('SPLASH10')));
    expect(result.current.cart.totals).toMatchObject({ subtotal: '$25.00', discount: '-$2.50', total: '$22.50' });
  });

  test('with a discount the totals read the subtotal of the lines, the discount, shipping and subtotal - discount + shipping (issue 18)', () => {
    const items = [lineItem(1, 11, 1, 113.95)];
    const server = fakeCartServer(items);
    const env = testEnvironment({ viewport: fakeViewport(1280) });
    const checkout = checkoutOf(items, { subtotalPrice: 102.56, totalPrice: 102.56, CheckoutShippingLine: { price: 0 }, DiscountCodes: [{ code: 'SAVE10', Discount: { title: '10% off' } }] });
    const { result } = renderHook(() => useCart(), { wrapper: wrapper(fakeClient(server.calls), env, { initialData: { auth: { user: null, customer: {} }, checkout } }) });
    expect(result.current.totals).toMatchObject({ subtotal: '$113.95', discount: '-$11.39', shipping: 'FREE', total: '$102.56' });
  });

  test('an applied coupon shows its message and bumps the input reset; a failed one shows the returned error', async () => {
    const { result } = setup();
    await act(async () => void (await result.current.cart.applyCoupon('SPLASH10')));
    expect(result.current.cart.couponNotice).toEqual({ tone: 'success', message: 'Coupon code: SPLASH10 has been added successfully.' });
    expect(result.current.cart.couponResets).toBe(1);
    let answer: unknown;
    await act(async () => {
      answer = await result.current.cart.applyCoupon('NOPE');
    });
    expect(answer).toEqual({ success: false, error: 'Discount code not found' });
    expect(result.current.cart.couponNotice).toEqual({ tone: 'danger', message: 'Discount code not found' });
    await act(async () => void (await result.current.cart.removeCoupon('SPLASH10')));
    expect(result.current.cart.couponNotice).toEqual({ tone: 'success', message: 'The discount code was successfully removed.' });
  });

  test('a coupon message shows once: in the coupon alert, not also as a toast (issue 18, defect 10)', async () => {
    const { result } = setup();
    await act(async () => void (await result.current.cart.applyCoupon('SPLASH10')));
    expect(result.current.cart.couponNotice?.message).toBe('Coupon code: SPLASH10 has been added successfully.');
    await act(async () => void (await result.current.cart.applyCoupon('NOPE')));
    expect(result.current.cart.couponNotice).toEqual({ tone: 'danger', message: 'Discount code not found' });
    expect(result.current.toasts.toasts).toEqual([]);
  });

  test('the coupon box is disabled when the cart is empty', () => {
    expect(setup([]).result.current.cart.canApplyCoupon).toBe(false);
  });

  test('checkout sends the shopper to the webUrl with a begin_checkout event', async () => {
    const { result, env } = setup([lineItem(1, 11, 2, 10)]);
    expect(result.current.cart.canCheckout).toBe(true);
    act(() => result.current.cart.startCheckout());
    await waitFor(() => expect(env.navigate).toHaveBeenCalledWith('https://checkout.test/checkouts/chk1'));
    expect(env.analytics.track).toHaveBeenCalledWith('begin_checkout', {
      value: 20,
      currency: 'USD',
      items: [{ id: 'SKU-11', name: 'Part 11', quantity: 2, price: 10 }],
    });
  });

  test('the overlay: never opened, shown, hidden on outside click and on View Cart', () => {
    const { result } = setup();
    expect(result.current.cart.overlay).toBe('never');
    act(() => result.current.cart.toggleOverlay());
    expect(result.current.cart.overlayOpen).toBe(true);
    act(() => result.current.cart.outsideClick());
    expect(result.current.cart.overlay).toBe('hidden');
    act(() => result.current.cart.openOverlay());
    act(() => result.current.cart.viewCart());
    expect(result.current.cart.overlay).toBe('hidden');
  });

  test('the overlay closes when the layout turns mobile', () => {
    const server = fakeCartServer([]);
    const viewport = fakeViewport(1280);
    const { result } = renderHook(() => useCart(), { wrapper: wrapper(fakeClient(server.calls), testEnvironment({ viewport })) });
    act(() => result.current.openOverlay());
    act(() => viewport.resize(600));
    expect(result.current.overlay).toBe('hidden');
  });

  test('quantityOf counts the units of a level in the cart', () => {
    const { result } = setup([lineItem(1, 11, 2), lineItem(2, 12, 3)]);
    expect([result.current.cart.quantityOf(12), result.current.cart.quantityOf(99)]).toEqual([3, 0]);
  });

  test('after any sequence of adds, the cart holds every unit added (no event lost)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 11, max: 13 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 6 }), async (adds) => {
        const { result, server, unmount } = setup([]);
        server.hold();
        act(() => adds.forEach(([level, qty]) => void result.current.cart.add(level, qty)));
        await act(async () => server.release());
        await waitFor(() => expect(result.current.cart.updating).toBe(false));
        await waitFor(() => expect(server.calls.addLineItem).toHaveBeenCalledTimes(adds.length));
        await waitFor(() => expect(result.current.cart.updating).toBe(false));
        const want = new Map<number, number>();
        for (const [level, qty] of adds) want.set(level, (want.get(level) ?? 0) + qty);
        expect(new Map(result.current.cart.lines.map((l) => [l.inventoryLevelId, l.quantity]))).toEqual(want);
        unmount();
      }),
      { numRuns: 15 },
    );
  });
});

describe('useCartLine', () => {
  test('plus is disabled at the stock, minus at 1, and both while the cart updates', async () => {
    const { result, server } = setup([lineItem(1, 11, 1, 10, 2)]);
    expect(result.current.line).toMatchObject({ minusDisabled: true, plusDisabled: false, totalText: '$10.00', priceText: '$10.00' });
    act(() => result.current.line.increment());
    await waitFor(() => expect(result.current.line.line?.quantity).toBe(2));
    expect(result.current.line).toMatchObject({ minusDisabled: false, plusDisabled: true, totalText: '$20.00' });
    server.hold();
    act(() => result.current.line.decrement());
    expect(result.current.line).toMatchObject({ minusDisabled: true, removeDisabled: true });
    await act(async () => server.release());
    await waitFor(() => expect(result.current.line.line?.quantity).toBe(1));
  });

  test('remove deletes the line; the hook then has no line', async () => {
    const { result } = setup([lineItem(1, 11, 1)]);
    act(() => result.current.line.remove());
    await waitFor(() => expect(result.current.line.line).toBeNull());
    expect(result.current.line).toMatchObject({ plusDisabled: true, minusDisabled: true, totalText: '' });
  });
});
