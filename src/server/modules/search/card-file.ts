/**
 * The product cards on disk: every card's JSON bytes in one file beside the search snapshot
 * (`${SEARCH_SNAPSHOT}.cards`), read by offset straight into the answer (one pread a card, a few
 * microseconds from the page cache) instead of from the database (four statements, about 7 ms
 * for 24 cards over a 2.5 GB file) or held in each process's memory (a million cards are about
 * 600 MB). The page cache is the machine's: the workers of one machine share it. The cards are
 * read, not mapped: a mapped file's random pages, each faulted in with its neighbours, counted
 * 500 MB more in the process after 400 answers. The ids and ends are read as the snapshot is
 * (mapped where the binding is installed).
 *
 * A card file is used only when current, as the snapshot is (snapshot-file.ts):
 * - its key: the code cards are read and written with, and their fields;
 * - its version in the catalogue log: the log still holds every change after it. The cards of
 *   those changes, and of the few before it (a write that committed while the file was being
 *   written), are stale: they are read from the database as before. A change the store applies
 *   later makes its cards stale too (CatalogueCache.forgetCards).
 * The file is written in the background, a batch of cards at a time, when a store starts
 * without a current one, and again when a good share of its cards went stale.
 *
 * Layout (fast/snapshot.ts sections): the meta as JSON, the cards' bytes one after another, the
 * ids ascending (u32), and each card's end in the bytes (u32).
 * @module
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueLog } from '../../platform/scale/change-feed.ts';
import type { CatalogueCache } from './cache.ts';
import { SnapshotError, SnapshotReader, SnapshotStream } from './fast/snapshot.ts';
import { SNAPSHOT_REREAD } from './snapshot-file.ts';

/** A card file stops giving cards once this many (and a quarter of them) went stale. */
export const ALL_STALE_MIN = 100_000;

/** What a card file records of what it was made from. */
export interface CardFileMeta {
  key: string;
  /** The catalogue log's version when its first card was read: every change up to it is in. */
  version: number;
}

/** Cards of a card file, found by id; the stale ones are not given. */
export class CardFile {
  private readonly stale = new Set<number>();
  /**
   * Set once a quarter of the cards (and at least ALL_STALE_MIN) went stale: then none is given,
   * and the set stays bounded (a change of every product is a million ids).
   */
  private allStale = false;
  private closed = false;
  /**
   * @param fd the file, open for reads (a file renamed over it later leaves this one readable)
   * @param base where the cards' bytes start in it
   * @param ends each card's end in those bytes (its start is the end of the one before, 0 for the first)
   */
  private constructor(
    readonly meta: CardFileMeta,
    private readonly fd: number,
    private readonly base: number,
    private readonly ids: Uint32Array,
    private readonly ends: Uint32Array,
  ) {}

  /** The card file at `path`. Throws a SnapshotError when it is not a card file of this layout. */
  static open(path: string): CardFile {
    const r = new SnapshotReader(path);
    try {
      const meta = r.json<CardFileMeta>();
      const bytes = r.u8Extent();
      const ids = r.u32();
      const ends = r.u32();
      r.end();
      if (ids.length !== ends.length || (ends.length > 0 ? ends[ends.length - 1] : 0) !== bytes.length) throw new SnapshotError('the card file does not add up');
      return new CardFile(meta, openSync(path, 'r'), bytes.offset, ids, ends);
    } finally {
      r.close();
    }
  }

  /** Closes the file (the store stopped using it); again: nothing. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  /** Cards in the file (stale ones included). */
  get size(): number {
    return this.ids.length;
  }

  /** Cards marked stale since the file was opened (all of them once a quarter was). */
  get staleCount(): number {
    return this.allStale ? this.ids.length : this.stale.size;
  }

  /** The place of a card that is current in the file, or -1. */
  find(id: number): number {
    if (this.allStale) return -1;
    const { ids } = this;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = ids[mid]!;
      if (at === id) return this.stale.size > 0 && this.stale.has(id) ? -1 : mid;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Bytes of the card at a place. */
  lengthAt(at: number): number {
    return this.ends[at]! - (at === 0 ? 0 : this.ends[at - 1]!);
  }

  /** Reads the card at a place into `out` at `pos`; returns the position after it. */
  copyAt(at: number, out: Uint8Array, pos: number): number {
    const start = at === 0 ? 0 : this.ends[at - 1]!;
    const length = this.ends[at]! - start;
    for (let got = 0; got < length;) {
      const n = readSync(this.fd, out, pos + got, length - got, this.base + start + got);
      if (n === 0) throw new SnapshotError('the card file is cut short');
      got += n;
    }
    return pos + length;
  }

  /** The cards of these products are no longer the file's (read from the database instead). */
  markStale(ids: Iterable<number>): void {
    if (this.allStale) return;
    for (const id of ids) this.stale.add(id);
    if (this.stale.size >= Math.max(ALL_STALE_MIN, this.ids.length / 4)) {
      this.allStale = true;
      this.stale.clear();
    }
  }

  /** Whether enough of its cards went stale that it should be written again (a hundredth, at least 1,000). */
  get worthRewriting(): boolean {
    return this.allStale || this.stale.size >= Math.max(1000, this.ids.length / 100);
  }
}

/** A card file being written, cards in ascending id order. */
export class CardFileWriter {
  private readonly stream: SnapshotStream;
  private readonly body: ReturnType<SnapshotStream['bytes']>;
  private ids = new Uint32Array(1 << 14);
  private ends = new Uint32Array(1 << 14);
  private count = 0;
  private buffer = Buffer.allocUnsafe(1 << 20);
  private fill = 0;

