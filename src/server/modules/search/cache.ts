/**
 * Product cards held in memory as ready JSON, and whole search answers cached by query; both
 * kept in step with catalogue writes through `invalidate(ids)` (called by
 * `app.catalogue.reindex`, the same call that keeps the index in step):
 * - cards: every product's card, read from the database at start-up (and again after a write
 *   to it), stored as the UTF-8 bytes of its whole JSON object (about 560 bytes a card, 56 MB
 *   at 100k products, outside the JS heap). A page of results is written with one copy per
 *   card, with no SQL and no objects per card;
 * - answers of `GET /api/products/filter` as bytes by normalised query (bounded LRU by size),
 *   since a store's traffic repeats its popular searches. An answer is kept with the ids it was
 *   drawn from when the index lists them (SearchPage.candidates): a change to products that
 *   leaves what selects them as it was (a price, stock, ratings: {@link forgetAnswersOf})
 *   forgets only the answers drawn from those products; any other change forgets every answer,
 *   since one product's words or collections can move any answer's totals and facets.
 * - with a card file (card-file.ts, {@link CatalogueCache.useCardFile}): a card not held is
 *   read from the file by its offset, and only a card the file does not hold current is read
 *   from the database (and then held).
 * Neither changes an answer, only how often it is computed (test/server/modules/search/search.cache.test.ts).
 * @module
 */
import { GarbageBound } from '../../platform/ops/garbage.ts';
import type { CardFile } from './card-file.ts';
import { IdTable } from './id-table.ts';

/** What the catalogue caches hold; 0 turns one off. */
export interface CatalogueCacheOptions {
  /**
   * Keep every product's card in memory (read at start-up, then kept in step). When false,
   * each answer reads its cards from the database.
   * @default true
   */
  cards?: boolean;
  /**
   * Bytes of cards kept when they are kept (`cards`): past it, the cards least recently shown
   * make room (a clock over the cards, each shown card getting a second chance), and the
   * start-up reads cards only up to a quarter of it. Only for a loader that reads on a miss (the embedded
   * database): a million products' cards are about 600 MB. @default Infinity (every card)
   */
  cardBytes?: number;
  /**
   * Bytes of search answers kept (an answer is 5 to 50 kB); 0 turns the answer cache off.
   * @default 24 MiB
   */
  responseBytes?: number;
}

/** Loads cards by id as their field values in the cache's field order; unknown ids are absent. */
export type CardLoader = (ids: readonly number[]) => Map<number, readonly unknown[]>;

/** A bounded map that forgets the least recently used entry first (Map order is use order). */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  private weight = 0;

  constructor(readonly max: number, private readonly weigh: (v: V) => number) {}

  get size(): number {
    return this.map.size;
  }

  /** The entry, without counting as a use. */
  peek(key: K): V | undefined {
    return this.map.get(key);
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

  /** The `n` most recently used entries, the most recent last. */
  newest(n: number): [K, V][] {
    const all = [...this.map];
    return all.slice(Math.max(0, all.length - n));
  }

  /** Deletes every entry `drop` picks; returns how many. */
  deleteWhere(drop: (key: K, v: V) => boolean): number {
    let n = 0;
    for (const [k, v] of this.map) {
      if (!drop(k, v)) continue;
      this.map.delete(k);
      this.weight -= this.weigh(v);
      n++;
    }
    return n;
  }
}

/** A cached answer and the ids it was drawn from (null: it may read any product). */
export interface CachedAnswer {
  body: Buffer;
  from: Uint32Array | null;
}

/** A kept answer, with how to work it out again. */
interface HeldAnswer extends CachedAnswer {
  redo: () => CachedAnswer;
}

/**
 * Answers worked out again after a change forgot them (the most recently used first), at most:
 * the popular searches an edit touched are ready before the next shopper asks. @default 16
 */
export const REFRESHED_ANSWERS = 16;

