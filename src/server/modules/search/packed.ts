/**
 * A list of strings packed in one byte array (Latin-1, one byte a character) with their
 * offsets: the part-number table's sorted terms, the equipment catalogue's part numbers.
 * Millions of part numbers as JS strings cost about 32 bytes each besides their characters, and
 * a pointer in an array; packed they cost their characters and 4 bytes. A list holding a
 * character above U+00FF is kept as strings (the same answers, the old cost). Byte order is
 * code-unit order for Latin-1, so the lookups of a sorted list agree with Array#sort.
 * @module
 */
import type { Hash } from 'node:crypto';
import type { SnapshotReader, SnapshotWriter } from './fast/snapshot.ts';

/** Whether every character of `s` fits one Latin-1 byte (U+0000 to U+00FF). */
export function isLatin1(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return false;
  return true;
}

/** The string of Latin-1 bytes [from, to) of `bytes`. */
export function latin1At(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** Strings, packed when they are all Latin-1 (the prefix lookups need them sorted). */
export class PackedStrings {
  private constructor(
    private readonly bytes: Uint8Array | null,
    private readonly offsets: Uint32Array,
    private readonly strings: readonly string[] | null,
  ) {}

  /** Packs a list (sorted in code-unit order, for prefixRange and compare). */
  static of(sorted: readonly string[]): PackedStrings {
    let chars = 0;
    let latin1 = true;
    for (const s of sorted) {
      chars += s.length;
      if (latin1 && !isLatin1(s)) latin1 = false;
    }
    if (!latin1) return new PackedStrings(null, new Uint32Array(0), [...sorted]);
    const bytes = new Uint8Array(chars);
    const offsets = new Uint32Array(sorted.length + 1);
    let at = 0;
    sorted.forEach((s, k) => {
      offsets[k] = at;
      for (let i = 0; i < s.length; i++) bytes[at++] = s.charCodeAt(i);
    });
    offsets[sorted.length] = at;
    return new PackedStrings(bytes, offsets, null);
  }

  get length(): number {
    return this.strings !== null ? this.strings.length : this.offsets.length - 1;
  }

  /** The k-th string (a new string when packed). */
  at(k: number): string {
    if (this.strings !== null) return this.strings[k]!;
    return latin1At(this.bytes!, this.offsets[k]!, this.offsets[k + 1]!);
  }

  /** Compares the k-th string with `key` as `<` does: negative, 0 or positive. */
  compare(k: number, key: string): number {
    if (this.strings !== null) { const s = this.strings[k]!; return s < key ? -1 : s > key ? 1 : 0; }
    const bytes = this.bytes!;
    const from = this.offsets[k]!;
    const n = this.offsets[k + 1]! - from;
    const m = Math.min(n, key.length);
    for (let i = 0; i < m; i++) {
      const d = bytes[from + i]! - key.charCodeAt(i);
      if (d !== 0) return d;
    }
    return n - key.length;
  }

  /** Whether the k-th string starts with `prefix`. */
  startsWith(k: number, prefix: string): boolean {
    if (this.strings !== null) return this.strings[k]!.startsWith(prefix);
    const from = this.offsets[k]!;
    if (this.offsets[k + 1]! - from < prefix.length) return false;
    for (let i = 0; i < prefix.length; i++) if (this.bytes![from + i] !== prefix.charCodeAt(i)) return false;
    return true;
  }

  /** [first, end) of the strings starting with `prefix` (two binary searches). */
  prefixRange(prefix: string): [number, number] {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    const from = lo;
    hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.startsWith(mid, prefix)) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /** Every string, in order (for a merge). */
  all(): string[] {
    if (this.strings !== null) return [...this.strings];
    const out = new Array<string>(this.length);
    for (let k = 0; k < out.length; k++) out[k] = this.at(k);
    return out;
  }

  /** Feeds the strings to a hash (their bytes and offsets when packed). */
  digest(hash: Hash): void {
    if (this.strings !== null) hash.update(this.strings.join('\n'));
    else hash.update(this.bytes!).update(new Uint8Array(this.offsets.buffer, this.offsets.byteOffset, this.offsets.byteLength));
  }

  save(w: SnapshotWriter): void {
    w.json({ packed: this.strings === null });
    if (this.strings !== null) w.strings(this.strings);
    else {
      w.u8(this.bytes!);
      w.u32(this.offsets);
    }
  }

  static load(r: SnapshotReader): PackedStrings {
    const { packed } = r.json<{ packed: boolean }>();
    if (!packed) return new PackedStrings(null, new Uint32Array(0), r.strings());
    const bytes = r.u8();
    return new PackedStrings(bytes, r.u32(), null);
  }
}
