/**
 * Contract between the catalogue (SQLite, the source of truth) and the in-memory
 * search index that serves `GET /api/products/filter`.
 *
 * The repository builds one SearchDocument per product from the database and hands
 * them to `createSearchIndex`; catalogue writes call `upsert`/`remove` so the index
 * stays in step. The index answers ids in the requested order plus exact facets;
 * the route then writes the page's product cards from the card store (cache.ts).
 */
import type { SortBy } from '../../../domain/entities.ts';

/** What the index knows of one product. */
export interface SearchDocument {
  id: number;
  title: string;
  /** Plain text of the description (HTML stripped). */
  description: string;
  vendor: string | null;
  /** Part numbers and SKUs: productCode, product sku, variant skus. */
  partNumbers: string[];
  /** Tags as [prefix, value]. */
  tags: [string, string][];
  /** Collection ids the product belongs to, including every ancestor collection. */
  collectionIds: number[];
  /** Its options' values ('400,000 BTU', '1.5"', "16' x 32'"), searched like tag values. */
  attributes?: string[];
  /** The titles of its collections (ancestors too): 'Jets', 'Cleaner Tracks', searched like tag values. */
  collections?: string[];
  /** Card price in cents (the first available inventory level, else the product price). */
  priceCents: number;
  /**
   * Quoted by phone (domain/call-for-price.ts): compared by no price, so it matches no price
   * bound, is left out of a price-sorted answer and never sets productMaxPriceCents.
   */
  callForPrice?: boolean;
  isFeatured: boolean;
  /** Average rating, 0 when none. */
  avgRating: number;
  totalReviews: number;
  salesCount: number;
}

/** The ascending ids of the products that fit one equipment model. */
export type FitsList = Int32Array | readonly number[];

/** A query the index answers; all filters combine with AND. */
export interface IndexQuery {
  q?: string;
  v?: string;
  /** At most one value per prefix; different prefixes combine with AND. */
  t?: [string, string][];
  c?: number;
  minPriceCents?: number;
  maxPriceCents?: number;
  isFeatured?: boolean;
  /**
   * Only products in at least one of these id lists: the products that fit the chosen
   * equipment models (one ascending list per model, from equipment/catalogue.ts).
   * Like `c`, it applies to the answer and to every facet. The fast index keeps a bitset per
   * list object until the next write, so pass the same list object for the same model.
   */
  fits?: readonly FitsList[];
  sortBy?: SortBy;
  limit: number;
  /** Zero-based. */
  page: number;
  /**
   * Asks for SearchPage.candidates: the answer's candidates listed when at most this many (an
   * answer cache then forgets the answer only when one of them changes; see SearchPage).
   */
  listCandidates?: number;
}

/**
 * The answer: one page of ids plus exact facets over the matching set.
 * Facets are disjunctive, as real stores do, so a shopper can switch a value: the vendor
 * counts ignore the v filter, the counts of a tag prefix ignore that prefix's own filter,
 * and productMaxPriceCents ignores the price bounds (the slider keeps its full range).
 * Everything else (q, c, isFeatured, the other filters) applies to every facet.
 */
export interface IndexResult {
  ids: number[];
  totalObjects: number;
  availableTagPrefixes: { tagPrefixValue: string }[];
  availableTagFilters: { tagPrefix: string; tagValue: string; tagCount: number }[];
  availableVendors: { vendor: string; vendorCount: number }[];
  /**
   * Highest price in cents over the matching set without its price bounds (call-for-price
   * products have none to count), 0 when empty.
   */
  productMaxPriceCents: number;
  /**
   * True when no product matched every query word, so the answer holds the products
   * matching the most of them (facets are counted over that answer).
   */
  relaxed: boolean;
}

/** The facets of an answer (see IndexResult). */
export type IndexFacets = Pick<IndexResult, 'availableTagPrefixes' | 'availableTagFilters' | 'availableVendors' | 'productMaxPriceCents'>;

/**
 * The same answer as IndexResult with its facets in one object that answers may share:
 * deeply frozen, and the very same object for every answer with the same words and filters
 * until the next write, so a writer of HTTP answers can keep their JSON by identity.
 */
export interface SearchPage {
  ids: number[];
  totalObjects: number;
  /** See IndexResult.relaxed. */
  relaxed: boolean;
  facets: Readonly<IndexFacets>;
  /**
   * With IndexQuery.listCandidates: the ids (ascending) of every product the answer was drawn
   * from: the live products its words, collection and featured flag select, before the price,
   * vendor and tag filters, whose facets count among them too. The answer (its page, total and
   * facets) reads these products only, so a change of one outside them that leaves its words,
   * collections, featured flag and presence as they were (a price, its stock, its ratings)
   * cannot change it. Absent when there were more, when the query has a fitment filter (its
   * lists change apart from the products), or when the index does not list them.
   */
  candidates?: Uint32Array;
}

/** What every index takes besides the documents. */
export interface SearchIndexOptions {
  /**
   * Synonym groups (words or phrases meaning the same to a shopper), as the operator keeps
   * them in the search_synonyms table (see Synonyms in words.ts).
   */
  synonyms?: readonly (readonly string[])[];
  /**
   * More numbers a product is found by besides its document's part numbers: its
   * cross-reference (OEM, aftermarket and superseded numbers). Read at every upsert.
   */
  extraPartNumbers?: (productId: number) => readonly string[];
  /**
   * The fitment list of the model a number names (models.ts): a model number typed in q
   * beside other words ('impeller for AQC 1234X5') searches those words among its parts.
   */
  modelFits?: (numberKey: string) => FitsList | null;
}

/** The in-memory index. */
export interface SearchIndex {
  /** An answer the caller owns (every list is its own copy). */
  search(query: IndexQuery): IndexResult;
  /** The same answer with shared, frozen facets: for callers that only read them (no copies). */
  searchPage(query: IndexQuery): SearchPage;
  upsert(doc: SearchDocument): void;
  remove(id: number): void;
  /**
   * Makes room at once for `count` more upserts (a large catalogue change, before its slices):
   * the index then grows once while it is small instead of doubling, and copying everything it
   * holds, several times in the middle of the change. Optional: an index without it grows as
   * it goes.
   */
  reserve?(count: number): void;
  readonly size: number;
  /**
   * Writes the index to a file it can be loaded from without the catalogue (fast/snapshot.ts),
   * with the caller's `meta`; returns the bytes written. Optional: only the fast index has it.
   */
  saveSnapshot?(path: string, meta: Record<string, unknown>): number;
}
