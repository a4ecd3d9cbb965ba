/**
 * The fast index's snapshot format: what the index holds (typed arrays, string lists and a few
 * small values), written in order as sections of one file and read back in the same order, so
 * a store starts from it without reading and tokenising the catalogue again (fast/index.ts
 * saveSnapshot / loadFastSearchIndex).
 *
 * Layout: the magic `SKSNAP02`, then sections. A section is a 16-byte head (kind, element count,
 * byte length) and its bytes, padded to 8 (so every section's bytes start 8-aligned).
 *
 * Read mapped or read into memory. Where the optional `@riaskov/mmap-io` is installed (it builds
 * with node-gyp), the file is mapped (private, copy-on-write) and each typed array is a view of
 * its section: the pages are the kernel's page cache, shared by every process of the machine
 * that maps the same file (the store's workers), and a page the index writes to (a product
 * deleted, a price changed) becomes that process's own copy; the file on disk never changes.
 * Otherwise each typed array is read into memory of its own. A string list is
 * its UTF-16 lengths and its text in UTF-8, read back as slices of one decoded string (a run of
 * equal strings is written once, with its count, and read back as one string). A snapshot read
 * with a reader of another layout, or cut short, throws {@link SnapshotError}: the caller then
 * builds the index from the database.
 * @module
 */
