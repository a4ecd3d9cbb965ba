/**
 * The equipment catalogue in memory: models with their model numbers, the products
 * that fit each model (a sorted id list, which the search index turns into a bitset per model),
 * the reverse (models a product fits), each product's part-number cross-reference and its
 * replacement. Built once at start-up from the database (modules/equipment/repository.ts); every
 * lookup here is a map read or a scan of a few thousand models, well inside the 2 ms budget
 * at 5,000 models (bench/equipment.ts).
 *
 * Model-number matching follows the part-number rule of search (search/text.ts
 * normalizePartNumber): case, spaces, hyphens, dots and slashes do not matter, and a query
 * matches the start of a number.
 * @module
 */
import { createHash } from 'node:crypto';
import { totalPages } from '../../../domain/pagination.ts';
import type {
  EquipmentListResponse, EquipmentSummary, EquipmentType, Fitment, MatchedPartNumber, PartNumber,
} from '../../../api/types.ts';
import type { EquipmentData, EquipmentRow } from './repository.ts';
import { KIND_RANK, KINDS, PartNumberColumns, keyHash } from './part-numbers.ts';
import { PackedStrings } from '../search/packed.ts';
import { facetKey, normalizePartNumber, tokenize } from '../search/text.ts';
import { EQUIPMENT_TYPES } from './types.ts';

/** Parameters of a model search (validated by the route). */
export interface EquipmentListParams {
  q?: string;
  type?: EquipmentType;
  brand?: string;
  page: number;
  limit: number;
}

/** At most this many models in a search answer's `equipment`. */
export const SEARCH_EQUIPMENT_LIMIT = 5;

/** A query's normalised number must be this long to list models in a product search. */
export const MIN_MODEL_NUMBER_PREFIX = 3;

interface Model {
  summary: EquipmentSummary;
  /** Normalised model numbers, primary first. */
  numbers: string[];
  /** Lower-case words of brand, series and model. */
  words: string[];
  brandKey: string;
  /** Position in brand, series, model order. */
  rank: number;
}

/** The tier of a model no query matched. */
const NO_MATCH = 255;

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The positions of `parts` sorted by product, then kind (OEM, aftermarket, superseded), then as
 * read. The database reads them by product already: each product's run is then ordered by kind
 * in place (a comparator sort of two million took seconds of a start); otherwise a full sort.
 */
function byProductThenKind(parts: PartNumberColumns): Int32Array {
  const { productId, kind, length } = parts;
  let sorted = true;
  for (let i = 1; i < length && sorted; i++) sorted = productId[i - 1]! <= productId[i]!;
  if (!sorted) {
    return Int32Array.from({ length }, (_, i) => i).sort((a, b) => productId[a]! - productId[b]! || kind[a]! - kind[b]! || a - b);
  }
  const out = new Int32Array(length);
  let w = 0;
  for (let from = 0; from < length;) {
    let to = from + 1;
    while (to < length && productId[to] === productId[from]) to++;
    for (let rank = 0; rank < KINDS.length; rank++) {
      for (let i = from; i < to; i++) if (kind[i] === rank) out[w++] = i;
    }
    from = to;
  }
  return out;
}

/**
 * `items` stably sorted by `key[item]` (unsigned 32-bit): four passes of a byte each, the keys
 * carried beside the items (read in order, not looked up at random: that took 1.6 s at two million).
 */
function radixByKey(items: Uint32Array<ArrayBuffer>, key: Uint32Array): Uint32Array<ArrayBuffer> {
  const n = items.length;
  let from = items;
  let to = new Uint32Array(n);
  let keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) keys[i] = key[items[i]!]!;
  let keysTo = new Uint32Array(n);
  const counts = new Int32Array(257);
  for (let shift = 0; shift < 32; shift += 8) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[((keys[i]! >>> shift) & 0xff) + 1]! += 1;
    for (let b = 1; b <= 256; b++) counts[b] = counts[b]! + counts[b - 1]!;
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      const at = counts[(k >>> shift) & 0xff]!++;
      to[at] = from[i]!;
      keysTo[at] = k;
    }
    const t = from; from = to; to = t;
    const kt = keys; keys = keysTo; keysTo = kt;
  }
  return from;
}

