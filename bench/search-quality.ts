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
 * at least Orama's. Then the shopper families of bench/search-families.json (issue 30: typos,
 * filler words, trade synonyms, attributes and units, price phrases, joined words) and a
 * part-number family generated here (a product's number typed without its letter prefix),
 * and a model family generated from the equipment catalogue of the same store seeded with its
 * equipment ('impeller for HYD 3790V10': the products of that Part Type that fit the model;
 * 'parts for' a model: every product that fits it; a part type none of its parts has:
 * nothing), each query judged by a rule over the catalogue's fields, per family:
 * - P@10: relevant answers among the first ten, out of min(10, relevant products), averaged
 *   over the queries that have relevant products;
 * - miss: share of those queries with no relevant product in the first ten;
 * - zero: share of those queries answering nothing;
 * - none answered: share of the queries with nothing relevant that answer anything (a
 *   relaxed answer counts);
 * beside the goals P@10 >= 85%, miss <= 5%, zero <= 1%, none answered <= 20%. A price phrase
 * is read as the server reads it (search/price.ts) for our index; Orama gets q as typed.
 * Figures, never assertions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create, insertMultiple, search, type AnyOrama } from '@orama/orama';
import { createSearchIndex } from '../src/server/modules/search/index.ts';
import { readPricePhrases } from '../src/server/modules/search/price.ts';
import { foldText, normalizePartNumber, partNumberKeys } from '../src/server/modules/search/text.ts';
import type { SearchDocument } from '../src/server/modules/search/types.ts';
import { oramaTextFields } from './search-orama.ts';
import { loadEquippedStore, loadJudgedStore } from './search-catalogue.ts';
import { EquipmentCatalogue } from '../src/server/modules/equipment/catalogue.ts';
import { modelFitsOf } from '../src/server/modules/search/models.ts';
import type { EquipmentData } from '../src/server/modules/equipment/repository.ts';
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
  const equipped = await loadEquippedStore();
  const equippedIndex = createSearchIndex(equipped.docs, { synonyms: equipped.synonyms, modelFits: modelFitsOf(new EquipmentCatalogue(equipped.equipment)) });
  await families(docs, index, orama, { docs: equipped.docs, index: equippedIndex, orama: await buildOrama(equipped.docs), family: modelFamily(equipped.docs, equipped.equipment) });
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/** A query of a shopper family and the rule its relevant products follow. */
interface FamilyQuery {
  q: string;
  type?: string[];
  tag?: [string, string][];
  attr?: string[];
  collection?: string[];
  title?: string[];
  minPrice?: number;
  maxPrice?: number;
  none?: boolean;
  /** Only products that fit one of these product id lists (a model's fitment). */
  fits?: ReadonlySet<number>;
}

/** The products a family query's rule holds for (none: no product). */
function relevantBy(rule: FamilyQuery, docs: readonly SearchDocument[]): Set<number> {
  if (rule.none === true) return new Set();
  const holds = (d: SearchDocument): boolean => {
    const type = d.tags.find(([p]) => p === 'Part Type')?.[1] ?? '';
    if (rule.type !== undefined && !rule.type.includes(type)) return false;
    if (rule.tag !== undefined) {
      const prefixes = new Set(rule.tag.map(([p]) => p));
      for (const prefix of prefixes) {
        const values = rule.tag.filter(([p]) => p === prefix).map(([, v]) => v);
        if (!d.tags.some(([p, v]) => p === prefix && values.includes(v))) return false;
      }
    }
    if (rule.attr !== undefined && !(d.attributes ?? []).some((a) => rule.attr!.includes(a))) return false;
    if (rule.collection !== undefined && !(d.collections ?? []).some((c) => rule.collection!.includes(c))) return false;
    if (rule.title !== undefined && !rule.title.some((t) => foldText(d.title).includes(t))) return false;
    if (rule.minPrice !== undefined && d.priceCents < rule.minPrice * 100) return false;
    if (rule.maxPrice !== undefined && d.priceCents > rule.maxPrice * 100) return false;
    if (rule.fits !== undefined && !rule.fits.has(d.id)) return false;
    return true;
  };
  return new Set(docs.filter(holds).map((d) => d.id));
}

/**
 * The part-number family: 40 products whose number starts with a letters-only prefix
 * ('AQU 3915 H'), asked by the rest typed as a shopper copies it from a part ('3915H',
 * '3915-h', '3915 H'), each judged by the products holding a number with that rest; and
 * numbers no product holds.
 */
