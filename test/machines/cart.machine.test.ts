import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { ApiError } from '../../src/api/errors.ts';
import type { CheckoutResponse, SetLineItemQuantityRequest } from '../../src/api/types.ts';
import { beginCheckoutPayload } from '../../src/domain/analytics.ts';
import { checkoutLines } from '../../src/domain/cart.ts';
import type { Checkout, Product } from '../../src/domain/entities.ts';
import { cartMachine, canApplyCoupon, type CartEmitted, type CartInput } from '../../src/machines/cart.machine.ts';
import { cartErrorMessage } from '../../src/machines/cart.helpers.ts';
import { makeCartLine, makeCheckout, makeLevel, makeLineItem, makeProduct, makeVariant } from '../domain/catalogue.helpers.ts';

type Fakes = Parameters<typeof cartMachine.provide>[0]['actors'];

/** A promise the test settles by hand, to hold a request in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A checkout answer. */
const answer = (checkout: Checkout | null): CheckoutResponse => ({ checkout });

/** Starts the cart with fakes; records everything it emits. */
function start(fakes: Fakes = {}, input: CartInput = { checkout: makeCheckout() }) {
  const actor = createActor(cartMachine.provide({ actors: fakes }), { input });
  const emitted: CartEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

/** Waits until every queued request has landed. */
const settled = (actor: Actor<typeof cartMachine>) =>
  waitFor(actor, (s) => s.matches('idle') && s.context.queue.length === 0, { timeout: 1000 });

const notices = (emitted: CartEmitted[]) => emitted.filter((e) => e.type === 'notify');
const results = (emitted: CartEmitted[]) => emitted.filter((e) => e.type === 'cart.result');
const logs = (emitted: CartEmitted[]) => emitted.filter((e) => e.type === 'log');

const second = makeLineItem({ id: 2, inventoryLevelId: 1002, title: 'Pump Lid', currentQuantity: 1, totalUnitPrice: 40 });

describe('loading', () => {
  test('starts loaded from the checkout in its input, without fetching (server rendering)', () => {
    const fetchCheckout = vi.fn(async () => answer(null));
    const { actor } = start({ fetchCheckout: fromPromise(fetchCheckout) });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.lines).toEqual(checkoutLines(makeCheckout()));
    expect(actor.getSnapshot().context.updating).toBe(false);
    expect(fetchCheckout).not.toHaveBeenCalled();
  });

  test('fetches the checkout on start when the input has none, updating until it lands', async () => {
    const call = deferred<CheckoutResponse>();
    const { actor } = start({ fetchCheckout: fromPromise(() => call.promise) }, {});
    expect(actor.getSnapshot().context.updating).toBe(true);
    call.resolve(answer(makeCheckout()));
    await settled(actor);
    expect(actor.getSnapshot().context.updating).toBe(false);
    expect(actor.getSnapshot().context.checkout).toEqual(makeCheckout());
  });

  test('reload replaces all lines with the answer', async () => {
    const fresh = makeCheckout({ LineItems: [second] });
    const { actor } = start({ fetchCheckout: fromPromise(async () => answer(fresh)) });
    actor.send({ type: 'cart.reload' });
    await settled(actor);
    expect(actor.getSnapshot().context.lines).toEqual(checkoutLines(fresh));
  });

  test('reload without a checkout in the answer empties the cart', async () => {
    const { actor } = start({ fetchCheckout: fromPromise(async () => ({})) });
    actor.send({ type: 'cart.reload' });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ lines: [], checkout: null });
  });

  test('a failed cart fetch is logged only, with no user message', async () => {
    const { actor, emitted } = start({ fetchCheckout: fromPromise(async () => Promise.reject(new Error('offline'))) });
    actor.send({ type: 'cart.reload' });
    await settled(actor);
    expect(notices(emitted)).toEqual([]);
    expect(logs(emitted)).toEqual([expect.objectContaining({ message: 'Cart: fetch cart failed: offline' })]);
    expect(actor.getSnapshot().context.lines).toEqual(checkoutLines(makeCheckout()));
  });

  test('an actor not provided rejects with a message naming it', async () => {
    const { actor, emitted } = start({}, {});
    await settled(actor);
    expect(logs(emitted)[0]?.message).toContain("Provide the 'fetchCheckout' actor");
  });
});

