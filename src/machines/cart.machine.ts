/**
 * The cart: its state changes, the cart overlay, the coupon box, the cart and checkout calls, and
 * what their failures show (the cart, quick add and coupon messages).
 *
 * Every change is a request in a FIFO (`context.queue`): it runs when the ones before it have
 * landed, one call at a time, so nothing sent while the cart is updating is dropped or reordered.
 * The lines always come from the server's answer: an add (and a coupon or add-products call) is
 * merged into the checkout, a set-quantity or delete replaces it, a reload replaces everything.
 *
 * @module
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { AddProductsByHandlesRequest, CheckoutResponse, SetLineItemQuantityRequest } from '../api/types.ts';
import { beginCheckoutPayload, BEGIN_CHECKOUT_EVENT } from '../domain/analytics.ts';
import { CART_MESSAGES, checkoutIdOf, checkoutTarget } from '../domain/cart-calls.ts';
import { checkoutLines, mergeCheckout } from '../domain/cart.ts';
import type { Checkout, Product } from '../domain/entities.ts';
import { ADD_PRODUCT_ERRORS, checkAddProduct } from '../domain/quantity.ts';
import { isOverlayEvent, nextOverlay } from './cart.selectors.ts';
import {
  answerCheckout, cartErrorMessage, failureText, headOf, headRequestId, isAdd, isDiscount, isHeadMoot, isLineQuantity, isReported,
  quickAddLevel, refusal, setQuantityTarget, successText,
  type CartContext, type CartEmitted, type CartEvent, type CartInput, type CartRequestEvent, type CartRequestType, type DiscountCallInput,
} from './cart.helpers.ts';

export type {
  CartContext, CartEmitted, CartEvent, CartInput, CartNotice, CartOverlay, CartRequestEvent, CartRequestType, CartResultEvent,
  CartUiEvent, DiscountCallInput, NoticeTone, ReportedRequestType,
} from './cart.helpers.ts';

const missing = (name: string) => async (): Promise<never> => {
  throw new Error(`Provide the '${name}' actor`);
};

/** A guard on a done event: the answer carries a checkout. */
const answered = ({ event }: { event: { output: CheckoutResponse } }): boolean => answerCheckout(event.output) !== null;