function partNumberFamily(docs: readonly SearchDocument[]): FamilyQuery[] & { relevant?: never } {
  const out: (FamilyQuery & { pn?: string })[] = [];
  for (const d of docs) {
    if (out.length >= 40) break;
    const raw = d.partNumbers.find((p) => /^[A-Z]{2,4}[- ][0-9]{3,5}[- ][A-Z]{1,2}$/.test(p));
    if (raw === undefined || d.id % 7 !== 0) continue;
    const [, digits, letters] = /^[A-Z]+[- ]([0-9]+)[- ]([A-Z]+)$/.exec(raw)!;
    const style = out.length % 3;
    const q = style === 0 ? `${digits}${letters}` : style === 1 ? `${digits}-${letters!.toLowerCase()}` : `${digits} ${letters}`;
    out.push({ q, pn: normalizePartNumber(q) });
  }
  out.push({ q: '99871QZ', none: true }, { q: '99123-ZZ', none: true });
  return out;
}

/**
 * The model family: a part of a model asked by its type and the model's number as shoppers
 * copy it from the equipment's label ('impeller for HYD3790V10', 'hyd 3790v10 gasket', an
 * alias 'HYD-3790V10-B'), judged by the products of that Part Type that fit the model; 'parts
 * for' a model, judged by every product that fits it; and a part type none of a model's parts
 * has (nor names in its title), judged as nothing.
 */
function modelFamily(docs: readonly SearchDocument[], data: EquipmentData): FamilyQuery[] {
  const typeOf = new Map(docs.map((d) => [d.id, d.tags.find(([p]) => p === 'Part Type')?.[1] ?? '']));
  const titleOf = new Map(docs.map((d) => [d.id, foldText(d.title)]));
  const fitsOf = new Map<number, Set<number>>();
  for (const f of data.fitment) {
    if (!typeOf.has(f.productId)) continue;
    let set = fitsOf.get(f.equipmentId);
    if (set === undefined) fitsOf.set(f.equipmentId, (set = new Set()));
    set.add(f.productId);
  }
  const numbersOf = new Map<number, string[]>();
  for (const n of data.numbers) numbersOf.set(n.equipmentId, [...(numbersOf.get(n.equipmentId) ?? []), n.number]);
  const out: FamilyQuery[] = [];
  const models = data.equipment.filter((e) => (fitsOf.get(e.id)?.size ?? 0) > 0 && (numbersOf.get(e.id)?.length ?? 0) > 0);
  const loose = (n: string): string => n.toLowerCase().replace(/^([a-z]+)(?=\d)/, '$1 ');
  const nouns = ['impeller', 'motor', 'cartridge', 'heat exchanger', 'igniter', 'salt cell', 'basket', 'diffuser', 'shaft seal', 'light'];
  for (let k = 0; k < 48 && models.length > 0; k++) {
    const e = models[Math.floor((k * models.length) / 48)]!;
    const fits = fitsOf.get(e.id)!;
    const numbers = numbersOf.get(e.id)!;
    const typed = [numbers[0]!, loose(numbers[0]!), numbers[numbers.length - 1]!, numbers[1 % numbers.length]!.toLowerCase()][k % 4]!;
    if (k % 8 === 7) {
      // a part type none of its parts is or names: nothing
      const noun = nouns.find((n) => ![...fits].some((id) => foldText(typeOf.get(id)!) === n || titleOf.get(id)!.includes(n)));
      if (noun !== undefined) out.push({ q: `${noun} for ${typed}`, none: true });
      continue;
    }
    if (k % 8 === 3) {
      out.push({ q: `parts for ${typed}`, fits });
      continue;
    }
    const types = [...new Set([...fits].map((id) => typeOf.get(id)!))].filter((t) => t !== '').sort();
    const type = types[k % types.length]!;
    const noun = type.toLowerCase();
    const q = [`${noun} for ${typed}`, `${typed} ${noun}`, `${noun} for my ${typed}`][k % 3]!;
    out.push({ q, type: [type], fits });
  }
  return out;
}

/** The model family's store: its documents (with equipment), its index (with the model lookup) and Orama over them. */
interface ModelSet {
  docs: readonly SearchDocument[];
  index: ReturnType<typeof createSearchIndex>;
  orama: AnyOrama;
  family: FamilyQuery[];
}

