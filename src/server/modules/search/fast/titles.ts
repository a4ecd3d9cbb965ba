/**
 * The title sort keys of the fast index's ordinals (titleSortKey), for the title orders: in one
 * byte array, one Latin-1 byte a character, with each ordinal's offsets (a key with a character
 * above U+00FF is kept as a string beside). A million keys as strings held about 70 MB; packed
 * they hold their characters and 8 bytes each. A rewritten product's old bytes stay until the
 * index compacts.
 * @module
 */
import { isLatin1, latin1At } from '../packed.ts';
import type { SnapshotReader, SnapshotWriter } from './snapshot.ts';
import { growBits } from './storage.ts';

/** Title sort keys by ordinal. */
export class TitleKeys {
  private bytes = new Uint8Array(1 << 16);
  private fill = 0;
  private start = new Uint32Array(0);
  private end = new Uint32Array(0);
  /** Keys holding a character above U+00FF, by ordinal. */
  private readonly wide = new Map<number, string>();

  /** Sets ordinal `o`'s key (a new ordinal: the old bytes of a rewritten product are left). */
  set(o: number, key: string): void {
    this.wide.delete(o);
    if (!isLatin1(key)) {
      this.wide.set(o, key);
      this.start[o] = this.end[o] = 0;
      return;
    }
    if (this.fill + key.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.fill + key.length));
      grown.set(this.bytes.subarray(0, this.fill));
      this.bytes = grown;
    }
    this.start[o] = this.fill;
    for (let i = 0; i < key.length; i++) this.bytes[this.fill++] = key.charCodeAt(i);
    this.end[o] = this.fill;
  }

  /** Ordinal `o`'s key. */
  get(o: number): string {
    const wide = this.wide.size > 0 ? this.wide.get(o) : undefined;
    if (wide !== undefined) return wide;
    return latin1At(this.bytes, this.start[o]!, this.end[o]!);
  }

  /** Makes room for `cap` ordinals. */
  grow(cap: number): void {
    this.start = growBits(this.start, cap);
    this.end = growBits(this.end, cap);
  }

  /** Drops the doubling slack of a bulk load. */
  endBulk(): void {
    this.bytes = this.bytes.slice(0, Math.max(1024, this.fill));
  }

  /** Renumbers by a compaction's remap (old ordinal to new, -1: retired), dropping the retired ordinals' bytes. */
  compact(remap: Int32Array): void {
    const bytes = new Uint8Array(Math.max(1024, this.fill));
    let fill = 0;
    const wide = new Map<number, string>();
    for (let o = 0; o < remap.length; o++) {
      const to = remap[o] ?? -1;
      if (to < 0) continue;
      const w = this.wide.get(o);
      if (w !== undefined) {
        wide.set(to, w);
        this.start[to] = this.end[to] = 0;
        continue;
      }
      const from = this.start[o]!;
      const n = this.end[o]! - from;
      bytes.set(this.bytes.subarray(from, from + n), fill);
      this.start[to] = fill;
      this.end[to] = fill + n;
      fill += n;
    }
    this.bytes = bytes;
    this.fill = fill;
    this.wide.clear();
    for (const [o, key] of wide) this.wide.set(o, key);
  }

  save(w: SnapshotWriter): void {
    w.json({ fill: this.fill, wide: [...this.wide] });
    w.u8(this.bytes, this.fill);
    w.u32(this.start);
    w.u32(this.end);
  }

  load(r: SnapshotReader): void {
    const { fill, wide } = r.json<{ fill: number; wide: [number, string][] }>();
    this.bytes = r.u8();
    this.fill = fill;
    this.start = r.u32();
    this.end = r.u32();
    this.wide.clear();
    for (const [o, key] of wide) this.wide.set(o, key);
  }
}
