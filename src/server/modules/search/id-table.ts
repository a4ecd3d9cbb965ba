/**
 * Numbers by product id in a dense typed array, with a Map for ids out of its range (the card
 * store's slots, the fast index's ordinals).
 * @module
 */

/** Ids below this are found in a dense array; larger ones (not made by SQLite here) in a Map. */
const DENSE_IDS = 1 << 22;

/**
 * A number (a slot, an ordinal) by product id: catalogue ids are small, dense integers, so an
 * Int32Array indexed by id (4 bytes an id, grown by doubling) beats a Map of 100k entries on
 * every card of every answer, and holds a million for 4 MB where a Map took about 40.
 */
export class IdTable {
  private dense = new Int32Array(1024).fill(-1);
  private readonly sparse = new Map<number, number>();
  size = 0;

  /** The number held for an id, or -1. */
  get(id: number): number {
    if (Number.isInteger(id) && id >= 0 && id < this.dense.length) return this.dense[id]!;
    return id >= 0 && id < DENSE_IDS && Number.isInteger(id) ? -1 : (this.sparse.get(id) ?? -1);
  }

  set(id: number, slot: number): void {
    if (this.get(id) < 0) this.size++;
    if (Number.isInteger(id) && id >= 0 && id < DENSE_IDS) {
      if (id >= this.dense.length) {
        const grown = new Int32Array(Math.min(DENSE_IDS, Math.max(id + 1, this.dense.length * 2))).fill(-1);
        grown.set(this.dense);
        this.dense = grown;
      }
      this.dense[id] = slot;
    } else {
      this.sparse.set(id, slot);
    }
  }

  delete(id: number): void {
    if (this.get(id) < 0) return;
    this.size--;
    if (Number.isInteger(id) && id >= 0 && id < this.dense.length) this.dense[id] = -1;
    else this.sparse.delete(id);
  }

  clear(): void {
    this.dense.fill(-1);
    this.sparse.clear();
    this.size = 0;
  }

  /** Every id held. */
  ids(): number[] {
    const out: number[] = [];
    for (let id = 0; id < this.dense.length; id++) if (this.dense[id]! >= 0) out.push(id);
    for (const id of this.sparse.keys()) out.push(id);
    return out;
  }
}
