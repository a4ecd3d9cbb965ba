/**
 * URLs of the storefront: the search query object written to and read from a URL query string, the collection page's
 * tag-filter path segment, the link builders over the configured path prefixes, and the query
 * strings of the products filter API. The server reads its query strings with the same functions,
 * so the browser and the API agree on every rule.
 *
 * @module
 */
import { formatPriceInput, isSortBy, isSubmittableQuery, normalizePageSize, normalizeSearchQuery, parsePriceInput, validatePriceRange } from './search.ts';
import { fromCents } from './money.ts';
import type { SearchQuery, TagPair } from './entities.ts';

// ---------------------------------------------------------------------------------------------
// Encoding

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Percent-encodes a query value or path segment. Lone surrogates (which make
 * `encodeURIComponent` throw) become U+FFFD, so bad input never crashes a link. Commas stay
 * literal in query values: they are legal there and keep `t=Brand,Pentair` readable.
 */
function encodeValue(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(/%2C/g, ',');
}

/** Percent-encodes one path segment (commas encoded too: a segment stays opaque). */
function encodeSegment(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

/** Joins key/value pairs into a query string without the leading '?'. */
function joinParams(entries: readonly (readonly [string, string])[]): string {
  return entries.map(([key, value]) => `${key}=${encodeValue(value)}`).join('&');
}

/** Reads a query string (with or without its leading '?') or takes the params as given. */
function toParams(input: string | URLSearchParams | null | undefined): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  return new URLSearchParams(input ?? '');
}