/** Whether the ascending ids `from` hold any of `ids`. */
function holdsAny(from: Uint32Array, ids: readonly number[]): boolean {
  for (const id of ids) {
    let lo = 0;
    let hi = from.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = from[mid]!;
      if (at === id) return true;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  return false;
}

const CHUNK_BYTES = 1 << 20;
/** A slot of findSlots' list at or past this is a place in the card file (less it), not in the store. */
const IN_FILE = 2 ** 31;
const EMPTY = Buffer.alloc(0);
const NO_PARTS: readonly Buffer[] = [];

/**
 * Cards as the UTF-8 bytes of their JSON objects, in 1 MB chunks, found by id through
 * (chunk, offset, length). Whole objects, keys included, cost about 240 bytes a card more
 * than values alone (24 MB at 100k), but a page is then one copy per card instead of one
 * per field: the copies were a tenth of a searched answer's time. A rewritten card takes
 * new bytes; the old ones are reclaimed by a compaction once they are a quarter of the store.
 */
class CardBytes {
  /** @param budget bytes of cards kept at most (see CatalogueCacheOptions.cardBytes) */
  constructor(readonly budget = Infinity) {}

  private chunks: Buffer[] = [];
  /** The chunks as plain Uint8Arrays (cheaper views to copy from). */
  private views: Uint8Array[] = [];
  private fill = CHUNK_BYTES;
  private readonly at = new IdTable();
  private chunkOf = new Uint32Array(1024);
  private offsetOf = new Uint32Array(1024);
  private lengthOf = new Uint32Array(1024);
  /** The card id in each slot (NaN: its card was deleted) and whether it was shown since the clock last passed. */
  private idAt = new Float64Array(1024);
  private used = new Uint8Array(1024);
  private hand = 0;
  private slots = 0;
  private liveBytes = 0;
  private deadBytes = 0;

  /** Marks a slot's card as shown (it outlives the clock's next pass). */
  touch(slot: number): void {
    this.used[slot] = 1;
  }

  get size(): number {
    return this.at.size;
  }

  /** Bytes of the cards held. */
  get held(): number {
    return this.liveBytes;
  }

  /** Bytes held (chunks), for the figures. */
  get bytes(): number {
    return this.chunks.length * CHUNK_BYTES;
  }

  /** The slot of a card, or -1 when not held. */
  slot(id: number): number {
    return this.at.get(id);
  }

  /** Slots in use, from 0 (slot numbers stay below it). */
  get slotCount(): number {
    return this.slots;
  }

  /** Length in bytes of the card in a slot. */
  lengthAt(slot: number): number {
    return this.lengthOf[slot]!;
  }

  /** Copies the card in a slot into `out` at `pos`; returns the position after it. */
  copyAt(slot: number, out: Buffer, pos: number): number {
    const offset = this.offsetOf[slot]!;
    const length = this.lengthOf[slot]!;
    // a plain Uint8Array view and set(): Buffer#copy validates and wraps, twice the cost a card
    out.set(this.views[this.chunkOf[slot]!]!.subarray(offset, offset + length), pos);
    return pos + length;
  }

  /** Stores a card (`shown`: read for an answer, which the clock spares once). */
  put(id: number, json: string, shown = false): void {
    this.delete(id);
    const length = Buffer.byteLength(json);
    if (this.liveBytes + length > this.budget) this.makeRoom(length);
    // written straight into the chunk: no intermediate buffer per card at start-up
    this.place(id, length, (chunk, at) => chunk.write(json, at, 'utf8'), shown);
  }

  /**
   * Deletes cards until `length` more bytes fit in the budget: the clock's hand goes round the
   * slots, sparing (once) each card shown since it last passed. At most two rounds: every card
   * shown, it frees the first ones of the second round.
   */
  private makeRoom(length: number): void {
    for (let steps = 2 * this.slots; steps > 0 && this.liveBytes > 0 && this.liveBytes + length > this.budget; steps--) {
      if (this.hand >= this.slots) this.hand = 0;
      const slot = this.hand++;
      const id = this.idAt[slot]!;
      if (Number.isNaN(id)) continue;
      if (this.used[slot] === 1) {
        this.used[slot] = 0;
        continue;
      }
      // a compaction renumbers every slot: the hand starts again from the first
      const slots = this.slots;
      this.delete(id);
      if (this.slots !== slots) this.hand = 0;
    }
  }

  delete(id: number): void {
    const slot = this.at.get(id);
    if (slot < 0) return;
    this.at.delete(id);
    this.idAt[slot] = Number.NaN;
    const length = this.lengthOf[slot] ?? 0;
    this.liveBytes -= length;
    this.deadBytes += length;
    if (this.deadBytes > 4 * CHUNK_BYTES && this.deadBytes > this.liveBytes / 4) this.compact();
  }

  /** The stored bytes of a card (a view, valid until the next write). */
  view(id: number): Buffer | undefined {
    const slot = this.at.get(id);
    if (slot < 0) return undefined;
    const chunk = this.chunks[this.chunkOf[slot] ?? 0] as Buffer;
    const offset = this.offsetOf[slot] ?? 0;
    return chunk.subarray(offset, offset + (this.lengthOf[slot] ?? 0));
  }

  private place(id: number, length: number, write: (chunk: Buffer, at: number) => void, shown: boolean): void {
    if (this.fill + length > CHUNK_BYTES) {
      const chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, length));
      this.chunks.push(chunk);
      this.views.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
      this.fill = 0;
    }
    const chunk = this.chunks.length - 1;
    write(this.chunks[chunk] as Buffer, this.fill);
    if (this.slots === this.chunkOf.length) this.growSlots();
    const slot = this.slots++;
    this.chunkOf[slot] = chunk;
    this.offsetOf[slot] = this.fill;
    this.lengthOf[slot] = length;
    this.idAt[slot] = id;
    this.used[slot] = shown ? 1 : 0;
    this.fill += length;
    this.at.set(id, slot);
    this.liveBytes += length;
  }

  private growSlots(): void {
    const grow = (a: Uint32Array): Uint32Array<ArrayBuffer> => {
      const b = new Uint32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.chunkOf = grow(this.chunkOf);
    this.offsetOf = grow(this.offsetOf);
    this.lengthOf = grow(this.lengthOf);
    const idAt = new Float64Array(this.idAt.length * 2);
    idAt.set(this.idAt);
    this.idAt = idAt;
    const used = new Uint8Array(this.used.length * 2);
    used.set(this.used);
    this.used = used;
  }

  private compact(): void {
    const live = this.at.ids().map((id) => [id, Buffer.from(this.view(id) as Buffer), this.used[this.at.get(id)] === 1] as const);
    this.chunks = [];
    this.views = [];
    this.fill = CHUNK_BYTES;
    this.at.clear();
    this.slots = 0;
    this.liveBytes = 0;
    this.deadBytes = 0;
    for (const [id, bytes, used] of live) this.place(id, bytes.length, (chunk, at) => bytes.copy(chunk, at), used);
  }
}