describe('add', () => {
  test('sends the inventory level and quantity and merges the answer into the cart', async () => {
    const addLineItem = vi.fn(async () => answer(makeCheckout({ LineItems: [makeLineItem(), second], DiscountCodes: undefined })));
    const discounted = makeCheckout({ DiscountCodes: [{ code: 'SPLASH10', Discount: { title: '10% off' } }] });
    const { actor } = start({ addLineItem: fromPromise(addLineItem) }, { checkout: discounted });
    actor.send({ type: 'cart.add', inventoryLevelId: 1002, quantity: 1 });
    await settled(actor);
    expect(addLineItem).toHaveBeenCalledWith(expect.objectContaining({ input: { inventoryLevelId: 1002, quantity: 1 } }));
    expect(actor.getSnapshot().context.lines.map((l) => l.inventoryLevelId)).toEqual([1001, 1002]);
    // merged: the answer left DiscountCodes out, the cart keeps its own
    expect(actor.getSnapshot().context.checkout?.DiscountCodes).toEqual(discounted.DiscountCodes);
  });

  test("a successful add reads 'Product added to cart', opens the overlay and reports success", async () => {
    const { actor, emitted } = start({ addLineItem: fromPromise(async () => answer(makeCheckout())) });
    actor.send({ type: 'cart.add', inventoryLevelId: 1001, quantity: 1, requestId: 'r1' });
    await settled(actor);
    expect(actor.getSnapshot().context.overlay).toBe('shown');
    expect(notices(emitted)).toEqual([{ type: 'notify', tone: 'success', message: 'Product added to cart' }]);
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'cart.add', requestId: 'r1', success: true }]);
  });

  test.each([
    ['the server error', new ApiError('Not enough stock', { kind: 'server', serverMessage: 'Not enough stock' }), 'Not enough stock'],
    ['a 4xx error field', new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 400, serverMessage: 'Bad level' }), 'Bad level'],
    ['the fallback for a bare 500', new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 500 }), 'Failed to add item to cart'],
    ['the last network message', new ApiError('Failed to fetch', { kind: 'network' }), 'Failed to fetch'],
  ])('a failed add shows %s in a danger notice and reports {success:false, error}', async (_name, error, message) => {
    const { actor, emitted } = start({ addLineItem: fromPromise(async () => Promise.reject(error)) });
    actor.send({ type: 'cart.add', inventoryLevelId: 1001, quantity: 1, requestId: 'r2' });
    await settled(actor);
    expect(notices(emitted)).toEqual([{ type: 'notify', tone: 'danger', message }]);
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'cart.add', requestId: 'r2', success: false, error: message }]);
    expect(actor.getSnapshot().context).toMatchObject({ overlay: 'never', lastError: message, lines: checkoutLines(makeCheckout()) });
  });

  test("an add answer without a checkout reads \"Couldn't update cart.\" and reports it", async () => {
    const { actor, emitted } = start({ addLineItem: fromPromise(async (): Promise<CheckoutResponse> => ({ checkout: null })) });
    actor.send({ type: 'cart.add', inventoryLevelId: 1001, quantity: 1 });
    await settled(actor);
    expect(notices(emitted)).toEqual([{ type: 'notify', tone: 'danger', message: "Couldn't update cart." }]);
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'cart.add', success: false, error: "Couldn't update cart." }]);
  });

  test.each([0, -1, 1.5, Number.NaN])('ignores an add of quantity %s', (quantity) => {
    const addLineItem = vi.fn(async () => answer(makeCheckout()));
    const { actor } = start({ addLineItem: fromPromise(addLineItem) });
    actor.send({ type: 'cart.add', inventoryLevelId: 1001, quantity });
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(addLineItem).not.toHaveBeenCalled();
  });
});

