/**
 * The rules of the catalogue's calls: how a search's query is read (the `fields` list, the `t`
 * tag pairs, the filter query and the index query it makes, the `fits` models), what answers
 * 404 (an unknown product, collection, or a `fits` filter without parts that fit), and an
 * operator's sale price (above the price, audited with the change). `routes.ts` parses the
 * requests, calls these and writes the answers.
 * Reads stay as lean as the routes had them: one query per lookup, nothing cached here.
 * @module
 */
import { toCents } from '../../../domain/money.ts';
import { totalPages } from '../../../domain/pagination.ts';
import { MEDIAN_PAGE_SIZE, normalizeTagPairs } from '../../../domain/search.ts';
import { parseProductsFilterQuery, type ProductsFilterParams } from '../../../domain/urls.ts';
import type { Collection, HierarchyEntry, Product, ProductReview, SortBy, TagPair } from '../../../domain/entities.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { audit, productPriceSnapshot, type AuditWho } from '../admin/service.ts';
import type { EquipmentService } from '../equipment/service.ts';
import type { FitsList, IndexQuery, SearchIndex } from '../search/types.ts';
import type { ProductFitmentFields } from '../../../api/types.ts';
import type { CollectionNode, CollectionSuggestion, CollectionTree } from './collections.repository.ts';
import {
  productByHandle, productExists, productQuestions, productReviews, relatedProductIds, setProductPrice, type ProductQuestion,
} from './repository.ts';

/** The search query object as it arrives, after schema validation and coercion. */
export interface SearchParams {
  q?: string;
  v?: string;
  t?: string[];
  minPrice?: number;
  maxPrice?: number;
  sortBy?: SortBy;
  limit?: number;
  page?: number;
  c?: string;
  isFeatured?: boolean;
  fields?: string;
  /** Equipment handles, comma-separated: only products that fit one of the models. */
  fits?: string;
}

/** Fields `fields=` may select on collections. */
export const COLLECTION_FIELDS = ['id', 'title', 'handle', 'seoDescription', 'imageUrl', 'minPrice', 'maxPrice'] as const;

const notFound = (what: string): HttpError => new HttpError(404, `${what} not found`);

/**
 * Parses the `fields` list. Choice: an unknown field name answers 400 naming the allowed ones,
 * so an integrator's typo shows at once instead of as a silently missing field.
 */
export function parseFields(raw: string | undefined, allowed: readonly string[]): string[] | null {
  if (raw === undefined || raw === '') return null;
  const fields = [...new Set(raw.split(','))];
  const unknown = fields.find((f) => !allowed.includes(f));
  if (unknown !== undefined) throw new HttpError(400, `Unknown field '${unknown}'; allowed: ${allowed.join(', ')}`);
  return fields;
}

/**
 * Parses repeated `t` values ('prefix,value', split at the first comma) into tag pairs with one
 * value per prefix (domain rule `normalizeTagPairs`: the last given wins). A value without a
 * comma, or with an empty side, is malformed: 400.
 */
export function parseTags(raw: readonly string[] | undefined): TagPair[] {
  if (!raw || raw.length === 0) return [];
  const pairs: [string, string][] = [];
  for (const t of raw) {
    const comma = t.indexOf(',');
    const prefix = comma < 0 ? '' : t.slice(0, comma).trim();
    const value = comma < 0 ? '' : t.slice(comma + 1).trim();
    if (prefix === '' || value === '') throw new HttpError(400, `t must be 'prefix,value': '${t}'`);
    pairs.push([prefix, value]);
  }
  return normalizeTagPairs(pairs);
}

/**
 * The filter query of a request as the storefront's own reader reads it: the domain's
 * `parseProductsFilterQuery`, the exact inverse of the `productsFilterQuery` the client writes it
 * with. What that reader would drop is refused before: the route's schema checks each
 * parameter's type and range, and a `t` must be 'prefix,value' (400).
 */
export function filterQueryOf(req: { url: string; query: SearchParams }): ProductsFilterParams {
  parseTags(req.query.t);
  const at = req.url.indexOf('?');
  return parseProductsFilterQuery(at < 0 ? '' : req.url.slice(at + 1));
}

/** The index query of a filter query read by {@link filterQueryOf}. */
export function toIndexQuery(p: ProductsFilterParams): IndexQuery {
  const query: IndexQuery = { limit: p.limit ?? MEDIAN_PAGE_SIZE, page: p.page ?? 0 };
  if (p.q !== undefined && p.q.trim() !== '') query.q = p.q;
  if (p.v !== undefined && p.v.trim() !== '') query.v = p.v;
  if (p.t !== undefined && p.t.length > 0) query.t = p.t.map(([a, b]): [string, string] => [a, b]);
  if (p.c !== undefined && p.c !== '') query.c = Number(p.c);
  if (p.minPrice !== undefined) query.minPriceCents = toCents(p.minPrice);
  if (p.maxPrice !== undefined) query.maxPriceCents = toCents(p.maxPrice);
  // (a call-for-price product is in no price filter or price sort: the index's rule, search/query.ts)
  if (p.isFeatured === true) query.isFeatured = true;
  if (p.sortBy !== undefined) query.sortBy = p.sortBy;
  return query;
}

/**
 * The fitment lists of a search's `fits` (the equipment service's rules: 400 for a malformed
 * list, 404 for an unknown model). A store without parts that fit knows no model: 404.
 */
export function fitsListsOf(equipment: EquipmentService | undefined, fits: string): FitsList[] {
  if (!equipment) throw notFound('Equipment');
  return equipment.fitsLists(fits);
}

/**
 * The collections whose title matches a search's q (search suggestions), read like the product
 * search so one query object is valid for both calls; only `fields` when given.
 */
