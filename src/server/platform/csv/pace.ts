/**
 * Turns for the event loop while a file is read in (a catalogue import, a redirects upload). An
 * import through the operators' API may run in the store's own process (PostgreSQL, SQLite in
 * memory), where the store answers shoppers between its steps; much of an import's work never waits on anything (parsing a chunk of CSV, merging a batch
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
let restRatio = 0;

/**
 * Makes {@link pace} rest as well as turn: after each stretch of work it waits `ratio` times as
 * long as the stretch took before going on (0, the default: never). Set in a process that only
 * imports, beside a store on the same machine (an import through the operators' API runs in a
 * child process at a lower priority): the child and the database's process serving it then take
 * at most 1/(1 + ratio) of the time, so the store's searches find a core free however the machine
 * schedules. The stretch counts the time spent waiting on the database, whose work for the import
 * is the import's too.
 */
export function restBetweenStretches(ratio: number): void {
  restRatio = Number.isFinite(ratio) && ratio > 0 ? ratio : 0;
}

/**
 * Gives the event loop a turn when the import has worked {@link SLICE_MS} since the last one (and
 * rests, see {@link restBetweenStretches}).
 * @example
 * for (const item of batch) { await pace(); handle(item); }
 */
export async function pace(): Promise<void> {
  const stretch = performance.now() - last;
  if (stretch < SLICE_MS) return;
  if (restRatio > 0) {
    await new Promise<void>((resolve) => setTimeout(resolve, stretch * restRatio));
    last = performance.now();
    return;
  }
  await turn();
}

/** A turn of the event loop now (what arrived meanwhile is handled first). */
export async function turn(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  last = performance.now();
}