describe('set quantity and delete', () => {
  const two = makeCheckout({ LineItems: [makeLineItem(), second] });

  test.each([
    ['lineItemId', { lineItemId: 2 }],
    ['inventoryLevelId', { inventoryLevelId: 1002 }],
  ])('set quantity by %s sends the line’s level and replaces the cart with the answer', async (_by, target) => {
    const replaced = makeCheckout({ LineItems: [{ ...second, currentQuantity: 4 }], DiscountCodes: [] });
    const setLineItemQuantity = vi.fn(async () => answer(replaced));
    const { actor } = start({ setLineItemQuantity: fromPromise(setLineItemQuantity) }, { checkout: two });
    actor.send({ type: 'cart.setQuantity', ...target, quantity: 4 });
    await settled(actor);
    expect(setLineItemQuantity).toHaveBeenCalledWith(expect.objectContaining({ input: { inventoryLevelId: 1002, quantity: 4 } }));
    expect(actor.getSnapshot().context.lines).toEqual(checkoutLines(replaced));
  });

  test.each([0, -2, 2.5])('set quantity only when the quantity is above 0 (ignores %s)', (quantity) => {
    const setLineItemQuantity = vi.fn(async () => answer(two));
    const { actor } = start({ setLineItemQuantity: fromPromise(setLineItemQuantity) }, { checkout: two });
    actor.send({ type: 'cart.setQuantity', lineItemId: 2, quantity });
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(setLineItemQuantity).not.toHaveBeenCalled();
  });

  test('delete sends the line id and replaces the cart with the answer', async () => {
    const deleteLineItem = vi.fn(async () => answer(makeCheckout()));
    const { actor } = start({ deleteLineItem: fromPromise(deleteLineItem) }, { checkout: two });
    actor.send({ type: 'cart.delete', lineItemId: 2 });
    await settled(actor);
    expect(deleteLineItem).toHaveBeenCalledWith(expect.objectContaining({ input: { lineItemId: 2 } }));
    expect(actor.getSnapshot().context.lines).toEqual(checkoutLines(makeCheckout()));
  });

  test.each([
    ['set quantity', { type: 'cart.setQuantity', lineItemId: 1, quantity: 3 }],
    ['delete', { type: 'cart.delete', lineItemId: 1 }],
  ] as const)('a failed %s is logged only, with no user message', async (_name, event) => {
    const boom = async (): Promise<CheckoutResponse> => Promise.reject(new Error('boom'));
    const { actor, emitted } = start({ setLineItemQuantity: fromPromise(boom), deleteLineItem: fromPromise(boom) });
    actor.send(event);
    await settled(actor);
    expect(notices(emitted)).toEqual([]);
    expect(logs(emitted)).toHaveLength(1);
    expect(actor.getSnapshot().context.lines).toEqual(checkoutLines(makeCheckout()));
  });

  test.each([
    ['set quantity', { type: 'cart.setQuantity', lineItemId: 1, quantity: 3 }],
    ['delete', { type: 'cart.delete', lineItemId: 1 }],
  ] as const)("a %s answer without a checkout is logged as \"Couldn't update cart.\" only", async (_name, event) => {
    const empty = async (): Promise<CheckoutResponse> => ({});
    const { actor, emitted } = start({ setLineItemQuantity: fromPromise(empty), deleteLineItem: fromPromise(empty) });
    actor.send(event);
    await settled(actor);
    expect(notices(emitted)).toEqual([]);
    expect(logs(emitted)[0]?.message).toContain("Couldn't update cart.");
    expect(actor.getSnapshot().context.lines).toEqual(checkoutLines(makeCheckout()));
  });

  test.each([
    ['set quantity', { type: 'cart.setQuantity', lineItemId: 99, quantity: 3 }],
    ['delete', { type: 'cart.delete', lineItemId: 99 }],
  ] as const)('a %s of a line not in the cart is skipped without a call', async (_name, event) => {
    const call = vi.fn(async () => answer(makeCheckout()));
    const { actor, emitted } = start({ setLineItemQuantity: fromPromise(call), deleteLineItem: fromPromise(call) });
    actor.send(event);
    await settled(actor);
    expect(call).not.toHaveBeenCalled();
    expect(logs(emitted)).toHaveLength(1);
  });
});

