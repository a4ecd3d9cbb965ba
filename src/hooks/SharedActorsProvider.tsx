/**
 * The app-wide actors: one login state and one cart for the whole page, because the header, the
 * product card, the cart overlay and the cart page all read and change the same ones. Created once
 * here (inside `SkimmerProvider`) with their actors bound to the provider's client; the hooks
 * (`useAuth`, `useCart`) read them from context.
 * @module
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { Checkout } from '../domain/entities.ts';
import { authMachine, type AuthInput } from '../machines/auth.machine.ts';
import { cartMachine } from '../machines/cart.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useMobileLayout } from './useMobileLayout.ts';
import { useMachineNotices } from './useToasts.ts';

/** Data a server render already has, so the shared actors start settled (DESIGN rule 11). */
export interface InitialData {
  /** The user (null: signed out) and customer ({}: signed out); a field left out is fetched. */
  auth?: AuthInput;
  /** The checkout (null: no cart yet); left out, the cart fetches it on start (the startup fetch). */
  checkout?: Checkout | null;
}

/** The shared actors. */
export interface SharedActors {
  auth: ActorRefFrom<typeof authMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
}

const SharedActorsContext = createContext<SharedActors | null>(null);

/** Creates the shared actors once; mounted by `SkimmerProvider`. */
export function SharedActorsProvider({ initialData, children }: { initialData?: InitialData; children?: ReactNode }) {
  const { client } = useSkimmer();
  const api = useLatest(client);
  const auth = useActorRef(
    authMachine.provide({
      actors: {
        fetchUser: fromPromise(async ({ signal }) => (await api.current.user({ signal })).user ?? null),
        fetchCustomer: fromPromise(async ({ signal }) => (await api.current.customer({ signal })).customer),
      },
    }),
    { input: initialData?.auth ?? {} },
  );
  useMachineNotices(auth);

  const cart = useActorRef(
    cartMachine.provide({
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
    }),
    { input: initialData?.checkout === undefined ? {} : { checkout: initialData.checkout } },
  );
  useMachineNotices(cart);
  // the overlay closes on mobile (spec section 4): one place follows the layout for every cart view
  const mobile = useMobileLayout();
  useEffect(() => {
    if (mobile) cart.send({ type: 'layout.mobile' });
  }, [cart, mobile]);

  return <SharedActorsContext.Provider value={{ auth, cart }}>{children}</SharedActorsContext.Provider>;
}

/** The shared actors; throws outside `SkimmerProvider`. */
export function useSharedActors(): SharedActors {
  const value = useContext(SharedActorsContext);
  if (!value) throw new Error('Skimmer hooks must be used inside <SkimmerProvider>.');
  return value;
}