async function families(storeDocs: readonly SearchDocument[], storeIndex: ReturnType<typeof createSearchIndex>, storeOrama: AnyOrama, models: ModelSet): Promise<void> {
  const docs = storeDocs;
  const file = JSON.parse(readFileSync(join(here, 'search-families.json'), 'utf8')) as { families: Record<string, FamilyQuery[]> };
  const sets: [string, (FamilyQuery & { pn?: string })[]][] = [...Object.entries(file.families), ['partnumber', partNumberFamily(docs)], ['model', models.family]];
  const keysOf = new Map(docs.map((d) => [d.id, new Set(d.partNumbers.map(normalizePartNumber).flatMap(partNumberKeys))]));
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`.padStart(6);
  console.log(`\nShopper families (issue 30): ${sets.reduce((n, [, qs]) => n + qs.length, 0)} queries judged by rules over the catalogue; first 10 answers; ours / Orama`);
  console.log(`${'family'.padEnd(11)} ${'n'.padStart(3)} ${'none'.padStart(4)}   ${'P@10'.padStart(15)}   ${'miss'.padStart(15)}   ${'zero'.padStart(15)}   ${'none answered'.padStart(15)}   goals (ours)`);
  const misses: string[] = [];
  for (const [family, queries] of sets) {
    // the model family asks the store seeded with its equipment
    const [docs, index, orama] = family === 'model' ? [models.docs, models.index, models.orama] : [storeDocs, storeIndex, storeOrama];
    const f = { ours: { p: 0, miss: 0, zero: 0, noneAnswered: 0 }, theirs: { p: 0, miss: 0, zero: 0, noneAnswered: 0 } };
    let judged = 0;
    let nothing = 0;
    for (const rule of queries) {
      const relevant = rule.pn !== undefined
        ? new Set([...keysOf].filter(([, keys]) => keys.has(rule.pn!)).map(([id]) => id))
        : relevantBy(rule, docs);
      const priced = readPricePhrases(rule.q, undefined, undefined);
      const ours = index.search({ q: priced.q, minPriceCents: priced.minPrice === undefined ? undefined : Math.round(priced.minPrice * 100),
        maxPriceCents: priced.maxPrice === undefined ? undefined : Math.round(priced.maxPrice * 100), limit: 10, page: 0 }).ids;
      const r = await search(orama, {
        term: rule.q, properties: ['title', 'description', 'vendorText', 'tagText', 'partNumbers'], tolerance: 1, boost: { title: 2 }, limit: 10,
      } as never);
      const theirs = (r.hits as unknown as { document: { sid: number } }[]).map((h) => h.document.sid);
      if (relevant.size === 0) {
        nothing++;
        if (ours.length > 0) { f.ours.noneAnswered++; misses.push(`  ${family}: '${rule.q}' (nothing relevant) answered ${ours.length}`); }
        if (theirs.length > 0) f.theirs.noneAnswered++;
        continue;
      }
      judged++;
      for (const [side, ids] of [['ours', ours], ['theirs', theirs]] as const) {
        const hits = ids.filter((id) => relevant.has(id)).length;
        f[side].p += hits / Math.min(10, relevant.size);
        if (hits === 0) f[side].miss++;
        if (ids.length === 0) f[side].zero++;
      }
      const hits = ours.filter((id) => relevant.has(id)).length;
      if (hits < Math.min(10, relevant.size)) misses.push(`  ${family}: '${rule.q}' ${hits}/${Math.min(10, relevant.size)} relevant in the first ten (${relevant.size} relevant, ${ours.length} answered)`);
    }
    const j = Math.max(1, judged);
    const nn = Math.max(1, nothing);
    const goal = [f.ours.p / j >= 0.85, f.ours.miss / j <= 0.05, f.ours.zero / j <= 0.01, f.ours.noneAnswered / nn <= 0.2].every(Boolean) ? 'met' : 'NOT met';
    console.log(`${family.padEnd(11)} ${String(queries.length).padStart(3)} ${String(nothing).padStart(4)}   ${pct(f.ours.p / j)} / ${pct(f.theirs.p / j)}   ${pct(f.ours.miss / j)} / ${pct(f.theirs.miss / j)}   ${pct(f.ours.zero / j)} / ${pct(f.theirs.zero / j)}   ${pct(f.ours.noneAnswered / nn)} / ${pct(f.theirs.noneAnswered / nn)}   ${goal}`);
  }
  console.log('(goals: P@10 >= 85%, miss <= 5%, zero <= 1%, none answered <= 20%)');
  if (process.argv.includes('--misses')) for (const line of misses) console.log(line);
}

await main();
