/**
 * How a shopper's word finds a document's word beyond equality: word forms (stemming),
 * typos, joined and split words and the operator's synonyms. Every index and the test
 * oracle decide a match with `matchKind`, so the fast index's lookups (a stem table, a
 * typo scan of the term list) can be checked against a plain scan of every document word.
 *
 * The kinds, best first: EXACT (the same word), VARIANT (same stem, or the query's adjacent
 * words joined), SYNONYM (the operator's synonyms of those), PREFIX (the last query word
 * starts it, as-you-type), TYPO (the document word within the whole word's edit budget:
 * 'heatrs' finds 'heaters'; see isTypoOf). Words holding a digit (part and model
 * numbers) only ever match exactly or as a prefix: no stem, no typo.
 * @module
 */
import { stemmer } from 'stemmer';
import { FIELD, GENERIC_WORDS, TYPE_TAG_PREFIXES, UNIT_WORDS, facetKey, foldText, parseQueryText, tokenize } from './text.ts';
import { TRADE_SYNONYMS } from './trade.ts';
import type { SearchDocument } from './types.ts';

/** Match kinds of a document word for a query word, higher is better; 0 no match. */
export const KIND = { none: 0, typo: 1, prefix: 2, synonym: 3, variant: 4, exact: 5 } as const;

/** A match kind (see KIND). */
export type MatchKind = (typeof KIND)[keyof typeof KIND];

const LETTERS_ONLY = /^\p{L}+$/u;
const HAS_LETTER = /\p{L}/u;

/** True for a word of letters only (no digit): only such words are stemmed or typo-matched. */
export function isPlainWord(word: string): boolean {
  return LETTERS_ONLY.test(word);
}

/** An agent noun's ending, plural or not ('stabilizer', 'chlorinators'). */
const AGENT_NOUN = /(?:er|or)s?$/;
/** A stem still ending as an agent noun ('heater' stays 'heater'). */
const AGENT_KEY = /(?:er|or)$/;

/** Stems shorter than this are not trusted (Porter turns 'oring' into 'or', 'gas' into 'ga'). */
const MIN_STEM = 3;

const stemMemo = new Map<string, string>();

/**
 * The key two words share when they are forms of one word: the Porter stem of a plain
 * word of 3+ letters ('pumps' and 'pump' give 'pump', 'batteries' 'batteri'); a stem
 * shorter than 3 letters falls back to the word without a plural 's' ('orings' gives
 * 'oring'); a word with a digit is its own key.
 * @example stemKey('brushes') // 'brush'
 */
export function stemKey(word: string): string {
  let key = stemMemo.get(word);
  if (key !== undefined) return key;
  if (word.length < MIN_STEM || !isPlainWord(word)) key = word;
  else {
    key = stemmer(word);
    if (key.length < MIN_STEM) key = word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
    // an agent noun (the thing that does it) is another product than what it does or is done
    // to: Porter gives 'stabilizer' and 'stabilized' one stem ('stabil'), 'chlorinator' and
    // 'chlorine' one ('chlorin'); the agent keeps its ending in the key ('stabiler')
    else if (AGENT_NOUN.test(word) && !AGENT_KEY.test(key)) key += 'er';
  }
  // the memo only grows with the vocabulary (document and query words), bounded for safety
  if (stemMemo.size > 200_000) stemMemo.clear();
  stemMemo.set(word, key);
  return key;
}

/**
 * Edits a query word may be away from a document word, measured on the whole word: none up
 * to 3 letters, 1 from 4 to 8 ('wier' finds 'weir'), 2 from 9; none for a word with a digit.
 */
export function typoBudget(word: string): number {
  if (word.length <= 3 || !isPlainWord(word)) return 0;
  return word.length <= 8 ? 1 : 2;
}

/**
 * Whether a document word is a typo of a query word: within the query word's budget of it,
 * whole word to whole word (never stem to stem: 'bearing' is no typo of 'years' though
 * 'bear' is one edit from 'year'). A 4-letter word must keep its first letter, as few
 * shoppers miss the first letter of a short word ('wier' finds 'weir', 'pump' no 'dump').
 */
