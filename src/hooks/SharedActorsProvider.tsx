/**
 * The app-wide actors: one login state and one cart for the whole page, because the header, the
 * product card, the cart overlay and the cart page all read and change the same ones. Created once
 * here (inside `SkimmerProvider`) with their actors bound to the provider's client; the hooks
 * (`useAuth`, `useCart`) read them from context. The cart's machine loads with the first change to
 * the cart (see lazy-cart.ts); until then the cart shows the startup checkout call's answer.
 * @module
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { Checkout } from '../domain/entities.ts';
import { authMachine, type AuthInput } from '../machines/auth.machine.ts';
import { useSkimmer } from './context.ts';
import { createLazyCart, type CartActor, type CartSnapshot } from './lazy-cart.ts';
import { useLatest } from './useLatest.ts';
import { useMobileLayout } from './useMobileLayout.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

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
  /** The cart: the machine's actor once it has loaded, a stand-in with the same surface before. */
  cart: CartActor;
  /** Loads the cart's machine now (it loads by itself with the first cart event). */
  loadCart(): Promise<CartActor>;
  /** The cart as the server rendered it, read while hydrating (see useCartSelector). */
  cartServerSnapshot: CartSnapshot;
  /**
   * The login state as the server rendered it (the auth actor before its calls), read while
   * hydrating (see useAuth): the calls start after the shell hydrates and can answer before a
   * page's Suspense boundary hydrates.
   */
  authServerSnapshot: SnapshotFrom<typeof authMachine>;
}

const SharedActorsContext = createContext<SharedActors | null>(null);

const authValues = actorValues<ApiClient>('SharedActorsProvider');
/** The login machine with its calls, over the provider's latest client. */
const providedAuthMachine = authMachine.provide({
  actors: {
    fetchUser: fromPromise(async ({ signal, system }) => (await authValues.of(system).user({ signal })).user ?? null),
    fetchCustomer: fromPromise(async ({ signal, system }) => (await authValues.of(system).customer({ signal })).customer),
  },
});

/**
 * Creates the shared actors once; mounted by `SkimmerProvider`, so an app does not mount it itself.
 *
 * @example
 * <SkimmerContext.Provider value={value}>
 *   <SharedActorsProvider initialData={{ checkout: null }}>{children}</SharedActorsProvider>
 * </SkimmerContext.Provider>
 */
export function SharedActorsProvider({ initialData, children }: { initialData?: InitialData; children?: ReactNode }) {
  const { client } = useSkimmer();
  const api = useLatest(client);
  const auth = authValues.bind(useActorRef(providedAuthMachine, { input: initialData?.auth ?? {} }), api);
  useMachineNotices(auth);
  // taken before the actor starts (in an effect): what the server, which never starts it, renders
  const [authServerSnapshot] = useState(() => auth.getSnapshot());

  const { environment, serverRender } = useSkimmer();
  const [lazyCart] = useState(() =>
    createLazyCart({
      checkout: initialData?.checkout,
      // never on the server: the page is shared and rendered without the shopper's cookie, so
      // the call could only make (and store) a new session and an empty cart for every render;
      // the browser asks for the shopper's cart once it runs
      ...(serverRender ? {} : { fetchCheckout: async () => (await api.current.getCheckout()).checkout ?? null }),
      log: (message, error) => environment.log('cart', message, error),
      // the machine and its calls load together, with the first change to the cart
      create: async (checkout, overlay) => (await import('./cart-actor.ts')).createCartActor(api, checkout, overlay),
    }),
  );
  // not stopped on unmount: the provider lives as long as the page, and StrictMode's trial
  // unmount must not end the one cart of the page
  const cart = lazyCart.ref;
  useMachineNotices(cart);
  // the overlay closes on mobile: one place follows the layout for every cart view
  const mobile = useMobileLayout();
  useEffect(() => {
    if (mobile) cart.send({ type: 'layout.mobile' });
  }, [cart, mobile]);

  const value = useMemo(
    () => ({ auth, cart, loadCart: lazyCart.load, cartServerSnapshot: lazyCart.serverSnapshot, authServerSnapshot }),
    [auth, cart, lazyCart, authServerSnapshot],
  );
  return <SharedActorsContext.Provider value={value}>{children}</SharedActorsContext.Provider>;
}

/**
 * The shared actors; throws outside `SkimmerProvider`.
 *
 * @example
 * const { cart } = useSharedActors();
 * const lines = useSelector(cart, (s) => s.context.lines);
 */
export function useSharedActors(): SharedActors {
  const value = useContext(SharedActorsContext);
  if (!value) throw new Error('Skimmer hooks must be used inside <SkimmerProvider>.');
  return value;
}
