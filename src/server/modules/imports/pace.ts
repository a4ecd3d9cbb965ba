/**
 * The pace at which the store takes a large catalogue change in its own thread (see
 * {@link restingPace}); the turns an import itself gives the event loop are the CSV platform's
 * (platform/csv/pace.ts).
 * @module
 */

/** Work a large catalogue change does in the store's thread before it rests (see {@link restingPace}). @default 8 */
export const CHANGE_BURST_MS = 8;

/**
 * The pace at which the store takes a large catalogue change (an import's 36,000 products) in its
 * own thread: a turn of the event loop after every slice (the requests that arrived are answered
 * first), and once the slices have worked {@link CHANGE_BURST_MS} a rest as long as that work, so
 * the change never keeps the thread busy more than half the time. A process that works without
 * resting is, to the operating system, a busy one: on a loaded machine it waits its turn behind
 * every other busy process, and each search it is sent waits with it; one that rests is woken at
 * once. The change takes about twice as long.
 * @example
 * const pace = restingPace();
 * for (const slice of slices) { await pace.turn(); pace.worked(time(() => apply(slice))); }
 */
export function restingPace(burstMs = CHANGE_BURST_MS): { turn(): Promise<void>; worked(ms: number): void } {
  let worked = 0;
  return {
    async turn() {
      if (worked < burstMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        return;
      }
      const rest = worked;
      worked = 0;
      await new Promise<void>((resolve) => setTimeout(resolve, rest));
    },
    worked(ms) {
      worked += ms;
    },
  };
}