describe('coupon', () => {
  test.each([
    ['no checkout', null],
    ['a webUrl without a path', makeCheckout({ webUrl: 'https://checkout.example' })],
  ])("a discount call with %s reads 'Invalid checkout.' without a call", async (_name, checkout) => {
    const applyDiscountCode = vi.fn(async () => answer(makeCheckout()));
    const { actor, emitted } = start({ applyDiscountCode: fromPromise(applyDiscountCode) }, { checkout });
    actor.send({ type: 'discount.apply', code: 'SPLASH10', requestId: 'c1' });
    await settled(actor);
    expect(applyDiscountCode).not.toHaveBeenCalled();
    // shown once, in the coupon alert, not also as a toast (issue 18, defect 10)
    expect(notices(emitted)).toEqual([]);
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'discount.apply', requestId: 'c1', success: false, error: 'Invalid checkout.' }]);
    expect(actor.getSnapshot().context.couponNotice).toEqual({ tone: 'danger', message: 'Invalid checkout.' });
  });

  test('applying a code sends the checkout id and code, says so and clears the input', async () => {
    const applied = makeCheckout({ DiscountCodes: [{ code: 'SPLASH10', Discount: { title: '10% off' } }], subtotalPrice: 22.5 });
    const applyDiscountCode = vi.fn(async () => answer(applied));
    const { actor, emitted } = start({ applyDiscountCode: fromPromise(applyDiscountCode) });
    actor.send({ type: 'discount.apply', code: ' SPLASH10 ' });
    await settled(actor);
    expect(applyDiscountCode).toHaveBeenCalledWith(expect.objectContaining({ input: { checkoutId: 'abc123', code: 'SPLASH10' } }));
    const message = 'Coupon code: SPLASH10 has been added successfully.';
    expect(notices(emitted)).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ couponResets: 1, couponNotice: { tone: 'success', message }, checkout: applied });
  });

  test('a failed coupon shows the returned error in a danger alert and keeps the input', async () => {
    const error = new ApiError('Discount code not found', { kind: 'server', serverMessage: 'Discount code not found' });
    const { actor, emitted } = start({ applyDiscountCode: fromPromise(async () => Promise.reject(error)) });
    actor.send({ type: 'discount.apply', code: 'NOPE' });
    await settled(actor);
    expect(notices(emitted)).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ couponResets: 0, couponNotice: { tone: 'danger', message: 'Discount code not found' } });
  });

  test("removing a code reads 'The discount code was successfully removed.'", async () => {
    const removeDiscountCode = vi.fn(async () => answer(makeCheckout()));
    const { actor, emitted } = start({ removeDiscountCode: fromPromise(removeDiscountCode) });
    actor.send({ type: 'discount.remove', code: 'SPLASH10', requestId: 'c2' });
    await settled(actor);
    expect(removeDiscountCode).toHaveBeenCalledWith(expect.objectContaining({ input: { checkoutId: 'abc123', code: 'SPLASH10' } }));
    expect(notices(emitted)).toEqual([]);
    expect(actor.getSnapshot().context.couponNotice).toEqual({ tone: 'success', message: 'The discount code was successfully removed.' });
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'discount.remove', requestId: 'c2', success: true }]);
  });

  test("a discount answer without a checkout reads \"Couldn't update cart.\"", async () => {
    const { actor, emitted } = start({ removeDiscountCode: fromPromise(async () => ({})) });
    actor.send({ type: 'discount.remove', code: 'SPLASH10' });
    await settled(actor);
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'discount.remove', success: false, error: "Couldn't update cart." }]);
  });

  test('ignores a blank code', () => {
    const { actor } = start();
    actor.send({ type: 'discount.apply', code: '  ' });
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  test.each([
    ['enabled with lines and a checkout link', { updating: false, lines: [makeCartLine()], checkout: makeCheckout() }, true],
    ['disabled while updating', { updating: true, lines: [makeCartLine()], checkout: makeCheckout() }, false],
    ['disabled when the cart is empty', { updating: false, lines: [], checkout: makeCheckout() }, false],
    ['disabled without a checkout', { updating: false, lines: [makeCartLine()], checkout: null }, false],
    ['disabled without a checkout link', { updating: false, lines: [makeCartLine()], checkout: makeCheckout({ webUrl: '' }) }, false],
  ])('the coupon box is %s', (_name, context, enabled) => {
    expect(canApplyCoupon({ context })).toBe(enabled);
  });

  test('the coupon box is disabled on a live cart while a request is in flight', () => {
    const { actor } = start({ addLineItem: fromPromise(() => deferred<CheckoutResponse>().promise) });
    expect(canApplyCoupon(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'cart.add', inventoryLevelId: 1001, quantity: 1 });
    expect(canApplyCoupon(actor.getSnapshot())).toBe(false);
  });
});

