import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { useCart } from '../../src/hooks/useCart.ts';
import { createLazyCart, isStandIn } from '../../src/hooks/lazy-cart.ts';
import { cartMachine, type CartOverlay } from '../../src/machines/cart.machine.ts';
import type { Checkout } from '../../src/domain/entities.ts';
import { checkoutOf, fakeCartServer, lineItem } from './cart.helpers.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

/** A stand-in over the fake server, recording when and how the machine is created. */
function lazyOver(server: ReturnType<typeof fakeCartServer>, options: { checkout?: Checkout | null; fetch?: () => Promise<Checkout | null> } = {}) {
  const created: { checkout: Checkout | null | undefined; overlay: CartOverlay }[] = [];
  const log = vi.fn();
  const cart = createLazyCart({
    checkout: options.checkout,
    fetchCheckout: options.fetch ?? (async () => (await server.calls.getCheckout!()).checkout ?? null),
    log,
    create: async (checkout, overlay) => {
      created.push({ checkout, overlay });
      const machine = cartMachine.provide({
        actors: {
          fetchCheckout: fromPromise(() => server.calls.getCheckout!()),
          addLineItem: fromPromise(({ input }) => server.calls.addLineItem!(input)),
          setLineItemQuantity: fromPromise(({ input }) => server.calls.setLineItemQuantity!(input)),
          deleteLineItem: fromPromise(({ input }) => server.calls.deleteLineItem!(input.lineItemId)),
        },
      });
      return createActor(machine, { input: checkout === undefined ? { overlay } : { checkout, overlay } }).start();
    },
  });
  return { cart, created, log };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the cart before its machine has loaded', () => {
  test('shows the startup checkout, updating while the call is out, without loading the machine', async () => {
    const server = fakeCartServer([lineItem(1, 11, 2)]);
    const { cart, created } = lazyOver(server);
    expect(cart.ref.getSnapshot().context).toMatchObject({ updating: true, lines: [] });
    const seen: number[] = [];
    cart.ref.subscribe((s) => seen.push(s.context.lines.length));
    await settle();
    expect(cart.ref.getSnapshot().context).toMatchObject({ updating: false, overlay: 'never' });
    expect(cart.ref.getSnapshot().context.lines.map((l) => [l.lineItemId, l.quantity])).toEqual([[1, 2]]);
    expect(seen).toEqual([1]);
    expect(isStandIn(cart.ref.getSnapshot())).toBe(true);
    expect(created).toEqual([]);
    expect(server.calls.getCheckout).toHaveBeenCalledTimes(1);
  });

  test('opens and closes the overlay at once by the machine rule, and the machine starts with it', async () => {
    const server = fakeCartServer([lineItem(1, 11, 2)]);
    const { cart, created } = lazyOver(server);
    cart.ref.send({ type: 'overlay.outsideClick' });
    expect(cart.ref.getSnapshot().context.overlay).toBe('never');
    cart.ref.send({ type: 'overlay.toggle' });
    expect(cart.ref.getSnapshot().context.overlay).toBe('shown');
    cart.ref.send({ type: 'layout.mobile' });
    expect(cart.ref.getSnapshot().context.overlay).toBe('hidden');
    cart.ref.send({ type: 'overlay.open' });
    await settle();
    expect(created).toEqual([]);
    const actor = await cart.load();
    expect(created[0]?.overlay).toBe('shown');
    expect(actor.getSnapshot().context.overlay).toBe('shown');
  });

  test('the first request loads the machine once, from the fetched checkout, and every request sent meanwhile arrives in order', async () => {
    const server = fakeCartServer([lineItem(1, 11, 2)]);
    const { cart, created } = lazyOver(server);
    cart.ref.send({ type: 'cart.add', inventoryLevelId: 12, quantity: 1 });
    cart.ref.send({ type: 'cart.setQuantity', lineItemId: 1, quantity: 4 });
    cart.ref.send({ type: 'cart.add', inventoryLevelId: 12, quantity: 2 });
    await waitFor(() => expect(cart.ref.getSnapshot().context.updating).toBe(false));
    await waitFor(() => expect(server.calls.addLineItem).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(cart.ref.getSnapshot().context.queue).toEqual([]));
    expect(created).toHaveLength(1);
    expect(created[0]?.checkout?.LineItems.map((l) => l.id)).toEqual([1]);
    // the startup call only: the machine started from its answer
    expect(server.calls.getCheckout).toHaveBeenCalledTimes(1);
    expect(cart.ref.getSnapshot().context.lines.map((l) => [l.inventoryLevelId, l.quantity])).toEqual([[11, 4], [12, 3]]);
    expect(isStandIn(cart.ref.getSnapshot())).toBe(false);
  });

  test('subscribers and event handlers move to the machine when it arrives', async () => {
    const server = fakeCartServer([lineItem(1, 11, 2)]);
    const { cart } = lazyOver(server);
    const notices: string[] = [];
    const lines: number[] = [];
    cart.ref.on('notify', (event: { message: string }) => notices.push(event.message));
    cart.ref.subscribe((s) => lines.push(s.context.lines.length));
    cart.ref.send({ type: 'cart.add', inventoryLevelId: 12, quantity: 1 });
    await waitFor(() => expect(notices).toEqual(['Product added to cart']));
    expect(lines.at(-1)).toBe(2);
  });

  test('a failed startup call is logged, the cart shows empty, and the machine fetches the cart itself', async () => {
    const server = fakeCartServer([lineItem(1, 11, 2)]);
    const { cart, created, log } = lazyOver(server, { fetch: () => Promise.reject(new Error('offline')) });
    await settle();
    expect(log).toHaveBeenCalledWith('Cart: fetch cart failed', expect.any(Error));
    expect(cart.ref.getSnapshot().context).toMatchObject({ updating: false, lines: [] });
    await cart.load();
    expect(created[0]?.checkout).toBeUndefined();
    await waitFor(() => expect(cart.ref.getSnapshot().context.lines).toHaveLength(1));
  });

  test('a known checkout (server rendering) makes no startup call', async () => {
    const server = fakeCartServer();
    const checkout = checkoutOf([lineItem(1, 11, 3)]);
    const { cart } = lazyOver(server, { checkout });
    expect(cart.ref.getSnapshot().context).toMatchObject({ updating: false });
    expect(cart.ref.getSnapshot().context.lines[0]?.quantity).toBe(3);
    await settle();
    expect(server.calls.getCheckout).not.toHaveBeenCalled();
  });
});

describe('useCart before the machine has loaded', () => {
  test('an add loads the machine and answers the outcome; an invalid request is refused without hanging', async () => {
    const server = fakeCartServer([lineItem(1, 11, 2)]);
    const { result } = renderHook(() => useCart(), { wrapper: wrapper(fakeClient(server.calls), testEnvironment()) });
    await waitFor(() => expect(result.current.updating).toBe(false));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.add(12);
    });
    expect(answer).toEqual({ success: true });
    expect(result.current.itemCount).toBe(3);
    await act(async () => {
      answer = await result.current.applyCoupon('   ');
    });
    expect(answer).toEqual({ success: false, error: 'Invalid cart request.' });
  });

  test('a machine that fails to load answers a failure', async () => {
    const server = fakeCartServer();
    const cart = createLazyCart({ checkout: null, create: () => Promise.reject(new Error('Loading chunk 7 failed')) });
    await expect(cart.load()).rejects.toThrow('Loading chunk 7 failed');
    // a later call tries again
    await expect(cart.load()).rejects.toThrow('Loading chunk 7 failed');
    expect(server.calls.getCheckout).not.toHaveBeenCalled();
  });
});