/** The in-memory equipment catalogue. */
export class EquipmentCatalogue {
  private readonly models: Model[] = [];
  private readonly byId = new Map<number, Model>();
  private readonly byHandle = new Map<string, Model>();
  /** Normalised numbers sorted, with their model, for exact and prefix lookups. */
  private readonly numberKeys: string[] = [];
  private readonly numberModels: Model[] = [];
  private readonly fits = new Map<number, Int32Array>();
  private readonly fitsOf = new Map<number, number[]>();
  /**
   * The products' part numbers as columns (a few MB at 200k numbers, where Maps of arrays of
   * objects took 80 MB): sorted by product, then OEM, aftermarket, superseded (then as read);
   * a product's run is found by binary search on `numberProduct`.
   */
  private readonly numberProduct: Int32Array;
  private readonly numberText: PackedStrings;
  private readonly numberKind: Uint8Array;
  /**
   * Who holds a normalised number: the positions of the numbers (in the columns above) by the
   * hash of their normalised form (keyHash), then in the order read; `holderHash[k]` is the
   * hash of the number at `holderAt[k]`.
   */
  private readonly holderHash: Uint32Array;
  private readonly holderAt: Int32Array;
  private readonly replacedBy = new Map<number, number>();
  /** Scratch of one lookup: each model's match tier by rank (lookups run one at a time). */
  private tiers = new Uint8Array(0);
  /** Scratch of a name lookup: how many query words each model matched so far, by rank. */
  private hits = new Uint8Array(0);
  /** Every name word of the models, sorted, with the ranks of the models having it. */
  private wordKeys: string[] = [];
  private wordRanks: Int32Array[] = [];

  constructor(data: EquipmentData) {
    const numbersOf = new Map<number, { number: string; normalized: string }[]>();
    for (const n of data.numbers) {
      let list = numbersOf.get(n.equipmentId);
      if (!list) numbersOf.set(n.equipmentId, (list = []));
      list.push(n);
    }
    const fitLists = new Map<number, number[]>();
    for (const f of data.fitment) {
      let list = fitLists.get(f.equipmentId);
      if (!list) fitLists.set(f.equipmentId, (list = []));
      list.push(f.productId);
      let of = this.fitsOf.get(f.productId);
      if (!of) this.fitsOf.set(f.productId, (of = []));
      of.push(f.equipmentId);
    }
    const sorted = [...data.equipment].sort((a, b) =>
      compareText(a.brand.toLowerCase(), b.brand.toLowerCase()) || compareText(a.series.toLowerCase(), b.series.toLowerCase())
      || compareText(a.model.toLowerCase(), b.model.toLowerCase()) || a.id - b.id);
    const pairs: [string, Model][] = [];
    sorted.forEach((row: EquipmentRow, rank) => {
      const numbers = numbersOf.get(row.id) ?? [];
      const ids = Int32Array.from(new Set(fitLists.get(row.id) ?? [])).sort();
      const summary: EquipmentSummary = {
        id: row.id,
        handle: row.handle,
        brand: row.brand,
        series: row.series,
        model: row.model,
        title: `${row.brand} ${row.model}`,
        type: row.type,
        modelNumber: numbers[0]?.number ?? '',
        aliases: numbers.slice(1).map((n) => n.number),
        yearFrom: row.yearFrom,
        yearTo: row.yearTo,
        imageUrl: `/media/equipment/${row.id}.svg`,
        partCount: ids.length,
      };
      const model: Model = {
        summary,
        numbers: numbers.map((n) => n.normalized),
        words: [...new Set(tokenize(`${row.brand} ${row.series} ${row.model}`))],
        brandKey: facetKey(row.brand),
        rank,
      };
      this.models.push(model);
      this.byId.set(row.id, model);
      this.byHandle.set(row.handle, model);
      this.fits.set(row.id, ids);
      for (const n of model.numbers) if (n !== '') pairs.push([n, model]);
    });
    pairs.sort((a, b) => compareText(a[0], b[0]) || a[1].rank - b[1].rank);
    this.tiers = new Uint8Array(this.models.length);
    this.hits = new Uint8Array(this.models.length);
    const ranksOf = new Map<string, number[]>();
    for (const m of this.models) {
      for (const w of m.words) {
        let list = ranksOf.get(w);
        if (!list) ranksOf.set(w, (list = []));
        list.push(m.rank);
      }
    }
    this.wordKeys = [...ranksOf.keys()].sort(compareText);
    this.wordRanks = this.wordKeys.map((w) => Int32Array.from(ranksOf.get(w)!));
    for (const [key, model] of pairs) {
      this.numberKeys.push(key);
      this.numberModels.push(model);
    }
    for (const s of data.supersessions) this.replacedBy.set(s.productId, s.replacedById);
    const parts = data.partNumbers instanceof PartNumberColumns ? data.partNumbers : PartNumberColumns.of(data.partNumbers);
    const n = parts.length;
    const byProduct = byProductThenKind(parts);
    this.numberProduct = new Int32Array(n);
    const numberText = new Array<string>(n);
    this.numberKind = new Uint8Array(n);
    const positionOf = new Int32Array(n);
    for (let at = 0; at < n; at++) {
      const i = byProduct[at]!;
      this.numberProduct[at] = parts.productId[i]!;
      numberText[at] = parts.number[i]!;
      this.numberKind[at] = parts.kind[i]!;
      positionOf[i] = at;
    }
    // packed (two million numbers as strings held about 80 MB)
    this.numberText = PackedStrings.of(numberText);
    // the holders by the hash of their normalised number, then as read: a number is found by its
    // hash and checked against the number normalised again (two million keys as strings held
    // 80 MB, and their sort took seconds of a start)
    let heldCount = 0;
    for (let i = 0; i < n; i++) heldCount += parts.held[i]!;
    const held = new Uint32Array(heldCount);
    for (let i = 0, k = 0; i < n; i++) if (parts.held[i] === 1) held[k++] = i;
    // by hash, then as read: a radix sort (two million with a comparator took seconds of a start)
    const order = radixByKey(held, parts.hash);
    this.holderHash = Uint32Array.from(order, (i) => parts.hash[i]!);
    this.holderAt = Int32Array.from(order, (i) => positionOf[i]!);
  }

