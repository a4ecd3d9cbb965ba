/**
 * The page of an answer: ids ranked [offset, offset + limit) among the matches.
 * - A presorted sort: the first matching ordinals in that order (walk testing the match
 *   bitset), or for few matches their ranks in it (bounded heap, or a sort for deep pages).
 * - Relevance, one word: the score levels marked by the text match, taken from the top,
 *   each level's size a popcount, and only the levels the page reaches are ranked.
 * - Relevance, several words: each match scored word by word; a bounded heap of (score,
 *   rank) keys, or for deep pages a score histogram, then a sort or one walk of the default order.
 * @module
 */
import type { NormalizedQuery } from '../query.ts';
import { DEFAULT_ORDER, type PresortedSort } from '../sorting.ts';
import { PART_NUMBER_TIER, TIER_STEP } from '../text.ts';
import { forEachBit, listBits, popcount } from './bits.ts';
import { small, type Tuning } from './options.ts';
import type { Orders, PresortedOrder, RankedOrder } from './orders.ts';
import { LEVELS_DESC, SCORE_LEVELS } from './scores.ts';
import type { FieldScore, Scratch } from './scratch.ts';
import type { DocumentStore } from './storage.ts';

/** Picks pages of answers over a store's presorted orders. */
export class Pager {
  constructor(
    private readonly store: DocumentStore,
    private readonly orders: Orders,
    private readonly tuning: Tuning,
  ) {}

  /** A page in a presorted order: the matches ranked [offset, offset + limit) in it. */
  pageBySort(s: Scratch, sort: PresortedSort, nq: NormalizedQuery, match: Uint32Array, count: number, listOf: () => Uint32Array | null): number[] {
    const want = Math.min(count, nq.offset + nq.limit);
    const ids: number[] = [];
    if (nq.offset >= want) return ids;
    const entry = this.orders.orderOf(sort);
    if (count === this.store.n) {
      // every ordinal matches (a browse page, nothing retired since the last compaction):
      // the page is a slice of the order, however deep
      for (let i = nq.offset; i < want; i++) ids.push(this.store.idOf[entry.order[i]!]!);
      return ids;
    }
    // in price order, no match lies before the first price within the bounds: the walk
    // starts there
    let start = 0;
    if (sort === 'price_asc' && nq.minPriceCents > -Infinity) start = this.firstPriced(entry, (p) => p < nq.minPriceCents);
    if (sort === 'price_desc' && nq.maxPriceCents < Infinity) start = this.firstPriced(entry, (p) => p > nq.maxPriceCents);
    this.rankedSlice(s, entry, match, listOf, count, nq.offset, want, ids, start);
    return ids;
  }

