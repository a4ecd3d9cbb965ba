/**
 * The text side of the fast index: the words (Lexicon: posting lists with FIELD flags, looked
 * up exactly or by prefix in a sorted term list) and part numbers (PrefixTable) of every
 * ordinal, a forward index (each ordinal's word ids and flags), and the text match of a query.
 * Query words are taken cheapest first: a word whose postings (with its prefix and
 * part-number expansions) cost less than checking the remaining candidates is expanded into
 * a bitset; otherwise each remaining candidate is checked through the forward index. Frequent
 * words also keep one bitset per field, ORed whole instead of visiting each posting.
 * When ranking, each word's score on each document is marked (score arrays, or score-level
 * bitsets for a lone word) for paging.ts.
 * @module
 */
import { Lexicon, PrefixTable, type Postings } from '../lexicon.ts';
import type { NormalizedQuery } from '../query.ts';
import { FIELD_COUNT, MIN_PART_NUMBER_PREFIX, normalizePartNumber, partNumberKeys } from '../text.ts';
import type { SearchDocument } from '../types.ts';
import { KIND, documentFields, relaxedWords, wordRules, type Synonyms, type WordRule } from '../words.ts';
import { andAny, andInto, clearBit, countAnd, hasBit, orInto, popcount, setBit, setFieldBits } from './bits.ts';
import { WordForms } from './forms.ts';
import type { Tuning } from './options.ts';
import { EXACT_SCORE, PN_EXACT_SCORE, PN_PREFIX_SCORE, PREFIX_SCORE, SCORE_OF } from './scores.ts';
import type { Scratch } from './scratch.ts';
import { ForwardIndex } from './forward.ts';
import type { SnapshotReader, SnapshotWriter } from './snapshot.ts';
import { growBits, remapBits, type DocumentStore } from './storage.ts';

/** The words and part numbers of a store's documents, and the text match over them. */
export class TextIndex {
  /** Every word of every document, with its postings. */
  private readonly words = new Lexicon(true, true);
  /** Normalised part numbers (and cross-references) with their postings. */
  private readonly partNumbers = new PrefixTable();
  /** Other forms and typo neighbours of the words seen. */
  private readonly forms = new WordForms();
  /** Words with field bitsets (Postings.fieldBits). */
  private bigTerms: Postings[] = [];
  /** True while the index loads the catalogue (field bitsets are built after it). */
  private bulk = false;
  /** Forward index: each ordinal's distinct word ids with their FIELD flags (forward.ts). */
  private readonly fwd = new ForwardIndex();

  constructor(
    private readonly store: DocumentStore,
    private readonly tuning: Tuning,
    private readonly synonyms: Synonyms,
    private readonly extraPartNumbers: (productId: number) => readonly string[],
  ) {}

  /** Starts a bulk load: postings are appended unsorted and field bitsets wait for endBulk. */
  beginBulk(): void {
    this.words.beginBulk();
    this.partNumbers.beginBulk();
    this.bulk = true;
  }

  /** Ends a bulk load: sorts the terms, builds the field bitsets of frequent words, drops the slack. */
  endBulk(): void {
    this.bulk = false;
    this.words.endBulk(true);
    this.partNumbers.endBulk();
    for (const p of this.words.terms.values()) if (p.length >= this.bigTermPostings()) this.addFieldBits(p);
    // drop the doubling slack of the bulk load; later writes grow again as needed
    this.fwd.endBulk();
  }

  /** Indexes the words and part numbers of a document written at ordinal `o`. */
  add(doc: SearchDocument, o: number): void {
    const docWords = new Map<number, number>();
    for (const [flag, words] of documentFields(doc, this.synonyms)) {
      for (const w of words) {
        const known = this.words.termOf.length;
        const id = this.words.add(w, o, flag);
        if (this.words.termOf.length > known) this.forms.add(w);
        docWords.set(id, (docWords.get(id) ?? 0) | flag);
      }
    }
    const ids = [...docWords.keys()].sort((a, b) => a - b);
    this.fwd.add(o, ids, ids.map((id) => docWords.get(id)!));
    if (!this.bulk) {
      for (const [id, flags] of docWords) {
        const p = this.words.terms.get(this.words.termOf[id]!)!;
        if (p.fieldBits !== null) setFieldBits(p.fieldBits, o, flags, this.store.cap >>> 5);
        else if (p.length >= this.bigTermPostings()) this.addFieldBits(p);
      }
    }
    // each number also under its key without a letters-only prefix (partNumberKeys)
    const pns = [...new Set([...doc.partNumbers, ...this.extraPartNumbers(doc.id)].map(normalizePartNumber).filter((pn) => pn !== '').flatMap(partNumberKeys))];
    for (const pn of pns) this.partNumbers.add(pn, o);
  }

