/**
 * The cart hooks' reported requests (useCart, useQuickAdd): an event sent to the shared cart's
 * machine, answered with its `cart.result`. Not part of the package's API (the hooks' actions are).
 * @module
 */
import type { CartRequestEvent } from '../machines/cart.machine.ts';
import { failureMessage } from '../domain/session.ts';
import { isStandIn, type CartActor } from './lazy-cart.ts';
import type { SharedActors } from './SharedActorsProvider.tsx';

/** The answer of a reported cart action. */
export type CartResult = { success: true } | { success: false; error: string };

type Reported = Extract<CartRequestEvent, { requestId?: string }>;

let requestCount = 0;

/**
 * Sends a reported request to the cart's machine (loaded first when it has not been) and resolves
 * with its `cart.result`. An event the machine would ignore (a quantity below 1, a blank code, no
 * handles) resolves at once as a failure instead of hanging; so does a machine that failed to
 * load.
 */
export async function request(actors: Pick<SharedActors, 'cart' | 'loadCart'>, event: Reported): Promise<CartResult> {
  let cart: CartActor = actors.cart;
  // once the machine runs this is synchronous up to the send, as a request was before it loaded lazily
  if (isStandIn(cart.getSnapshot())) {
    try {
      cart = await actors.loadCart();
    } catch (error) {
      return { success: false, error: failureMessage(error) };
    }
  }
  if (!cart.getSnapshot().can(event)) return { success: false, error: 'Invalid cart request.' };
  const requestId = `cart-request-${++requestCount}`;
  return new Promise((resolve) => {
    const sub = cart.on('cart.result', (result) => {
      if (result.requestId !== requestId) return;
      sub.unsubscribe();
      resolve(result.success ? { success: true } : { success: false, error: result.error });
    });
    cart.send({ ...event, requestId });
  });
}