import { closeSync, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { constants as bufferConstants } from 'node:buffer';
import { createRequire } from 'node:module';

const MAGIC = Buffer.from('SKSNAP02', 'latin1');

const KIND = { u8: 1, u32: 2, i32: 3, f64: 4, strings: 5, json: 6 } as const;
type Kind = (typeof KIND)[keyof typeof KIND];

/** A snapshot that cannot be read (another layout, cut short, or written for other options). */
export class SnapshotError extends Error {}

/** A section's 16-byte head: its kind, element count and byte length. */
function sectionHead(kind: Kind, count: number, length: number): Uint8Array {
  return new Uint8Array(new Uint32Array([kind, count, length, 0]).buffer);
}

/** The zero bytes after a section of `length` bytes, so the next one starts 8-aligned. */
const padAfter = (length: number): number => (8 - (length % 8)) % 8;

/** Sections written in order, then put in a file at once. */
export class SnapshotWriter {
  private readonly parts: Uint8Array[] = [MAGIC];
  private size = MAGIC.length;

  private section(kind: Kind, count: number, bytes: Uint8Array): void {
    this.parts.push(sectionHead(kind, count, bytes.byteLength));
    this.parts.push(bytes);
    this.size += 16 + bytes.byteLength;
    const pad = padAfter(bytes.byteLength);
    if (pad > 0) {
      this.parts.push(new Uint8Array(pad));
      this.size += pad;
    }
  }

  private view(kind: Kind, a: ArrayBufferView & { length: number }, count: number): void {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, count * (a.byteLength / Math.max(1, a.length)));
    this.section(kind, count, a.length === 0 ? new Uint8Array(0) : bytes);
  }

  /** The first `count` elements (all by default). */
  u8(a: Uint8Array, count = a.length): void { this.view(KIND.u8, a, count); }
  u32(a: Uint32Array, count = a.length): void { this.view(KIND.u32, a, count); }
  i32(a: Int32Array, count = a.length): void { this.view(KIND.i32, a, count); }
  f64(a: Float64Array, count = a.length): void { this.view(KIND.f64, a, count); }

  /** A list of strings; consecutive equal ones are written once with their count. */
  strings(list: readonly string[], count = list.length): void {
    const runs: number[] = [];
    const distinct: string[] = [];
    for (let i = 0; i < count; i++) {
      const s = list[i] ?? '';
      if (i > 0 && s === distinct[distinct.length - 1]) runs[runs.length - 1]!++;
      else {
        distinct.push(s);
        runs.push(1);
      }
    }
    const lengths = new Uint32Array(distinct.length * 2);
    for (let i = 0; i < distinct.length; i++) {
      lengths[2 * i] = distinct[i]!.length;
      lengths[2 * i + 1] = runs[i]!;
    }
    this.section(KIND.strings, count, new Uint8Array(lengths.buffer));
    this.section(KIND.strings, distinct.length, Buffer.from(distinct.join(''), 'utf8'));
  }

  /** A small value (options, dictionaries' scalars) as JSON. */
  json(value: unknown): void {
    this.section(KIND.json, 1, Buffer.from(JSON.stringify(value), 'utf8'));
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.size;
  }

  /**
   * Writes the file: to a temporary name beside it, flushed, then renamed over the old one, so
   * a reader (another process starting) finds the old snapshot or the new one, never half of one.
   */
  writeFile(path: string): void {
    const tmp = `${path}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      for (const part of this.parts) {
        let at = 0;
        while (at < part.byteLength) at += writeSync(fd, part, at, part.byteLength - at);
      }
      fsyncSync(fd);
    } catch (err) {
      closeSync(fd);
      rmSync(tmp, { force: true });
      throw err;
    }
    closeSync(fd);
    renameSync(tmp, path);
  }
}

/**
 * A snapshot file written section by section as it is made, for one too large to hold whole
 * (the card file: a million cards' bytes). `bytes()` opens a u8 section whose length is only
 * known at its end: its head is written again when it ends. `finish()` flushes it and renames
 * it over `path`; `abandon()` removes the temporary file. The layout is SnapshotWriter's.
 */
export class SnapshotStream {
  private readonly tmp: string;
  private readonly fd: number;
  private at = 0;
  private open = true;

  constructor(private readonly path: string) {
    this.tmp = `${path}.${process.pid}.tmp`;
    this.fd = openSync(this.tmp, 'w');
    this.put(MAGIC);
  }

  private put(bytes: Uint8Array): void {
    let done = 0;
    while (done < bytes.byteLength) done += writeSync(this.fd, bytes, done, bytes.byteLength - done, this.at + done);
    this.at += bytes.byteLength;
  }

  private pad(length: number): void {
    const pad = padAfter(length);
    if (pad > 0) this.put(new Uint8Array(pad));
  }

  private section(kind: Kind, count: number, bytes: Uint8Array): void {
    this.put(sectionHead(kind, count, bytes.byteLength));
    this.put(bytes);
    this.pad(bytes.byteLength);
  }

  json(value: unknown): void {
    this.section(KIND.json, 1, Buffer.from(JSON.stringify(value), 'utf8'));
  }

  /** The first `count` elements of a u32 array. */
  u32(a: Uint32Array, count = a.length): void {
    this.section(KIND.u32, count, new Uint8Array(a.buffer, a.byteOffset, count * 4));
  }

  /** A u8 section written a piece at a time; `end()` before the next section. */
  bytes(): { write(piece: Uint8Array): void; readonly length: number; end(): void } {
    const headAt = this.at;
    this.put(sectionHead(KIND.u8, 0, 0));
    let length = 0;
    return {
      write: (piece) => {
        this.put(piece);
        length += piece.byteLength;
      },
      get length() {
        return length;
      },
      end: () => {
        const head = sectionHead(KIND.u8, length, length);
        writeSync(this.fd, head, 0, head.byteLength, headAt);
        this.pad(length);
      },
    };
  }

  /** Flushes the file and renames it over `path`. */
  finish(): void {
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.open = false;
    renameSync(this.tmp, this.path);
  }

  /** Drops the file being written (again, or after finish: nothing). */
  abandon(): void {
    if (!this.open) return;
    this.open = false;
    closeSync(this.fd);
    rmSync(this.tmp, { force: true });
  }
}

/** The part of `@riaskov/mmap-io` the reader uses. */
interface Mapper {
  map(size: number, protection: number, flags: number, fd: number, offset?: number, advise?: number): Buffer;
  readonly PROT_READ: number;
  readonly PROT_WRITE: number;
  readonly MAP_PRIVATE: number;
  readonly MADV_NORMAL: number;
}

let mapper: Mapper | null | undefined;

/** The optional mmap binding, or null when it is not installed (or did not build). */
function loadMapper(): Mapper | null {
  if (mapper !== undefined) return mapper;
  try {
    const m = createRequire(import.meta.url)('@riaskov/mmap-io') as Mapper & { default?: Mapper };
    mapper = m.default ?? m;
  } catch {
    mapper = null;
  }
  return mapper;
}

/** Whether snapshots can be mapped on this machine (the optional mmap binding loads). */
export function snapshotMappingAvailable(): boolean {
  return loadMapper() !== null;
}

/** How a snapshot is read: mapped when the binding is there (the default), or read into memory. */
export interface SnapshotReadOptions {
  /** false: read every section into memory of its own, even where mapping is available. @default true */
  map?: boolean;
}

/** Reads the sections of a snapshot file, in the order they were written. */
export class SnapshotReader {
  private readonly fd: number;
  private readonly size: number;
  private at = 0;
  /** The whole file mapped, or null when sections are read into memory. */
  private readonly mapped: Buffer | null = null;

  /**
   * Opens a snapshot file, mapped where it can be (see the module's note). Read into memory,
   * each section is memory of its own: a typed array keeps exactly its bytes, and a string
   * list's bytes are dropped once decoded (one buffer for the whole file would keep them all,
   * about a fifth of it). Mapped, a string list's pages are only the page cache's.
   */
  constructor(path: string, options: SnapshotReadOptions = {}) {
    this.fd = openSync(path, 'r');
    this.size = fstatSync(this.fd).size;
    try {
      const m = options.map === false ? null : loadMapper();
      if (m !== null && this.size > 0 && this.size <= bufferConstants.MAX_LENGTH) {
        try {
          this.mapped = m.map(this.size, m.PROT_READ | m.PROT_WRITE, m.MAP_PRIVATE, this.fd, 0, m.MADV_NORMAL);
        } catch {
          // no address space or a file system that cannot map: read it instead
          this.mapped = null;
        }
      }
      const magic = this.read(MAGIC.length);
      if (!Buffer.from(magic.buffer, magic.byteOffset, magic.byteLength).equals(MAGIC)) throw new SnapshotError('not a search index snapshot of this version');
    } catch (err) {
      this.close();
      throw err;
    }
  }

  private closed = false;

  /** Whether the file is mapped (typed arrays are views of the page cache) rather than read. */
  get isMapped(): boolean {
    return this.mapped !== null;
  }

  /** Closes the file (end does too; again: nothing). A mapping lives on while a view of it does. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  /**
   * The next `n` bytes: a view of the mapping, or an ArrayBuffer of their own. Either way 8-aligned
   * where a section starts, so typed arrays view them.
   */
  private read(n: number): Uint8Array<ArrayBuffer> {
    if (this.at + n > this.size) throw new SnapshotError('the snapshot is cut short');
    if (this.mapped !== null) {
      const view = new Uint8Array(this.mapped.buffer as ArrayBuffer, this.mapped.byteOffset + this.at, n);
      this.at += n;
      return view;
    }
    const out = new Uint8Array(new ArrayBuffer(n));
    let got = 0;
    while (got < n) {
      const k = readSync(this.fd, out, got, n - got, this.at + got);
      if (k === 0) throw new SnapshotError('the snapshot is cut short');
      got += k;
    }
    this.at += n;
    return out;
  }

  /** The next section's head, checked to be of `kind`: its element count and byte length. */
  private head(kind: Kind): { count: number; length: number } {
    const h = this.read(16);
    const head = new Uint32Array(h.buffer, h.byteOffset, 4);
    if (head[0] !== kind) throw new SnapshotError(`the snapshot holds a section of kind ${head[0]} where ${kind} was expected`);
    return { count: head[1]!, length: head[2]! };
  }

  /** Moves past a section's padding. */
  private skipPad(length: number): void {
    const pad = padAfter(length);
    if (this.at + pad > this.size) throw new SnapshotError('the snapshot is cut short');
    this.at += pad;
  }

  private section(kind: Kind): { count: number; bytes: Uint8Array<ArrayBuffer> } {
    const { count, length } = this.head(kind);
    const bytes = this.read(length);
    this.skipPad(length);
    return { count, bytes };
  }

  /** A typed array over the section's own bytes. */
  private typed<T>(kind: Kind, size: number, make: (b: ArrayBuffer, offset: number, length: number) => T): T {
    const { count, bytes } = this.section(kind);
    if (bytes.byteLength !== count * size) throw new SnapshotError('a section of the snapshot has the wrong length');
    return make(bytes.buffer, bytes.byteOffset, count);
  }

  u8(): Uint8Array<ArrayBuffer> { return this.typed(KIND.u8, 1, (b, at, n) => new Uint8Array(b, at, n)); }
  u32(): Uint32Array<ArrayBuffer> { return this.typed(KIND.u32, 4, (b, at, n) => new Uint32Array(b, at, n)); }
  i32(): Int32Array<ArrayBuffer> { return this.typed(KIND.i32, 4, (b, at, n) => new Int32Array(b, at, n)); }
  f64(): Float64Array<ArrayBuffer> { return this.typed(KIND.f64, 8, (b, at, n) => new Float64Array(b, at, n)); }

  /** A string list as written (a run of equal strings shares one string). */
  strings(): string[] {
    const runs = this.section(KIND.strings);
    const text = this.section(KIND.strings);
    const pairs = new Uint32Array(runs.bytes.buffer, runs.bytes.byteOffset, runs.bytes.byteLength >>> 2);
    const all = Buffer.from(text.bytes.buffer, text.bytes.byteOffset, text.bytes.byteLength).toString('utf8');
    const out = new Array<string>(runs.count);
    let pos = 0;
    let w = 0;
    for (let i = 0; i < pairs.length; i += 2) {
      const s = all.slice(pos, pos + pairs[i]!);
      pos += pairs[i]!;
      for (let k = pairs[i + 1]!; k > 0; k--) out[w++] = s;
    }
    if (w !== runs.count || pos !== all.length) throw new SnapshotError('a string list of the snapshot does not add up');
    return out;
  }

  /**
   * Where the next section's bytes lie in the file (a u8 section), without reading them: for
   * bytes read later by offset (the card file's cards).
   */
  u8Extent(): { offset: number; length: number } {
    const { length } = this.head(KIND.u8);
    const offset = this.at;
    if (offset + length > this.size) throw new SnapshotError('the snapshot is cut short');
    this.at += length;
    this.skipPad(length);
    return { offset, length };
  }

  json<T>(): T {
    const { bytes } = this.section(KIND.json);
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as T;
  }

  /** Closes the file; throws unless every section was read. */
  end(): void {
    this.close();
    if (this.at !== this.size) throw new SnapshotError('the snapshot holds more than this reader knows');
  }
}