/** Appends a query string to a path, with '?' only when there is one. */
function withQuery(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`;
}

// ---------------------------------------------------------------------------------------------
// Tag pairs in the query string: t=prefix,value

/**
 * Writes a tag pair as the value of a `t` parameter: 'prefix,value'.
 * @example tagParam(['Brand', 'Pentair']); // 'Brand,Pentair'
 */
export function tagParam(pair: TagPair): string {
  return `${pair[0]},${pair[1]}`;
}

/**
 * Reads a `t` parameter value into a tag pair, or `null` when it has no comma.
 *
 * Choice: it splits on the **first** comma, so a value may hold commas ('Material,PVC, CPVC'
 * reads as ['Material', 'PVC, CPVC']) but a prefix may not; prefixes with commas are dropped when
 * a query is written (see `normalizeTagPairs`). Empty sides are dropped by normalisation.
 *
 * @example parseTagParam('Filter Type,Cartridge, pleated'); // ['Filter Type', 'Cartridge, pleated']
 */
export function parseTagParam(value: string): TagPair | null {
  const comma = value.indexOf(',');
  if (comma < 0) return null;
  return [value.slice(0, comma), value.slice(comma + 1)];
}

// ---------------------------------------------------------------------------------------------
// Search query object <-> URL query string

/** A normalised query's parameters, in the order the spec lists them for the collection page. */
function searchEntries(n: SearchQuery): [string, string][] {
  const entries: [string, string][] = [];
  if (n.page !== undefined) entries.push(['page', String(n.page)]);
  for (const pair of n.t ?? []) entries.push(['t', tagParam(pair)]);
  if (n.c !== undefined) entries.push(['c', n.c]);
  if (n.q !== undefined) entries.push(['q', n.q]);
  if (n.sortBy !== undefined) entries.push(['sortBy', n.sortBy]);
  if (n.limit !== undefined) entries.push(['limit', String(n.limit)]);
  pushPrice(entries, 'minPrice', n.minPrice);
  pushPrice(entries, 'maxPrice', n.maxPrice);
  if (n.v !== undefined) entries.push(['v', n.v]);
  if (n.isFeatured === true) entries.push(['isFeatured', 'true']);
  if (n.fits !== undefined) entries.push(['fits', n.fits.join(',')]);
  return entries;
}

function pushPrice(entries: [string, string][], key: string, amount: number | undefined): void {
  const cents = parsePriceInput(amount);
  if (cents !== null) entries.push([key, formatPriceInput(cents)]);
}

/**
 * Writes a search query object as a URL query string (no leading '?').
 *
 * The query is normalised first (`normalizeSearchQuery`): invalid values are dropped, an invalid
 * limit becomes the median page size, absent and empty fields are left out. Parameters come in
 * the spec's order: page (zero-based), t (repeated, 'prefix,value'), c, q, sortBy, limit,
 * minPrice, maxPrice, v. Prices are written with two decimals ('12.50'). Values are
 * percent-encoded (spaces as %20), commas stay literal.
 *
 * Law: `fromQueryString(toQueryString(x))` equals `normalizeSearchQuery(x)` for every x.
 *
 * @example
 * toQueryString({ q: 'pool pump', t: [['Brand', 'Pentair']], page: 0, minPrice: 100 });
 * // 'page=0&t=Brand,Pentair&q=pool%20pump&minPrice=100.00'
 */
export function toQueryString(query: SearchQuery): string {
  return joinParams(searchEntries(normalizeSearchQuery(query)));
}

/** The fields of a normal query in the order {@link searchEntries} writes their parameters. */
const ENTRY_FIELDS = ['page', 't', 'c', 'q', 'sortBy', 'limit', 'minPrice', 'maxPrice', 'v', 'isFeatured', 'fits'] as const;

/** The written parameters (`key=value&...`, encoded) of one field of a normalised query (each field is written on its own). */
function encodedField(n: SearchQuery, field: (typeof ENTRY_FIELDS)[number]): string {
  return joinParams(searchEntries({ [field]: n[field] }));
}

/**
 * {@link toQueryString} of many queries that each differ from one query in a few fields (a
 * listing's sort, filter and page links): `toQueryStringWith(query)(patch)` is
 * `toQueryString({ ...query, ...patch })`. The query's normal form and its written parameters are
 * worked out once; a link normalises and writes only the fields its patch names (each field's
 * rule stands alone, but for the price range, whose two ends are checked together: a patch that
 * names a price is written whole).
 *
 * @example
 * const link = toQueryStringWith({ q: 'pump', page: 3 });
 * link({ sortBy: 'price_asc', page: undefined }); // 'q=pump&sortBy=price_asc'
 */
export function toQueryStringWith(query: SearchQuery): (patch: Partial<SearchQuery>) => string {
  const normal = normalizeSearchQuery(query);
  const base = ENTRY_FIELDS.map((field) => encodedField(normal, field));
  return (patch) => {
    if ('minPrice' in patch || 'maxPrice' in patch) return toQueryString({ ...query, ...patch });
    const own = normalizeSearchQuery(patch);
    let out = '';
    for (let i = 0; i < ENTRY_FIELDS.length; i++) {
      const field = ENTRY_FIELDS[i] as (typeof ENTRY_FIELDS)[number];
      const part = field in patch ? encodedField(own, field) : (base[i] as string);
      if (part !== '') out = out === '' ? part : `${out}&${part}`;
    }
    return out;
  };
}

/** The parameters shared by the page URL and the API, read from params (limit excluded). */
function readCommon(params: URLSearchParams): SearchQuery {
  const raw: SearchQuery = {};
  const q = params.get('q');
  const search = params.get('search');
  // 'search' is renamed to q; a non-empty q wins when both are given.
  const text = q !== null && q.trim() !== '' ? q : search;
  if (text !== null) raw.q = text;
  const v = params.get('v');
  if (v !== null) raw.v = v;
  const t = params.getAll('t').map(parseTagParam).filter((p): p is TagPair => p !== null);
  if (t.length > 0) raw.t = t;
  const c = params.get('c');
  if (c !== null) raw.c = c;
  const range = validatePriceRange({ minPrice: params.get('minPrice'), maxPrice: params.get('maxPrice') });
  const min = parsePriceInput(range.minPrice);
  if (min !== null) raw.minPrice = fromCents(min);
  const max = parsePriceInput(range.maxPrice);
  if (max !== null) raw.maxPrice = fromCents(max);
  const sortBy = params.get('sortBy');
  if (isSortBy(sortBy)) raw.sortBy = sortBy;
  const page = params.get('page')?.trim();
  if (page !== undefined && /^\d+$/.test(page)) raw.page = Number(page);
  const fits = params.get('fits');
  if (fits !== null) raw.fits = fits.split(',');
  return raw;
}

/**
 * Reads a URL query string (with or without its leading '?', or a `URLSearchParams`) into a
 * search query object.
 *
 * - A `search` key is renamed to `q` (a non-empty `q` wins when both are present).
 * - Each `t` is split on its first comma; a `t` without a comma is dropped.
 * - Invalid values are dropped: an unknown `sortBy`, a `page` that is not a non-negative integer,
 *   a non-numeric or negative price, a `maxPrice` not above `minPrice`, a non-numeric `c`.
 * - Choice for `limit` (spec rule: "else the median is used"): a present, non-empty limit that
 *   is not an allowed page size becomes the median, 24; an absent or empty limit stays absent so
 *   the page's default (theme defaultLimitPerPage) applies.
 * - `isFeatured=true` (the featured banner card's link) lists featured products only; any other
 *   value is dropped.
 * - Unknown keys are ignored; where a key repeats (other than `t`) the first value counts.
 *
 * @example
 * fromQueryString('?search=pump&t=Brand,Pentair&sortBy=bogus&limit=10&page=2');
 * // { q: 'pump', t: [['Brand', 'Pentair']], limit: 24, page: 2 }
 */
export function fromQueryString(input: string | URLSearchParams | null | undefined): SearchQuery {
  const params = toParams(input);
  const raw = readCommon(params);
  const limit = params.get('limit');
  if (limit !== null && limit.trim() !== '') raw.limit = normalizePageSize(limit);
  if (params.get('isFeatured') === 'true') raw.isFeatured = true;
  return normalizeSearchQuery(raw);
}

// ---------------------------------------------------------------------------------------------
// The collection page's tagFilter path segment

/**
 * The slug of a tag prefix in a tagFilter segment: every space turned into a hyphen.
 * @example tagPrefixSlug('Filter Type'); // 'Filter-Type'
 */
export function tagPrefixSlug(prefix: string): string {
  return prefix.replace(/ /g, '-');
}

/**
 * Writes a tag pair as the collection page's tagFilter path segment: the prefix with spaces
 * turned to hyphens, an underscore, then the value (route table). The result is not
 * percent-encoded; the link builders encode it.
 *
 * @example tagFilterSegment(['Filter Type', 'Cartridge']); // 'Filter-Type_Cartridge'
 */
export function tagFilterSegment(pair: TagPair): string {
  return `${tagPrefixSlug(pair[0])}_${pair[1]}`;
}

/**
 * Reads a (decoded) tagFilter path segment into a tag pair, or `null` when it has no underscore
 * or an empty side.
 *
 * The format is ambiguous, and this reading is the documented choice: it splits on the **first**
 * underscore (a value may hold underscores, a prefix may not) and turns **every** hyphen of the
 * prefix back into a space, so a prefix that really had hyphens ('Anti-Vortex') reads back with
 * spaces ('Anti Vortex'). Prefixes without hyphens or underscores round-trip exactly. When the
 * store's prefixes are known, {@link resolveTagFilterSegment} reads both cases exactly.
 *
 * @example
 * parseTagFilterSegment('Filter-Type_Cartridge'); // ['Filter Type', 'Cartridge']
 * parseTagFilterSegment('Size_1_1/2 in'); // ['Size', '1_1/2 in']
 */
export function parseTagFilterSegment(segment: string): TagPair | null {
  const underscore = segment.indexOf('_');
  if (underscore <= 0 || underscore === segment.length - 1) return null;
  return [segment.slice(0, underscore).replace(/-/g, ' '), segment.slice(underscore + 1)];
}

/**
 * Reads a tagFilter segment against the prefixes the store actually has (the search meta's
 * availableTagPrefixes), which removes the ambiguity of {@link parseTagFilterSegment}: the
 * longest known prefix whose slug and underscore start the segment wins, so 'Anti-Vortex_Yes'
 * reads as ['Anti-Vortex', 'Yes'] when 'Anti-Vortex' is a known prefix. Falls back to
 * {@link parseTagFilterSegment} when no known prefix fits.
 *
 * @example
 * resolveTagFilterSegment('Anti-Vortex_Yes', ['Anti-Vortex', 'Brand']); // ['Anti-Vortex', 'Yes']
 */
export function resolveTagFilterSegment(segment: string, knownPrefixes: readonly string[]): TagPair | null {
  let best: string | null = null;
  for (const prefix of knownPrefixes) {
    const head = `${tagPrefixSlug(prefix)}_`;
    if (prefix !== '' && segment.startsWith(head) && segment.length > head.length) {
      if (best === null || prefix.length > best.length) best = prefix;
    }
  }
  if (best === null) return parseTagFilterSegment(segment);
  return [best, segment.slice(tagPrefixSlug(best).length + 1)];
}

// ---------------------------------------------------------------------------------------------
// Link builders

/**
 * The search results page.
 * @default '/searchresults.asp'
 */
export const SEARCH_RESULTS_PATH = '/searchresults.asp';

/**
 * The brands index; a brand page is this plus '/{name}'.
 * @default '/brands'
 */
export const BRANDS_PATH = '/brands';

/**
 * The blog base path: the SEE MORE POSTS target, and the base of blog post links.
 * @default '/blogs'
 */
export const DEFAULT_BLOG_PATH = '/blogs';

/** The configured path prefixes (store configuration) the link builders use. */
export interface LinkPaths {
  /** e.g. '/collections'. */
  collectionPath: string;
  /** e.g. '/products'. */
  productPath: string;
  /** e.g. '/articles'. */
  articlePath: string;
  /** Blog base path. @default '/blogs' */
  blogPath?: string;
}

/** Options of a collection link. */
export interface CollectionLinkOptions {
  /** A tag filter, written as the tagFilter path segment. */
  tag?: TagPair;
  /** Query parameters (e.g. the minPrice and maxPrice of a search suggestion). */
  query?: SearchQuery;
}

/** The product page's query parameter that preselects a variant (route notes). @default 'variant' */
export const PRODUCT_VARIANT_PARAM = 'variant';

/**
 * The product page's query parameter that puts the page in 'Add to Order' mode for that order.
 * Choice: the spec names the mode and its orderId but not how a page enters it; the order page
 * links its related products to the product page with this parameter.
 * @default 'orderId'
 */
export const PRODUCT_ORDER_PARAM = 'orderId';

/** What the product page reads from its query string. */
export interface ProductPageParams {
  /** The variant to preselect, or null. */
  variantId: string | null;
  /** The order to add to, or null (a value that is not a whole number above 0 is ignored). */
  orderId: number | null;
  /** 'Add to Order' mode: on exactly when there is a valid orderId. */
  orderMode: boolean;
}

/**
 * Reads the product page's query string: `variant` preselects a variant, `orderId` (digits only,
 * above 0) turns on 'Add to Order' mode for that order.
 *
 * @example
 * productPageParams('?variant=4&orderId=1024'); // { variantId: '4', orderId: 1024, orderMode: true }
 * productPageParams('orderId=abc');              // { variantId: null, orderId: null, orderMode: false }
 */
export function productPageParams(input: string | URLSearchParams | null | undefined): ProductPageParams {
  const params = toParams(input);
  const variant = params.get(PRODUCT_VARIANT_PARAM);
  const rawOrder = (params.get(PRODUCT_ORDER_PARAM) ?? '').trim();
  const order = /^\d{1,16}$/.test(rawOrder) ? Number(rawOrder) : Number.NaN;
  const orderId = Number.isSafeInteger(order) && order > 0 ? order : null;
  return { variantId: variant === null || variant === '' ? null : variant, orderId, orderMode: orderId !== null };
}

/** Options of a product link. */
export interface ProductLinkOptions {
  /** The collection handle the shopper came from, kept in the path for breadcrumbs. */
  collection?: string | null;
  /** A variant to preselect (the `variant` query parameter). */
  variant?: string | number | null;
  /**
   * An existing order the product page adds to ('Add to Order' mode, the `orderId` query
   * parameter); see {@link productPageParams}.
   */
  orderId?: number | null;
}

/** Link builders bound to the configured path prefixes. */
export interface StoreLinks {
  /** The collections root. */
  collections(): string;
  /** The vendors page: collectionPath + '/vendors'. */
  vendors(): string;
  /** A collection, optionally with a tagFilter segment and query parameters. */
  collection(handle: string, options?: CollectionLinkOptions): string;
  /** A product, optionally under a collection handle and with a variant to preselect. */
  product(handle: string, options?: ProductLinkOptions): string;
  /** The articles root. */
  articles(): string;
  /** An article: articlePath + '/{handle}'. */
  article(handle: string): string;
  /** Articles with a tag: articlePath + '/tags/{tagValue}'. */
  articleTag(tagValue: string): string;
  /** The blog base path (SEE MORE POSTS). */
  blog(): string;
  /** A blog post: the blog base path plus '/{handle}'. */
  blogPost(handle: string): string;
}

/** A configured prefix as '/x' without trailing slashes; '' for the site root. */
function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Creates the link builders for the configured path prefixes.
 *
 * Prefixes are normalised (a leading slash added, trailing slashes removed; '' or '/' mean the
 * site root). Handles and values are percent-encoded as path segments. Choices:
 * - The product link under a collection is the collection link plus the product path:
 *   '/collections/pumps/products/superflo' (route table: "collection-handle path plus product
 *   path"); with no collection it is '/products/superflo'.
 * - The vendors page is collectionPath + '/vendors', so a collection whose handle is 'vendors'
 *   would be shadowed by it.
 * - The root of an empty prefix is '/'.
 *
 * @example
 * const links = createStoreLinks({ collectionPath: '/collections', productPath: '/products', articlePath: '/articles' });
 * links.product('superflo', { collection: 'pumps' }); // '/collections/pumps/products/superflo'
 * links.collection('pumps', { tag: ['Horsepower', '1.5 HP'] }); // '/collections/pumps/Horsepower_1.5%20HP'
 * links.blogPost('opening-your-pool'); // '/blogs/opening-your-pool'
 */
export function createStoreLinks(paths: LinkPaths): StoreLinks {
  const collectionPath = normalizePrefix(paths.collectionPath);
  const productPath = normalizePrefix(paths.productPath);
  const articlePath = normalizePrefix(paths.articlePath);
  const blogPath = normalizePrefix(paths.blogPath ?? DEFAULT_BLOG_PATH);
  const root = (prefix: string): string => prefix || '/';
  const collectionBase = (handle: string): string => `${collectionPath}/${encodeSegment(handle)}`;
  return {
    collections: () => root(collectionPath),
    vendors: () => `${collectionPath}/vendors`,
    collection(handle, options = {}) {
      const tag = options.tag ? `/${encodeSegment(tagFilterSegment(options.tag))}` : '';
      return withQuery(`${collectionBase(handle)}${tag}`, options.query ? toQueryString(options.query) : '');
    },
    product(handle, options = {}) {
      const base = options.collection ? collectionBase(options.collection) : '';
      const params: [string, string][] = [];
      if (options.variant != null && options.variant !== '') params.push([PRODUCT_VARIANT_PARAM, String(options.variant)]);
      if (options.orderId != null && Number.isSafeInteger(options.orderId) && options.orderId > 0) params.push([PRODUCT_ORDER_PARAM, String(options.orderId)]);
      return withQuery(`${base}${productPath}/${encodeSegment(handle)}`, joinParams(params));
    },
    articles: () => root(articlePath),
    article: (handle) => `${articlePath}/${encodeSegment(handle)}`,
    articleTag: (tagValue) => `${articlePath}/tags/${encodeSegment(tagValue)}`,
    blog: () => root(blogPath),
    blogPost: (handle) => `${blogPath}/${encodeSegment(handle)}`,
  };
}

/**
 * The vendor link of a product: the search results page with query `v` (route notes).
 * @example vendorLink('Hayward Pool'); // '/searchresults.asp?v=Hayward%20Pool'
 */
export function vendorLink(vendor: string): string {
  return withQuery(SEARCH_RESULTS_PATH, joinParams([['v', vendor]]));
}

/**
 * A brand page: '/brands/{name}' (footer POPULAR BRANDS), the name percent-encoded.
 * @example brandLink('A&B Pools'); // '/brands/A%26B%20Pools'
 */
export function brandLink(name: string): string {
  return `${BRANDS_PATH}/${encodeSegment(name)}`;
}

/**
 * The search results page for a query object, written by {@link toQueryString}.
 * @example searchLink({ q: 'pump', sortBy: 'price_asc' }); // '/searchresults.asp?q=pump&sortBy=price_asc'
 */
export function searchLink(query: SearchQuery): string {
  return withQuery(SEARCH_RESULTS_PATH, toQueryString(query));
}

/**
 * Where a search from the header box goes: the search results page with page=0 (route notes),
 * or `null` when both `q` and `v` are empty after trimming (Enter with an empty query does
 * nothing).
 *
 * @example
 * headerSearchLink({ q: 'sand filter' }); // '/searchresults.asp?page=0&q=sand%20filter'
 * headerSearchLink({ q: '  ' }); // null
 */
export function headerSearchLink(query: SearchQuery): string | null {
  if (!isSubmittableQuery(query.q) && !isSubmittableQuery(query.v)) return null;
  return searchLink({ ...query, page: 0 });
}

// ---------------------------------------------------------------------------------------------
// The products filter API

/**
 * The field lists of the catalogue queries, word for word.
 * - `described`: title, seoDescription, handle, id, for lists that show a summary line.
 * - `basic`: title, handle, id; the header box's 'Categories' group (the collections call reads
 *   id, title, handle).
 * - `withVendor`: title, handle, id, vendor; the header box's 'Products' group.
 */
export const QUERY_FIELDS = {
  described: ['title', 'seoDescription', 'handle', 'id'],
  basic: ['title', 'handle', 'id'],
  withVendor: ['title', 'handle', 'id', 'vendor'],
} as const satisfies Record<string, readonly string[]>;

/**
 * How many items the header box asks for.
 * @default 4
 */
export const HEADER_SEARCH_LIMIT = 4;

/**
 * How many products each home grid shows (page 0).
 * @default 4
 */
export const HOME_GRID_LIMIT = 4;

/**
 * Parameters of `GET /api/products/filter` (and `GET /api/collections` with the same params).
 * Unlike the page URL, `limit` may be any positive integer (the header box and home grids
 * ask for 4); the server applies its own cap.
 */
export interface ProductsFilterParams extends SearchQuery {
  isFeatured?: boolean;
  /** Field names to return; written comma-separated. */
  fields?: readonly string[];
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function normalizeFields(fields: readonly string[] | null | undefined): string[] {
  const out: string[] = [];
  for (const field of fields ?? []) {
    const name = String(field).trim();
    if (FIELD_NAME.test(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * The normal form of products-filter parameters: the search rules of `normalizeSearchQuery`
 * for every shared field, `limit` kept when it is a positive integer (else dropped: the server
 * default applies), `isFeatured` kept when boolean, `fields` trimmed, deduplicated and limited
 * to identifier-like names ('Images.url' allowed).
 */
export function normalizeProductsFilterParams(params: ProductsFilterParams): ProductsFilterParams {
  const { limit, isFeatured, fields, ...search } = params;
  const out: ProductsFilterParams = normalizeSearchQuery(search);
  if (isPositiveInteger(limit)) out.limit = limit;
  if (typeof isFeatured === 'boolean') out.isFeatured = isFeatured;
  const names = normalizeFields(fields);
  if (names.length > 0) out.fields = names;
  return out;
}

/**
 * Writes the query string of `GET /api/products/filter` (no leading '?'), parameters in the
 * spec's order: q, v, t, minPrice, maxPrice, sortBy, limit, page, c, isFeatured, fields.
 *
 * @example
 * productsFilterQuery({ q: 'pump', limit: 4, fields: QUERY_FIELDS.withVendor });
 * // 'q=pump&limit=4&fields=title,handle,id,vendor'
 */
export function productsFilterQuery(params: ProductsFilterParams): string {
  const n = normalizeProductsFilterParams(params);
  const entries: [string, string][] = [];
  if (n.q !== undefined) entries.push(['q', n.q]);
  if (n.v !== undefined) entries.push(['v', n.v]);
  for (const pair of n.t ?? []) entries.push(['t', tagParam(pair)]);
  pushPrice(entries, 'minPrice', n.minPrice);
  pushPrice(entries, 'maxPrice', n.maxPrice);
  if (n.sortBy !== undefined) entries.push(['sortBy', n.sortBy]);
  if (n.limit !== undefined) entries.push(['limit', String(n.limit)]);
  if (n.page !== undefined) entries.push(['page', String(n.page)]);
  if (n.c !== undefined) entries.push(['c', n.c]);
  if (n.isFeatured !== undefined) entries.push(['isFeatured', String(n.isFeatured)]);
  if (n.fits !== undefined) entries.push(['fits', n.fits.join(',')]);
  if (n.fields !== undefined) entries.push(['fields', n.fields.join(',')]);
  return joinParams(entries);
}

/**
 * Reads the query string of `GET /api/products/filter` or `GET /api/collections` (the server's
 * side). Shared fields follow {@link fromQueryString}; `limit` is kept when it is a positive
 * integer; `isFeatured` reads 'true' or 'false' only; `fields` is a comma-separated list.
 *
 * Law: `parseProductsFilterQuery(productsFilterQuery(x))` equals
 * `normalizeProductsFilterParams(x)`.
 *
 * @example
 * parseProductsFilterQuery('q=pump&limit=4&isFeatured=true&fields=title,handle,id');
 * // { q: 'pump', limit: 4, isFeatured: true, fields: ['title', 'handle', 'id'] }
 */
export function parseProductsFilterQuery(input: string | URLSearchParams | null | undefined): ProductsFilterParams {
  const params = toParams(input);
  const raw: ProductsFilterParams = readCommon(params);
  const limit = params.get('limit')?.trim();
  if (limit !== undefined && /^\d+$/.test(limit)) raw.limit = Number(limit);
  const featured = params.get('isFeatured');
  if (featured === 'true' || featured === 'false') raw.isFeatured = featured === 'true';
  const fields = params.get('fields');
  if (fields !== null) raw.fields = fields.split(',');
  return normalizeProductsFilterParams(raw);
}

/**
 * The header box's products call: the typed query (with any accepted price bounds), page 0,
 * limit 4, and the fields title, handle, id, vendor.
 *
 * @example headerProductsQuery({ q: 'spx1600' }); // 'q=spx1600&limit=4&page=0&fields=title,handle,id,vendor'
 */
export function headerProductsQuery(query: SearchQuery): string {
  return productsFilterQuery({ ...query, limit: HEADER_SEARCH_LIMIT, page: 0, fields: QUERY_FIELDS.withVendor });
}

/**
 * The header box's collections call, sent with the same parameters as the products call and
 * the fields title, handle, id.
 *
 * @example headerCollectionsQuery({ q: 'pumps' }); // 'q=pumps&limit=4&page=0&fields=title,handle,id'
 */
export function headerCollectionsQuery(query: SearchQuery): string {
  return productsFilterQuery({ ...query, limit: HEADER_SEARCH_LIMIT, page: 0, fields: QUERY_FIELDS.basic });
}

/** The three home grids. */
export type HomeGrid = 'featured' | 'popular' | 'new';

/**
 * The products call of a home grid: page=0 and limit=4, plus, as we read the spec's "isFeatured=true
 * and sortBy best_selling or id_desc": FEATURED PRODUCTS asks isFeatured=true, MOST POPULAR
 * PRODUCTS sortBy=best_selling, NEW PRODUCTS sortBy=id_desc. No fields list: the grids show
 * full product cards (price, image, stock), which none of the three field lists carries.
 *
 * @example
 * homeGridQuery('featured'); // 'limit=4&page=0&isFeatured=true'
 * homeGridQuery('new'); // 'sortBy=id_desc&limit=4&page=0'
 */
export function homeGridQuery(grid: HomeGrid): string {
  const base: ProductsFilterParams = { limit: HOME_GRID_LIMIT, page: 0 };
  if (grid === 'featured') return productsFilterQuery({ ...base, isFeatured: true });
  return productsFilterQuery({ ...base, sortBy: grid === 'popular' ? 'best_selling' : 'id_desc' });
}
