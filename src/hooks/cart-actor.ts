/**
 * The shared cart's actor: the cart machine with its calls bound to the provider's client. Loaded
 * with the machine, on the first change to the cart (see lazy-cart.ts).
 * @module
 */
import { createActor, fromPromise } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { Checkout } from '../domain/entities.ts';
import { cartMachine, type CartOverlay } from '../machines/cart.machine.ts';
import type { CartActor } from './lazy-cart.ts';

/**
 * Creates and starts the cart actor over `api.current` (read at each call, so a new client takes
 * over), from the checkout the startup call fetched (undefined: the machine fetches it) and the
 * overlay as the stand-in left it.
 *
 * @example
 * const actor = createCartActor({ current: client }, checkout, 'never');
 */
export function createCartActor(api: { readonly current: ApiClient }, checkout: Checkout | null | undefined, overlay: CartOverlay): CartActor {
  const machine = cartMachine.provide({
    actors: {
      fetchCheckout: fromPromise(({ signal }) => api.current.getCheckout({ signal })),
      addLineItem: fromPromise(({ input, signal }) => api.current.addLineItem(input, { signal })),
      setLineItemQuantity: fromPromise(({ input, signal }) => api.current.setLineItemQuantity(input, { signal })),
      deleteLineItem: fromPromise(({ input, signal }) => api.current.deleteLineItem(input.lineItemId, { signal })),
      applyDiscountCode: fromPromise(({ input, signal }) => api.current.applyDiscountCode(input.checkoutId, input.code, { signal })),
      removeDiscountCode: fromPromise(({ input, signal }) => api.current.removeDiscountCode(input.checkoutId, input.code, { signal })),
      addProductsByHandles: fromPromise(({ input, signal }) => api.current.addProductsByHandles(input.handles, { signal })),
      fetchProduct: fromPromise(({ input, signal }) => api.current.productByHandle(input.handle, { signal })),
    },
  });
  return createActor(machine, { input: checkout === undefined ? { overlay } : { checkout, overlay } }).start();
}