  /** The first position of a price order whose price no longer passes `before` (binary search). */
  private firstPriced(entry: PresortedOrder, before: (priceCents: number) => boolean): number {
    let a = 0;
    let b = entry.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (before(this.store.price[entry.order[mid]!]!)) a = mid + 1;
      else b = mid;
    }
    return a;
  }

  /**
   * Appends the ids of the members of a set (of `count` members, listed by `listOf` when
   * small) ranked [from, to) in a presorted order: when the members are fewer than the walk
   * would visit, the best ranks among them (bounded heap, or a sort for deep pages);
   * otherwise the members met walking the order from `start` (no member lies before it).
   */
  private rankedSlice(
    s: Scratch, entry: RankedOrder, set: Uint32Array, listOf: () => Uint32Array | null,
    count: number, from: number, to: number, ids: number[], start = 0,
  ): void {
    const { order, length, rank } = entry;
    const walk = Math.min(length - start, (to * (length - start)) / count);
    // not subject to `sets`: the tests reach this path over lists and over bitsets
    if (to <= this.tuning.pageHeapLimit && count * 2 < walk) {
      const list = listOf();
      const heap = s.keys;
      let size = 0;
      if (list !== null) for (let i = 0; i < count; i++) size = offerKey(heap, size, to, rank[list[i]!]!);
      else {
        for (let w = 0; w < set.length; w++) {
          for (let x = set[w]!; x !== 0; x &= x - 1) size = offerKey(heap, size, to, rank[(w << 5) | (31 - Math.clz32(x & -x))]!);
        }
      }
      const best = heap.subarray(0, size).sort();
      for (let i = from; i < to; i++) ids.push(this.store.idOf[order[best[i]!]!]!);
      return;
    }
    if (small(this.tuning, count * Math.log2(count + 1) * 2 < walk)) {
      const list = listOf();
      const ranks = s.ranks.subarray(0, count);
      if (list !== null) for (let i = 0; i < count; i++) ranks[i] = rank[list[i]!]!;
      else { let i = 0; forEachBit(set, (d) => { ranks[i++] = rank[d] ?? 0; }); }
      ranks.sort();
      for (let i = from; i < to; i++) ids.push(this.store.idOf[order[ranks[i] ?? 0] ?? 0] ?? 0);
      return;
    }
    let seen = 0;
    for (let i = start; i < length && seen < to; i++) {
      const o = order[i]!;
      if ((set[o >>> 5]! & (1 << (o & 31))) === 0) continue;
      if (seen >= from) ids.push(this.store.idOf[o]!);
      seen++;
    }
  }

  /**
   * A relevance page of a one-word query. The word's score on a document is the highest
   * level whose bitset holds it (levels were marked per posting, or per field bitset of a
   * frequent word), so no document is scored one by one unless the matches are few:
   * part-number hits (any tier outranks every word score; few) are sorted first, then the
   * levels are taken from the top, each level's size a popcount, and only the levels the
   * page reaches are ranked (rankedSlice).
   */
  pageByOneWord(s: Scratch, nq: NormalizedQuery, match: Uint32Array, count: number, listOf: () => Uint32Array | null): number[] {
    const want = Math.min(count, nq.offset + nq.limit);
    if (nq.offset >= want) return [];
    const entry = this.orders.orderOf(DEFAULT_ORDER);
    const { order, rank } = entry;
    const { tierExact, tierPrefix, levelBits } = s;
    const levels = LEVELS_DESC.filter((level) => (s.levelsUsed & (1 << level)) !== 0);
    const keyOf = (d: number): number => {
      const w = d >>> 5;
      const bit = 1 << (d & 31);
      let sc = (tierExact[w]! & bit) !== 0 ? PART_NUMBER_TIER.exact * TIER_STEP
        : (tierPrefix[w]! & bit) !== 0 ? PART_NUMBER_TIER.prefix * TIER_STEP : 0;
      for (const level of levels) if ((levelBits[level]![w]! & bit) !== 0) { sc += level; break; }
      return (SCORE_LEVELS - sc) * 4294967296 + rank[d]!;
    };
    /** The best `to` keys of `n` documents (from `at`), sorted: bounded heap, or a full sort past the heap's limit. */
    const bestKeys = (n: number, to: number, at: (i: number) => number): Float64Array => {
      const keys = s.keys;
      let size = 0;
      if (to <= this.tuning.pageHeapLimit) for (let i = 0; i < n; i++) size = offerKey(keys, size, to, keyOf(at(i)));
      else for (; size < n; size++) keys[size] = keyOf(at(size));
      return keys.subarray(0, size).sort();
    };
    const ids: number[] = [];
    const list = small(this.tuning, count <= 256) ? listOf() : null;
    if (list !== null) {
      const best = bestKeys(count, want, (i) => list[i]!);
      for (let i = nq.offset; i < want; i++) ids.push(this.store.idOf[order[best[i]! % 4294967296]!]!);
      return ids;
    }
    // `ranked` holds the documents already ranked: the part-number hits, then each level
    // (without part-number hits it starts as the first level's bitset)
    const ranked = s.union;
    let tierCount = 0;
    const hits = s.ranks;
    if (s.tierHits > 0) {
      // the hits are listed in the same pass
      for (let w = 0; w < match.length; w++) {
        const t = match[w]! & (tierExact[w]! | tierPrefix[w]!);
        ranked[w] = t;
        for (let x = t; x !== 0; x &= x - 1) hits[tierCount++] = (w << 5) | (31 - Math.clz32(x & -x));
      }
    }
    let rankedEmpty = s.tierHits === 0;
    let before = 0;
    if (tierCount > 0) {
      const best = bestKeys(tierCount, Math.min(want, tierCount), (i) => hits[i]!);
      for (let i = nq.offset; i < Math.min(want, tierCount); i++) ids.push(this.store.idOf[order[best[i]! % 4294967296]!]!);
      before = tierCount;
    }
    const inLevel = s.level;
    for (const level of levels) {
      if (before >= want) break;
      const bits = levelBits[level]!;
      let c = 0;
      if (rankedEmpty) {
        for (let w = 0; w < match.length; w++) {
          const x = match[w]! & bits[w]!;
          inLevel[w] = x;
          c += popcount(x);
        }
        ranked.set(bits);
        rankedEmpty = false;
      } else {
        for (let w = 0; w < match.length; w++) {
          const x = match[w]! & bits[w]! & ~ranked[w]!;
          inLevel[w] = x;
          c += popcount(x);
          ranked[w] = ranked[w]! | bits[w]!;
        }
      }
      if (c === 0) continue;
      if (before + c > nq.offset) {
        const skip = Math.max(0, nq.offset - before);
        this.rankedSlice(s, entry, inLevel, () => null, c, skip, Math.min(c, want - before), ids);
      }
      before += c;
    }
    return ids;
  }

  /**
   * A relevance page of several words: score desc, then the default order. The matches are
   * listed once and scored word by word (plain passes over typed arrays); usually one more
   * pass keeps the best (score, rank) keys in a bounded heap; deep pages count the scores
   * into a histogram, then sort the keys (few matches) or walk the default order once
   * collecting each score level's members that fall in the page.
   */
  pageByRelevance(s: Scratch, nq: NormalizedQuery, match: Uint32Array, count: number, list: Uint32Array | null, wordCount: number): number[] {
    const want = Math.min(count, nq.offset + nq.limit);
    if (nq.offset >= want) return [];
    const { order, length, rank } = this.orders.orderOf(DEFAULT_ORDER);
    const { tierExact, tierPrefix, wordScores, fieldScores, scores } = s;
    const matches = list ?? listBits(match, s.matches);
    // the field bitsets of frequent terms raise their words' scores, on the matches only:
    // few matches look each up in the fields, best score first; many take the fields whole
    const perMatch = small(this.tuning, count < match.length);
    for (let i = 0; i < wordCount; i++) {
      const fields = fieldScores[i];
      if (fields === undefined || fields.length === 0) continue;
      const byScore = fields.length === 1 ? fields : [...fields].sort((a, b) => b.score - a.score);
      if (perMatch) raiseEachByFields(byScore, matches, count, wordScores[i]!);
      else raiseByFields(s, byScore, match, wordScores[i]!);
    }
    // scores: the part-number tier, then each word's best, one pass per word
    if (s.tierHits === 0) for (let k = 0; k < count; k++) scores[matches[k]!] = 0;
    else {
      for (let k = 0; k < count; k++) {
        const d = matches[k]!;
        const bit = 1 << (d & 31);
        scores[d] = (tierExact[d >>> 5]! & bit) !== 0 ? PART_NUMBER_TIER.exact * TIER_STEP
          : (tierPrefix[d >>> 5]! & bit) !== 0 ? PART_NUMBER_TIER.prefix * TIER_STEP : 0;
      }
    }
    for (let i = 0; i < wordCount; i++) {
      const ws = wordScores[i]!;
      // the product noun counts twice (ParsedQueryText.head)
      const weight = i === nq.text.head ? 2 : 1;
      for (let k = 0; k < count; k++) {
        const d = matches[k]!;
        scores[d] = scores[d]! + weight * ws[d]!;
      }
    }
    const ids: number[] = [];
    if (want <= this.tuning.pageHeapLimit) {
      // the `want` smallest keys; a key orders by score desc, then rank (both fit below
      // 2^53, exact in a double); once the heap is full most matches lose to its root
      const heap = s.keys;
      let size = 0;
      for (let k = 0; k < count; k++) {
        const d = matches[k]!;
        const key = (SCORE_LEVELS - scores[d]!) * 4294967296 + rank[d]!;
        if (size < want || key < heap[0]!) size = offerKey(heap, size, want, key);
      }
      const best = heap.subarray(0, size).sort();
      for (let i = nq.offset; i < want; i++) ids.push(this.store.idOf[order[best[i]! % 4294967296]!]!);
      return ids;
    }
    const { hist } = s;
    let minScore = SCORE_LEVELS;
    for (let k = 0; k < count; k++) {
      const sc = scores[matches[k]!]!;
      hist[sc]!++;
      if (sc < minScore) minScore = sc;
    }
    if (small(this.tuning, count <= 4096)) {
      const keys = s.keys.subarray(0, count);
      for (let k = 0; k < count; k++) {
        const d = matches[k]!;
        keys[k] = (SCORE_LEVELS - scores[d]!) * 4294967296 + rank[d]!;
      }
      keys.sort();
      for (let i = nq.offset; i < want; i++) ids.push(this.store.idOf[order[keys[i]! % 4294967296]!]!);
    } else {
      // find the score levels the page spans (histogram), then one walk of the default
      // order collects each level's members that fall in the page
      const slots = new Map<number, { skip: number; take: number; got: number[] }>();
      let before = 0;
      for (let level = SCORE_LEVELS - 1; level >= minScore && before < want; level--) {
        const inLevel = hist[level] ?? 0;
        if (inLevel === 0) continue;
        if (before + inLevel > nq.offset) {
          const skip = Math.max(0, nq.offset - before);
          slots.set(level, { skip, take: Math.min(inLevel, want - before) - skip, got: [] });
        }
        before += inLevel;
      }
      let missing = 0;
      for (const slot of slots.values()) missing += slot.take;
      for (let i = 0; i < length && missing > 0; i++) {
        const o = order[i]!;
        if ((match[o >>> 5]! & (1 << (o & 31))) === 0) continue;
        const slot = slots.get(scores[o]!);
        if (slot === undefined || slot.got.length >= slot.take) continue;
        if (slot.skip > 0) { slot.skip--; continue; }
        slot.got.push(this.store.idOf[o]!);
        missing--;
      }
      for (const slot of slots.values()) ids.push(...slot.got);
    }
    for (let k = 0; k < count; k++) hist[scores[matches[k]!]!] = 0;
    return ids;
  }
}

