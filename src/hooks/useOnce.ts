/**
 * A value made once per mounted component, on its first render: a machine with its
 * implementations for `useActorRef`, which uses the machine of the first render only. Written
 * inline as `useActorRef(machine.provide({...}))`, `provide` built a whole new machine (every
 * state node and transition) on every render of the hook, to be thrown away: on the server, a
 * sixth of a page's render. The implementations it holds read the latest values through refs
 * (useLatest), as before.
 * @module
 */
import { useState } from 'react';

/**
 * `create()` of the first render, the same object on every later render of the component.
 * @example
 * const actor = useActorRef(useOnce(() => loaderMachine.provide({ actors: { load } })), { input });
 */
export function useOnce<T>(create: () => T): T {
  return useState(create)[0];
}
