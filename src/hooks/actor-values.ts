/**
 * How a hook's machine, given its implementations once for the whole module, reaches the values of
 * the hook instance that runs it (the provider's client, the read cache, the caller's callbacks).
 *
 * Written inside the hook as `useActorRef(machine.provide({ actors: ... }))`, each mounted hook
 * built a machine of its own (every state node and transition: XState's `provide` builds a new
 * machine), because its implementations closed over that hook's refs. A server render mounts every
 * hook of the page once, so that was a machine built and thrown away per hook per page (a sixteenth
 * of a product page's render), and the browser paid it on every mount. Now the module provides the
 * machine once, and its implementations look up the values of the actor tree they run in: each
 * actor tree has its own system (`system`, passed to every actor creator and action), which the
 * hook ties to its `useLatest` ref while it renders, before the actor starts.
 * @module
 */
import type { RefObject } from 'react';
import type { AnyActorRef } from 'xstate';

/** The actor system of an actor tree (one per root actor; its invoked children share it). */
type ActorSystem = AnyActorRef['system'];

/** The values of one hook's actors (see the module comment). */
export interface ActorValues<V> {
  /**
   * The latest values of the hook whose actor tree `system` belongs to; throws for an actor no hook
   * has bound (a machine of this module started outside its hook).
   */
  of(system: ActorSystem): V;
  /**
   * Ties `actor`'s tree to the hook's ref of its latest values and returns the actor. Call it while
   * rendering, before the actor starts (idempotent: every render may call it).
   */
  bind<A extends AnyActorRef>(actor: A, values: RefObject<V>): A;
}

/**
 * The values of `hook`'s actors.
 * @example
 * const loaderValues = actorValues<{ client: ApiClient }>('useLoader');
 * const machine = loaderMachine.provide({ actors: { load: fromPromise(({ system, signal }) => loaderValues.of(system).client.nav({}, { signal })) } });
 * // in the hook
 * const values = useLatest({ client });
 * const actor = loaderValues.bind(useActorRef(machine, { input }), values);
 */
export function actorValues<V>(hook: string): ActorValues<V> {
  const bySystem = new WeakMap<ActorSystem, RefObject<V>>();
  return {
    of(system) {
      const ref = bySystem.get(system);
      if (!ref) throw new Error(`${hook}: its machine runs outside the hook (no values bound to the actor)`);
      return ref.current;
    },
    bind(actor, values) {
      bySystem.set(actor.system, values);
      return actor;
    },
  };
}