  /** Writes the words, part numbers and forward index into a snapshot. */
  save(w: SnapshotWriter): void {
    this.words.save(w);
    this.partNumbers.save(w);
    this.fwd.save(w);
  }

  /**
   * Reads what save wrote (the store loaded first); the other forms and typo bands are filed
   * again from the words in the order they came, and frequent words get their field bitsets.
   */
  load(r: SnapshotReader): void {
    this.bulk = false;
    this.words.load(r);
    this.partNumbers.load(r);
    for (const term of this.words.termOf) this.forms.add(term);
    this.fwd.load(r);
    this.bigTerms = [];
    for (const p of this.words.terms.values()) if (p.length >= this.bigTermPostings()) this.addFieldBits(p);
  }

  /** Makes room for `cap` ordinals. */
  grow(cap: number): void {
    for (const p of this.bigTerms) p.fieldBits = p.fieldBits!.map((bits) => (bits === undefined ? undefined : growBits(bits, cap >>> 5)));
    this.fwd.grow(cap);
  }

  /** Renumbers everything by a compaction's remap (old ordinal to new, -1: retired). */
  compact(remap: Int32Array): void {
    this.fwd.compact(remap);
    this.words.remap(remap);
    // words left without postings are gone from the lexicon
    this.bigTerms = this.bigTerms.filter((p) => p.length > 0);
    for (const p of this.bigTerms) p.fieldBits = p.fieldBits!.map((bits) => (bits === undefined ? undefined : remapBits(bits, remap)));
    this.partNumbers.remap(remap);
  }

  /**
   * A query word's other matching words (not itself; prefixes come from the prefix range):
   * variants (stem, joined neighbours), synonyms and typos, each with its best kind.
   */
  private alternativesOf(rule: WordRule): WordAlternative[] {
    const kinds = new Map<string, number>();
    for (const key of rule.synonymKeys) for (const t of this.forms.withStem(key) ?? []) if (t !== rule.word) kinds.set(t, KIND.synonym);
    for (const key of rule.keys) for (const t of this.forms.withStem(key) ?? []) if (t !== rule.word) kinds.set(t, KIND.variant);
    if (rule.typos > 0) for (const t of this.forms.typosOf(rule.word, rule.typos)) if (!kinds.has(t)) kinds.set(t, KIND.typo);
    for (const key of rule.typoKeys) for (const t of this.forms.withStem(key) ?? []) if (t !== rule.word && !kinds.has(t)) kinds.set(t, KIND.typo);
    const out: WordAlternative[] = [];
    for (const [term, kind] of kinds) {
      const p = this.words.terms.get(term);
      const id = this.words.idOf(term);
      if (p !== undefined && id !== undefined && p.length > 0) out.push({ p, id, kind });
    }
    return out;
  }

  /** Postings from which a word keeps field bitsets (see FastIndexOptions.termBitsMin). */
  private bigTermPostings(): number {
    return this.tuning.termBitsMin > 0 ? this.tuning.termBitsMin : Math.max(1024, this.store.cap >>> 5);
  }

  /** Builds a word's field bitsets from its postings. */
  private addFieldBits(p: Postings): void {
    const bits: (Uint32Array | undefined)[] = [];
    const { ords, flags } = p;
    for (let j = p.base; j < p.base + p.length; j++) {
      const f = flags![j]!;
      for (let i = 0; i < FIELD_COUNT; i++) if (f & (1 << i)) setBit(bits[i] ??= new Uint32Array(this.store.cap >>> 5), ords[j]!);
    }
    p.fieldBits = bits;
    this.bigTerms.push(p);
  }