/** Hits and misses since start, for operators and the benchmark. */
export interface CacheStats {
  cardHits: number;
  cardMisses: number;
  responseHits: number;
  responseMisses: number;
  invalidations: number;
  /** Cards read from the card file (card-file.ts), not held and not read from the database. */
  cardFileHits: number;
  /** Forgotten answers worked out again after a change, before a shopper asked (not misses). */
  refreshes: number;
}

/**
 * The card store and the answer cache of the catalogue routes.
 * @example
 * const cache = new CatalogueCache(CARD_FIELDS, (ids) => productCardValues(db, ids));
 * cache.preload(productIdBatches(db));
 * cache.cardsJson([42, 7]).json.toString(); // '{"id":42,...},{"id":7,...}'
 * cache.invalidate([42]); // after writing product 42
 */
export class CatalogueCache {
  private readonly cards: CardBytes;
  private readonly keepCards: boolean;
  private readonly responses: Lru<string, HeldAnswer>;
  /** Answers a change forgot, to work out again (refreshOne), most recently used last. */
  private pending: { key: string; redo: () => CachedAnswer }[] = [];
  /** Per field, the text written before its value: '{"id":' then ',"title":' ... */
  private readonly keyTexts: string[];
  /** Slots of the cards of the answer being written (reused: one answer is written at a time). */
  private slots = new Uint32Array(128);
  /** By slot, the stamp of the last pass that wrote it (findSlots). */
  private seenAt = new Uint32Array(1024);
  private stamp = 0;
  readonly stats: CacheStats = { cardHits: 0, cardMisses: 0, responseHits: 0, responseMisses: 0, invalidations: 0, cardFileHits: 0, refreshes: 0 };
  /** The card file cards not held are read from (useCardFile), or null. */
  private file: CardFile | null = null;

