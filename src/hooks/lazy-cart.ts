/**
 * The shared cart actor, with its machine loaded on demand. Every page shows the cart (the
 * header's count, the product card's button, the product page's available quantity), but the
 * cart machine and its request rules are only needed once the shopper changes the cart. So the
 * provider holds a stand-in with the actor's surface (`getSnapshot`, `subscribe`, `send`, `on`):
 *
 * - until the machine is there, its snapshot is the machine's starting context built from the
 *   startup checkout call (lines, checkout, not updating, overlay never shown);
 * - the first cart request (add, quantity, delete, coupon, reload, checkout) loads it, and every
 *   request sent meanwhile is delivered to it in order; the overlay's events are applied at once
 *   with the machine's own rule (`nextOverlay`), and the machine starts with that overlay;
 * - the machine starts from the checkout the startup call fetched (no second call), or fetches it
 *   itself when that call has not answered or failed;
 * - subscribers and `on` handlers move to the machine's actor when it arrives.
 *
 * `load()` starts the machine without an event (the app calls it once the page has settled, so a
 * first add does not wait for the code).
 * @module
 */
import type { ActorRefFrom, Observer, Subscription } from 'xstate';
import { checkoutLines } from '../domain/cart.ts';
import type { Checkout } from '../domain/entities.ts';
import { failureMessage } from '../domain/session.ts';
import type { CartContext, CartEvent, CartOverlay, CartRequestEvent, cartMachine } from '../machines/cart.machine.ts';
import { isOverlayEvent, nextOverlay } from '../machines/cart.selectors.ts';

/** The cart actor as the hooks use it. */
export type CartActor = ActorRefFrom<typeof cartMachine>;
/** A snapshot of the cart actor (the stand-in's or the machine's). */
export type CartSnapshot = ReturnType<CartActor['getSnapshot']>;

/** Options of {@link createLazyCart}. */
export interface LazyCartOptions {
  /**
   * Creates and starts the cart actor (loading the machine's module), from `checkout` when it is
   * known (undefined: the machine fetches it on start) and the overlay as the stand-in left it.
   */
  create(checkout: Checkout | null | undefined, overlay: CartOverlay): Promise<CartActor>;
  /** The startup checkout call; left out when `checkout` is given. */
  fetchCheckout?(): Promise<Checkout | null>;
  /** A checkout known already (server rendering); null means no cart yet. */
  checkout?: Checkout | null;
  /** Where a failed startup call or machine load is reported (spec: logged only). */
  log?(message: string, error: unknown): void;
}

/** The stand-in and its controls. */
export interface LazyCart {
  /** The actor the hooks read and send to. */
  ref: CartActor;
  /** Loads and starts the machine (once); resolves with its actor. */
  load(): Promise<CartActor>;
  /** Stops the machine's actor, if it started. */
  stop(): void;
  /**
   * The cart as a server render shows it, and as hydration must read it (see useCartSelector):
   * the given checkout, else no cart; nothing in flight; the overlay never shown. The server
   * cannot know a shopper's cart (the page is shared), the browser learns it after hydrating.
   */
  serverSnapshot: CartSnapshot;
}

/** Marks the stand-in's snapshots (see {@link isStandIn}). */
const STAND_IN = Symbol('cart stand-in');

/** Whether a cart snapshot is the stand-in's, taken before the machine runs. */
export function isStandIn(snapshot: unknown): boolean {
  return typeof snapshot === 'object' && snapshot !== null && STAND_IN in snapshot;
}

/**
 * The machine's starting context for a checkout (see cartMachine's `context`); `updating` while
 * the startup call is in flight, as the machine is while it fetches the cart.
 */
function startingContext(checkout: Checkout | null, updating: boolean, overlay: CartOverlay): CartContext {
  return {
    lines: checkoutLines(checkout),
    checkout,
    updating,
    overlay,
    lastError: null,
    queue: [],
    couponNotice: null,
    couponResets: 0,
    quickAddLevelId: null,
  };
}

/** A snapshot of the stand-in: the context, in the idle state, that accepts nothing by itself. */
function standInSnapshot(checkout: Checkout | null, updating: boolean, overlay: CartOverlay): CartSnapshot {
  const snapshot = {
    [STAND_IN]: true,
    status: 'active',
    value: updating ? { busy: 'reloading' } : 'idle',
    context: startingContext(checkout, updating, overlay),
    output: undefined,
    error: undefined,
    children: {},
    historyValue: {},
    tags: new Set<string>(),
    matches: (value: unknown) => value === (updating ? 'busy' : 'idle'),
    hasTag: () => false,
    can: () => false,
    getMeta: () => ({}),
    toJSON: () => ({ context: startingContext(checkout, updating, overlay) }),
  };
  return snapshot as unknown as CartSnapshot;
}