/**
 * Raises each match's score of a query word to the best its frequent terms' fields give it
 * (`fields` by score, highest first): each score's fields are ORed into one level, word by word,
 * on the matches no higher level reached, and each match is visited once, at its best field.
 * Visiting every match once per field took most of a broad query's time: a word with its
 * prefixes, variants and typos brings 10 to 30 fields.
 */
function raiseByFields(s: Scratch, fields: readonly FieldScore[], match: Uint32Array, ws: Uint8Array): void {
  // the one-word page's spare bitsets (this page ranks several words)
  const level = s.level;
  const reached = s.union;
  const words = match.length;
  reached.fill(0, 0, words);
  for (let k = 0; k < fields.length;) {
    const score = fields[k]!.score;
    level.fill(0, 0, words);
    for (; k < fields.length && fields[k]!.score === score; k++) {
      const bits = fields[k]!.bits;
      for (let w = 0; w < words; w++) level[w] = level[w]! | (bits[w]! & match[w]! & ~reached[w]!);
    }
    for (let w = 0; w < words; w++) {
      let x = level[w]!;
      if (x === 0) continue;
      reached[w] = reached[w]! | x;
      for (; x !== 0; x &= x - 1) {
        const d = (w << 5) | (31 - Math.clz32(x & -x));
        if (score > ws[d]!) ws[d] = score;
      }
    }
  }
}

/** As raiseByFields, for matches fewer than the words of a bitset: each match is looked up in the fields, best first, until one holds it. */
function raiseEachByFields(fields: readonly FieldScore[], matches: Uint32Array, count: number, ws: Uint8Array): void {
  for (let k = 0; k < count; k++) {
    const d = matches[k]!;
    const w = d >>> 5;
    const bit = 1 << (d & 31);
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f]!;
      if ((field.bits[w]! & bit) === 0) continue;
      if (field.score > ws[d]!) ws[d] = field.score;
      break;
    }
  }
}

/**
 * Offers a key to a max-heap of the `want` smallest keys seen (heap[0..size)); returns the
 * new size. Most keys lose to the root at once, so a pass over many matches stays linear.
 */
function offerKey(heap: Float64Array, size: number, want: number, key: number): number {
  let at: number;
  if (size < want) {
    at = size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heap[parent]! >= key) break;
      heap[at] = heap[parent]!;
      at = parent;
    }
    heap[at] = key;
    return size;
  }
  if (key >= heap[0]!) return size;
  at = 0;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && heap[right]! > heap[left]! ? right : left;
    if (heap[child]! <= key) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = key;
  return size;
}