export function isTypoOf(word: string, term: string, budget: number): boolean {
  if (budget === 0) return false;
  if (word.length === 4 && word.charCodeAt(0) !== term.charCodeAt(0)) return false;
  // a short word with a letter added is mostly another word ('slide', 'side'; 'plump',
  // 'pump'; 'steal', 'seal'): a word of 4 letters is reached from a longer one only by
  // dropping a letter typed twice ('reeel' finds 'reel')
  if (term.length === 4 && word.length > 4) return word.length === 5 && isDoubledKey(word, term);
  return withinEdits(word, term, budget) && !isAgentOf(word, term) && !isAgentOf(term, word);
}

/**
 * Whether `agent` is the agent noun of `other` ('stabilizer' of 'stabilized', 'heater' of
 * 'heated'): one edit apart, yet other products (see stemKey), so neither is a typo of the other.
 */
function isAgentOf(agent: string, other: string): boolean {
  return AGENT_NOUN.test(agent) && isPlainWord(other) && stemKey(agent) === `${stemKey(other)}er`;
}

/** Whether `term` is `word` with one of its letters typed twice in a row taken out ('reeel', 'reel'). */
function isDoubledKey(word: string, term: string): boolean {
  for (let i = 1; i < word.length; i++) {
    if (word.charCodeAt(i) === word.charCodeAt(i - 1) && word.slice(0, i) + word.slice(i + 1) === term) return true;
  }
  return false;
}

/** Rows of withinEdits, reused (words are short; grown when one is not). */
let rowA = new Int32Array(32);
let rowB = new Int32Array(32);
let rowC = new Int32Array(32);

/**
 * Whether `a` and `b` are within `k` edits (insert, delete, substitute, or swap two
 * neighbouring letters: the optimal string alignment distance), stopping as soon as every
 * path exceeds k.
 * @example withinEdits('heatr', 'heater', 1) // true
 */
export function withinEdits(a: string, b: string, k: number): boolean {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > k) return false;
  if (k === 0) return a === b;
  if (lb + 1 > rowA.length) {
    rowA = new Int32Array(lb + 1);
    rowB = new Int32Array(lb + 1);
    rowC = new Int32Array(lb + 1);
  }
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > k) return false;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb]! <= k;
}

/**
 * The operator's synonyms: groups of words or phrases that mean the same to a shopper
 * ('tabs', 'tablets'; 'chlorinator', 'salt system'). Each entry is keyed by its words joined
 * and stemmed (stemKey), so 'tab' and 'tabs' find the same group and 'o-ring', 'o ring' and
 * 'oring' are one entry. A phrase of several words matches a document where those words
 * stand next to each other (the index adds the joined phrase as a word of that document).
 */
export class Synonyms {
  private readonly byKey = new Map<string, Set<string>>();
  /** Each entry's words joined, unstemmed ('chlorinator'), with its key: what a typo is measured against. */
  private readonly entries = new Map<string, string>();
  /** near()'s answers by word. */
  private readonly nearMemo = new Map<string, string[]>();
  /** Multi-word phrases joined ('saltsystem'), plus their plural: the pairs a document indexes joined. */
  readonly phrases = new Set<string>();

  /** @param groups each group's words or phrases, as the operator wrote them */
  constructor(groups: readonly (readonly string[])[] = []) {
    for (const group of groups) {
      const keys: string[] = [];
      for (const entry of group) {
        const tokens = tokenize(entry);
        if (tokens.length === 0) continue;
        const joined = tokens.join('');
        keys.push(stemKey(joined));
        this.entries.set(joined, stemKey(joined));
        if (tokens.length > 1) {
          this.phrases.add(joined);
          this.phrases.add(joined + 's');
        }
      }
      for (const key of keys) {
        let set = this.byKey.get(key);
        if (set === undefined) this.byKey.set(key, (set = new Set()));
        for (const other of keys) if (other !== key) set.add(other);
      }
    }
  }