  /**
   * ANDs the text match into `cand`; when ranking, fills each word's score array (the best
   * score of the word on each document). Returns the word count. Words are taken cheapest
   * first: a word whose postings (with its prefix and part-number expansions) cost less
   * than checking the remaining candidates is expanded into a bitset; otherwise each
   * remaining candidate is checked through the forward index, so 'aqu-9121-n' never
   * expands every word starting with 'n'.
   */
  matchText(s: Scratch, nq: NormalizedQuery, cand: Uint32Array, relevance: boolean): number {
    const { words: qWords, partNumber } = nq.text;
    const last = qWords.length - 1;
    const text = s.text;
    const rules = wordRules(qWords, this.synonyms, (w) => this.isLiveWord(w));
    // several words: the candidates before the text match, in case none matches them all
    if (qWords.length > 1) s.base.set(cand);
    // each word's postings, prefix range, other forms and part-number slice are looked up once
    const plans = qWords.map((word, i): WordPlan => {
      const exact = this.words.terms.get(word) ?? null;
      // the last word also matches as a prefix (as-you-type)
      const prefix = i === last ? this.words.prefixRange(word) : null;
      const pn = word.length >= MIN_PART_NUMBER_PREFIX ? this.partNumbers.prefixSlice(word) : null;
      const alts = this.alternativesOf(rules[i]!);
      let cost = (exact?.length ?? 0) + (prefix === null ? 0 : this.words.rangeCost(prefix[0], prefix[1]))
        + (pn === null ? 0 : pn.to - pn.from);
      for (const alt of alts) cost += alt.p.length;
      return { word, i, exact, prefix, pn, alts, cost };
    });
    if (partNumber !== '') {
      const { tierExact, tierPrefix } = s;
      // a one-word query's part number is the word itself: its slice is at hand
      const { ords, from, exactEnd, to } = plans.length === 1 && plans[0]!.word === partNumber && plans[0]!.pn !== null
        ? plans[0]!.pn : this.partNumbers.prefixSlice(partNumber);
      for (let i = from; i < to; i++) setBit(i < exactEnd ? tierExact : tierPrefix, ords[i]!);
      s.tierHits += to - from;
    }
    plans.sort((a, b) => a.cost - b.cost);
    const perDoc = this.fwd.fill / Math.max(1, this.store.n) + 2;
    let remaining = Infinity;
    // ranking one word marks score levels (bitsets); several words, a score array per word
    const levels = relevance && plans.length === 1;
    for (let step = 0; step < plans.length; step++) {
      const plan = plans[step]!;
      const scores = relevance && !levels ? s.wordScoresAt(plan.i) : null;
      if (step === 0) {
        // the cheapest word is marked straight into the text set (a lone ranked word only
        // into its level bitsets, whose union is the text set)
        if (!levels) text.fill(0);
        this.expandWord(s, plan, text, scores, levels);
      } else if (plan.cost <= remaining * perDoc * this.tuning.expandFactor) {
        this.expandWord(s, plan, s.wordBits, scores, false);
        andInto(text, s.wordBits);
        s.wordBits.fill(0);
      } else {
        remaining = this.checkWord(s, plan, text, cand, scores, remaining);
        continue;
      }
      // (what is left only guides the next word's plan)
      if (step < plans.length - 1) remaining = countAnd(text, cand);
    }
    if (qWords.length === 0) text.fill(0);
    // part-number hits match whatever their words do; the candidates left are counted in
    // the same pass (s.candCount)
    const { tierExact, tierPrefix } = s;
    const sets = levels ? s.usedLevels() : [text];
    if (s.tierHits > 0) sets.push(tierExact, tierPrefix);
    s.candCount = andAny(cand, sets, s.level);
    if (s.candCount === 0 && qWords.length > 1) this.relax(s, plans, cand, relevance, nq.text.head);
    return relevance ? qWords.length : 0;
  }

  /**
   * No candidate matched every word: the commonest words are dropped until some candidate
   * matches all the others (relaxedWords), and those candidates become the text set
   * (s.relaxed). Each word is expanded whole (scores too when ranking) into a bitset of its
   * own, so each set of words tried is an AND of bitsets, not a walk of every candidate.
   */
  private relax(s: Scratch, plans: readonly WordPlan[], cand: Uint32Array, relevance: boolean, head: number): void {
    const { base } = s;
    const counts = new Array<number>(plans.length).fill(0);
    for (const plan of plans) {
      const bits = s.relaxBits(plan.i);
      bits.fill(0);
      // the word's fields are pushed again, whole, by this expansion
      if (relevance) s.fieldScoresAt(plan.i).length = 0;
      this.expandWord(s, plan, bits, relevance ? s.wordScoresAt(plan.i) : null, false);
      let n = 0;
      for (let w = 0; w < base.length; w++) {
        const x = bits[w]! & base[w]!;
        bits[w] = x;
        n += popcount(x);
      }
      counts[plan.i] = n;
    }
    const words = new Array<string>(plans.length);
    for (const plan of plans) words[plan.i] = plan.word;
    let n = 0;
    for (const need of relaxedWords(words, counts, head)) {
      const needed = plans.filter((plan) => (need & (1 << plan.i)) !== 0).map((plan) => s.relaxBits(plan.i));
      n = 0;
      for (let w = 0; w < base.length; w++) {
        let keep = base[w]!;
        for (let k = 0; k < needed.length && keep !== 0; k++) keep &= needed[k]![w]!;
        cand[w] = keep;
        n += popcount(keep);
      }
      if (n > 0) break;
    }
    if (n === 0) cand.fill(0);
    s.candCount = n;
    s.relaxed = n > 0;
  }

