/**
 * Reusable per-query buffers of the fast index (one query runs at a time): bitsets of the
 * candidates, text match, filters and pages, score arrays and counters. Each query leaves
 * them as it found them (zeroed where the next query expects zeros).
 * @module
 */
import { SCORE_LEVELS } from './scores.ts';

/** A field bitset of a frequent term of a query word, and the word's score on its documents. */
export interface FieldScore {
  bits: Uint32Array;
  score: number;
}

/**
 * Reusable per-query buffers for ordinals below `cap` (one query runs at a time): bitsets
 * of cap / 32 words and arrays by ordinal. Loops over a scratch bitset's length read stored
 * bitsets (sized to the index capacity, at least as long) only that far.
 */
export class Scratch {
  readonly cand: Uint32Array;
  readonly text: Uint32Array;
  readonly wordBits: Uint32Array;
  readonly tierExact: Uint32Array;
  readonly tierPrefix: Uint32Array;
  /** A checked word's part-number hits that are the start of a number (wordBits holds the equal ones). */
  readonly pnBits: Uint32Array;
  readonly match: Uint32Array;
  /** Always empty: stands for a filter value that no document has. */
  readonly empty: Uint32Array;
  readonly scores: Int32Array;
  /** The matches as a list, when few. */
  readonly matches: Uint32Array;
  readonly hist = new Uint32Array(SCORE_LEVELS);
  readonly ranks: Uint32Array;
  /** Sort keys, or the bounded heap of a page. */
  readonly keys: Float64Array;
  /** Per query word, its best score on each ordinal (0: not matched) from its postings. */
  readonly wordScores: Uint8Array[] = [];
  /** Per query word, the field bitsets of its frequent terms with the score each gives. */
  readonly fieldScores: FieldScore[][] = [];
  /** One-word queries: the ordinals the word scores `level` on, by level (see levelAt). */
  readonly levelBits: (Uint32Array | undefined)[] = [];
  /** Bit `level` set when levelBits[level] holds something. */
  levelsUsed = 0;
  /** Part-number hits marked in tierExact and tierPrefix. */
  tierHits = 0;
  /** Candidates left after the text match (set by matchText). */
  candCount = 0;
  /** The text match was relaxed (set by matchText, read and reset by searchPage). */
  relaxed = false;
  /** The candidates before the text match (queries of several words). */
  readonly base: Uint32Array;
  private readonly relaxBitsArrays: Uint32Array[] = [];
  /** Spare bitsets of a page: the one-word page's levels, or a page of several words' field levels (contents undefined). */
  readonly union: Uint32Array;
  readonly level: Uint32Array;
  private readonly complement: Uint32Array;
  private readonly sets: Uint32Array[] = [];
  private termMarkArray = new Uint8Array(1024);

  constructor(readonly cap: number) {
    const words = cap >>> 5;
    this.cand = new Uint32Array(words);
    this.text = new Uint32Array(words);
    this.wordBits = new Uint32Array(words);
    this.tierExact = new Uint32Array(words);
    this.tierPrefix = new Uint32Array(words);
    this.pnBits = new Uint32Array(words);
    this.match = new Uint32Array(words);
    this.empty = new Uint32Array(words);
    this.scores = new Int32Array(cap);
    this.matches = new Uint32Array(cap);
    this.ranks = new Uint32Array(cap);
    this.keys = new Float64Array(cap);
    this.union = new Uint32Array(words);
    this.base = new Uint32Array(words);
    this.level = new Uint32Array(words);
    this.complement = new Uint32Array(words);
  }

  /** `alive` without the members of `set`, in a spare bitset (valid until the next call). */
  complementOf(set: Uint32Array, alive: Uint32Array): Uint32Array {
    const out = this.complement;
    for (let w = 0; w < out.length; w++) out[w] = alive[w]! & ~set[w]!;
    return out;
  }

  /** The used level bitsets (their union is the text set of a lone ranked word). */
  usedLevels(): Uint32Array[] {
    return this.levelBits.filter((bits, level): bits is Uint32Array => bits !== undefined && (this.levelsUsed & (1 << level)) !== 0);
  }

  /** The level bitset of a score, marked as used (cleared by clearText). */
  levelAt(level: number): Uint32Array {
    this.levelsUsed |= 1 << level;
    return (this.levelBits[level] ??= new Uint32Array(this.cap >>> 5));
  }

  /** Query word i's documents when the text match is relaxed (contents undefined). */
  relaxBits(i: number): Uint32Array {
    let bits = this.relaxBitsArrays[i];
    if (bits === undefined) this.relaxBitsArrays[i] = bits = new Uint32Array(this.cap >>> 5);
    return bits;
  }

  /** Scores of query word i by ordinal, all zero. */
  wordScoresAt(i: number): Uint8Array {
    let f = this.wordScores[i];
    if (f === undefined) this.wordScores[i] = f = new Uint8Array(this.cap);
    return f;
  }

  /** The field scores of query word i (emptied by clearText). */
  fieldScoresAt(i: number): FieldScore[] {
    return (this.fieldScores[i] ??= []);
  }

  /** Zeroed marks by term id, for at least `terms` ids; the caller zeroes what it marked. */
  termMarks(terms: number): Uint8Array {
    if (this.termMarkArray.length < terms) this.termMarkArray = new Uint8Array(Math.max(terms, this.termMarkArray.length * 2));
    return this.termMarkArray;
  }

  /** Zeroed tag counters of at least `size`; the caller zeroes what it used. */
  tagCounts(size: number): Uint32Array {
    if (this.tagCountArray.length < size) this.tagCountArray = new Uint32Array(Math.max(size, this.tagCountArray.length * 2));
    return this.tagCountArray;
  }

  private tagCountArray = new Uint32Array(64);

  /** Zeroed facet-set counters of at least `size`; the caller zeroes what it used. */
  facetSetCounts(size: number): Uint32Array {
    if (this.facetSetCountArray.length < size) this.facetSetCountArray = new Uint32Array(Math.max(size, this.facetSetCountArray.length * 2));
    return this.facetSetCountArray;
  }

  private facetSetCountArray = new Uint32Array(64);

  /** Zeroed vendor counters of at least `size`; the caller zeroes what it used. */
  vendorCounts(size: number): Uint32Array {
    if (this.vendorCountArray.length < size) this.vendorCountArray = new Uint32Array(Math.max(size, this.vendorCountArray.length * 2));
    return this.vendorCountArray;
  }

  private vendorCountArray = new Uint32Array(64);

  /** The i-th spare bitset (contents undefined). */
  setAt(i: number): Uint32Array {
    let set = this.sets[i];
    if (set === undefined) this.sets[i] = set = new Uint32Array(this.cap >>> 5);
    return set;
  }

  /** Zeroes what the text match wrote (the score arrays of `wordCount` words). */
  clearText(wordCount: number): void {
    for (let i = 0; i < wordCount; i++) {
      this.wordScores[i]?.fill(0);
      if (this.fieldScores[i] !== undefined) this.fieldScores[i]!.length = 0;
    }
    for (let level = 0; this.levelsUsed !== 0; level++) {
      if ((this.levelsUsed & (1 << level)) === 0) continue;
      this.levelBits[level]!.fill(0);
      this.levelsUsed &= ~(1 << level);
    }
    if (this.tierHits > 0) {
      this.tierExact.fill(0);
      this.tierPrefix.fill(0);
      this.tierHits = 0;
    }
  }
}
