/**
 * Reads a part of the shared cart, the same way on the server, while hydrating and after.
 *
 * `useSelector` of @xstate/react gives React the live snapshot as the server snapshot too. The
 * cart's startup call (or the machine) can answer while the browser hydrates the server's HTML
 * (the page's Suspense boundary hydrates after its chunk resolves), so the first client render
 * showed the shopper's lines where the server had rendered no cart: a hydration mismatch (React
 * error 418) that threw away the server's HTML and the shopper's first input with it. Here the
 * server render and hydration read the cart as the server knows it (`serverSnapshot`: the
 * checkout of the initial data, else none; nothing in flight); React re-renders with the live
 * cart right after hydrating.
 * @module
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { CartSnapshot } from './lazy-cart.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';

/**
 * The part of the cart `selector` picks. The selector must answer the same value for the same
 * snapshot (a part of it or a primitive, never a new object), as `useSyncExternalStore` compares
 * answers with Object.is.
 *
 * @example
 * const lines = useCartSelector((s) => s.context.lines);
 */
export function useCartSelector<T>(selector: (snapshot: CartSnapshot) => T): T {
  const { cart, cartServerSnapshot } = useSharedActors();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = cart.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [cart],
  );
  return useSyncExternalStore(
    subscribe,
    () => selector(cart.getSnapshot()),
    () => selector(cartServerSnapshot),
  );
}
