/**
 * Bitsets over ordinals (Uint32Array, bit `o & 31` of word `o >>> 5`): the set algebra every
 * part of the fast index works in. Loops run to the first operand's length, so a scratch
 * bitset (sized to the ordinals in use) reads a stored one (sized to the capacity) only that far.
 * @module
 */
import { FIELD_COUNT } from '../text.ts';

/** Calls `visit(ordinal, word index, bit)` for every set bit, in ordinal order. */
export function forEachBit(bits: Uint32Array, visit: (d: number, w: number, low: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w] ?? 0;
    while (x !== 0) {
      const low = x & -x;
      visit((w << 5) | (31 - Math.clz32(low)), w, low);
      x ^= low;
    }
  }
}

/** Writes the set bits into `into` in ordinal order; returns `into`. */
export function listBits(bits: Uint32Array, into: Uint32Array): Uint32Array {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      into[n++] = (w << 5) | (31 - Math.clz32(low));
      x ^= low;
    }
  }
  return into;
}

/** ANDs `into` with the union of `sets` (none: empties it); returns the bits left. `spare` may be overwritten. */
export function andAny(into: Uint32Array, sets: readonly Uint32Array[], spare: Uint32Array): number {
  let n = 0;
  // up to three sets (the common cases) in straight-line loops; the rest is ORed into `spare` first
  if (sets.length > 3) {
    spare.set(sets[2]!.subarray(0, spare.length));
    for (let i = 3; i < sets.length; i++) orInto(spare, sets[i]!);
    return andAny(into, [sets[0]!, sets[1]!, spare], spare);
  }
  const a = sets[0];
  const b = sets[1];
  const c = sets[2];
  if (a === undefined) {
    into.fill(0);
    return 0;
  }
  if (b === undefined) {
    for (let w = 0; w < into.length; w++) { const x = into[w]! & a[w]!; into[w] = x; n += popcount(x); }
  } else if (c === undefined) {
    for (let w = 0; w < into.length; w++) { const x = into[w]! & (a[w]! | b[w]!); into[w] = x; n += popcount(x); }
  } else {
    for (let w = 0; w < into.length; w++) { const x = into[w]! & (a[w]! | b[w]! | c[w]!); into[w] = x; n += popcount(x); }
  }
  return n;
}

/** Writes `from` ANDed with every filter into `into`; returns the bits set. */
export function andAll(into: Uint32Array, from: Uint32Array, filters: readonly Uint32Array[]): number {
  let n = 0;
  for (let w = 0; w < into.length; w++) {
    let x = from[w]!;
    for (let f = 0; f < filters.length && x !== 0; f++) x &= filters[f]![w]!;
    into[w] = x;
    n += popcount(x);
  }
  return n;
}

/** The bits set. */
export function countBits(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) n += popcount(bits[i] ?? 0);
  return n;
}

/** Sets an ordinal in the field bitsets of its FIELD flags (a missing field gets a bitset of `size` words). */
export function setFieldBits(fieldBits: (Uint32Array | undefined)[], o: number, flags: number, size: number): void {
  for (let i = 0; i < FIELD_COUNT; i++) if (flags & (1 << i)) setBit(fieldBits[i] ??= new Uint32Array(size), o);
}

/** Adds ordinal `o`. */
export function setBit(bits: Uint32Array, o: number): void {
  bits[o >>> 5] = (bits[o >>> 5] ?? 0) | (1 << (o & 31));
}

/** Removes ordinal `o`. */
export function clearBit(bits: Uint32Array, o: number): void {
  bits[o >>> 5] = (bits[o >>> 5] ?? 0) & ~(1 << (o & 31));
}

/** Whether ordinal `o` is in the set. */
export function hasBit(bits: Uint32Array, o: number): boolean {
  return ((bits[o >>> 5] ?? 0) & (1 << (o & 31))) !== 0;
}

/** `into` &= `other`. */
export function andInto(into: Uint32Array, other: Uint32Array): void {
  for (let i = 0; i < into.length; i++) into[i] = (into[i] ?? 0) & (other[i] ?? 0);
}

/** `into` |= `other`. */
export function orInto(into: Uint32Array, other: Uint32Array): void {
  for (let i = 0; i < into.length; i++) into[i] = (into[i] ?? 0) | (other[i] ?? 0);
}

/** The bits set in a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The size of the intersection of two bitsets (popcount inlined: facet counting's inner loop). */
export function countAnd(a: Uint32Array, b: Uint32Array): number {
  let n = 0;
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i++) {
    let x = a[i]! & b[i]!;
    if (x === 0) continue;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    n += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}