  /**
   * Marks a word's documents in `bits` from its postings (exact, prefixes, part numbers):
   * with `scores`, also each document's score of the word; with `levels`, each document in
   * the scratch bitset of each score it gets. A frequent word's field bitsets are ORed in
   * whole unless per-document scores are wanted.
   */
  private expandWord(s: Scratch, plan: WordPlan, bits: Uint32Array, scores: Uint8Array | null, levels: boolean): void {
    const mark = (p: Postings, table: Uint8Array): void => {
      if (p.fieldBits !== null) {
        // a frequent word's fields are ORed whole; with per-document scores wanted, each
        // field's score is tested on the few matches later instead (fieldScoresAt)
        p.fieldBits.forEach((field, i) => {
          // a field the kind scores nothing in (a typo in the description) matches nothing
          if (field === undefined || table[1 << i] === 0) return;
          if (levels) {
            orInto(s.levelAt(table[1 << i]!), field);
            return;
          }
          orInto(bits, field);
          if (scores !== null) s.fieldScoresAt(plan.i).push({ bits: field, score: table[1 << i]! });
        });
      } else if (levels) markPostingsLevels(s, p.ords, p.flags!, p.base, p.base + p.length, table);
      else markPostings(bits, scores, p.ords, p.flags!, p.base, p.base + p.length, table);
    };
    const { exact, prefix } = plan;
    if (exact !== null) mark(exact, EXACT_SCORE);
    // the word's own term adds nothing as a prefix: a whole word scores at least as much
    if (prefix !== null) this.words.forRange(prefix[0], prefix[1], (_, p) => { if (p !== exact) mark(p, PREFIX_SCORE); });
    // a word found both as a prefix and as a variant or typo is marked twice: scores and
    // levels keep the best
    for (const alt of plan.alts) mark(alt.p, SCORE_OF[alt.kind]!);
    if (plan.pn !== null) {
      const { ords, from, exactEnd, to } = plan.pn;
      for (let i = from; i < to; i++) {
        const o = ords[i]!;
        const score = i < exactEnd ? PN_EXACT_SCORE : PN_PREFIX_SCORE;
        if (levels) {
          setBit(s.levelAt(score), o);
          continue;
        }
        setBit(bits, o);
        if (scores !== null) scores[o] = Math.max(scores[o]!, score);
      }
    }
  }

  /**
   * Checks a word on each remaining candidate (and each part-number hit, which ranks by every
   * word) through the forward index. Terms are compared by id; a prefix's terms are marked by
   * id beforehand when there are fewer of them than forward entries to check, else each
   * entry's term is compared as text. Drops the candidates the word does not match; returns
   * how many are left.
   */
  private checkWord(s: Scratch, plan: WordPlan, text: Uint32Array, cand: Uint32Array, scores: Uint8Array | null, remaining: number): number {
    const { start: fwdStart, end: fwdEnd, byteStart, bytes, flags: fwdFlags } = this.fwd;
    const { tierExact, tierPrefix } = s;
    const termOf = this.words.termOf;
    const exactId = this.words.idOf(plan.word) ?? -1;
    const perDoc = this.fwd.fill / Math.max(1, this.store.n);
    const { prefix } = plan;
    const byMarks = prefix !== null && prefix[1] - prefix[0] < remaining * perDoc;
    // marks hold each term's best kind for the word (KIND)
    const marks = s.termMarks(termOf.length);
    const marked: number[] = [];
    const markTerm = (id: number, kind: number): void => {
      if (marks[id] === 0) marked.push(id);
      if (kind > marks[id]!) marks[id] = kind;
    };
    for (const alt of plan.alts) markTerm(alt.id, alt.kind);
    if (byMarks) {
      this.words.forRange(prefix[0], prefix[1], (term) => {
        const id = this.words.idOf(term);
        if (id !== undefined && id !== exactId) markTerm(id, KIND.prefix);
      });
    }
    const byText = prefix !== null && !byMarks;
    // the word's part-number hits (its slice of the part-number table) as two bitsets, for the
    // candidates to look up: equal to one of its numbers, or the start of one
    const { pn } = plan;
    const pnExact = s.wordBits;
    const pnPrefix = s.pnBits;
    if (pn !== null) for (let i = pn.from; i < pn.to; i++) setBit(i < pn.exactEnd ? pnExact : pnPrefix, pn.ords[i]!);
    let left = 0;
    for (let w = 0; w < text.length; w++) {
      const inText = text[w]! & cand[w]!;
      let bits = inText | tierExact[w]! | tierPrefix[w]!;
      let keep = inText;
      while (bits !== 0) {
        const low = bits & -bits;
        const d = (w << 5) | (31 - Math.clz32(low));
        bits ^= low;
        let score = 0;
        // the ordinal's word ids, ascending, as gaps (forward.ts; ids stay below 2^28)
        let p = byteStart[d]!;
        let term = 0;
        for (let i = fwdStart[d]!, end = fwdEnd[d]!; i < end; i++) {
          let b = bytes[p++]!;
          let gap = b & 0x7f;
          for (let shift = 7; b >= 0x80; shift += 7) {
            b = bytes[p++]!;
            gap |= (b & 0x7f) << shift;
          }
          term += gap;
          let kind: number = term === exactId ? KIND.exact : marks[term]!;
          if (byText && kind < KIND.prefix && termOf[term]!.startsWith(plan.word)) kind = KIND.prefix;
          const sc = kind === 0 ? 0 : SCORE_OF[kind]![fwdFlags[i]!]!;
          if (sc > score) score = sc;
        }
        if (pn !== null) score = Math.max(score, hasBit(pnExact, d) ? PN_EXACT_SCORE : hasBit(pnPrefix, d) ? PN_PREFIX_SCORE : 0);
        if (score === 0) keep &= ~low;
        else if (scores !== null) scores[d] = score;
      }
      text[w] = keep;
      left += popcount(keep);
    }
    for (const id of marked) marks[id] = 0;
    if (pn !== null) for (let i = pn.from; i < pn.to; i++) { clearBit(pnExact, pn.ords[i]!); clearBit(pnPrefix, pn.ords[i]!); }
    return left;
  }

