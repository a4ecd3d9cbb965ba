/**
 * The words a query word reaches besides itself, over the words the fast index has seen:
 * words sharing its stem key (other forms) and words within its typo budget. Filled as the
 * lexicon meets new words (add); a word's typo matches are memoised until a new plain word comes.
 * @module
 */
import { isPlainWord, isTypoOf, stemKey } from '../words.ts';
import { popcount } from './bits.ts';

/** Every word indexed, by stem key, and the plain ones by length for typo lookups. */
export class WordForms {
  /**
   * Every word ever indexed, by stemKey: the words a query word's VARIANT keys reach. A key of
   * one word holds the word itself (most do: an array each cost 30 MB at a million products).
   */
  private readonly stemTerms = new Map<string, string | string[]>();
  /** Plain words (letters only) of 3+ letters by length, with their letter sets: where typos are looked for. */
  private readonly typoTerms = new Map<number, TypoBand>();
  /** The same for the stem keys of plain words: 'heatr' is one edit from 'heater', the key of 'heaters'. */
  private readonly typoKeys = new Map<number, TypoBand>();
  /** Typo matches by query word (and budget), until a new plain word is indexed. */
  private readonly typoMemo = new Map<string, string[]>();

  /** The indexed words whose stem key is `key`. */
  withStem(key: string): readonly string[] | undefined {
    const same = this.stemTerms.get(key);
    return typeof same === 'string' ? [same] : same;
  }

  /** Files a word new to the lexicon under its stem and, when plain, its length (typos), and a new stem key likewise. */
  add(term: string): void {
    const key = stemKey(term);
    const same = this.stemTerms.get(key);
    if (same === undefined) this.stemTerms.set(key, term);
    else if (typeof same === 'string') this.stemTerms.set(key, [same, term]);
    else same.push(term);
    if (term.length >= 3 && isPlainWord(term)) {
      addToBand(this.typoTerms, term);
      if (same === undefined) addToBand(this.typoKeys, key);
      if (this.typoMemo.size > 0) this.typoMemo.clear();
    }
  }

  /**
   * The indexed plain words within a word's typo budget, or whose stem key is (isTypoOf, as matchKind),
   * memoised per word until a new word is indexed: the words and keys of its length band
   * whose letter sets differ from the word's by at most 2 letters per edit (one edit adds or
   * removes at most one letter and may swap one for another: a popcount of an XOR rules out
   * nearly all of them), then a bounded edit distance.
   */
  typosOf(word: string, budget: number): string[] {
    let found = this.typoMemo.get(word);
    if (found !== undefined) return found;
    const out: string[] = [];
    const most = 2 * budget;
    const scan = (bands: Map<number, TypoBand>, probe: string, take: (hit: string) => void): void => {
      const mine = letterSet(probe);
      for (let len = probe.length - budget; len <= probe.length + budget; len++) {
        const band = bands.get(len);
        if (band === undefined) continue;
        const { terms, letters } = band;
        for (let i = 0; i < terms.length; i++) {
          if (popcount(letters[i]! ^ mine) > most) continue;
          const t = terms[i]!;
          if (isTypoOf(probe, t, budget)) take(t);
        }
      }
    };
    scan(this.typoTerms, word, (t) => out.push(t));
    // the whole query word against the words' stem keys (never the query's own stem)
    scan(this.typoKeys, word, (key) => { for (const t of this.withStem(key) ?? []) out.push(t); });
    found = out.filter((t) => t !== word);
    if (this.typoMemo.size >= 4096) this.typoMemo.delete(this.typoMemo.keys().next().value!);
    this.typoMemo.set(word, found);
    return found;
  }
}

/** Plain words of one length and the set of letters of each (letterSet), aligned. */
interface TypoBand {
  terms: string[];
  letters: Uint32Array;
}

/** Adds a plain word to its length band. */
function addToBand(bands: Map<number, TypoBand>, word: string): void {
  let band = bands.get(word.length);
  if (band === undefined) bands.set(word.length, (band = { terms: [], letters: new Uint32Array(64) }));
  if (band.terms.length === band.letters.length) {
    const grown = new Uint32Array(band.letters.length * 2);
    grown.set(band.letters);
    band.letters = grown;
  }
  band.letters[band.terms.length] = letterSet(word);
  band.terms.push(word);
}

/** The letters a word holds as bits ('a' bit 0 .. 'z' bit 25; any other letter bit 26). */
function letterSet(word: string): number {
  let set = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 97;
    set |= 1 << (c >= 0 && c < 26 ? c : 26);
  }
  return set;
}