  /**
   * @param fields the card's fields in the order they are written (the ProductCard schema's)
   * @param load reads cards from the database
   */
  constructor(fields: readonly string[], private readonly load: CardLoader, options: CatalogueCacheOptions = {}) {
    this.keepCards = options.cards ?? true;
    this.cards = new CardBytes(Math.max(4 * CHUNK_BYTES, options.cardBytes ?? Infinity));
    this.responses = new Lru(options.responseBytes ?? 24 * 2 ** 20, (a) => a.body.length + (a.from?.byteLength ?? 0));
    this.keyTexts = fields.map((f, i) => `${i === 0 ? '{' : ','}${JSON.stringify(f)}:`);
  }

  /**
   * Reads the cards of every id batch into the store (start-up); does nothing when cards are off.
   * Until the first answer, the reads' garbage is kept bounded (platform/ops/garbage.ts GarbageBound): the rows
   * of a start's 100k cards were 300 MB of garbage kept (in the old space) until the first full
   * collection, which then fell on the first shoppers.
   */
  preload(batches: Iterable<readonly number[]>): void {
    if (!this.keepCards) return;
    // a store of a budget reads a quarter of it (the rest is read when first shown): the start of
    // a million products read 256 MB of cards in 18 s
    const most = this.cards.budget / 4;
    for (const ids of batches) {
      if (this.cards.held >= most) break;
      for (const [id, values] of this.load(ids)) this.cards.put(id, this.encode(values));
      this.startGarbage?.check();
    }
  }

  /**
   * Gives cards not held from `file` (card-file.ts) from now on, unless stale: the file's cards
   * of products changed since it was written must be marked stale before (openCardFile does),
   * and forgetCards marks the cards of every later change. null stops using a file.
   */
  useCardFile(file: CardFile | null): void {
    this.file = file;
  }

  /** The card file in use, if any. */
  get cardFile(): CardFile | null {
    return this.file;
  }

  /** The JSON text of a card from its values (what the store holds, and a card file). */
  cardText(values: readonly unknown[]): string {
    return this.encode(values);
  }

  /** The start-up's garbage bound, until the first answer. */
  private startGarbage: GarbageBound | null = new GarbageBound();

  /** Whether answers are kept (`response` then looks them up by key). */
  get keepsAnswers(): boolean {
    return this.responses.max > 0;
  }

  /**
   * The JSON of the cards of `ids` that exist, in the order given, repeats skipped (as
   * `productCards`), joined by commas; cards not held are read in one batch.
   */
  cardsJson(ids: readonly number[]): { json: Buffer; count: number } {
    const { out, count } = this.write(ids, EMPTY, () => NO_PARTS);
    return { json: out, count };
  }

  /**
   * The cards of `ids` as cardsJson writes them, between `head` and the parts `tail(count)`
   * returns, in one buffer: an answer's envelope and its cards in one allocation and one copy.
   */
  cardsWithin(ids: readonly number[], head: Buffer, tail: (count: number) => readonly Buffer[]): Buffer {
    return this.write(ids, head, tail).out;
  }

  private write(ids: readonly number[], head: Buffer, tail: (count: number) => readonly Buffer[]): { out: Buffer; count: number } {
    this.startGarbage = null;
    if (!this.keepCards) return this.writeRead(ids, head, tail);
    // one pass finds the slots and the cards not held; those are read, then the pass redone
    // (storing a card may compact the store and move every slot)
    let found = this.findSlots(ids);
    this.stats.cardHits += found.count - found.fileCards;
    this.stats.cardFileHits += found.fileCards;
    if (found.missing !== null) {
      const missing = [...new Set(found.missing)];
      this.stats.cardMisses += missing.length;
      for (const [id, values] of this.load(missing)) this.cards.put(id, this.encode(values), true);
      found = this.findSlots(ids);
      // a store at its budget may have let one of them go again: this answer reads them all
      if (found.missing !== null && this.cards.budget !== Infinity) return this.writeRead(ids, head, tail);
    }
    const { count, size } = found;
    const slots = this.slots;
    const parts = tail(count);
    let partBytes = 0;
    for (const part of parts) partBytes += part.length;
    const out = Buffer.allocUnsafe(head.length + size + Math.max(0, count - 1) + partBytes);
    let pos = head.copy(out, 0);
    const file = this.file;
    for (let n = 0; n < count; n++) {
      if (n > 0) out[pos++] = 0x2c; // ','
      const slot = slots[n]!;
      pos = slot >= IN_FILE ? file!.copyAt(slot - IN_FILE, out, pos) : this.cards.copyAt(slot, out, pos);
    }
    for (const part of parts) pos += part.copy(out, pos);
    return { out, count };
  }

