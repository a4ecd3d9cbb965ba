/**
 * The facet dictionaries of the fast index (vendors, tag prefixes, tag values): an id per
 * folded key, and the spelling shown for it, the one of the live document with the lowest id.
 * @module
 */

/** A name dictionary (vendors, tag prefixes, tag values) with the lowest-id spelling. */
export class Names {
  readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  readonly keys: string[] = [];
  /** Doc id whose spelling is shown. */
  readonly holder: number[] = [];
  /** Ids whose holder left: recomputed from the live documents before the next facets. */
  readonly stale = new Set<number>();
  /** Best holder found while recomputing. */
  readonly pending = new Map<number, number>();

  /** Returns the key's id, recording the spelling when this doc has the lowest id so far. */
  add(key: string, spelling: string, docId: number): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(key, id);
      this.names.push(spelling);
      this.keys.push(key);
      this.holder.push(docId);
    } else if (!this.stale.has(id) && docId < (this.holder[id] ?? Infinity)) {
      this.names[id] = spelling;
      this.holder[id] = docId;
    }
    return id;
  }

  /** Forgets a holder leaving the index; its spelling is recomputed before the next facets. */
  release(id: number, docId: number): void {
    if (this.holder[id] === docId) this.stale.add(id);
  }

  /** Offers a live document's spelling while recomputing. */
  offer(id: number, spelling: string, docId: number): void {
    if (!this.stale.has(id) || docId >= (this.pending.get(id) ?? Infinity)) return;
    this.pending.set(id, docId);
    this.names[id] = spelling;
  }

  /** What a snapshot keeps (settled: nothing stale). */
  save(): NamesSnapshot {
    return { names: this.names, keys: this.keys, holder: this.holder.map((h) => (Number.isFinite(h) ? h : -1)) };
  }

  /** Reads what save gave into this (empty) dictionary. */
  load(snap: NamesSnapshot): void {
    snap.keys.forEach((key, id) => {
      this.ids.set(key, id);
      this.keys.push(key);
      this.names.push(snap.names[id] ?? key);
      const h = snap.holder[id] ?? -1;
      this.holder.push(h < 0 ? Infinity : h);
    });
  }

  /** Ends a recomputation. */
  settle(): void {
    for (const id of this.stale) this.holder[id] = this.pending.get(id) ?? Infinity;
    this.pending.clear();
    this.stale.clear();
  }
}

/** A dictionary as a snapshot keeps it (a holder of -1: none). */
export interface NamesSnapshot {
  names: readonly string[];
  keys: readonly string[];
  holder: readonly number[];
}