  /** The keys of the entries sharing a group with `key` (a stemKey). */
  of(key: string): ReadonlySet<string> | undefined {
    return this.byKey.get(key);
  }

  /**
   * The keys of the entries a word (no entry itself) is a typo of, measured on the whole
   * word against the entry's whole word ('vaccum' reaches 'vacuum'; 'clorinator' reaches
   * 'chlorinator', never by its stem). A scan of the entries (hundreds).
   */
  near(word: string, budget: number): readonly string[] {
    if (budget === 0 || this.byKey.has(stemKey(word))) return [];
    let out = this.nearMemo.get(word);
    if (out !== undefined) return out;
    out = [];
    for (const [entry, key] of this.entries) if (isPlainWord(entry) && isTypoOf(word, entry, budget)) out.push(key);
    // the entries never change: a word's answer holds for the index's life (bounded for safety)
    if (this.nearMemo.size >= 4096) this.nearMemo.clear();
    this.nearMemo.set(word, out);
    return out;
  }

  /** The trade's own synonyms and joined words (TRADE_SYNONYMS) with the operator's groups. */
  static withTrade(groups: readonly (readonly string[])[] = []): Synonyms {
    return new Synonyms([...TRADE_SYNONYMS, ...groups]);
  }

  /** No synonyms at all. */
  static readonly none = new Synonyms();
}

/**
 * The words of a document field as indexed: its words (tokenize), plus each hyphenated or
 * slashed compound of 2 or 3 plain words joined ('O-Ring' also gives 'oring', 'Heavy-Duty'
 * 'heavyduty'), plus each pair of neighbouring words joined when the pair is a synonym
 * phrase ('Salt System' gives 'saltsystem' when the operator lists 'salt system').
 */
export function documentWords(text: string, synonyms: Synonyms = Synonyms.none): string[] {
  const tokens = tokenize(text);
  if (tokens.length < 2) return tokens;
  const out = tokens.slice();
  if (/[-/]/.test(text)) {
    for (const chunk of foldText(text).split(/\s+/)) {
      if (!/[-/]/.test(chunk)) continue;
      const parts = tokenize(chunk);
      if (parts.length >= 2 && parts.length <= 3 && parts.every(isPlainWord)) out.push(parts.join(''));
    }
  }
  if (synonyms.phrases.size > 0) {
    for (let i = 0; i + 1 < tokens.length; i++) {
      const joined = tokens[i]! + tokens[i + 1]!;
      if (synonyms.phrases.has(joined)) out.push(joined);
      // phrases of three words too ('non chlorine shock')
      if (i + 2 < tokens.length && synonyms.phrases.has(joined + tokens[i + 2]!)) out.push(joined + tokens[i + 2]!);
    }
  }
  return out;
}

/** What one query word accepts besides itself, computed once per query. */
export interface WordRule {
  word: string;
  /** Keys (stemKey) whose document words match as VARIANT: its own stem, its pairs with its neighbours joined. */
  keys: ReadonlySet<string>;
  /** Keys whose document words match as SYNONYM: the operator's synonyms of `keys`. */
  synonymKeys: ReadonlySet<string>;
  /**
   * Keys whose document words match as TYPO: the synonym entries the word is a typo of, and
   * their synonyms ('vaccum': 'vacuum' and 'cleaner'), ranked as the typo they come through.
   */
  typoKeys: ReadonlySet<string>;
  /** Edit budget (typoBudget). */
  typos: number;
  /** The last word: document words it starts match as PREFIX. */
  prefix: boolean;
}

