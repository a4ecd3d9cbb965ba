/**
 * `npm run bench:search-quality`: relevance of our search against Orama 3 on the judged
 * query set (issue 19). Seeds the default store (3000 products, seed 1), builds our index
 * (with the synonyms the migration seeds) and Orama 3 (English stemming, typo tolerance 1,
 * title boosted) over the same documents, asks both every query of bench/search-judged.json
 * (generated from product titles: plural, typo, reordered, joined; see search-judged.ts)
 * and bench/search-natural.json (written by hand), the first 48 answers, and prints per kind:
 * - recall@48: the share of a query's relevant products among its first 48 answers (out of
 *   at most 48), averaged;
 * - MRR: the mean of 1 / the rank of the first relevant answer (0 when none in the first 48);
 * - empty: the share of queries answering nothing (ours also: relaxed, answered in part);
 * beside the goals: recall@48 >= 95% for every generated kind, no natural query empty, MRR
 * at least Orama's. Figures, never assertions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create, insertMultiple, search, type AnyOrama } from '@orama/orama';
import { createSearchIndex } from '../src/server/search/index.ts';
import { foldText } from '../src/server/search/text.ts';
import type { SearchDocument } from '../src/server/search/types.ts';
import { oramaTextFields } from './search-orama.ts';
import { loadJudgedStore } from './search-catalogue.ts';
import type { GeneratedQuery } from './search-judged.ts';

/** Answers looked at per query. */
const TOP = 48;

interface Judged {
  kind: string;
  q: string;
  relevant: Set<number>;
}

interface NaturalQuery {
  q: string;
  type?: string[];
  title?: string[];
}

const here = import.meta.dirname;

function judgedQueries(docs: readonly SearchDocument[]): Judged[] {
  const generated = JSON.parse(readFileSync(join(here, 'search-judged.json'), 'utf8')) as { queries: GeneratedQuery[] };
  const byId = new Map(docs.map((d) => [d.id, d]));
  const stale = generated.queries.filter((g) => g.relevant.some((id) => byId.get(id)?.title !== g.from));
  if (stale.length > 0) console.log(`warning: ${stale.length} generated queries do not match the seeded store (rerun bench/search-judged.ts)`);
  const natural = JSON.parse(readFileSync(join(here, 'search-natural.json'), 'utf8')) as { queries: NaturalQuery[] };
  const typeOf = (d: SearchDocument): string => d.tags.find(([p]) => p === 'Part Type')?.[1] ?? '';
  return [
    ...generated.queries.map((g) => ({ kind: g.kind, q: g.q, relevant: new Set(g.relevant) })),
    ...natural.queries.map((n) => ({
      kind: 'natural',
      q: n.q,
      relevant: new Set(docs.filter((d) => (n.type === undefined || n.type.includes(typeOf(d)))
        && (n.title === undefined || n.title.some((t) => foldText(d.title).includes(t)))).map((d) => d.id)),
    })),
  ];
}

async function buildOrama(docs: readonly SearchDocument[]): Promise<AnyOrama> {
  const db = create({
    schema: { sid: 'number', title: 'string', description: 'string', vendorText: 'string', tagText: 'string', partNumbers: 'string' } as const,
    components: { tokenizer: { language: 'english', stemming: true } },
  });
  await insertMultiple(db, docs.map(oramaTextFields), 1000);
  return db;
}

interface Figures { recall: number; mrr: number; empty: number; relaxed: number; n: number }

function score(answers: readonly number[][], queries: readonly Judged[], relaxed: readonly boolean[]): Map<string, Figures> {
  const out = new Map<string, Figures>();
  queries.forEach((query, i) => {
    const ids = answers[i]!.slice(0, TOP);
    const f = out.get(query.kind) ?? { recall: 0, mrr: 0, empty: 0, relaxed: 0, n: 0 };
    const hits = ids.filter((id) => query.relevant.has(id)).length;
    f.recall += query.relevant.size === 0 ? 1 : hits / Math.min(query.relevant.size, TOP);
    const first = ids.findIndex((id) => query.relevant.has(id));
    f.mrr += first < 0 ? 0 : 1 / (first + 1);
    if (ids.length === 0) f.empty++;
    if (relaxed[i]) f.relaxed++;
    f.n++;
    out.set(query.kind, f);
  });
  return out;
}