/**
 * The cart machine. Actors to provide: fetchCheckout, addLineItem, setLineItemQuantity,
 * deleteLineItem, applyDiscountCode, removeDiscountCode, addProductsByHandles, and fetchProduct
 * (quick add). Each answers like the API client (`{ checkout }`, `{ product }`).
 *
 * Choices where the spec is silent: a set-quantity or delete whose line is not in the cart when
 * its turn comes is skipped without a call (logged); events with a quantity that is not a whole
 * number above 0, a blank coupon code or no handles are ignored; every add (the product page's
 * too, not only quick add) reads 'Product added to cart' and opens the overlay on success, and a
 * failed add shows the server's error or 'Failed to add item to cart'; coupon and add-products
 * answers are merged like an add's; checkout.start waits in the queue behind pending changes.
 *
 * @example
 * const cart = createActor(cartMachine.provide({ actors: { addLineItem: fromPromise(({ input }) => api.addLineItem(input)) } }), { input: { checkout } }).start();
 * cart.on('notify', ({ tone, message }) => toasts.push({ tone, message }));
 * cart.send({ type: 'cart.add', inventoryLevelId: 1001, quantity: 1 });
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput | undefined,
    emitted: {} as CartEmitted,
  },
  actors: {
    fetchCheckout: fromPromise<CheckoutResponse>(missing('fetchCheckout')),
    addLineItem: fromPromise<CheckoutResponse, SetLineItemQuantityRequest>(missing('addLineItem')),
    setLineItemQuantity: fromPromise<CheckoutResponse, SetLineItemQuantityRequest>(missing('setLineItemQuantity')),
    deleteLineItem: fromPromise<CheckoutResponse, { lineItemId: number }>(missing('deleteLineItem')),
    applyDiscountCode: fromPromise<CheckoutResponse, DiscountCallInput>(missing('applyDiscountCode')),
    removeDiscountCode: fromPromise<CheckoutResponse, DiscountCallInput>(missing('removeDiscountCode')),
    addProductsByHandles: fromPromise<CheckoutResponse, AddProductsByHandlesRequest>(missing('addProductsByHandles')),
    fetchProduct: fromPromise<{ product?: Product | null }, { handle: string }>(missing('fetchProduct')),
  },
  guards: {
    headIs: ({ context }, params: { type: CartRequestType }) => context.queue[0]?.type === params.type,
    headIsMoot: ({ context }) => isHeadMoot(context.queue, context.lines),
    headNeedsCheckoutId: ({ context }) => isDiscount(context.queue[0]?.type) && checkoutIdOf(context.checkout) === null,
    validAdd: ({ event }) => event.type === 'cart.add' && Number.isSafeInteger(event.inventoryLevelId) && isLineQuantity(event.quantity),
    validSetQuantity: ({ event }) =>
      event.type === 'cart.setQuantity' && isLineQuantity(event.quantity) && (event.lineItemId !== undefined || event.inventoryLevelId !== undefined),
    validCode: ({ event }) => (event.type === 'discount.apply' || event.type === 'discount.remove') && event.code.trim() !== '',
    validHandles: ({ event }) => event.type === 'cart.addProducts' && event.handles.length > 0,
    validQuickAdd: ({ event }) =>
      event.type === 'cart.quickAdd' && event.handle.trim() !== '' && (event.quantity === undefined || isLineQuantity(event.quantity)),
  },
  actions: {
    enqueue: assign({ queue: ({ context, event }) => [...context.queue, event as CartRequestEvent] }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1), quickAddLevelId: null }),
    overlay: assign({ overlay: ({ context, event }) => (isOverlayEvent(event.type) ? nextOverlay(context.overlay, event.type) : context.overlay) }),
    /** Lands a checkout answer: merged after add-like calls, replacing the cart after the others. */
    land: assign(({ context }, params: { answer: Checkout | null; how: 'merge' | 'replace' }) => {
      const { answer, how } = params;
      const checkout = answer === null ? null : how === 'merge' ? mergeCheckout(context.checkout, answer) : answer;
      return { checkout, lines: checkoutLines(checkout), lastError: null };
    }),
    startCheckout: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'analytics', name: BEGIN_CHECKOUT_EVENT, payload: beginCheckoutPayload(context.lines, context.checkout) });
      enqueue.emit({ type: 'navigate', url: checkoutTarget(context.checkout) });
    }),
    /** Success of a reported request: its message, the overlay after an add, the coupon reset. */
    succeed: enqueueActions(({ context, enqueue }) => {
      const head = context.queue[0];
      const message = successText(head);
      if (isDiscount(head?.type)) enqueue.assign({ couponNotice: { tone: 'success', message } });
      if (head?.type === 'discount.apply') enqueue.assign({ couponResets: context.couponResets + 1 });
      if (isAdd(head?.type)) enqueue.assign({ overlay: 'shown' });
      // a coupon's outcome shows once, in the coupon box's alert, not also as a toast
      if (message !== '' && !isDiscount(head?.type)) enqueue.emit({ type: 'notify', tone: 'success', message });
      if (isReported(head?.type)) enqueue.emit({ type: 'cart.result', request: head.type, requestId: headRequestId(context.queue), success: true });
    }),
    /** Failure of a reported request: a danger notice, the coupon alert, the result. */
    fail: enqueueActions(({ context, enqueue }, params: { error: string }) => {
      const type = context.queue[0]?.type;
      const message = failureText(type, params.error);
      enqueue.assign({ lastError: message });
      if (isDiscount(type)) enqueue.assign({ couponNotice: { tone: 'danger', message } });
      else enqueue.emit({ type: 'notify', tone: 'danger', message });
      if (isReported(type)) enqueue.emit({ type: 'cart.result', request: type, requestId: headRequestId(context.queue), success: false, error: message });
    }),
    /** Failures of reload, set quantity and delete are logged only. */
    logFailure: enqueueActions(({ enqueue }, params: { call: string; error: unknown }) => {
      const message = cartErrorMessage(params.error) || `${params.call} failed`;
      enqueue.assign({ lastError: message });
      enqueue.emit({ type: 'log', message: `Cart: ${params.call} failed: ${message}`, error: params.error });
    }),
    logSkip: emit(({ context }) => ({ type: 'log' as const, message: `Cart: skipped ${context.queue[0]?.type ?? 'a request'} of a line that is not in the cart` })),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    lines: checkoutLines(input?.checkout),
    checkout: input?.checkout ?? null,
    updating: false,
    overlay: input?.overlay ?? 'never',
    lastError: null,
    queue: input?.checkout === undefined ? [{ type: 'cart.reload' }] : [],
    couponNotice: null,
    couponResets: 0,
    quickAddLevelId: null,
  }),
  on: {
    'cart.reload': { actions: 'enqueue' },
    'cart.add': { guard: 'validAdd', actions: 'enqueue' },
    'cart.setQuantity': { guard: 'validSetQuantity', actions: 'enqueue' },
    'cart.delete': { actions: 'enqueue' },
    'discount.apply': { guard: 'validCode', actions: 'enqueue' },
    'discount.remove': { guard: 'validCode', actions: 'enqueue' },
    'cart.addProducts': { guard: 'validHandles', actions: 'enqueue' },
    'cart.quickAdd': { guard: 'validQuickAdd', actions: 'enqueue' },
    'checkout.start': { actions: 'enqueue' },
    'overlay.open': { actions: 'overlay' },
    'overlay.toggle': { actions: 'overlay' },
    'overlay.close': { actions: 'overlay' },
    'overlay.outsideClick': { actions: 'overlay' },
    'overlay.viewCart': { actions: 'overlay' },
    'layout.mobile': { actions: 'overlay' },
  },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ updating: false }),
      always: [
        { guard: 'headIsMoot', actions: ['logSkip', 'dequeue'] },
        { guard: { type: 'headIs', params: { type: 'checkout.start' } }, actions: ['startCheckout', 'dequeue'] },
        { guard: 'headNeedsCheckoutId', actions: [{ type: 'fail', params: { error: CART_MESSAGES.invalidCheckout } }, 'dequeue'] },
        { guard: { type: 'headIs', params: { type: 'cart.reload' } }, target: 'busy.reloading' },
        { guard: { type: 'headIs', params: { type: 'cart.add' } }, target: 'busy.adding' },
        { guard: { type: 'headIs', params: { type: 'cart.quickAdd' } }, target: 'busy.fetchingProduct' },
        { guard: { type: 'headIs', params: { type: 'cart.setQuantity' } }, target: 'busy.settingQuantity' },
        { guard: { type: 'headIs', params: { type: 'cart.delete' } }, target: 'busy.deleting' },
        { guard: { type: 'headIs', params: { type: 'discount.apply' } }, target: 'busy.applyingDiscount' },
        { guard: { type: 'headIs', params: { type: 'discount.remove' } }, target: 'busy.removingDiscount' },
        { guard: { type: 'headIs', params: { type: 'cart.addProducts' } }, target: 'busy.addingProducts' },
      ],
    },
    busy: {
      entry: assign({ updating: true }),
      initial: 'reloading',
      states: {
        reloading: {
          invoke: {
            src: 'fetchCheckout',
            onDone: { target: '#cart.idle', actions: [{ type: 'land', params: ({ event }) => ({ answer: answerCheckout(event.output), how: 'replace' }) }, 'dequeue'] },
            onError: { target: '#cart.idle', actions: [{ type: 'logFailure', params: ({ event }) => ({ call: 'fetch cart', error: event.error }) }, 'dequeue'] },
          },
        },
        fetchingProduct: {
          invoke: {
            src: 'fetchProduct',
            input: ({ context }) => ({ handle: headOf(context.queue, 'cart.quickAdd').handle.trim() }),
            onDone: [
              {
                guard: ({ event }) => checkAddProduct(event.output?.product).ok,
                target: 'adding',
                actions: assign({ quickAddLevelId: ({ event }) => quickAddLevel(event.output?.product) }),
              },
              { target: '#cart.idle', actions: [{ type: 'fail', params: ({ event }) => ({ error: refusal(event.output?.product) }) }, 'dequeue'] },
            ],
            // Choice: a failed product fetch reads like a missing product; the cause is logged.
            onError: {
              target: '#cart.idle',
              actions: [
                emit(({ event }) => ({ type: 'log' as const, message: `Cart: fetch product failed: ${cartErrorMessage(event.error)}`, error: event.error })),
                { type: 'fail', params: { error: ADD_PRODUCT_ERRORS.missing } },
                'dequeue',
              ],
            },
          },
        },
        adding: {
          invoke: {
            src: 'addLineItem',
            input: ({ context }) => {
              const head = context.queue[0];
              if (head?.type === 'cart.quickAdd') return { inventoryLevelId: context.quickAddLevelId ?? Number.NaN, quantity: head.quantity ?? 1 };
              const add = headOf(context.queue, 'cart.add');
              return { inventoryLevelId: add.inventoryLevelId, quantity: add.quantity };
            },
            onDone: [
              { guard: answered, target: '#cart.idle', actions: [{ type: 'land', params: ({ event }) => ({ answer: answerCheckout(event.output), how: 'merge' }) }, 'succeed', 'dequeue'] },
              { target: '#cart.idle', actions: [{ type: 'fail', params: { error: CART_MESSAGES.noCheckout } }, 'dequeue'] },
            ],
            onError: { target: '#cart.idle', actions: [{ type: 'fail', params: ({ event }) => ({ error: cartErrorMessage(event.error) }) }, 'dequeue'] },
          },
        },
        settingQuantity: {
          invoke: {
            src: 'setLineItemQuantity',
            input: ({ context }) => {
              const request = headOf(context.queue, 'cart.setQuantity');
              return { inventoryLevelId: setQuantityTarget(context.lines, request)?.inventoryLevelId ?? Number.NaN, quantity: request.quantity };
            },
            onDone: [
              { guard: answered, target: '#cart.idle', actions: [{ type: 'land', params: ({ event }) => ({ answer: answerCheckout(event.output), how: 'replace' }) }, 'dequeue'] },
              { target: '#cart.idle', actions: [{ type: 'logFailure', params: { call: 'set quantity', error: CART_MESSAGES.noCheckout } }, 'dequeue'] },
            ],
            onError: { target: '#cart.idle', actions: [{ type: 'logFailure', params: ({ event }) => ({ call: 'set quantity', error: event.error }) }, 'dequeue'] },
          },
        },
        deleting: {
          invoke: {
            src: 'deleteLineItem',
            input: ({ context }) => ({ lineItemId: headOf(context.queue, 'cart.delete').lineItemId }),
            onDone: [
              { guard: answered, target: '#cart.idle', actions: [{ type: 'land', params: ({ event }) => ({ answer: answerCheckout(event.output), how: 'replace' }) }, 'dequeue'] },
              { target: '#cart.idle', actions: [{ type: 'logFailure', params: { call: 'delete', error: CART_MESSAGES.noCheckout } }, 'dequeue'] },
            ],
            onError: { target: '#cart.idle', actions: [{ type: 'logFailure', params: ({ event }) => ({ call: 'delete', error: event.error }) }, 'dequeue'] },
          },
        },
        applyingDiscount: {
          invoke: {
            src: 'applyDiscountCode',
            input: ({ context }) => ({ checkoutId: checkoutIdOf(context.checkout) ?? '', code: headOf(context.queue, 'discount.apply').code.trim() }),
            onDone: [
              { guard: answered, target: '#cart.idle', actions: [{ type: 'land', params: ({ event }) => ({ answer: answerCheckout(event.output), how: 'merge' }) }, 'succeed', 'dequeue'] },
              { target: '#cart.idle', actions: [{ type: 'fail', params: { error: CART_MESSAGES.noCheckout } }, 'dequeue'] },
            ],
            onError: { target: '#cart.idle', actions: [{ type: 'fail', params: ({ event }) => ({ error: cartErrorMessage(event.error) }) }, 'dequeue'] },
          },
        },
        removingDiscount: {
          invoke: {
            src: 'removeDiscountCode',
            input: ({ context }) => ({ checkoutId: checkoutIdOf(context.checkout) ?? '', code: headOf(context.queue, 'discount.remove').code.trim() }),
            onDone: [
              { guard: answered, target: '#cart.idle', actions: [{ type: 'land', params: ({ event }) => ({ answer: answerCheckout(event.output), how: 'merge' }) }, 'succeed', 'dequeue'] },
              { target: '#cart.idle', actions: [{ type: 'fail', params: { error: CART_MESSAGES.noCheckout } }, 'dequeue'] },
            ],
            onError: { target: '#cart.idle', actions: [{ type: 'fail', params: ({ event }) => ({ error: cartErrorMessage(event.error) }) }, 'dequeue'] },
          },
        },
        addingProducts: {
          invoke: {
            src: 'addProductsByHandles',
            input: ({ context }) => ({ handles: [...headOf(context.queue, 'cart.addProducts').handles] }),
            onDone: [
              { guard: answered, target: '#cart.idle', actions: [{ type: 'land', params: ({ event }) => ({ answer: answerCheckout(event.output), how: 'merge' }) }, 'succeed', 'dequeue'] },
              { target: '#cart.idle', actions: [{ type: 'fail', params: { error: CART_MESSAGES.noCheckout } }, 'dequeue'] },
            ],
            onError: { target: '#cart.idle', actions: [{ type: 'fail', params: ({ event }) => ({ error: cartErrorMessage(event.error) }) }, 'dequeue'] },
          },
        },
      },
    },
  },
});

export { canApplyCoupon, isOverlayEvent, nextOverlay, type CartOverlayEventType, type CartSnapshotLike } from './cart.selectors.ts';
