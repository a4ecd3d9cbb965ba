/**
 * The presorted orders of the fast index: for each sort asked for, the live ordinals in that
 * order (built on first use) and, on demand, each ordinal's rank in it. A write takes the new
 * ordinal by binary insertion; growing and compacting the store carry the orders along.
 * @module
 */
import { compareTitleKeys } from '../text.ts';
import type { PresortedSort } from '../sorting.ts';
import { hasBit } from './bits.ts';
import type { SnapshotReader, SnapshotWriter } from './snapshot.ts';
import { growBits, type DocumentStore } from './storage.ts';

/** One presorted order: order[0 .. length) are ordinals; rank[o] is o's position (null until asked for). */
export interface PresortedOrder {
  order: Uint32Array;
  length: number;
  rank: Uint32Array | null;
}

/** A presorted order with its ranks. */
export type RankedOrder = PresortedOrder & { rank: Uint32Array };

/** The presorted orders over a store's documents. */
export class Orders {
  private readonly orders = new Map<PresortedSort, PresortedOrder>();

  constructor(private readonly store: DocumentStore) {}

  private compare(sort: PresortedSort, a: number, b: number): number {
    const { idOf } = this.store;
    const byId = (idOf[a] ?? 0) - (idOf[b] ?? 0) || a - b;
    switch (sort) {
      case 'id_asc': return byId;
      case 'id_desc': return (idOf[b] ?? 0) - (idOf[a] ?? 0) || a - b;
      case 'title_asc': return compareTitleKeys(this.titleOf(a), this.titleOf(b)) || byId;
      case 'title_desc': return compareTitleKeys(this.titleOf(b), this.titleOf(a)) || byId;
      case 'price_asc': return (this.store.price[a] ?? 0) - (this.store.price[b] ?? 0) || byId;
      case 'price_desc': return (this.store.price[b] ?? 0) - (this.store.price[a] ?? 0) || byId;
      case 'top_rated': return (this.store.rating[b] ?? 0) - (this.store.rating[a] ?? 0) || (this.store.reviews[b] ?? 0) - (this.store.reviews[a] ?? 0) || byId;
      case 'best_selling': return (this.store.sales[b] ?? 0) - (this.store.sales[a] ?? 0) || byId;
    }
  }

  /** The keys of a full title sort, read once per ordinal (null: read each from the store). */
  private titleKeys: string[] | null = null;

  private titleOf(o: number): string {
    return this.titleKeys !== null ? this.titleKeys[o]! : this.store.titles.get(o);
  }

  /** A sort's order with its ranks, built (from the live ordinals) when first asked for. */
  orderOf(sort: PresortedSort): RankedOrder {
    const { store } = this;
    let entry = this.orders.get(sort);
    if (entry === undefined) {
      const live: number[] = [];
      for (let o = 0; o < store.n; o++) if (hasBit(store.alive, o)) live.push(o);
      // a title sort reads each key once, not twice a comparison
      if (sort === 'title_asc' || sort === 'title_desc') this.titleKeys = Array.from({ length: store.n }, (_, o) => store.titles.get(o));
      live.sort((a, b) => this.compare(sort, a, b));
      this.titleKeys = null;
      const order = new Uint32Array(store.cap);
      order.set(live);
      entry = { order, length: live.length, rank: null };
      this.orders.set(sort, entry);
    }
    if (entry.rank === null) {
      const rank = new Uint32Array(store.cap);
      for (let i = 0; i < entry.length; i++) rank[entry.order[i] ?? 0] = i;
      entry.rank = rank;
    }
    return entry as RankedOrder;
  }

  /** Writes the orders built so far into a snapshot (their ranks are worked out again on load). */
  save(w: SnapshotWriter): void {
    const sorts = [...this.orders.keys()];
    w.json({ sorts, lengths: sorts.map((s) => this.orders.get(s)!.length) });
    for (const s of sorts) w.u32(this.orders.get(s)!.order);
  }

  /** Reads what save wrote (the store loaded first), with every order's ranks. */
  load(r: SnapshotReader): void {
    const { sorts, lengths } = r.json<{ sorts: PresortedSort[]; lengths: number[] }>();
    this.orders.clear();
    sorts.forEach((sort, i) => {
      this.orders.set(sort, { order: r.u32(), length: lengths[i]!, rank: null });
      this.orderOf(sort);
    });
  }

  /** Puts a new ordinal in every order built so far. */
  insert(o: number): void {
    for (const [sort, entry] of this.orders) this.insertInOrder(sort, entry, o);
  }

  private insertInOrder(sort: PresortedSort, entry: PresortedOrder, o: number): void {
    let lo = 0;
    let hi = entry.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(sort, entry.order[mid] ?? 0, o) < 0) lo = mid + 1;
      else hi = mid;
    }
    entry.order.copyWithin(lo + 1, lo, entry.length);
    entry.order[lo] = o;
    entry.length++;
    entry.rank = null;
  }

  /** Makes room for `cap` ordinals. */
  grow(cap: number): void {
    for (const entry of this.orders.values()) {
      entry.order = growBits(entry.order, cap);
      entry.rank = null;
    }
  }

  /** Renumbers the orders after the store compacted (retired ordinals dropped). */
  compact(remap: Int32Array): void {
    for (const entry of this.orders.values()) {
      let w = 0;
      for (let i = 0; i < entry.length; i++) {
        const to = remap[entry.order[i] ?? 0] ?? -1;
        if (to >= 0) entry.order[w++] = to;
      }
      entry.length = w;
      entry.rank = null;
    }
  }
}