async function main(): Promise<void> {
  const started = performance.now();
  const { docs, synonyms } = await loadJudgedStore();
  const queries = judgedQueries(docs);
  const noJudgement = queries.filter((q) => q.relevant.size === 0);
  if (noJudgement.length > 0) console.log(`warning: no relevant product in the store for ${noJudgement.map((q) => `'${q.q}'`).join(', ')}`);
  const index = createSearchIndex(docs, { synonyms });
  const orama = await buildOrama(docs);
  const ours = queries.map((q) => index.search({ q: q.q, limit: TOP, page: 0 }));
  const theirs = await Promise.all(queries.map(async (q) => {
    const r = await search(orama, {
      term: q.q, properties: ['title', 'description', 'vendorText', 'tagText', 'partNumbers'], tolerance: 1, boost: { title: 2 }, limit: TOP,
    } as never);
    return (r.hits as unknown as { document: { sid: number } }[]).map((h) => h.document.sid);
  }));
  const a = score(ours.map((r) => r.ids), queries, ours.map((r) => r.relaxed));
  const b = score(theirs, queries, theirs.map(() => false));
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`.padStart(7);
  console.log(`Search quality: ${queries.length} judged queries over ${docs.length} products (seed 1), first ${TOP} answers; ours beside Orama 3 (stemming, tolerance 1)`);
  console.log(`${'kind'.padEnd(10)} ${'n'.padStart(4)}   ${'recall@48'.padStart(17)}   ${'MRR'.padStart(15)}   ${'empty'.padStart(17)}   relaxed (ours)   goal`);
  const goals: string[] = [];
  for (const kind of ['plural', 'typo', 'reordered', 'joined', 'natural']) {
    const x = a.get(kind);
    const y = b.get(kind);
    if (x === undefined || y === undefined) continue;
    const n = x.n;
    const goal = kind === 'natural' ? `no empty answer (${x.empty === 0 ? 'met' : 'NOT met'}); MRR >= Orama's (${x.mrr >= y.mrr ? 'met' : 'NOT met'})`
      : `recall@48 >= 95% (${x.recall / n >= 0.95 ? 'met' : 'NOT met'}); MRR >= Orama's (${x.mrr >= y.mrr ? 'met' : 'NOT met'})`;
    goals.push(goal);
    console.log(`${kind.padEnd(10)} ${String(n).padStart(4)}   ${pct(x.recall / n)} / ${pct(y.recall / n)}   ${(x.mrr / n).toFixed(3).padStart(6)} / ${(y.mrr / n).toFixed(3).padStart(6)}   ${pct(x.empty / n)} / ${pct(y.empty / n)}   ${pct(x.relaxed / n).padStart(14)}   ${goal}`);
  }
  const all = (m: Map<string, Figures>, key: keyof Figures): number => [...m.values()].reduce((s, f) => s + f[key], 0);
  const n = queries.length;
  console.log(`${'all'.padEnd(10)} ${String(n).padStart(4)}   ${pct(all(a, 'recall') / n)} / ${pct(all(b, 'recall') / n)}   ${(all(a, 'mrr') / n).toFixed(3).padStart(6)} / ${(all(b, 'mrr') / n).toFixed(3).padStart(6)}   ${pct(all(a, 'empty') / n)} / ${pct(all(b, 'empty') / n)}   ${pct(all(a, 'relaxed') / n).padStart(14)}`);
  console.log('(each cell: ours / Orama)');
  if (process.argv.includes('--misses')) {
    queries.forEach((q, i) => {
      const ids = ours[i]!.ids;
      const first = ids.findIndex((id) => q.relevant.has(id));
      if (first !== 0) console.log(`  ${q.kind.padEnd(9)} '${q.q}': first relevant at ${first < 0 ? 'none' : first + 1} of ${ours[i]!.totalObjects}${ours[i]!.relaxed ? ' (relaxed)' : ''}; relevant ${q.relevant.size}`);
    });
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

await main();
