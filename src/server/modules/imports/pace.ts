/**
 * Turns for the event loop during an import. An import through the operators' API may run in the
 * store's own process (PostgreSQL, SQLite in memory), where the store answers shoppers between its
 * steps; much of an import's work never waits on anything (parsing a chunk of CSV, merging a batch
 * of products, SQLite's synchronous statements), so without a turn now and then a search would
 * wait behind tens of milliseconds of it. {@link pace} is called between small steps (a row, a
 * product) and gives the loop a turn (`setImmediate`: the requests that arrived are answered
 * first) once {@link SLICE_MS} have passed since the last turn; between turns it costs one clock
 * read.
 * @module
 */

/** Longest stretch of import work between two turns of the event loop. @default 8 */
export const SLICE_MS = 8;

let last = performance.now();

/**
 * Gives the event loop a turn when the import has worked {@link SLICE_MS} since the last one.
 * @example
 * for (const item of batch) { await pace(); handle(item); }
 */
export async function pace(): Promise<void> {
  if (performance.now() - last < SLICE_MS) return;
  await turn();
}

/** A turn of the event loop now (what arrived meanwhile is handled first). */
export async function turn(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  last = performance.now();
}

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