/**
 * The rule of each query word. Besides its own stem and synonyms, a word accepts its pair
 * with each neighbour joined ('o ring' accepts 'oring', so 'O-Ring' and 'ORing' answer),
 * and that pair's synonyms. A word the catalogue holds as typed (`known`: a word of a live
 * document) is no typo: it is spelt as meant, so it never reaches another word by an edit
 * ('basket' is no 'gasket', even where no basket fits the model asked for).
 * @param known whether a live document holds the word (omitted: typos for every word)
 * @example wordRules(['o', 'ring'], Synonyms.none)[0].keys // Set { 'o', 'oring' }
 */
export function wordRules(words: readonly string[], synonyms: Synonyms, known?: (word: string) => boolean): WordRule[] {
  const keys = words.map((word) => new Set<string>([stemKey(word)]));
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = stemKey(words[i]! + words[i + 1]!);
    keys[i]!.add(joined);
    keys[i + 1]!.add(joined);
  }
  return words.map((word, i) => {
    const synonymKeys = new Set<string>();
    for (const key of keys[i]!) for (const s of synonyms.of(key) ?? []) if (!keys[i]!.has(s)) synonymKeys.add(s);
    // a word that is no synonym entry may be one mistyped: the synonyms of the entries it is a
    // typo of (the entry itself is found as a typo of the word, by its own spelling)
    const typoKeys = new Set<string>();
    const typos = known !== undefined && typoBudget(word) > 0 && known(word) ? 0 : typoBudget(word);
    for (const near of synonyms.near(word, typos)) {
      for (const s of synonyms.of(near) ?? []) if (s !== near && !keys[i]!.has(s) && !synonymKeys.has(s)) typoKeys.add(s);
    }
    return { word, keys: keys[i]!, synonymKeys, typoKeys, typos, prefix: i === words.length - 1 };
  });
}

/**
 * How a document word matches a query word's rule: the best kind that applies (KIND).
 * @example matchKind(wordRules(['pumps'], Synonyms.none)[0], 'pump') // KIND.variant
 */
export function matchKind(rule: WordRule, term: string): MatchKind {
  if (term === rule.word) return KIND.exact;
  const key = stemKey(term);
  if (rule.keys.has(key)) return KIND.variant;
  if (rule.synonymKeys.has(key)) return KIND.synonym;
  if (rule.prefix && term.startsWith(rule.word)) return KIND.prefix;
  if (rule.typoKeys.has(key)) return KIND.typo;
  // the whole query word against the document word or its stem key ('heatr': 'heaters' by
  // its key 'heater'), never the query's own stem ('bearing' as 'bear' would find 'years')
  if (rule.typos > 0 && isPlainWord(term) && (isTypoOf(rule.word, term, rule.typos) || isTypoOf(rule.word, key, rule.typos))) return KIND.typo;
  return KIND.none;
}

/**
 * A document's indexed words by field (FIELD flag, words from documentWords): title, vendor,
 * description, attributes and collection titles (as tags), and each tag value, its head word (the last) as the type field when its prefix
 * names the product's type ('Part Type: Heater Part' is a part, not a heater).
 * The vendor's name written in the title ('Deepwell Pumps EcoStar Drive Track') counts as the
 * vendor, not as title words, so 'pumps' ranks pumps above that vendor's other products.
 */
export function documentFields(doc: SearchDocument, synonyms: Synonyms): [number, string[]][] {
  const vendorWords = documentWords(doc.vendor ?? '', synonyms);
  const out: [number, string[]][] = [
    [FIELD.title, withoutVendor(documentWords(doc.title, synonyms), tokenize(doc.vendor ?? ''))],
    [FIELD.vendor, vendorWords],
    [FIELD.description, documentWords(doc.description, synonyms)],
  ];
  // attributes and collection titles rank as tag values: a product's facts, not its name
  for (const text of doc.attributes ?? []) out.push([FIELD.tag, documentWords(text, synonyms)]);
  for (const text of doc.collections ?? []) out.push([FIELD.tag, documentWords(text, synonyms)]);
  for (const [p, v] of doc.tags) {
    const words = documentWords(v, synonyms);
    if (!TYPE_TAG_PREFIXES.has(facetKey(p))) {
      out.push([FIELD.tag, words]);
      continue;
    }
    // a type of one word names the type; a type of several is named by its words joined
    // ('heatpump', 'oring', also any joined word ending with its last): 'pumps' ranks the
    // pumps as pumps, a heat pump only by its tag's 'pump', as 'heater' of 'Heater Part'
    const tokens = tokenize(v);
    const head = tokens[tokens.length - 1] ?? '';
    if (tokens.length > 1 && !words.includes(tokens.join(''))) words.push(tokens.join(''));
    const isHead = (w: string): boolean => (tokens.length === 1 ? w === head : w.length > head.length && w.endsWith(head) && !tokens.includes(w));
    out.push([FIELD.type, words.filter(isHead)], [FIELD.tag, words.filter((w) => !isHead(w))]);
  }
  return out;
}