describe('add products by handles', () => {
  test('sends the handles, merges the answer and reports success without a message', async () => {
    const addProductsByHandles = vi.fn(async () => answer(makeCheckout({ LineItems: [makeLineItem(), second] })));
    const { actor, emitted } = start({ addProductsByHandles: fromPromise(addProductsByHandles) });
    actor.send({ type: 'cart.addProducts', handles: ['pump-lid'], requestId: 'p1' });
    await settled(actor);
    expect(addProductsByHandles).toHaveBeenCalledWith(expect.objectContaining({ input: { handles: ['pump-lid'] } }));
    expect(actor.getSnapshot().context.lines).toHaveLength(2);
    expect(notices(emitted)).toEqual([]);
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'cart.addProducts', requestId: 'p1', success: true }]);
  });

  test("an answer without a checkout reports {success:false, error: \"Couldn't update cart.\"}", async () => {
    const { actor, emitted } = start({ addProductsByHandles: fromPromise(async (): Promise<CheckoutResponse> => ({ checkout: null })) });
    actor.send({ type: 'cart.addProducts', handles: ['pump-lid'] });
    await settled(actor);
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'cart.addProducts', success: false, error: "Couldn't update cart." }]);
  });
});

describe('quick add', () => {
  const product = makeProduct({ Variants: [makeVariant({ id: 101, availableInventoryLevels: [makeLevel({ id: 1010 })] })] });
  const soldOut = makeProduct({ Variants: [makeVariant({ availableInventoryLevels: [makeLevel({ availableForSale: false })] })] });

  test.each([
    ['the product is missing from the response', async () => ({ product: null }), 'Product information unavailable'],
    ['the product fetch fails', async () => Promise.reject(new Error('404')), 'Product information unavailable'],
    ['no inventory level is available', async () => ({ product: soldOut }), 'Product is currently unavailable'],
  ])("when %s it reads '%s' (danger) without adding", async (_name, fetch, message) => {
    const addLineItem = vi.fn(async () => answer(makeCheckout()));
    const fetchProduct = fromPromise<{ product?: Product | null }, { handle: string }>(fetch);
    const { actor, emitted } = start({ fetchProduct, addLineItem: fromPromise(addLineItem) });
    actor.send({ type: 'cart.quickAdd', handle: 'pool-pump' });
    await settled(actor);
    expect(addLineItem).not.toHaveBeenCalled();
    expect(notices(emitted)).toEqual([{ type: 'notify', tone: 'danger', message }]);
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'cart.quickAdd', success: false, error: message }]);
  });

  test("adds one unit of the first available level, reads 'Product added to cart' and opens the overlay", async () => {
    const fetchProduct = vi.fn(async (): Promise<{ product?: Product | null }> => ({ product }));
    const addLineItem = vi.fn(async () => answer(makeCheckout()));
    const { actor, emitted } = start({ fetchProduct: fromPromise(fetchProduct), addLineItem: fromPromise(addLineItem) });
    actor.send({ type: 'cart.quickAdd', handle: 'pool-pump', requestId: 'q1' });
    await settled(actor);
    expect(fetchProduct).toHaveBeenCalledWith(expect.objectContaining({ input: { handle: 'pool-pump' } }));
    expect(addLineItem).toHaveBeenCalledWith(expect.objectContaining({ input: { inventoryLevelId: 1010, quantity: 1 } }));
    expect(notices(emitted)).toEqual([{ type: 'notify', tone: 'success', message: 'Product added to cart' }]);
    expect(results(emitted)).toEqual([{ type: 'cart.result', request: 'cart.quickAdd', requestId: 'q1', success: true }]);
    expect(actor.getSnapshot().context.overlay).toBe('shown');
  });

  test.each([
    ['the server error', new ApiError('Out of stock', { kind: 'server', serverMessage: 'Out of stock' }), 'Out of stock'],
    ["'Failed to add item to cart'", new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 502 }), 'Failed to add item to cart'],
  ])('a failed quick add shows %s', async (_name, error, message) => {
    const { actor, emitted } = start({
      fetchProduct: fromPromise(async (): Promise<{ product?: Product | null }> => ({ product })),
      addLineItem: fromPromise(async () => Promise.reject(error)),
    });
    actor.send({ type: 'cart.quickAdd', handle: 'pool-pump' });
    await settled(actor);
    expect(notices(emitted)).toEqual([{ type: 'notify', tone: 'danger', message }]);
    expect(actor.getSnapshot().context.overlay).toBe('never');
  });
});

