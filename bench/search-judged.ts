/**
 * `npx tsx bench/search-judged.ts`: writes the generated half of the judged query set,
 * bench/search-judged.json, from the default seeded store (search-catalogue.ts). Each query
 * comes from one product's title (its words without model numbers), changed as shoppers
 * change it, and is judged by that product (and any product with the very same title words):
 * - plural: one word's number swapped ('basket' / 'baskets', 'battery' / 'batteries');
 * - typo: one word of 5+ letters with one edit (a letter dropped, doubled, replaced, or two
 *   neighbours swapped);
 * - reordered: the same words in another order;
 * - joined: a hyphenated pair written as one word ('Heavy-Duty' as 'heavyduty').
 * The hand-written natural queries are in bench/search-natural.json. Seeded PRNG: the same
 * store gives the same file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenize } from '../src/server/modules/search/text.ts';
import { mulberry32, type Rng } from '../src/server/platform/random/prng.ts';
import { JUDGED_STORE, loadJudgedStore } from './search-catalogue.ts';

/** One generated query and the product ids that should answer it. */
export interface GeneratedQuery {
  kind: 'plural' | 'typo' | 'reordered' | 'joined';
  q: string;
  /** The title it came from. */
  from: string;
  relevant: number[];
}

/** Queries per kind. */
const PER_KIND = 80;

const PLAIN = /^[a-z]+$/;

/**
 * The title's words as a shopper would type them: hyphenated pairs kept, sizes ('1"', '6-Way')
 * dropped, and the trailing model number cut off with its letters ('AWW 1234 B').
 */
function titleWords(title: string): string[] {
  const words = title.split(/\s+/).map((w) => w.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '')).filter((w) => w !== '');
  const k = words.findIndex((w, i) => i > 0 && /\d/.test(w));
  let kept = k < 0 ? words : words.slice(0, k);
  if (k > 0 && /^[A-Z]{2,4}$/.test(words[k - 1]!) && /^[A-Z]{1,2}$/.test(words[k + 1] ?? '')) kept = kept.slice(0, -1);
  return kept.filter((w) => !/\d/.test(w));
}

function pluralSwap(word: string): string {
  const w = word.toLowerCase();
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  if (/(ch|sh|x|s)$/.test(w)) return `${w}es`;
  return `${w}s`;
}

function typo(word: string, rng: Rng): string {
  const w = word.toLowerCase();
  const at = rng.int(1, w.length - 2);
  switch (rng.int(0, 3)) {
    case 0: return w.slice(0, at) + w.slice(at + 1); // dropped
    case 1: return w.slice(0, at) + w[at] + w.slice(at); // doubled
    case 2: {
      const letters = 'abcdefghijklmnopqrstuvwxyz'.replace(w[at]!, '');
      return w.slice(0, at) + letters[rng.int(0, letters.length - 1)] + w.slice(at + 1); // replaced
    }
    default: return w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2); // swapped
  }
}

async function main(): Promise<void> {
  const { docs } = await loadJudgedStore();
  const rng = mulberry32(19);
  // products with the same title words are judged alike
  const key = (title: string): string => [...new Set(tokenize(title).filter((t) => !/\d/.test(t)))].sort().join(' ');
  const byKey = new Map<string, number[]>();
  for (const d of docs) byKey.set(key(d.title), [...(byKey.get(key(d.title)) ?? []), d.id]);
  const out: GeneratedQuery[] = [];
  const make = (kind: GeneratedQuery['kind'], change: (words: string[]) => string[] | null): void => {
    const seen = new Set<string>();
    for (let tries = 0, n = 0; n < PER_KIND && tries < 50_000; tries++) {
      const d = rng.pick(docs);
      const words = titleWords(d.title);
      if (words.length < 2) continue;
      const changed = change(words);
      if (changed === null) continue;
      const q = changed.join(' ');
      if (seen.has(q)) continue;
      seen.add(q);
      out.push({ kind, q, from: d.title, relevant: byKey.get(key(d.title)) ?? [d.id] });
      n++;
    }
  };
  make('plural', (words) => {
    const at = words.map((w, i) => [w, i] as const).filter(([w]) => PLAIN.test(w.toLowerCase()) && w.length >= 4);
    if (at.length === 0) return null;
    const [w, i] = rng.pick(at);
    return words.map((x, j) => (j === i ? pluralSwap(w) : x));
  });
  make('typo', (words) => {
    const at = words.map((w, i) => [w, i] as const).filter(([w]) => PLAIN.test(w.toLowerCase()) && w.length >= 5);
    if (at.length === 0) return null;
    const [w, i] = rng.pick(at);
    const t = typo(w, rng);
    return t === w.toLowerCase() ? null : words.map((x, j) => (j === i ? t : x));
  });
  make('reordered', (words) => {
    if (words.length < 3) return null;
    const shuffled = rng.sample(words, words.length);
    return shuffled.join(' ') === words.join(' ') ? null : shuffled;
  });
  make('joined', (words) => {
    const at = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]+[-/][A-Za-z]+$/.test(w));
    if (at.length === 0) return null;
    const [w, i] = rng.pick(at);
    return words.map((x, j) => (j === i ? w.replace(/[-/]/, '').toLowerCase() : x));
  });
  const file = join(import.meta.dirname, 'search-judged.json');
  writeFileSync(file, `${JSON.stringify({ store: JUDGED_STORE, queries: out }, null, 1)}\n`);
  console.log(`${out.length} generated queries written to ${file}`);
}

await main();