  /** An answer whose cards are all read from the database (no card store, or cards it could not keep). */
  private writeRead(ids: readonly number[], head: Buffer, tail: (count: number) => readonly Buffer[]): { out: Buffer; count: number } {
    const unique = [...new Set(ids)];
    this.stats.cardMisses += unique.length;
    const loaded = this.load(unique);
    const texts: string[] = [];
    for (const id of unique) {
      const values = loaded.get(id);
      if (values !== undefined) texts.push(this.encode(values));
    }
    return { out: Buffer.concat([head, Buffer.from(texts.join(',')), ...tail(texts.length)]), count: texts.length };
  }

  /** The cards of `ids` as objects (for answers that keep only some fields). */
  cardObjects(ids: readonly number[]): Record<string, unknown>[] {
    const { json } = this.cardsJson(ids);
    return JSON.parse(`[${json.toString('utf8')}]`) as Record<string, unknown>[];
  }

  /** A cached answer, or the one `compute` makes (then kept, as one that may read any product). */
  response(key: string, compute: () => Buffer): Buffer {
    return this.answer(key, () => ({ body: compute(), from: null })).body;
  }

  /**
   * A cached answer, or the one `compute` makes with the ascending ids of the products it was
   * drawn from (null: any product), then kept with them (see {@link forgetAnswersOf}).
   */
  answer(key: string, compute: () => CachedAnswer): CachedAnswer {
    // an answer worked out again for a renewal reads (and keeps) the renewal's answers, not the
    // ones still given (a compressed answer is made from its plain one)
    const renewing = this.renewing;
    if (renewing !== null) {
      const renewed = renewing.get(key);
      if (renewed !== undefined) return renewed;
      const made = compute();
      renewing.set(key, { ...made, redo: compute });
      return made;
    }
    const hit = this.responses.get(key);
    if (hit !== undefined) {
      this.stats.responseHits++;
      return hit;
    }
    this.stats.responseMisses++;
    const made = compute();
    this.responses.set(key, { ...made, redo: compute });
    return made;
  }

  /** Forgets what a write to these products may have changed: their cards (read again on use) and every answer. */
  invalidate(ids: Iterable<number>): void {
    this.forgetCards(ids);
    this.forgetAnswers();
  }

  /**
   * Forgets the answers drawn from any of these products (and those kept without their ids),
   * after a change that left what selects each of them as it was: its words, collections,
   * featured flag and presence (a price, its stock, its ratings). Any other change must
   * {@link forgetAnswers}: a product's new words may put it in an answer it was never drawn into.
   */
  forgetAnswersOf(ids: readonly number[]): void {
    this.stats.invalidations++;
    const forgotten: { key: string; redo: () => CachedAnswer }[] = [];
    this.responses.deleteWhere((key, a) => {
      const drop = a.from === null || holdsAny(a.from, ids);
      if (drop) forgotten.push({ key, redo: a.redo });
      return drop;
    });
    // kept to be worked out again (refreshOne, once the index has the change); the last
    // forgotten were the most recently used, and a key forgotten again moves to the end
    const again = new Set(forgotten.map((f) => f.key));
    this.pending = [...this.pending.filter((p) => !again.has(p.key)), ...forgotten].slice(-REFRESHED_ANSWERS);
  }

  /**
   * Works out again one answer a change forgot ({@link forgetAnswersOf}), the
   * most recently used first, unless a shopper's request did meanwhile; answers whether more
   * are waiting. Called once the index has the change, with a turn of the event loop between calls.
   */
  refreshOne(): boolean {
    const next = this.pending.pop();
    if (next === undefined) return false;
    if (this.responses.peek(next.key) === undefined) {
      const made = next.redo();
      this.stats.refreshes++;
      this.responses.set(next.key, { ...made, redo: next.redo });
    }
    return this.pending.length > 0;
  }