/** Title words without the first run of the vendor's words, when the title holds them in a row. */
function withoutVendor(titleWords: string[], vendorTokens: readonly string[]): string[] {
  const n = vendorTokens.length;
  if (n === 0) return titleWords;
  for (let at = 0; at + n <= titleWords.length; at++) {
    let same = true;
    for (let k = 0; k < n && same; k++) same = titleWords[at + k] === vendorTokens[k];
    if (same) return [...titleWords.slice(0, at), ...titleWords.slice(at + n)];
  }
  return titleWords;
}

/**
 * The rules of a suggestion search (the header's 'Categories'): the words of q as product
 * search reads them (stop words dropped), each matching a title word exactly, in another
 * form, within its typo budget, or as a prefix (every word is typed as-you-go there).
 * @example suggestionRules('robot clean').every((r) => documentWords('Robotic Cleaners').some((w) => matchKind(r, w) > 0)) // true
 */
export function suggestionRules(q: string, synonyms: Synonyms = Synonyms.none): WordRule[] {
  return wordRules(parseQueryText(q).words, synonyms).map((rule) => ({ ...rule, prefix: true }));
}

/**
 * The words a relaxed answer needs, as bitmasks over the query's words (bit i: word i), in
 * the order to try them: when no product matches every word, the commonest words are dropped
 * first (words matching nothing before all), so the rare word that names the product stays
 * ('igniter for pool heater' keeps 'igniter' and drops 'heater'); of two words as common,
 * the later is dropped. The product noun (`head`, ParsedQueryText), numbers and units are never
 * dropped: when one of them matches nothing, the store has no such product and there is no
 * relaxed answer ('umbrella for pool deck', '5 hp pump'). A set left with only generic
 * words (GENERIC_WORDS) or numbers ends the list: no answer rests on 'kit' alone.
 * @param counts how many candidates each word matches, by position
 * @example relaxedWords(['igniter', 'heater'], [10, 80], 0) // [0b01]
 */
export function relaxedWords(words: readonly string[], counts: readonly number[], head: number): number[] {
  const kept = (i: number): boolean => i === head || !isPlainWord(words[i]!) || UNIT_WORDS.has(words[i]!);
  for (let i = 0; i < words.length; i++) if (kept(i) && counts[i] === 0) return [];
  const order = words.map((_, i) => i).filter((i) => !kept(i)).sort((a, b) => {
    const za = counts[a] === 0 ? 1 : 0;
    const zb = counts[b] === 0 ? 1 : 0;
    return zb - za || counts[b]! - counts[a]! || b - a;
  });
  const out: number[] = [];
  let need = words.length >= 32 ? -1 : (1 << words.length) - 1;
  for (let k = 0; k < order.length && k + 1 < words.length; k++) {
    need &= ~(1 << order[k]!);
    let specific = false;
    // a number alone ('16', '32') names no product either
    for (let i = 0; i < words.length; i++) if ((need & (1 << i)) !== 0 && !GENERIC_WORDS.has(words[i]!) && HAS_LETTER.test(words[i]!)) specific = true;
    if (!specific) break;
    out.push(need);
  }
  return out;
}
