/**
 * Asking the runtime for a full garbage collection, and keeping a long piece of work's garbage
 * bounded. A start's reads and a seed's generation make hundreds of MB of garbage that V8 keeps in
 * its old space until its next full collection, while the resident memory keeps the high-water
 * mark: the search index's build and warm-up and the card store's start-up read use these, and
 * so does the seed before the demo customer's password hash (128 MiB of its own).
 * @module
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/**
 * One full garbage collection, when the runtime lets a program ask for it: `gc` when node runs
 * with --expose-gc, else the same function exposed on demand (V8's flag, read by a new context).
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === 'function') collect = exposed;
    else {
      try {
        setFlagsFromString('--expose-gc');
        collect = runInNewContext('gc') as () => void;
      } catch {
        collect = null;
      }
    }
  }
  collect?.();
}

/**
 * Keeps a piece of work's garbage bounded: `check()` (after each piece of work) collects when the
 * heap in use has outgrown what it held after the last collection by half (and 64 MB). A
 * start's reads and tokenising make hundreds of MB of garbage the runtime keeps in its old
 * space until its next full collection, and the resident memory keeps the high-water mark.
 */
export class GarbageBound {
  /** Heap in use after the last collection (0: not measured yet). */
  private floor = 0;

  check(): void {
    const used = getHeapStatistics().used_heap_size;
    if (this.floor === 0) this.floor = used;
    else if (used > this.floor + Math.max(64 * 2 ** 20, this.floor / 2)) {
      collectGarbage();
      this.floor = getHeapStatistics().used_heap_size;
    }
  }
}
