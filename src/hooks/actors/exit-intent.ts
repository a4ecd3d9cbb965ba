/**
 * The browser's signs of a leaving shopper (the pointer leaving the top of the window, a scroll,
 * Escape), sent to the exit-intent machine through the environment's replaceable listeners.
 * @module
 */
import type { ActorRefFrom } from 'xstate';
import type { exitIntentMachine } from '../../machines/exit-intent.machine.ts';
import type { SkimmerEnvironment } from '../environment.ts';

/**
 * Sends the window's events to `actor`; returns the function that stops listening.
 * @example useEffect(() => (done ? undefined : listenForExit(environment, actor)), [environment, actor, done]);
 */
export function listenForExit(environment: SkimmerEnvironment, actor: ActorRefFrom<typeof exitIntentMachine>): () => void {
  const { events } = environment;
  const stops = [
    events.onPointerLeave((clientY) => actor.send({ type: 'pointer.leave', clientY })),
    events.onScroll((position) => actor.send({ type: 'scroll', ...position })),
    events.onKeyDown((key) => {
      if (key === 'Escape') actor.send({ type: 'key.escape' });
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
