/**
 * Caches in front of the search path, both kept in step with catalogue writes through
 * `invalidate(ids)` (called by `app.catalogue.reindex`, the same call that keeps the index
 * in step):
 * - product cards as JSON text by product id (bounded LRU), so a page of results is joined
 *   from ready strings instead of four SQL queries and ~25 objects per card;
 * - whole answers of `GET /api/products/filter` as bytes by normalised query (bounded LRU
 *   by size), since a store's traffic repeats its popular searches. Any write clears it:
 *   one product's change can move any answer's totals and facets.
 * A cache never changes an answer, only how often it is computed (test/server/search.cache.test.ts).
 * @module
 */

/** Sizes of the catalogue caches; 0 disables one. */
export interface CatalogueCacheOptions {
  /**
   * Product cards kept as JSON (about 0.6 kB each).
   * @default 20000
   */
  cards?: number;
  /**
   * Bytes of search answers kept (an answer is 5 to 50 kB).
   * @default 24 MiB
   */
  responseBytes?: number;
}

/** Loads cards as JSON text by id; ids that do not exist are absent from the answer. */
export type CardJsonLoader = (ids: readonly number[]) => Map<number, string>;

/** A bounded map that forgets the least recently used entry first (Map order is use order). */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  private weight = 0;

  constructor(private readonly max: number, private readonly weigh: (v: V) => number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, v: V): void {
    const w = this.weigh(v);
    if (w > this.max) return;
    this.delete(key);
    this.map.set(key, v);
    this.weight += w;
    for (const [k, old] of this.map) {
      if (this.weight <= this.max) break;
      this.map.delete(k);
      this.weight -= this.weigh(old);
    }
  }

  delete(key: K): void {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.map.delete(key);
    this.weight -= this.weigh(old);
  }

  clear(): void {
    this.map.clear();
    this.weight = 0;
  }
}

/** Hits and misses since start, for operators and the benchmark. */
export interface CacheStats {
  cardHits: number;
  cardMisses: number;
  responseHits: number;
  responseMisses: number;
  invalidations: number;
}

/**
 * The card and answer caches of the catalogue routes.
 * @example
 * const cache = new CatalogueCache((ids) => cardJsonById(db, ids));
 * cache.cardJson([42, 7]); // ['{"id":42,...}', '{"id":7,...}']
 * cache.invalidate([42]); // after writing product 42
 */
export class CatalogueCache {
  private readonly cards: Lru<number, string>;
  private readonly responses: Lru<string, Buffer>;
  readonly stats: CacheStats = { cardHits: 0, cardMisses: 0, responseHits: 0, responseMisses: 0, invalidations: 0 };

  constructor(private readonly load: CardJsonLoader, options: CatalogueCacheOptions = {}) {
    this.cards = new Lru(options.cards ?? 20_000, () => 1);
    this.responses = new Lru(options.responseBytes ?? 24 * 2 ** 20, (b) => b.length);
  }

  /**
   * JSON of the cards of `ids` that exist, in the order given, repeats skipped (as
   * `productCards`); the missing ones are loaded in one batch.
   */
  cardJson(ids: readonly number[]): string[] {
    const unique = [...new Set(ids)];
    const found = new Map<number, string>();
    const missing: number[] = [];
    for (const id of unique) {
      const json = this.cards.get(id);
      if (json === undefined) missing.push(id);
      else found.set(id, json);
    }
    this.stats.cardHits += unique.length - missing.length;
    this.stats.cardMisses += missing.length;
    if (missing.length > 0) {
      for (const [id, json] of this.load(missing)) {
        found.set(id, json);
        this.cards.set(id, json);
      }
    }
    const out: string[] = [];
    for (const id of unique) {
      const json = found.get(id);
      if (json !== undefined) out.push(json);
    }
    return out;
  }

  /** A cached answer, or the one `compute` makes (then kept). */
  response(key: string, compute: () => Buffer): Buffer {
    const hit = this.responses.get(key);
    if (hit !== undefined) {
      this.stats.responseHits++;
      return hit;
    }
    this.stats.responseMisses++;
    const body = compute();
    this.responses.set(key, body);
    return body;
  }

  /** Forgets what a write to these products may have changed: their cards and every answer. */
  invalidate(ids: Iterable<number>): void {
    this.stats.invalidations++;
    for (const id of ids) this.cards.delete(id);
    this.responses.clear();
  }

  /** Number of cards and answers held. */
  get size(): { cards: number; responses: number } {
    return { cards: this.cards.size, responses: this.responses.size };
  }
}
