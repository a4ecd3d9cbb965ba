/**
 * What a product's picture is drawn from besides its kind of part: its part number (printed on
 * its label plate), its title (which variant of the kind it is: a booster pump, a side-mount
 * filter, a 3-way diverter), its weight, and its attributes (tags and option values:
 * 'Horsepower' '1.5 HP', 'Pipe Size' '2"', 'Filter Area' '150 sq ft', 'Color' 'Blue'). The
 * drawings (drawing.ts) read them through {@link Traits}: every number clamped to what a drawing
 * can show, every missing fact a middle value, and every detail no fact decides drawn from a
 * hash of the product (same product, same picture; no clock, no Math.random).
 * @module
 */

/** The facts of one product a picture shows. Every field may be missing (a collection or equipment picture). */
export interface PartFacts {
  /** Printed on the part's label plate (the product's part number, else its SKU). */
  partNumber?: string | null;
  /** The product title: which variant of its kind it is. */
  title?: string | null;
  /** Pounds. */
  weight?: number | null;
  /** Tags and option values as [name, value], first value of a name first. */
  attributes?: readonly (readonly [string, string])[];
}

/** Clamps to 0..1 (NaN to `fallback`). */
export const unit = (x: number, fallback = 0.5): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : fallback);

/** 32-bit FNV-1a of a text. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The first number in a text ('1,500 BTU' -> 1500, '2.5"' -> 2.5, '2-Pack' -> 2), or undefined. */
export function firstNumber(text: string): number | undefined {
  const m = /\d[\d,]*(?:\.\d+)?|\.\d+/.exec(text);
  if (!m) return undefined;
  const v = Number(m[0].replace(/,/g, ''));
  return Number.isFinite(v) ? v : undefined;
}

/** A short key of a product's facts (hex): a picture cached under it is drawn again when they change. */
export function factsKey(facts: PartFacts): string {
  const attributes = (facts.attributes ?? []).map(([name, value]) => `${name}\u0001${value}`).join('\u0002');
  return fnv(`${facts.partNumber ?? ''}\u0003${facts.title ?? ''}\u0003${facts.weight ?? ''}\u0003${attributes}`).toString(16).padStart(8, '0');
}

/** Reads a product's facts for a drawing. */
export class Traits {
  private readonly title: string;
  private readonly byName = new Map<string, string>();
  private readonly seed: number;
  readonly partNumber: string;
  readonly weight: number | undefined;

  constructor(facts: PartFacts = {}) {
    this.title = (facts.title ?? '').toLowerCase();
    this.partNumber = (facts.partNumber ?? '').trim();
    this.weight = typeof facts.weight === 'number' && Number.isFinite(facts.weight) && facts.weight > 0 ? facts.weight : undefined;
    for (const [name, value] of facts.attributes ?? []) {
      const key = String(name).trim().toLowerCase();
      if (!this.byName.has(key)) this.byName.set(key, String(value));
    }
    this.seed = fnv(`${this.partNumber}|${this.title}`);
  }

  /** The first value of an attribute (names compare case-insensitively). */
  attr(name: string): string | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** The first number of an attribute's first value. */
  num(name: string): number | undefined {
    const v = this.attr(name);
    return v === undefined ? undefined : firstNumber(v);
  }

  /** Whether the attribute's first value contains a word (case-insensitive). */
  is(name: string, word: string): boolean {
    return (this.attr(name) ?? '').toLowerCase().includes(word.toLowerCase());
  }

  /** Whether the title contains any of the words (case-insensitive). */
  has(...words: string[]): boolean {
    return words.some((w) => this.title.includes(w.toLowerCase()));
  }

  /** A number in 0..1 from the product's hash, different per salt. */
  frac(salt: number): number {
    let h = (this.seed ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  }

  /** One of the choices, by the product's hash. */
  pick<T>(choices: readonly T[], salt: number): T {
    return choices[Math.floor(this.frac(salt) * choices.length)] as T;
  }

  /** Where the weight sits between two weights on a log scale, 0..1 (0.5 without a weight). */
  weightT(lo: number, hi: number): number {
    if (this.weight === undefined) return 0.5;
    return unit(Math.log(this.weight / lo) / Math.log(hi / lo));
  }

  /** The pack size: '2-Pack' -> 2, 'Single' or none -> 1 (at most 99). */
  pack(): number {
    const n = this.num('Pack');
    return n === undefined || n < 1 ? 1 : Math.min(99, Math.floor(n));
  }
}

/** How a drawing's colour is picked: a hue, or a named colour the product comes in. */
export interface Tint {
  hue: number;
  /** Saturation factor. */
  sat: number;
  /** Lightness shift in points. */
  light: number;
}

/** The colours a 'Color' attribute names, as a tint. */
const NAMED: Record<string, Omit<Tint, 'hue'> & { hue?: number }> = {
  white: { sat: 0.08, light: 30 },
  black: { sat: 0.06, light: -26 },
  gray: { sat: 0.05, light: 4 },
  grey: { sat: 0.05, light: 4 },
  tan: { hue: 34, sat: 0.55, light: 14 },
  blue: { hue: 212, sat: 1, light: 0 },
};

/** The tint of a product: its 'Color' attribute when it names one, else its picture's hue. */
export function tintOf(hue: number, traits: Traits): Tint {
  const named = NAMED[(traits.attr('Color') ?? '').trim().toLowerCase()];
  const h = Number.isFinite(hue) ? hue : 200;
  return named ? { hue: named.hue ?? h, sat: named.sat, light: named.light } : { hue: h, sat: 1, light: 0 };
}
