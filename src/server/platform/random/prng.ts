/**
 * The server's one seeded random source (the catalogue generator, and through
 * content/random.ts the content seed): the same seed gives the same catalogue and content on
 * every machine, so tests, benchmarks and bug reports can name a store by its seed alone.
 * Math.random is never used by the generators.
 * @module
 */

/** A seeded random source with the helpers the generator needs. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element, where earlier elements are likelier (Zipf-like, exponent 1). */
  pickSkewed<T>(items: readonly T[]): T;
  /** `count` distinct elements in random order (all of them when count >= length). */
  sample<T>(items: readonly T[], count: number): T[];
}

/**
 * mulberry32: 32 bits of state, fast, and good enough for believable data (not for secrets).
 * @example
 * const rng = mulberry32(42);
 * rng.int(1, 6); // the same roll on every run
 */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    pickSkewed: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      // inverse-CDF of a 1/(k+1) weight over the list
      let total = 0;
      for (let k = 0; k < items.length; k++) total += 1 / (k + 1);
      let r = next() * total;
      for (let k = 0; k < items.length; k++) {
        r -= 1 / (k + 1);
        if (r < 0) return items[k] as T;
      }
      return items[items.length - 1] as T;
    },
    sample: <T>(items: readonly T[], count: number): T[] => sampleWith(next, items, count),
  };
}

/**
 * `count` distinct elements of `items` in random order: the first `count` steps of a Fisher-Yates
 * shuffle, drawing `next` once a step. A short sample of a long list (a product's related
 * products among the thousands of its leaf's) records only the places its steps swapped, rather
 * than copying the list: copying made a million-product seed quadratic (about 50 GB moved). Both
 * ways draw the same numbers and give the same elements; `copyFrom` picks the copy once a sample
 * takes that share of the list or more.
 */
export function sampleWith<T>(next: () => number, items: readonly T[], count: number, copyFrom = 0.25): T[] {
  const length = items.length;
  const n = Math.min(count, length);
  if (n >= length * copyFrom || n < 0) {
    const copy = items.slice();
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(next() * (length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  }
  // the places swapped so far and what they hold now; any other place holds its own element
  const moved = new Map<number, T>();
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(next() * (length - i));
    const atI = moved.has(i) ? (moved.get(i) as T) : (items[i] as T);
    const atJ = moved.has(j) ? (moved.get(j) as T) : (items[j] as T);
    out.push(atJ);
    moved.set(j, atI);
  }
  return out;
}

/** Mixes two numbers into one 32-bit seed, so sub-streams (per collection, per product) differ. */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}