describe('overlay', () => {
  test('is never opened at first, and shown on open', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.overlay).toBe('never');
    actor.send({ type: 'overlay.open' });
    expect(actor.getSnapshot().context.overlay).toBe('shown');
  });

  test.each(['overlay.close', 'overlay.outsideClick', 'overlay.viewCart', 'layout.mobile'] as const)('closes on %s', (type) => {
    const { actor } = start();
    actor.send({ type: 'overlay.open' });
    actor.send({ type });
    expect(actor.getSnapshot().context.overlay).toBe('hidden');
  });

  test.each(['overlay.close', 'overlay.outsideClick', 'layout.mobile'] as const)('stays never opened on %s before it was opened', (type) => {
    const { actor } = start();
    actor.send({ type });
    expect(actor.getSnapshot().context.overlay).toBe('never');
  });

  test('toggle alternates shown and hidden', () => {
    const { actor } = start();
    actor.send({ type: 'overlay.toggle' });
    expect(actor.getSnapshot().context.overlay).toBe('shown');
    actor.send({ type: 'overlay.toggle' });
    expect(actor.getSnapshot().context.overlay).toBe('hidden');
  });
});

describe('checkout', () => {
  test('starts at the checkout webUrl and sends begin_checkout with the domain payload', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'checkout.start' });
    const { checkout, lines } = actor.getSnapshot().context;
    expect(emitted).toEqual([
      { type: 'analytics', name: 'begin_checkout', payload: beginCheckoutPayload(lines, checkout) },
      { type: 'navigate', url: 'https://checkout.skimmer.example/checkouts/abc123' },
    ]);
  });

  test.each([
    ['no checkout', null],
    ['no webUrl', makeCheckout({ webUrl: '' })],
  ])("goes to '/shoppingcart.asp' with %s", (_name, checkout) => {
    const { actor, emitted } = start({}, { checkout });
    actor.send({ type: 'checkout.start' });
    expect(emitted.filter((e) => e.type === 'navigate')).toEqual([{ type: 'navigate', url: '/shoppingcart.asp' }]);
  });

  test('waits for the changes sent before it to land', async () => {
    const call = deferred<CheckoutResponse>();
    const { actor, emitted } = start({ addLineItem: fromPromise(() => call.promise) });
    actor.send({ type: 'cart.add', inventoryLevelId: 1002, quantity: 1 });
    actor.send({ type: 'checkout.start' });
    expect(emitted.filter((e) => e.type === 'navigate')).toEqual([]);
    call.resolve(answer(makeCheckout({ LineItems: [makeLineItem(), second] })));
    await settled(actor);
    const analytics = emitted.find((e) => e.type === 'analytics');
    expect(analytics?.type === 'analytics' && analytics.payload.items).toHaveLength(2);
  });
});

