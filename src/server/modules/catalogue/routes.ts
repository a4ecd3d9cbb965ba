/**
 * The storefront's catalogue calls (products, product search, collections, hierarchy, vendors,
 * products by ids, related products, product reviews and questions): schemas and HTTP only; the
 * rules (query reading, what answers 404) are in service.ts. Search runs on the in-memory index; the
 * page's ids are then joined from the cards held in memory as JSON (search/cache.ts), and whole
 * search answers are cached by query until the next catalogue write.
 * Routes that answer cached JSON text send it as is: the text is what their response schema
 * would serialise (tested against the schema's own serialiser).
 * @module
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromCents } from '../../../domain/money.ts';
import { totalPages } from '../../../domain/pagination.ts';
import type { Db } from '../../platform/db/database.ts';
import { CARD_FIELDS, vendorsPage, type VendorDetail, type VendorSort } from './repository.ts';
import type { CollectionTree } from './collections.repository.ts';
import {
  byIdsQuerystring,
  errorResponses,
  handleParams,
  idParams,
  MAX_PRICE,
  pagingQuerystring,
  searchQuerystring,
  vendorsQuerystring,
} from './schemas.ts';
import type { CachedAnswer, CatalogueCache } from '../search/cache.ts';
import type { EquipmentService } from '../equipment/service.ts';
import type { IndexFacets, IndexQuery, SearchIndex } from '../search/types.ts';
import { readPricePhrases, type PriceFilterRead } from '../search/price.ts';
import { equipmentSummarySchema } from '../equipment/schemas.ts';
import {
  collectionByCat,
  collectionByHandle,
  collectionHierarchy,
  COLLECTION_FIELDS,
  collectionSuggestions,
  collectionUpperHierarchy,
  featuredIds,
  filterQueryOf,
  fitsListsOf,
  parseFields,
  productDetail,
  questionsOf,
  relatedIds,
  reviewsPage,
  toIndexQuery,
  type SearchParams,
} from './service.ts';

// the query readers are the service's (kept importable from here)
export { COLLECTION_FIELDS, filterQueryOf, parseFields, parseTags, toIndexQuery, type SearchParams } from './service.ts';

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
   * Parts that fit: the `fits` filter, the search answer's `equipment` and
   * `matchedPartNumber`, the product detail's Fitments, PartNumbers and SupersededBy.
   * Absent: none of these (a `fits` filter then answers 404).
   */
  equipment?: EquipmentService;
}

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
/** Ascending ids with some more (ascending, no repeats). */
function withIds(sorted: Uint32Array, more: readonly number[]): Uint32Array {
  return Uint32Array.from(new Set([...sorted, ...more])).sort();
}
/**
 * A cached search answer keeps the ids it was drawn from when at most this many (4 bytes each):
 * a price or stock change to other products then leaves it cached. An answer drawn from more
 * (a broad word, a whole collection) is forgotten at any change. @default 5000
 */
export const ANSWER_CANDIDATES = 5000;

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
  const searchAnswer = (query: IndexQuery, fields: readonly string[] | null, priceFilter: readonly PriceFilterRead[] = []): CachedAnswer => {
    const found = index.searchPage(cache.keepsAnswers ? { ...query, listCandidates: ANSWER_CANDIDATES } : query);
    // parts that fit: the models a model number names, the part number q equals (its product first)
    const extras = ctx.equipment?.searchExtras(query, found.ids) ?? null;
    const page = extras === null ? found : { ...found, ids: extras.ids };
    // the price phrases read from q, only when there were any (an additive field)
    const priced = priceFilter.length === 0 ? '' : `"priceFilter":${JSON.stringify(priceFilter)},`;
    const body = searchBody(query, fields, page, (extras?.pageInfo ?? '') + priced);
    // the products it was drawn from, kept with it in the answer cache (and the one whose card
    // the parts that fit read: a superseded number's replacement)
    const reads = extras?.reads ?? [];
    const from = found.candidates === undefined ? null : reads.length === 0 ? found.candidates : withIds(found.candidates, reads);
    if (extras === null) return { body, from };
    // the extras close the answer: '...}}' becomes '...},"equipment":[...]}'
    return { body: Buffer.concat([body.subarray(0, body.length - 1), Buffer.from(`,${extras.json}}`)]), from };
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
    (req) => productDetail(db, ctx.equipment, req.params.handle),
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
              // with q: models named by their number, and the part number q equals
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
      if (fits !== undefined) query.fits = fitsListsOf(ctx.equipment, fits);
      // without the answer cache there is no key to build
      const key = cache.keepsAnswers
        ? searchCacheKey(query, fields) + (fits === undefined ? '' : ` fits=${fits}`) + (priced.read.length === 0 ? '' : ` price=${JSON.stringify(priced.read)}`)
        : null;
      const plain = (): CachedAnswer => searchAnswer(query, fields, priced.read);
      const { body } = key === null ? plain() : cache.answer(key, plain);
      // compressed answers are cached too: a browser's hit must not pay for a brotli pass
      // (the compress plugin leaves an answer that already has a content-encoding alone)
      reply.type(JSON_CONTENT_TYPE).header('vary', 'accept-encoding');
      const encoding = body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(req) : null;
      if (encoding === null) return reply.send(body);
      // (worked out again after a change from the plain answer of then, never from this one)
      const compressed = key === null ? compress(encoding, body) : cache.answer(`${encoding} ${key}`, () => {
        const now = cache.answer(key, plain);
        return { body: compress(encoding, now.body), from: now.from };
      }).body;
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
    async (req, reply) => sendCards(reply, await relatedIds(db, req.params.id)),
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
    (req) => reviewsPage(db, req.params.id, req.query.page ?? 0, req.query.limit ?? 10),
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
    (req) => questionsOf(db, req.params.id),
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
      return { collections: collectionSuggestions(tree, params, parseFields(params.fields?.join(','), COLLECTION_FIELDS)) };
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
    async (req) => ({ collection: collectionByHandle(tree, req.params.handle) }),
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
    async (req) => ({ collection: collectionByCat(tree, req.params.cat) }),
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
    async (req, reply) => sendCards(reply, featuredIds(tree, index, req.params.id, req.query.limit ?? 8)),
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
      async (req) => ({ hierarchy: { default: read(req.params.id) } }),
    );
  };
  hierarchyRoute(
    '/api/collections/:id/hierarchy',
    'The collection (LEVEL 1) and its descendants (children at LEVEL 2), depth first, siblings by title',
    (id) => collectionHierarchy(tree, id),
  );
  hierarchyRoute(
    '/api/collections/:id/upper-hierarchy',
    'The ancestors of a collection from the top level (LEVEL 1) down to the collection itself',
    (id) => collectionUpperHierarchy(tree, id),
  );
}