  constructor(path: string, meta: CardFileMeta) {
    this.stream = new SnapshotStream(path);
    try {
      this.stream.json(meta);
      this.body = this.stream.bytes();
    } catch (err) {
      this.stream.abandon();
      throw err;
    }
  }

  /** Adds a card (its JSON text); ids must ascend. */
  add(id: number, json: string): void {
    if (this.count > 0 && id <= this.ids[this.count - 1]!) throw new Error(`card ${id} after card ${this.ids[this.count - 1]}: ids must ascend`);
    const length = Buffer.byteLength(json);
    if (this.fill + length > this.buffer.length) this.flush();
    if (length > this.buffer.length) this.buffer = Buffer.allocUnsafe(length);
    this.buffer.write(json, this.fill, 'utf8');
    this.fill += length;
    const end = this.body.length + this.fill;
    if (end > 0xffffffff) throw new Error('the card file would pass 4 GB');
    if (this.count === this.ids.length) {
      const ids = new Uint32Array(this.count * 2);
      ids.set(this.ids);
      this.ids = ids;
      const ends = new Uint32Array(this.count * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ids[this.count] = id;
    this.ends[this.count] = end;
    this.count++;
  }

  private flush(): void {
    if (this.fill > 0) this.body.write(this.buffer.subarray(0, this.fill));
    this.fill = 0;
  }

  /** Writes the rest and puts the file in place (renamed over the old one); answers its cards. */
  finish(): number {
    try {
      this.flush();
      this.body.end();
      this.stream.u32(this.ids, this.count);
      this.stream.u32(this.ends, this.count);
      this.stream.finish();
    } catch (err) {
      this.stream.abandon();
      throw err;
    }
    return this.count;
  }

  /** Drops the file being written. */
  abandon(): void {
    this.stream.abandon();
  }
}

/** A card file opened and brought up to date, or why it was not. */
export type OpenedCardFile = { file: CardFile; stale: number } | { file: null; reason: string };

/**
 * Opens the card file at `path` when it is current for `key` and the catalogue log (see the
 * module's notes), with the cards changed since its version marked stale.
 */
export async function openCardFile(path: string, key: string, log: CatalogueLog): Promise<OpenedCardFile> {
  if (!existsSync(path)) return { file: null, reason: 'no card file yet' };
  let file: CardFile;
  try {
    file = CardFile.open(path);
  } catch (err) {
    if (err instanceof SnapshotError || (err as NodeJS.ErrnoException).code !== undefined) return { file: null, reason: `unreadable: ${(err as Error).message}` };
    throw err;
  }
  const refused = async (): Promise<string | null> => {
    const { version } = file.meta;
    if (file.meta.key !== key || typeof version !== 'number') return 'written by other code';
    const latest = await log.latest();
    if (latest < version) return 'the catalogue log is behind the card file (another database)';
    const oldest = await log.oldest();
    if (latest > version && oldest > version + 1) return 'the catalogue log no longer holds every change since the card file';
    await markChangedSince(file, log, version);
    return null;
  };
  try {
    const reason = await refused();
    if (reason === null) return { file, stale: file.staleCount };
    file.close();
    return { file: null, reason };
  } catch (err) {
    file.close();
    throw err;
  }
}

/** Marks stale the cards of every change the log holds after `version` (and the few before it). */
export async function markChangedSince(file: CardFile, log: CatalogueLog, version: number): Promise<void> {
  for (let from = Math.max(0, version - SNAPSHOT_REREAD); ;) {
    const entries = await log.since(from, 1000);
    if (entries.length === 0) return;
    for (const e of entries) file.markStale(e.ids);
    from = entries[entries.length - 1]!.version;
  }
}

/** What {@link CardFileKeeper} reads and tells. */
export interface CardFileKeeperOptions {
  /** The card file (`${SEARCH_SNAPSHOT}.cards`). */
  path: string;
  /** cardFileKey's answer. */
  key: string;
  log: CatalogueLog;
  /** The card store whose misses the file serves. */
  cache: CatalogueCache;
  /** Every product id, ascending, in batches. */
  batches: () => AsyncIterable<readonly number[]>;
  /** Cards' values by id, read synchronously (the embedded database). */
  load: (ids: readonly number[]) => Map<number, readonly unknown[]>;
  /** The version every change up to is applied here (the feed's, or the log's newest). */
  version: () => Promise<number>;
  /** false: only reads the file (a cluster's other workers). */
  write: boolean;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * The card file of one store: opened at start when current, written in the background (a batch
 * at a time, a turn of the event loop between batches) when it is not, and again when a good
 * share of its cards went stale; the store uses each file it writes once it is complete.
 */
export class CardFileKeeper {
  private writing: Promise<void> | null = null;
  private stopped = false;
  /** Products changed while a file is written or opened, one set per write or opening: stale in that file once it is in use. */
  private readonly watching = new Set<Set<number>>();

  constructor(private readonly o: CardFileKeeperOptions) {}

  /** Opens the file when it is current and gives its cards from now on; false otherwise (the store reads its cards as without one). */
  async open(): Promise<boolean> {
    const opened = await this.watched(() => openCardFile(this.o.path, this.o.key, this.o.log));
    if (opened.file === null) {
      this.o.logger.info({ path: this.o.path, reason: opened.reason }, 'card file not used');
      return false;
    }
    this.use(opened.file);
    return true;
  }

  /** Gives cards from `file` from now on. */
  private use(file: CardFile): void {
    this.o.cache.useCardFile(file);
    this.o.logger.info({ path: this.o.path, cards: file.size, stale: file.staleCount }, 'cards read from the card file');
  }

  /**
   * Uses the file if this store has none yet and a current one has appeared (a cluster's other
   * workers: the first worker writes it after they started); answers whether it now has one.
   * Quiet when there is still none.
   */
  async adopt(): Promise<boolean> {
    if (this.o.cache.cardFile !== null) return true;
    if (this.writing !== null || this.stopped || !existsSync(this.o.path)) return false;
    const opened = await this.watched(() => openCardFile(this.o.path, this.o.key, this.o.log));
    if (opened.file === null) return false;
    if (this.stopped || this.o.cache.cardFile !== null) {
      opened.file.close();
      return this.o.cache.cardFile !== null;
    }
    this.use(opened.file);
    return true;
  }

  /** A change is being applied: its cards are stale in a file being written or opened. */
  changed(ids: readonly number[]): void {
    for (const set of this.watching) for (const id of ids) set.add(id);
  }

  /**
   * Opens a file with the products changed here meanwhile marked stale in it (a change applied
   * while the log was being read may be in neither the log's answer nor the file).
   */
  private async watched(open: () => Promise<OpenedCardFile>): Promise<OpenedCardFile> {
    const meanwhile = new Set<number>();
    this.watching.add(meanwhile);
    try {
      const opened = await open();
      opened.file?.markStale(meanwhile);
      return opened;
    } finally {
      this.watching.delete(meanwhile);
    }
  }

  /** Writes the file in the background unless one is being written (or this store only reads it). */
  write(): Promise<void> {
    if (!this.o.write || this.stopped) return Promise.resolve();
    this.writing ??= this.writeNow().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  /** Writes it again when enough of the file in use went stale. */
  refresh(): void {
    if (this.o.cache.cardFile?.worthRewriting) void this.write();
  }

  /** Stops a write under way (its file is dropped), waits for it, and closes the file in use. */
  async close(): Promise<void> {
    this.stopped = true;
    await this.writing;
    this.o.cache.cardFile?.close();
  }

  private async writeNow(): Promise<void> {
    const started = performance.now();
    const meanwhile = new Set<number>();
    this.watching.add(meanwhile);
    let writer: CardFileWriter | null = null;
    try {
      const version = await this.o.version();
      writer = new CardFileWriter(this.o.path, { key: this.o.key, version });
      for await (const batch of this.o.batches()) {
        if (this.stopped) return;
        const values = this.o.load(batch);
        for (const id of batch) {
          const v = values.get(id);
          if (v !== undefined) writer.add(id, this.o.cache.cardText(v));
        }
        await new Promise<void>((done) => setImmediate(done));
      }
      if (this.stopped) return;
      const cards = writer.finish();
      writer = null;
      const file = CardFile.open(this.o.path);
      try {
        await markChangedSince(file, this.o.log, version);
      } catch (err) {
        file.close();
        throw err;
      }
      file.markStale(meanwhile);
      this.o.cache.cardFile?.close();
      this.o.cache.useCardFile(file);
      this.o.logger.info({ path: this.o.path, cards, stale: file.staleCount, seconds: (performance.now() - started) / 1000 }, 'card file written');
    } catch (err) {
      this.o.logger.error({ err, path: this.o.path }, 'the card file could not be written');
    } finally {
      writer?.abandon();
      this.watching.delete(meanwhile);
    }
  }
}
