/**
 * The fast index's warm-up at build: the first 100 distinct queries after start answer in at
 * most 50 ms at p99. A store's first shoppers used to pay for what the index builds on first
 * use and for the start's leftovers: every presorted order (a sort of every ordinal with a comparator,
 * a quarter of a second for the titles at 100k), the first runs of each search path (the JIT
 * compiling them) and the first full collection of the start-up garbage (about 300 MB at 100k,
 * 0.5 s of marking). A large index therefore, once built, builds every presorted order with its
 * ranks, runs a fixed set of queries made from a few of its own documents through each path
 * (one word, several words, a typo, a prefix, a part number, nothing matching, every sort,
 * every filter, a deeper page), then collects the garbage once, all before the store answers.
 * The queries only fill memos that any query fills (typos, facets): answers never change
 * (the oracle tests run an index warmed at every size).
 * @module
 */
import { PRESORTED_SORTS } from '../sorting.ts';
import type { IndexQuery, SearchDocument } from '../types.ts';

/**
 * Indexes with at least this many products warm up at build (smaller ones build their orders
 * in a few milliseconds on first use and are mostly the tests').
 * @default 5000
 */
export const WARM_FROM = 5000;

/** The documents a warm-up takes its queries from: a few met during the build. */
export class WarmSamples {
  readonly docs: SearchDocument[] = [];
  private seen = 0;

  /** Keeps the first document and one every 4,096 after it, up to 8. */
  offer(doc: SearchDocument): void {
    if ((this.seen++ & 4095) === 0 && this.docs.length < 8) this.docs.push(doc);
  }
}

/** Letters-only words of a text, lowercased, of 3+ letters. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 3);
}

/** The warm-up's queries, made from the sample documents. */
export function warmQueries(samples: readonly SearchDocument[]): IndexQuery[] {
  const out: IndexQuery[] = [];
  const page = { limit: 24, page: 0 } as const;
  for (const sort of ['', ...PRESORTED_SORTS] as const) out.push({ ...page, sortBy: sort });
  out.push({ ...page, isFeatured: true }, { ...page, minPriceCents: 1000, maxPriceCents: 50_000 });
  for (const d of samples) {
    const words = wordsOf(d.title);
    const first = words[0];
    if (first === undefined) continue;
    const long = words.find((w) => w.length >= 6) ?? first;
    const tag = d.tags[0];
    const phrases = [
      first,
      words.slice(0, 2).join(' '),
      words.slice(0, 3).join(' '),
      // a typo (a letter dropped), a prefix as typed, a word no product holds beside a real one
      long.slice(0, 2) + long.slice(3),
      long.slice(0, 4),
      `${first} qzxvy`,
      words.join(' '),
    ];
    for (const q of phrases) out.push({ ...page, q });
    const pn = d.partNumbers[0];
    if (pn !== undefined) out.push({ ...page, q: pn }, { ...page, q: pn.slice(0, Math.max(3, pn.length - 2)) });
    for (const sortBy of PRESORTED_SORTS) out.push({ ...page, q: first, sortBy });
    out.push(
      { ...page, q: first, page: 3 },
      { limit: 96, page: 0, q: words.slice(0, 2).join(' ') },
      { ...page, q: first, minPriceCents: 500, maxPriceCents: Math.max(1000, d.priceCents * 2), sortBy: 'price_asc' },
      { ...page, q: first, isFeatured: true },
    );
    if (d.vendor !== null) out.push({ ...page, q: first, v: d.vendor }, { ...page, v: d.vendor, sortBy: 'title_asc' });
    if (tag !== undefined) out.push({ ...page, q: first, t: [tag] }, { ...page, t: [tag] });
    const c = d.collectionIds[0];
    if (c !== undefined) out.push({ ...page, q: first, c }, { ...page, c });
  }
  return out;
}