describe('queue', () => {
  test('requests sent while one is in flight wait and run in order, one at a time', async () => {
    const calls: string[] = [];
    const gates: { resolve: (value: CheckoutResponse) => void }[] = [];
    const held = <I,>(name: string) =>
      fromPromise<CheckoutResponse, I>(() => {
        calls.push(name);
        const gate = deferred<CheckoutResponse>();
        gates.push(gate);
        return gate.promise;
      });
    const { actor } = start({ addLineItem: held<SetLineItemQuantityRequest>('add'), setLineItemQuantity: held<SetLineItemQuantityRequest>('set'), deleteLineItem: held<{ lineItemId: number }>('delete') });
    actor.send({ type: 'cart.add', inventoryLevelId: 1001, quantity: 1 });
    actor.send({ type: 'cart.setQuantity', lineItemId: 1, quantity: 5 });
    actor.send({ type: 'cart.delete', lineItemId: 1 });
    expect(calls).toEqual(['add']);
    expect(actor.getSnapshot().context.queue.map((e) => e.type)).toEqual(['cart.add', 'cart.setQuantity', 'cart.delete']);
    gates[0]?.resolve(answer(makeCheckout({ LineItems: [makeLineItem({ currentQuantity: 3 })] })));
    await waitFor(actor, () => calls.length === 2);
    expect(actor.getSnapshot().context.updating).toBe(true);
    gates[1]?.resolve(answer(makeCheckout({ LineItems: [makeLineItem({ currentQuantity: 5 })] })));
    await waitFor(actor, () => calls.length === 3);
    gates[2]?.resolve(answer(makeCheckout({ LineItems: [] })));
    await settled(actor);
    expect(calls).toEqual(['add', 'set', 'delete']);
    expect(actor.getSnapshot().context).toMatchObject({ lines: [], updating: false });
  });

  test('every valid request sent in a burst is called once, in order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 12 }), async (quantities) => {
        const seen: number[] = [];
        const { actor } = start({
          addLineItem: fromPromise<CheckoutResponse, SetLineItemQuantityRequest>(async ({ input }) => {
            seen.push(input.quantity);
            return answer(makeCheckout());
          }),
        });
        for (const quantity of quantities) actor.send({ type: 'cart.add', inventoryLevelId: 1001, quantity });
        await settled(actor);
        actor.stop();
        expect(seen).toEqual(quantities);
      }),
      { numRuns: 30 },
    );
  });
});

describe('cartErrorMessage', () => {
  test.each([
    ['a server error field', new ApiError('x', { kind: 'server', serverMessage: 'No stock' }), 'No stock'],
    ['a bare non-ok status', new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 500 }), ''],
    ['an unparsable answer', new ApiError('Something went wrong. Please try again.', { kind: 'parse', status: 200 }), ''],
    ['a network failure', new ApiError('Failed to fetch', { kind: 'network' }), 'Failed to fetch'],
    ['the client refusal', new ApiError('Invalid checkout.', { kind: 'invalid' }), 'Invalid checkout.'],
    ['an exception', new TypeError('bad'), 'bad'],
    ['a thrown string', 'plain', 'plain'],
    ['anything else', { code: 1 }, ''],
  ])('reads %s', (_name, error, text) => {
    expect(cartErrorMessage(error)).toBe(text);
  });
});
