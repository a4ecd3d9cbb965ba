/**
 * A small seeded pseudo-random generator for the content seed: the same seed always yields the
 * same store, so tests, screenshots and benchmarks see identical data on every machine.
 * @module
 */

/** The draws the seed needs; every one is a pure function of the seed and the draw order. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A new array with the items in a seeded order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * Mulberry32: 32-bit state, fast and well distributed enough for fake content. Chosen over
 * `Math.random` because that cannot be seeded.
 *
 * @example
 * const r = createRandom(42);
 * r.int(1, 5); // always the same value for seed 42
 */
export function createRandom(seed: number): Random {
  let state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    chance: (p: number) => next() < p,
    shuffle: <T>(items: readonly T[]): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        const a = out[i] as T;
        out[i] = out[j] as T;
        out[j] = a;
      }
      return out;
    },
  };
}

/**
 * Turns a title into a URL handle: lower case, ASCII letters and digits, single hyphens.
 *
 * @example
 * slugify('Pump Priming 101: Air Leaks & Fixes'); // 'pump-priming-101-air-leaks-fixes'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