/**
 * Creates the stand-in (see the module comment) and starts the startup checkout call.
 *
 * @example
 * const cart = createLazyCart({
 *   create: async (checkout, overlay) => {
 *     const { cartMachine } = await import('../machines/cart.machine.ts');
 *     return createActor(cartMachine.provide({ actors }), { input: checkout === undefined ? { overlay } : { checkout, overlay } }).start();
 *   },
 *   fetchCheckout: () => client.getCheckout().then((r) => r.checkout ?? null),
 * });
 */
export function createLazyCart(options: LazyCartOptions): LazyCart {
  const fetching = options.checkout === undefined && options.fetchCheckout !== undefined;
  let overlay: CartOverlay = 'never';
  let fetched = !fetching;
  let snapshot = standInSnapshot(options.checkout ?? null, fetching, overlay);
  const restate = () => {
    snapshot = standInSnapshot(known ?? null, !fetched, overlay);
    observers.forEach((o) => o.next?.(snapshot));
  };
  let known: Checkout | null | undefined = options.checkout;
  let actor: CartActor | null = null;
  let loading: Promise<CartActor> | null = null;
  let stopped = false;
  const pending: CartEvent[] = [];
  const observers = new Set<Partial<Observer<CartSnapshot>>>();
  /** The `on` handlers, each with its subscription on the machine's actor once that runs. */
  const registrations = new Set<{ type: string; handler: (event: never) => void; moved?: Subscription }>();


  const startup = !fetching
    ? Promise.resolve()
    : options.fetchCheckout!().then(
        (checkout) => {
          known = checkout;
          fetched = true;
          if (!actor && !stopped) restate();
        },
        (error: unknown) => {
          // as the machine does with a failed fetch: logged only, the cart stays empty
          options.log?.('Cart: fetch cart failed', error);
          fetched = true;
          if (!actor && !stopped) restate();
        },
      );

  const load = (): Promise<CartActor> => {
    loading ??= startup
      .then(() => options.create(known, overlay))
      .then((created) => {
        if (stopped) {
          created.stop();
          return created;
        }
        actor = created;
        for (const r of registrations) r.moved = created.on(r.type as never, r.handler as never);
        created.subscribe({ next: (next) => observers.forEach((o) => o.next?.(next)) });
        for (const event of pending.splice(0)) created.send(event);
        // the machine's snapshot replaces the stand-in's, events or not
        observers.forEach((o) => o.next?.(created.getSnapshot()));
        return created;
      });
    loading.catch((error: unknown) => {
      options.log?.('Cart: loading the cart failed', error);
      loading = null;
    });
    return loading;
  };

  const ref = {
    id: 'cart',
    sessionId: 'cart',
    getSnapshot: () => (actor ? actor.getSnapshot() : snapshot),
    subscribe(observerOrNext: Partial<Observer<CartSnapshot>> | ((snapshot: CartSnapshot) => void)): Subscription {
      const observer = typeof observerOrNext === 'function' ? { next: observerOrNext } : observerOrNext;
      observers.add(observer);
      return { unsubscribe: () => void observers.delete(observer) };
    },
    send(event: CartEvent) {
      if (actor) return actor.send(event);
      // the overlay opens and closes at once, by the machine's own rule, without its code
      if (isOverlayEvent(event.type)) {
        const next = nextOverlay(overlay, event.type);
        if (next !== overlay) {
          overlay = next;
          restate();
        }
        return;
      }
      pending.push(event);
      void load().catch(() => undefined);
    },
    on(type: string, handler: (event: never) => void): Subscription {
      const registration: { type: string; handler: (event: never) => void; moved?: Subscription } = { type, handler };
      if (actor) registration.moved = actor.on(type as never, handler as never);
      registrations.add(registration);
      return {
        unsubscribe: () => {
          registrations.delete(registration);
          registration.moved?.unsubscribe();
        },
      };
    },
  };

  return {
    ref: ref as unknown as CartActor,
    load,
    serverSnapshot: standInSnapshot(options.checkout ?? null, false, 'never'),
    stop() {
      stopped = true;
      actor?.stop();
    },
  };
}

/** The answer of a reported cart action. */
export type CartResult = { success: true } | { success: false; error: string };

type Reported = Extract<CartRequestEvent, { requestId?: string }>;

let requestCount = 0;

/**
 * Sends a reported request (an add, a quick add, a coupon) to the cart's machine (loaded first when it has not been) and resolves
 * with its `cart.result`. An event the machine would ignore (a quantity below 1, a blank code, no
 * handles) resolves at once as a failure instead of hanging; so does a machine that failed to
 * load.
 */
export async function sendCartRequest(actors: { cart: CartActor; loadCart(): Promise<CartActor> }, event: Reported): Promise<CartResult> {
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