  /** Whether a live document holds the word (a retired ordinal's postings stay until compaction). */
  private isLiveWord(word: string): boolean {
    const p = this.words.terms.get(word);
    if (p === undefined) return false;
    const alive = this.store.alive;
    for (let j = p.base; j < p.base + p.length; j++) {
      const o = p.ords[j]!;
      if ((alive[o >>> 5]! & (1 << (o & 31))) !== 0) return true;
    }
    return false;
  }


}

/** A query word as the text match plans it, with what it was found as. */
interface WordPlan {
  word: string;
  /** Position in the query (its score array). */
  i: number;
  /** The word's own postings. */
  exact: Postings | null;
  /** The last word: the range of the terms it starts (Lexicon.prefixRange). */
  prefix: [number, number] | null;
  /** Long enough to match part numbers by prefix: the part numbers it starts. */
  pn: { ords: Uint32Array; from: number; exactEnd: number; to: number } | null;
  /** Its other forms, synonyms, joined neighbours and typos (alternativesOf). */
  alts: WordAlternative[];
  /** Postings it would expand to. */
  cost: number;
}

/** A word a query word also matches, with the kind of match (KIND). */
interface WordAlternative {
  p: Postings;
  id: number;
  kind: number;
}

/**
 * Marks postings in a bitset and, when ranking, raises each document's score of the word to
 * the posting's (`table` by its FIELD flags): the one loop every posting of a query goes
 * through, kept free of closures.
 */
function markPostings(bits: Uint32Array, scores: Uint8Array | null, ords: Uint32Array, flags: Uint8Array, from: number, to: number, table: Uint8Array): void {
  if (scores === null) {
    for (let j = from; j < to; j++) {
      // a posting its kind scores nothing on (a typo in the description only) is no match
      if (table[flags[j]!] === 0) continue;
      const o = ords[j]!;
      bits[o >>> 5] = bits[o >>> 5]! | (1 << (o & 31));
    }
    return;
  }
  for (let j = from; j < to; j++) {
    const sc = table[flags[j]!]!;
    if (sc === 0) continue;
    const o = ords[j]!;
    bits[o >>> 5] = bits[o >>> 5]! | (1 << (o & 31));
    if (sc > scores[o]!) scores[o] = sc;
  }
}

/** As markPostings, but each posting's score sets the document in that score's level bitset (not in a text bitset). */
function markPostingsLevels(s: Scratch, ords: Uint32Array, flags: Uint8Array, from: number, to: number, table: Uint8Array): void {
  const levelBits = s.levelBits;
  let used = 0;
  for (let j = from; j < to; j++) {
    const o = ords[j]!;
    const w = o >>> 5;
    const bit = 1 << (o & 31);
    const level = table[flags[j]!]!;
    if (level === 0) continue;
    used |= 1 << level;
    const into = levelBits[level] ?? s.levelAt(level);
    into[w] = into[w]! | bit;
  }
  s.levelsUsed |= used;
}
