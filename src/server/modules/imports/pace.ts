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