  /** The positions [from, to) of a product's numbers in the number columns. */
  private numbersRange(productId: number): [number, number] {
    const ids = this.numberProduct;
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid]! < productId) lo = mid + 1;
      else hi = mid;
    }
    let to = lo;
    while (to < ids.length && ids[to] === productId) to++;
    return [lo, to];
  }

  /** A digest of the products' part numbers (product, kind and number of each): the search snapshot's key holds it. */
  numbersDigest(): string {
    const hash = createHash('sha256');
    hash.update(new Uint8Array(this.numberProduct.buffer, this.numberProduct.byteOffset, this.numberProduct.byteLength));
    hash.update(new Uint8Array(this.numberKind.buffer, this.numberKind.byteOffset, this.numberKind.byteLength));
    this.numberText.digest(hash);
    return hash.digest('base64url');
  }

  /** How many models. */
  get size(): number {
    return this.models.length;
  }

  /** A model's summary by handle. */
  summaryByHandle(handle: string): EquipmentSummary | undefined {
    return this.byHandle.get(handle)?.summary;
  }

  /** A model's summary by id. */
  summaryById(id: number): EquipmentSummary | undefined {
    return this.byId.get(id)?.summary;
  }

  /** The ids of the products that fit a model, ascending (the same array each call: the search index keeps a bitset per array). */
  fitsIds(equipmentId: number): Int32Array {
    return this.fits.get(equipmentId) ?? new Int32Array(0);
  }

  /** The index of the first number key >= key. */
  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.numberKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.numberKeys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Marks in `tiers` (by model rank) the models whose number equals (0) or starts with (1) a
   * normalised query, keeping the better tier; answers how many were marked.
   */
  private markNumbers(key: string, tiers: Uint8Array): number {
    let marked = 0;
    if (key === '') return 0;
    for (let i = this.lowerBound(key); i < this.numberKeys.length && this.numberKeys[i]!.startsWith(key); i++) {
      const rank = this.numberModels[i]!.rank;
      const tier = this.numberKeys[i] === key ? 0 : 1;
      if (tiers[rank]! === NO_MATCH) marked++;
      if (tier < tiers[rank]!) tiers[rank] = tier;
    }
    return marked;
  }

  /**
   * The models a query matches, best first: by model number or alias (exact, then by prefix),
   * then by name (every query word starts a word of brand, series and model), each group in
   * brand, series, model order. Without words, every model in that order. Linear in the
   * models, without sorting: tiers are marked by rank, then read in rank order per tier.
   */
  private matching(q: string | undefined): Model[] {
    const words = tokenize(q ?? '');
    if (words.length === 0) return this.models;
    const tiers = this.tiers;
    tiers.fill(NO_MATCH);
    this.markNumbers(normalizePartNumber(q ?? ''), tiers);
    this.markNames(words.slice(0, 255), tiers);
    const out: Model[] = [];
    for (let tier = 0; tier <= 2; tier++) {
      for (let rank = 0; rank < tiers.length; rank++) if (tiers[rank] === tier) out.push(this.models[rank]!);
    }
    return out;
  }

  /**
   * Marks (tier 2, where no better tier is marked) the models whose name words start with every
   * query word: per query word, the models of each name word in its prefix range of the sorted
   * word list, kept only if they matched every word before (a count per model).
   */
  private markNames(words: readonly string[], tiers: Uint8Array): void {
    const hits = this.hits;
    hits.fill(0);
    for (const [i, w] of words.entries()) {
      let lo = 0;
      let hi = this.wordKeys.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.wordKeys[mid]! < w) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < this.wordKeys.length && this.wordKeys[k]!.startsWith(w); k++) {
        for (const rank of this.wordRanks[k]!) if (hits[rank] === i) hits[rank] = i + 1;
      }
    }
    for (let rank = 0; rank < hits.length; rank++) if (hits[rank] === words.length && tiers[rank] === NO_MATCH) tiers[rank] = 2;
  }

  /** `GET /api/equipment`: one page of matching models with the type and brand counts. */
  list(params: EquipmentListParams): EquipmentListResponse {
    const matched = this.matching(params.q);
    const brandKey = params.brand === undefined || params.brand.trim() === '' ? null : facetKey(params.brand);
    const typeCounts = new Map<EquipmentType, number>();
    const brandCounts = new Map<string, number>();
    const hits: Model[] = [];
    for (const m of matched) {
      const typeOk = params.type === undefined || m.summary.type === params.type;
      const brandOk = brandKey === null || m.brandKey === brandKey;
      if (brandOk) typeCounts.set(m.summary.type, (typeCounts.get(m.summary.type) ?? 0) + 1);
      if (typeOk) brandCounts.set(m.summary.brand, (brandCounts.get(m.summary.brand) ?? 0) + 1);
      if (typeOk && brandOk) hits.push(m);
    }
    const start = params.page * params.limit;
    const equipment = hits.slice(start, start + params.limit).map((m) => m.summary);
    const pages = totalPages(hits.length, params.limit);
    return {
      equipment,
      pageInfo: { limitPerPage: params.limit, totalObjects: hits.length, totalPages: pages, pages, count: equipment.length },
      facets: {
        types: EQUIPMENT_TYPES.filter((t) => typeCounts.has(t)).map((type) => ({ type, count: typeCounts.get(type)! })),
        brands: [...brandCounts].sort((a, b) => compareText(a[0].toLowerCase(), b[0].toLowerCase())).map(([brand, count]) => ({ brand, count })),
      },
    };
  }

  /**
   * The models a product search's query names by model number or alias (exact first, then by
   * prefix of at least {@link MIN_MODEL_NUMBER_PREFIX} characters), at most {@link SEARCH_EQUIPMENT_LIMIT}.
   */
  searchByNumber(q: string): EquipmentSummary[] {
    const key = normalizePartNumber(q);
    if (key.length < MIN_MODEL_NUMBER_PREFIX) return [];
    const tiers = this.tiers;
    tiers.fill(NO_MATCH);
    if (this.markNumbers(key, tiers) === 0) return [];
    const out: EquipmentSummary[] = [];
    for (let tier = 0; tier <= 1 && out.length < SEARCH_EQUIPMENT_LIMIT; tier++) {
      for (let rank = 0; rank < tiers.length && out.length < SEARCH_EQUIPMENT_LIMIT; rank++) if (tiers[rank] === tier) out.push(this.models[rank]!.summary);
    }
    return out;
  }

  /** The product that replaced `productId` (following a chain of replacements), or undefined. */
  currentOf(productId: number): number | undefined {
    let id = this.replacedBy.get(productId);
    // a chain is short; the bound stops a cycle written by hand into the table
    for (let i = 0; i < 16 && id !== undefined; i++) {
      const next = this.replacedBy.get(id);
      if (next === undefined) return id;
      id = next;
    }
    return id;
  }

  /**
   * The part number a query equals (after normalising), with the product that now answers
   * for it: a product still sold before a replaced one, then OEM before aftermarket before an
   * old number, then the lowest id. A number held only by a replaced product answers its replacement.
   */
  matchPartNumber(q: string): MatchedPartNumber | null {
    const key = normalizePartNumber(q);
    if (key === '') return null;
    const hash = keyHash(key);
    const hashes = this.holderHash;
    let lo = 0;
    let hi = hashes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (hashes[mid]! < hash) lo = mid + 1;
      else hi = mid;
    }
    // the first best in the order read (as a stable sort of the holders would put first)
    let best = -1;
    const better = (a: number, b: number): boolean =>
      (Number(this.replacedBy.has(this.numberProduct[a]!)) - Number(this.replacedBy.has(this.numberProduct[b]!))
        || this.numberKind[a]! - this.numberKind[b]! || this.numberProduct[a]! - this.numberProduct[b]!) < 0;
    for (let k = lo; k < hashes.length && hashes[k] === hash; k++) {
      const at = this.holderAt[k]!;
      // another number of the same hash is passed over
      if (normalizePartNumber(this.numberText.at(at)) !== key) continue;
      if (best < 0 || better(at, best)) best = at;
    }
    if (best < 0) return null;
    const productId = this.numberProduct[best]!;
    const number = this.numberText.at(best);
    if (this.replacedBy.has(productId)) {
      const current = this.currentOf(productId);
      if (current !== undefined) return { number, kind: 'supersedes', productId: current };
    }
    return { number, kind: KINDS[this.numberKind[best]!]!, productId };
  }

  /** Every number of a product (OEM, aftermarket, then superseded). */
  partNumbersOf(productId: number): PartNumber[] {
    const [from, to] = this.numbersRange(productId);
    const out: PartNumber[] = [];
    for (let at = from; at < to; at++) out.push({ number: this.numberText.at(at), kind: KINDS[this.numberKind[at]!]! });
    return out;
  }

  /** The numbers the search index should also find a product by (its cross-reference). */
  searchNumbersOf(productId: number): string[] {
    const [from, to] = this.numbersRange(productId);
    const out: string[] = [];
    for (let at = from; at < to; at++) out.push(this.numberText.at(at));
    return out;
  }

  /** The first OEM number of a product, or null. */
  oemNumberOf(productId: number): string | null {
    const [from, to] = this.numbersRange(productId);
    return from < to && this.numberKind[from] === KIND_RANK.oem ? this.numberText.at(from) : null;
  }

  /** The direct replacement of a product, or undefined. */
  replacementOf(productId: number): number | undefined {
    return this.replacedBy.get(productId);
  }

  /** The models a product fits, by brand and model. */
  fitmentsOf(productId: number): Fitment[] {
    return (this.fitsOf.get(productId) ?? [])
      .map((id) => this.byId.get(id))
      .filter((m): m is Model => m !== undefined)
      .sort((a, b) => a.rank - b.rank)
      .map(({ summary: s }) => ({ id: s.id, handle: s.handle, brand: s.brand, model: s.model, modelNumber: s.modelNumber, type: s.type, title: s.title }));
  }
}
