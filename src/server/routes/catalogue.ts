/**
 * The catalogue calls of spec section 7 (products, product search, collections, hierarchy,
 * vendors) plus what the storefront's other screens need in the same style (products by ids,
 * related products, product reviews and questions). Search runs on the in-memory index; the
 * page's ids are then joined from the cards held in memory as JSON (search/cache.ts), and whole
 * search answers are cached by query until the next catalogue write.
 * Routes that answer cached JSON text send it as is: the text is what their response schema
 * would serialise (tested against the schema's own serialiser).
 * @module
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromCents, toCents } from '../../domain/money.ts';
import { totalPages } from '../../domain/pagination.ts';
import { MEDIAN_PAGE_SIZE, normalizeTagPairs } from '../../domain/search.ts';
import { parseProductsFilterQuery, type ProductsFilterParams } from '../../domain/urls.ts';
import type { SortBy, TagPair } from '../../domain/entities.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import {
  CARD_FIELDS,
  productByHandle,
  productExists,
  productQuestions,
  productReviews,
  relatedProductIds,
  vendorsPage,
  type VendorDetail,
  type VendorSort,
} from '../repositories/catalogue.ts';
import type { CollectionTree } from '../repositories/collections.ts';
import {
  byIdsQuerystring,
  errorResponses,
  handleParams,
  idParams,
  MAX_PRICE,
  pagingQuerystring,
  searchQuerystring,
  vendorsQuerystring,
} from '../schemas.ts';
import type { CatalogueCache } from '../search/cache.ts';
import type { EquipmentService } from '../modules/equipment/service.ts';
import type { IndexFacets, IndexQuery, SearchIndex } from '../search/types.ts';
import { readPricePhrases, type PriceFilterRead } from '../search/price.ts';
import { equipmentSummarySchema } from '../modules/equipment/schemas.ts';

/** What the catalogue routes work on. */
export interface CatalogueContext {
  db: Db;
  tree: CollectionTree;
  index: SearchIndex;
  /** Cards as JSON and whole search answers, invalidated by catalogue writes. */
  cache: CatalogueCache;
  /** Vendors with product counts, cached until the next catalogue write. */
  vendors(): Promise<VendorDetail[]>;
  /**
   * Parts that fit (issue 15): the `fits` filter, the search answer's `equipment` and
   * `matchedPartNumber`, the product detail's Fitments, PartNumbers and SupersededBy.
   * Absent: none of these (a `fits` filter then answers 404).
   */
  equipment?: EquipmentService;
}

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
  /** Equipment handles, comma-separated: only products that fit one of the models (issue 15). */
  fits?: string;
}

/** Fields `fields=` may select on collections. */
export const COLLECTION_FIELDS = ['id', 'title', 'handle', 'seoDescription', 'imageUrl', 'minPrice', 'maxPrice'] as const;

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

const notFound = (what: string): HttpError => new HttpError(404, `${what} not found`);

/** Content type of the answers sent as ready JSON text (what Fastify sets for serialised JSON). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The cache key of a search: the validated query and the fields, nothing else changes the answer. */
export function searchCacheKey(q: IndexQuery, fields: readonly string[] | null): string {
  return JSON.stringify([q.q, q.v, q.t, q.c, q.minPriceCents, q.maxPriceCents, q.isFeatured, q.sortBy, q.limit, q.page, fields]);
}

/** Cards of ids as JSON text joined by commas, keeping only `fields` (in the schema's order) when given. */
function joinCards(cache: CatalogueCache, ids: readonly number[], fields: readonly string[] | null): { json: Buffer; count: number } {
  if (fields === null) return cache.cardsJson(ids);
  const wanted = CARD_FIELDS.filter((f) => fields.includes(f));
  const picked = cache.cardObjects(ids).map((card) => {
    const out: Record<string, unknown> = {};
    for (const f of wanted) out[f] = card[f];
    return JSON.stringify(out);
  });
  return { json: Buffer.from(picked.join(',')), count: picked.length };
}