export function collectionSuggestions(tree: CollectionTree, params: ProductsFilterParams, fields: readonly string[] | null): (CollectionSuggestion | Record<string, unknown>)[] {
  const query = toIndexQuery(params);
  const search: Parameters<CollectionTree['search']>[0] = { limit: query.limit, page: query.page };
  if (query.q !== undefined) search.q = query.q;
  if (query.c !== undefined) search.c = query.c;
  if (params.minPrice !== undefined) search.minPrice = params.minPrice;
  if (params.maxPrice !== undefined) search.maxPrice = params.maxPrice;
  return tree.search(search).map((c) => {
    if (fields === null) return c;
    const out: Record<string, unknown> = {};
    for (const f of fields) if (f in c) out[f] = c[f as keyof typeof c];
    return out;
  });
}

/** A product by handle with its fitment fields when the store has parts that fit; 404 when unknown. */
export async function productDetail(db: Db, equipment: EquipmentService | undefined, handle: string): Promise<{ product: Product | (Product & ProductFitmentFields) }> {
  const product = await productByHandle(db, handle);
  if (!product) throw notFound('Product');
  return { product: equipment ? { ...product, ...equipment.productFields(product.id) } : product };
}

/** The ids of a product's related products, in their order; 404 for an unknown product. */
export async function relatedIds(db: Db, productId: number): Promise<number[]> {
  if (!await productExists(db, productId)) throw notFound('Product');
  return await relatedProductIds(db, productId);
}

/** A page of a product's reviews, newest first, with its page info; 404 for an unknown product. */
export async function reviewsPage(db: Db, productId: number, page: number, limit: number): Promise<{
  reviews: ProductReview[];
  pageInfo: { limitPerPage: number; totalObjects: number; totalPages: number; pages: number; count: number };
}> {
  if (!await productExists(db, productId)) throw notFound('Product');
  const { reviews, total } = await productReviews(db, productId, page, limit);
  const pages = totalPages(total, limit);
  return { reviews, pageInfo: { limitPerPage: limit, totalObjects: total, totalPages: pages, pages, count: reviews.length } };
}

/** A product's questions and answers; 404 for an unknown product. */
export async function questionsOf(db: Db, productId: number): Promise<{ questions: ProductQuestion[] }> {
  if (!await productExists(db, productId)) throw notFound('Product');
  return { questions: await productQuestions(db, productId) };
}

/** A known collection's node; 404 otherwise. */
function knownNode(node: CollectionNode | undefined): CollectionNode {
  if (!node) throw notFound('Collection');
  return node;
}

/** A collection by handle; 404 when unknown. */
export function collectionByHandle(tree: CollectionTree, handle: string): Collection {
  return tree.collection(knownNode(tree.nodeByHandle(handle)));
}

/** A collection by id (digits) or else by handle (the search page's 'cat'); 404 when unknown. */
export function collectionByCat(tree: CollectionTree, cat: string): Collection {
  return tree.collection(knownNode(/^[0-9]{1,10}$/.test(cat) ? tree.node(Number(cat)) : tree.nodeByHandle(cat)));
}

/** The ids of a collection's featured products (its subcollections' too), best selling first; 404 for an unknown collection. */
export function featuredIds(tree: CollectionTree, index: SearchIndex, collectionId: number, limit: number): number[] {
  knownNode(tree.node(collectionId));
  return index.searchPage({ c: collectionId, isFeatured: true, sortBy: 'best_selling', limit, page: 0 }).ids;
}

/** The collection and its descendants, depth first, siblings by title; 404 for an unknown collection. */
export function collectionHierarchy(tree: CollectionTree, collectionId: number): HierarchyEntry[] {
  knownNode(tree.node(collectionId));
  return tree.hierarchy(collectionId);
}

/** The ancestors of a collection from the top level down to itself; 404 for an unknown collection. */
export function collectionUpperHierarchy(tree: CollectionTree, collectionId: number): HierarchyEntry[] {
  knownNode(tree.node(collectionId));
  return tree.upperHierarchy(collectionId);
}

/** What an operator's sale price needs. */
export interface SalePriceDeps {
  db: Db;
  /** Updates this process's index and caches and announces the change to the others. */
  reindex: (ids: readonly number[], version?: number) => Promise<void>;
}

/** The answer to a compare-at price not above the price. */
export const COMPARE_AT_NOT_ABOVE = 'compareAtPriceCents must be above priceCents (or null).';
/** The answer to an unknown product's sale price. */
export const SALE_PRODUCT_NOT_FOUND = 'Product not found.';

/**
 * Puts a product on sale: its price and compare-at price (the compare-at price, when given, is
 * above the price: 400), on the product, its variants and their inventory levels in one
 * transaction with its audit row (who, the price before and after); then every process's
 * index and caches take it. An unknown product answers 404 with nothing written.
 */
export async function setSalePrice(deps: SalePriceDeps, who: AuditWho, productId: number, priceCents: number, compareAtPriceCents: number | null): Promise<void> {
  if (compareAtPriceCents !== null && compareAtPriceCents <= priceCents) throw new HttpError(400, COMPARE_AT_NOT_ABOVE);
  // the audit row commits with the price or not at all (the inner transaction joins this one)
  const change = await deps.db.transaction(async (tx) => {
    const before = await productPriceSnapshot(tx, productId);
    if (before === null) return null;
    const done = await setProductPrice(tx, productId, priceCents, compareAtPriceCents);
    if (done) await audit(tx, who, 'product.price', { type: 'product', id: productId }, before, { priceCents, compareAtPriceCents });
    return done;
  });
  if (!change) throw new HttpError(404, SALE_PRODUCT_NOT_FOUND);
  await deps.reindex(change.ids, change.version);
}