  /**
   * The most recently used answers ({@link REFRESHED_ANSWERS}) worked out again, one per `step()`,
   * while the ones of before keep being given: for the end of a large change, whose index now has
   * it. `install()` (after {@link forgetAnswers}) then puts them in place of the old ones at once,
   * so the first shoppers after a change find the popular answers ready instead of working them out
   * together (over 38,000 products, about 100 ms of work at once held every search behind it).
   * @example
   * const renewal = cache.renewAnswers();
   * while (renewal.step()) await turn();
   * cache.forgetAnswers();
   * renewal.install();
   */
  renewAnswers(): { step(): boolean; install(): void } {
    const wanted = this.responses.newest(REFRESHED_ANSWERS).reverse();
    const renewed = new Map<string, HeldAnswer>();
    let at = 0;
    return {
      step: () => {
        const next = wanted[at++];
        if (next !== undefined && !renewed.has(next[0])) {
          const [key, { redo }] = next;
          this.renewing = renewed;
          try {
            renewed.set(key, { ...redo(), redo });
            this.stats.refreshes++;
          } catch {
            // not renewed: the shopper who asks next works it out (and is answered its error)
          } finally {
            this.renewing = null;
          }
        }
        return at < wanted.length;
      },
      install: () => {
        for (const [key, answer] of [...renewed].reverse()) this.responses.set(key, answer);
      },
    };
  }

  /** The answers of a renewal being worked out (see {@link renewAnswers}), while one is. */
  private renewing: Map<string, HeldAnswer> | null = null;

  /**
   * Forgets these products' cards only (read again on use): a large change taken a slice at a
   * time keeps the answers of before it, whole and consistent, until its last slice, then
   * forgets them once ({@link forgetAnswers}).
   */
  forgetCards(ids: Iterable<number>): void {
    const list = [...ids];
    for (const id of list) this.cards.delete(id);
    this.file?.markStale(list);
  }

  /** Forgets every answer (and drops the answers waiting to be worked out again). */
  forgetAnswers(): void {
    this.stats.invalidations++;
    this.responses.clear();
    this.pending = [];
  }

  /** Cards and answers held, and the card store's bytes. */
  get size(): { cards: number; cardBytes: number; responses: number } {
    return { cards: this.cards.size, cardBytes: this.cards.bytes, responses: this.responses.size };
  }

  /**
   * Slots of the held cards of `ids` into this.slots (repeats skipped; a card of the card file
   * as IN_FILE + its place), their bytes, the ids neither held nor in the file, and how many
   * came from the file.
   */
  private findSlots(ids: readonly number[]): { count: number; size: number; missing: number[] | null; fileCards: number } {
    if (this.slots.length < ids.length) this.slots = new Uint32Array(ids.length * 2);
    if (this.seenAt.length < this.cards.slotCount) this.seenAt = new Uint32Array(this.cards.slotCount * 2);
    // a repeated id is seen by its slot carrying this pass's stamp (no Set per answer)
    const stamp = ++this.stamp;
    const { slots, seenAt } = this;
    let count = 0;
    let size = 0;
    let missing: number[] | null = null;
    const file = this.file;
    let fileCards = 0;
    for (const id of ids) {
      const slot = this.cards.slot(id);
      if (slot < 0) {
        const at = file === null ? -1 : file.find(id);
        if (at < 0) {
          (missing ??= []).push(id);
          continue;
        }
        // a repeat: its place is among this pass's (a page holds a few dozen cards)
        const mark = IN_FILE + at;
        let seen = false;
        for (let n = 0; n < count && !seen; n++) seen = slots[n] === mark;
        if (seen) continue;
        slots[count++] = mark;
        size += file!.lengthAt(at);
        fileCards++;
        continue;
      }
      if (seenAt[slot] === stamp) continue;
      seenAt[slot] = stamp;
      // shown: the clock spares it (and a card of this answer outlives the reads of its missing ones)
      this.cards.touch(slot);
      slots[count++] = slot;
      size += this.cards.lengthAt(slot);
    }
    return { count, size, missing, fileCards };
  }

  /** The JSON object of a card's values, keys in field order. */
  private encode(values: readonly unknown[]): string {
    let text = '';
    for (let f = 0; f < this.keyTexts.length; f++) text += this.keyTexts[f]! + JSON.stringify(values[f] ?? null);
    return `${text}}`;
  }
}