/**
 * The compression a request accepts for a search answer, br preferred (the app's compress
 * plugin negotiates the same way): null for none, for 'identity' only, for a q of 0, or
 * with the x-no-compression header.
 */
export function acceptedEncoding(req: Pick<FastifyRequest, 'headers'>): 'br' | 'gzip' | null {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string' || req.headers['x-no-compression'] !== undefined) return null;
  let br = false;
  let gzip = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((x) => x.trim());
    const q = params.find((x) => x.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br' || name === '*') br = true;
    if (name === 'gzip' || name === 'x-gzip') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

/** Answers below this many bytes are sent as they are (the compress plugin's threshold). */
const COMPRESS_THRESHOLD = 1024;

/** Compresses an answer as the app's compress plugin would (brotli quality 5, or gzip). */
function compress(encoding: 'br' | 'gzip', body: Buffer): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body);
}

const PRODUCTS_OPEN = Buffer.from('{"products":[');
const PRODUCTS_CLOSE = Buffer.from(']}');

/**
 * The end of a page info from its facet lists on, as UTF-8 bytes, for facet objects the
 * index shares between answers: kept as long as the index keeps the object (until a write).
 */
const facetsJsonMemo = new WeakMap<object, Buffer>();

/** '"availableTagPrefixes":[...],...,"productMaxPrice":n}}' of an answer's facets. */
function facetsTail(facets: Readonly<IndexFacets>): Buffer {
  let bytes = facetsJsonMemo.get(facets);
  if (bytes === undefined) {
    bytes = Buffer.from(`"availableTagPrefixes":${JSON.stringify(facets.availableTagPrefixes)},`
      + `"availableTagFilters":${JSON.stringify(facets.availableTagFilters)},`
      + `"availableVendors":${JSON.stringify(facets.availableVendors)},`
      + `"productMaxPrice":${JSON.stringify(fromCents(facets.productMaxPriceCents))}}}`);
    facetsJsonMemo.set(facets, bytes);
  }
  return bytes;
}

