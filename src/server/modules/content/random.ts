/**
 * A small seeded pseudo-random generator for the content seed: the same seed always yields the
 * same store, so tests, screenshots and benchmarks see identical data on every machine.
 * @module
 */
import { mulberry32 } from '../../platform/random/prng.ts';

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
 * The content seed's draws over the server's one generator (platform/random/prng.ts, mulberry32), on a
 * stream of its own (the seed mixed with a constant, so the content does not repeat the
 * catalogue's draws). Chosen over `Math.random` because that cannot be seeded.
 *
 * @example
 * const r = createRandom(42);
 * r.int(1, 5); // always the same value for seed 42
 */
export function createRandom(seed: number): Random {
  const rng = mulberry32(Math.trunc(seed) ^ 0x9e3779b9);
  return {
    next: rng.next,
    int: rng.int,
    pick: rng.pick,
    chance: rng.chance,
    shuffle: <T>(items: readonly T[]): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = rng.int(0, i);
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