/** Registers the catalogue routes. */
export function catalogueRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  const { db, tree, index, cache } = ctx;
  const sendCards = (reply: FastifyReply, ids: readonly number[], fields: readonly string[] | null = null): FastifyReply =>
    reply.type(JSON_CONTENT_TYPE).send(fields === null
      ? cache.cardsWithin(ids, PRODUCTS_OPEN, () => [PRODUCTS_CLOSE])
      : Buffer.concat([PRODUCTS_OPEN, joinCards(cache, ids, fields).json, PRODUCTS_CLOSE]));
  /**
   * The answer of a search as bytes: the cards copied from the card store, then the page
   * info written as JSON.stringify would write the PageInfo object (same keys, same order;
   * tested byte for byte), in one buffer. Its facet lists are the larger part: they are
   * serialised once per facet object the index shares between answers (see SearchPage).
   */
  const searchAnswer = (query: IndexQuery, fields: readonly string[] | null, priceFilter: readonly PriceFilterRead[] = []): Buffer => {
    const found = index.searchPage(query);
    // parts that fit: the models a model number names, the part number q equals (its product first)
    const extras = ctx.equipment?.searchExtras(query, found.ids) ?? null;
    const page = extras === null ? found : { ...found, ids: extras.ids };
    // the price phrases read from q, only when there were any (an additive field)
    const priced = priceFilter.length === 0 ? '' : `"priceFilter":${JSON.stringify(priceFilter)},`;
    const body = searchBody(query, fields, page, (extras?.pageInfo ?? '') + priced);
    // the extras close the answer: '...}}' becomes '...},"equipment":[...]}'
    return extras === null ? body : Buffer.concat([body.subarray(0, body.length - 1), Buffer.from(`,${extras.json}}`)]);
  };
  // `notes`: page-info fields of parts that fit ('"replacedBy":{...},' for a superseded number), or ''
  const searchBody = (query: IndexQuery, fields: readonly string[] | null, page: { ids: number[]; totalObjects: number; relaxed: boolean; facets: Readonly<IndexFacets> }, notes = ''): Buffer => {
    const pages = totalPages(page.totalObjects, query.limit);
    const pageInfoHead = (count: number): Buffer => Buffer.from(`],"pageInfo":{"limitPerPage":${JSON.stringify(query.limit)},`
      + `"totalObjects":${page.totalObjects},"totalPages":${pages},"pages":${pages},"count":${count},${page.relaxed ? '"relaxed":true,' : ''}${notes}`);
    if (fields === null) return cache.cardsWithin(page.ids, PRODUCTS_OPEN, (count) => [pageInfoHead(count), facetsTail(page.facets)]);
    const cards = joinCards(cache, page.ids, fields);
    return Buffer.concat([PRODUCTS_OPEN, cards.json, pageInfoHead(cards.count), facetsTail(page.facets)]);
  };
  const cardsResponse = { type: 'object', properties: { products: { type: 'array', items: { $ref: 'ProductCard#' } } } } as const;

  app.get<{ Params: { handle: string } }>(
    '/api/products/handle/:handle',
    {
      schema: {
        summary: 'A product by handle, with Variants and availableInventoryLevels',
        tags: ['products'],
        params: handleParams,
        response: { 200: { type: 'object', properties: { product: { $ref: 'Product#' } } }, ...errorResponses },
      },
    },
    async (req) => {
      const product = await productByHandle(db, req.params.handle);
      if (!product) throw notFound('Product');
      return { product: ctx.equipment ? { ...product, ...ctx.equipment.productFields(product.id) } : product };
    },
  );

  app.get<{ Querystring: SearchParams }>(
    '/api/products/filter',
    {
      // the route negotiates and caches its own compression (below), as the compress plugin
      // would, so the plugin's per-request hooks are left out of this hot path
      compress: false,
      decompress: false,
      schema: {
        summary: 'Product search: keywords, part numbers, vendor, tags, price, collection, featured; sorted and paged, with facets',
        tags: ['products'],
        querystring: searchQuerystring,
        response: {
          200: {
            type: 'object',
            properties: {
              products: { type: 'array', items: { $ref: 'ProductCard#' } },
              // PageInfo, and the price phrases read from q (additive: absent when q had none)
              pageInfo: {
                allOf: [{ $ref: 'PageInfo#' }, {
                  type: 'object',
                  properties: {
                    priceFilter: {
                      type: 'array',
                      description: "Price phrases read from q by the storefront pill's rules ('under $800'), each applied as minPrice or maxPrice and removed from q",
                      items: {
                        type: 'object',
                        properties: {
                          phrase: { type: 'string' }, bound: { type: 'string', enum: ['min', 'max'] }, price: { type: 'number' }, text: { type: 'string' },
                        },
                      },
                    },
                  },
                }],
              },
              // with q (issue 15): models named by their number, and the part number q equals
              equipment: { type: 'array', items: equipmentSummarySchema },
              matchedPartNumber: {
                type: 'object',
                properties: { number: { type: 'string' }, kind: { type: 'string', enum: ['oem', 'aftermarket', 'supersedes'] }, productId: { type: 'integer' } },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const params = filterQueryOf(req);
      const fields = parseFields(params.fields?.join(','), CARD_FIELDS);
      // price phrases in q ('pump under $800') by the storefront pill's rules, for every client
      const priced = readPricePhrases(params.q, params.minPrice, params.maxPrice, MAX_PRICE);
      const query = toIndexQuery({ ...params, q: priced.q, minPrice: priced.minPrice, maxPrice: priced.maxPrice });
      const fits = req.query.fits;
      if (fits !== undefined) {
        if (!ctx.equipment) throw notFound('Equipment');
        query.fits = ctx.equipment.fitsLists(fits);
      }
      // without the answer cache there is no key to build
      const key = cache.keepsAnswers
        ? searchCacheKey(query, fields) + (fits === undefined ? '' : ` fits=${fits}`) + (priced.read.length === 0 ? '' : ` price=${JSON.stringify(priced.read)}`)
        : null;
      const body = key === null ? searchAnswer(query, fields, priced.read) : cache.response(key, () => searchAnswer(query, fields, priced.read));
      // compressed answers are cached too: a browser's hit must not pay for a brotli pass
      // (the compress plugin leaves an answer that already has a content-encoding alone)
      reply.type(JSON_CONTENT_TYPE).header('vary', 'accept-encoding');
      const encoding = body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(req) : null;
      if (encoding === null) return reply.send(body);
      const compressed = key === null ? compress(encoding, body) : cache.response(`${encoding} ${key}`, () => compress(encoding, body));
      return reply.header('content-encoding', encoding).send(compressed);
    },
  );

  app.get<{ Querystring: { ids: string; fields?: string } }>(
    '/api/products/byIds',
    {
      schema: {
        summary: 'Product cards by ids, in the order given (recently viewed); unknown ids are skipped',
        tags: ['products'],
        querystring: byIdsQuerystring,
        response: { 200: cardsResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const fields = parseFields(req.query.fields, CARD_FIELDS);
      return sendCards(reply, req.query.ids.split(',').map(Number), fields);
    },
  );

  app.get<{ Querystring: { page?: number; limit?: number; sortBy?: VendorSort; order?: 'ASC' | 'DESC' } }>(
    '/api/products/vendors/fullDetail',
    {
      schema: {
        summary: 'Vendors with their product counts',
        tags: ['products'],
        querystring: vendorsQuerystring,
        response: {
          200: {
            type: 'object',
            properties: {
              vendors: {
                type: 'array',
                items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, handle: { type: 'string' }, productCount: { type: 'integer' } } },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      vendors: vendorsPage(await ctx.vendors(), {
        page: req.query.page ?? 0,
        limit: req.query.limit ?? 10,
        sortBy: req.query.sortBy ?? 'PRODUCT_COUNT',
        order: req.query.order ?? 'DESC',
      }),
    }),
  );

  app.get<{ Params: { id: number } }>(
    '/api/products/:id/related',
    {
      schema: { summary: 'Related products of a product', tags: ['products'], params: idParams, response: { 200: cardsResponse, ...errorResponses } },
    },
    async (req, reply) => {
      if (!await productExists(db, req.params.id)) throw notFound('Product');
      return sendCards(reply, await relatedProductIds(db, req.params.id));
    },
  );

  app.get<{ Params: { id: number }; Querystring: { page?: number; limit?: number } }>(
    '/api/products/:id/reviews',
    {
      schema: {
        summary: "A product's reviews, newest first, paged",
        tags: ['products'],
        params: idParams,
        querystring: pagingQuerystring,
        response: {
          200: {
            type: 'object',
            properties: {
              reviews: { type: 'array', items: { $ref: 'Review#' } },
              pageInfo: {
                type: 'object',
                properties: { limitPerPage: { type: 'integer' }, totalObjects: { type: 'integer' }, totalPages: { type: 'integer' }, pages: { type: 'integer' }, count: { type: 'integer' } },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      if (!await productExists(db, req.params.id)) throw notFound('Product');
      const limit = req.query.limit ?? 10;
      const { reviews, total } = await productReviews(db, req.params.id, req.query.page ?? 0, limit);
      const pages = totalPages(total, limit);
      return { reviews, pageInfo: { limitPerPage: limit, totalObjects: total, totalPages: pages, pages, count: reviews.length } };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/products/:id/questions',
    {
      schema: {
        summary: "A product's questions and answers (the product page's Q&A area)",
        tags: ['products'],
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              questions: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' }, question: { type: 'string' }, askedBy: { type: 'string' },
                    answer: { type: ['string', 'null'] }, answeredBy: { type: ['string', 'null'] }, createdAt: { type: 'string' },
                  },
                },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      if (!await productExists(db, req.params.id)) throw notFound('Product');
      return { questions: await productQuestions(db, req.params.id) };
    },
  );

  // ---- collections

  app.get<{ Querystring: SearchParams }>(
    '/api/collections',
    {
      schema: {
        summary: 'Collections whose title matches q (search suggestions); minPrice and maxPrice are passed through for the suggestion links',
        tags: ['collections'],
        querystring: searchQuerystring,
        response: {
          200: {
            type: 'object',
            properties: {
              collections: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' }, title: { type: 'string' }, handle: { type: 'string' },
                    seoDescription: { type: ['string', 'null'] }, imageUrl: { type: ['string', 'null'] },
                    minPrice: { type: 'number' }, maxPrice: { type: 'number' },
                  },
                },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      // read like the product search, so one query object is valid for both calls
      const params = filterQueryOf(req);
      const fields = parseFields(params.fields?.join(','), COLLECTION_FIELDS);
      const query = toIndexQuery(params);
      const search: Parameters<CollectionTree['search']>[0] = { limit: query.limit, page: query.page };
      if (query.q !== undefined) search.q = query.q;
      if (query.c !== undefined) search.c = query.c;
      if (params.minPrice !== undefined) search.minPrice = params.minPrice;
      if (params.maxPrice !== undefined) search.maxPrice = params.maxPrice;
      const collections = tree.search(search).map((c) => {
        if (fields === null) return c;
        const out: Record<string, unknown> = {};
        for (const f of fields) if (f in c) out[f] = c[f as keyof typeof c];
        return out;
      });
      return { collections };
    },
  );

  app.get<{ Params: { handle: string } }>(
    '/api/collections/handle/:handle',
    {
      schema: {
        summary: 'A collection by handle',
        tags: ['collections'],
        params: handleParams,
        response: { 200: { type: 'object', properties: { collection: { $ref: 'Collection#' } } }, ...errorResponses },
      },
    },
    async (req) => {
      const node = tree.nodeByHandle(req.params.handle);
      if (!node) throw notFound('Collection');
      return { collection: tree.collection(node) };
    },
  );

  app.get<{ Params: { cat: string } }>(
    '/api/collections/:cat',
    {
      schema: {
        summary: "A collection by id (the search page's 'cat' parameter); a handle is accepted too",
        tags: ['collections'],
        params: {
          type: 'object',
          properties: { cat: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9_-]+$' } },
          required: ['cat'],
        },
        response: { 200: { type: 'object', properties: { collection: { $ref: 'Collection#' } } }, ...errorResponses },
      },
    },
    async (req) => {
      const cat = req.params.cat;
      const node = /^[0-9]{1,10}$/.test(cat) ? tree.node(Number(cat)) : tree.nodeByHandle(cat);
      if (!node) throw notFound('Collection');
      return { collection: tree.collection(node) };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { limit?: number } }>(
    '/api/collections/:id/products/featured',
    {
      schema: {
        summary: 'Featured products of a collection and its subcollections, best selling first',
        tags: ['collections'],
        params: idParams,
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 100 } } },
        response: { 200: cardsResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      if (!tree.node(req.params.id)) throw notFound('Collection');
      const result = index.searchPage({ c: req.params.id, isFeatured: true, sortBy: 'best_selling', limit: req.query.limit ?? 8, page: 0 });
      return sendCards(reply, result.ids);
    },
  );

  const hierarchyRoute = (path: string, summary: string, read: (id: number) => unknown[]): void => {
    app.get<{ Params: { id: number } }>(
      path,
      {
        schema: {
          summary,
          tags: ['collections'],
          params: idParams,
          response: { 200: { type: 'object', properties: { hierarchy: { $ref: 'Hierarchy#' } } }, ...errorResponses },
        },
      },
      async (req) => {
        if (!tree.node(req.params.id)) throw notFound('Collection');
        return { hierarchy: { default: read(req.params.id) } };
      },
    );
  };
  hierarchyRoute(
    '/api/collections/:id/hierarchy',
    'The collection (LEVEL 1) and its descendants (children at LEVEL 2), depth first, siblings by title',
    (id) => tree.hierarchy(id),
  );
  hierarchyRoute(
    '/api/collections/:id/upper-hierarchy',
    'The ancestors of a collection from the top level (LEVEL 1) down to the collection itself',
    (id) => tree.upperHierarchy(id),
  );
}
