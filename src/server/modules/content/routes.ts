/**
 * The content routes of the reference server: navigation, site reviews, blog, brands, help,
 * questions, generic pages, countries and states, configuration, and the generated content images.
 *
 * Register without a prefix (the paths are absolute, as the storefront calls them):
 * `app.register(contentRoutes, { db })`. The plugin is encapsulated: its error handler (validation
 * 400 and 4xx as JSON `{ error }`, never a bare 500) applies to its own routes only.
 * @module
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifySchema } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { createContentRepository } from './repository.ts';
import type { ArticleSortBy, ContentRepository, SortOrder } from './repository.ts';
import { parseContentMediaFile, renderContentSvg } from './media.ts';
import { answerDatabaseFault } from '../../platform/http/errors.ts';
import {
  articleSchema,
  brandSchema,
  countrySchema,
  errorSchema,
  handleParam,
  helpAnswerSchema,
  helpTopicSchema,
  limitParam,
  MAX_NAV_DEPTH,
  navLinkSchema,
  pageInfoSchema,
  pageParam,
  pageSchema,
  questionTopicSchema,
  responses,
  siteReviewSchema,
  stateSchema,
  storeConfigSchema,
  themeConfigSchema,
  threadSchema,
  threadSummarySchema,
} from './schemas.ts';

/** Options of `contentRoutes`: a database (migration 002 applied) or a ready repository. */
export type ContentRoutesOptions = { db: Db } | { repository: ContentRepository };

/** Default page size of the blog list: the blog requests 10 articles. */
export const DEFAULT_ARTICLE_LIMIT = 10;

/** Default page size of site reviews: the reviews carousel's page size is 6. */
export const DEFAULT_SITE_REVIEW_LIMIT = 6;

/** Default page size of a question topic's threads. */
export const DEFAULT_THREAD_LIMIT = 20;

/** Default page size of states: large enough that page 0 holds every US state and DC. */
export const DEFAULT_STATE_LIMIT = 100;

/** The message of an unexpected failure; the storefront's generic text. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again.';

const TAGS = ['content'];

/** A route schema with the OpenAPI annotations @fastify/swagger reads. */
type RouteSchema = FastifySchema & { summary?: string; description?: string; tags?: string[]; hide?: boolean };

const obj = (properties: Record<string, object>, required: string[] = []) =>
  ({ type: 'object', properties, required }) as const;

function notFound(reply: FastifyReply, what: string) {
  return reply.code(404).send({ error: `${what} not found.` });
}

/**
 * The paths to register for a route the spec writes with a trailing slash: both forms, unless
 * the app already treats them as one (registering both would then be a duplicate route).
 */
function withTrailingSlash(fastify: FastifyInstance, path: string): string[] {
  const cfg = fastify.initialConfig as { ignoreTrailingSlash?: boolean; routerOptions?: { ignoreTrailingSlash?: boolean } };
  return cfg.ignoreTrailingSlash || cfg.routerOptions?.ignoreTrailingSlash ? [path] : [path, `${path}/`];
}

/**
 * Fastify plugin serving the content side of the API.
 *
 * @example
 * const app = Fastify();
 * await app.register(contentRoutes, { db });
 * await app.inject({ url: '/api/articles' }); // 200 { articles, pageInfo }
 */
export const contentRoutes: FastifyPluginAsync<ContentRoutesOptions> = async (fastify, options) => {
  const repo = 'repository' in options ? options.repository : createContentRepository(options.db);

  fastify.setErrorHandler((error: { validation?: unknown; statusCode?: number; message?: string }, request, reply) => {
    if (error.validation) return reply.code(400).send({ error: error.message ?? 'Bad request.' });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: error.message ?? 'Bad request.' });
    if (answerDatabaseFault(error, request, reply)) return reply;
    request.log.error({ err: error }, 'content route failed');
    return reply.code(500).send({ error: INTERNAL_ERROR_MESSAGE });
  });

  // Fastify's validator lets 'Infinity' through an integer schema with bounds (found by the junk
  // property test: ?limit=Infinity reached SQLite as a float and failed there). Every number this
  // plugin declares is an integer, so anything else is refused here before it reaches SQL.
  fastify.addHook('preHandler', async (request, reply) => {
    for (const [part, values] of [['querystring', request.query], ['params', request.params]] as const) {
      if (!values || typeof values !== 'object') continue;
      for (const [key, value] of Object.entries(values)) {
        if (typeof value === 'number' && !Number.isSafeInteger(value)) {
          return reply.code(400).send({ error: `${part}/${key} must be integer` });
        }
      }
    }
    return undefined;
  });

  const route = <Q = unknown, P = unknown>(
    path: string | string[],
    schema: RouteSchema,
    handler: (req: { query: Q; params: P }, reply: FastifyReply) => unknown,
  ) => {
    const paths = Array.isArray(path) ? path : [path];
    paths.forEach((url, i) => {
      const full: RouteSchema = { tags: TAGS, ...schema, ...(i > 0 ? { hide: true } : {}) };
      fastify.get(url, { schema: full }, async (req, reply) =>
        handler(req as unknown as { query: Q; params: P }, reply),
      );
    });
  };

  // Navigation -------------------------------------------------------------------------------
  route<{ depth: number; collectionUrlPrefix?: string; imagePlacement?: string }>(
    '/api/nav',
    {
      summary: 'Navigation links with children, depth-limited',
      description:
        'collectionUrlPrefix replaces the store collectionPath in links to collections. When imagePlacement is given ' +
        '(theme imagePlacements.collection.menuImage), links carry their menu image; otherwise imageUrl is null.',
      querystring: obj({
        depth: { type: 'integer', minimum: 1, maximum: MAX_NAV_DEPTH, default: 2 },
        collectionUrlPrefix: { type: 'string', maxLength: 100, pattern: '^(/[A-Za-z0-9._~-]+)*/?$' },
        imagePlacement: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' },
      }),
      response: responses(obj({ navData: { type: 'array', items: navLinkSchema(MAX_NAV_DEPTH) } }, ['navData'])),
    },
    async (req) => ({ navData: await repo.navigation(req.query) }),
  );

  // Site reviews -----------------------------------------------------------------------------
  route<{ page: number; limit: number }>(
    withTrailingSlash(fastify, '/api/reviews/siteReviews'),
    {
      summary: 'Reviews of the store, newest first',
      querystring: obj({ page: pageParam, limit: limitParam(DEFAULT_SITE_REVIEW_LIMIT) }),
      response: responses(
        obj({ siteReviews: { type: 'array', items: siteReviewSchema }, total: { type: 'integer' }, pageInfo: pageInfoSchema }, ['siteReviews', 'total']),
      ),
    },
    (req) => repo.siteReviews(req.query.page, req.query.limit),
  );

  // Blog -------------------------------------------------------------------------------------
  const articleQuery = obj({
    page: pageParam,
    limit: limitParam(DEFAULT_ARTICLE_LIMIT),
    sortBy: { type: 'string', enum: ['CREATED', 'TITLE', 'ID', 'created', 'title', 'id'], default: 'CREATED' },
    order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'], default: 'DESC' },
  });
  const articleList = responses(obj({ articles: { type: 'array', items: articleSchema }, pageInfo: pageInfoSchema }, ['articles', 'pageInfo']));
  type ArticleQuery = { page: number; limit: number; sortBy: string; order: string };
  const listArgs = (q: ArticleQuery) => ({
    page: q.page,
    limit: q.limit,
    sortBy: q.sortBy.toUpperCase() as ArticleSortBy,
    order: q.order.toUpperCase() as SortOrder,
  });

  route<ArticleQuery>(
    withTrailingSlash(fastify, '/api/articles'),
    { summary: 'Blog articles (without bodies), newest first by default', querystring: articleQuery, response: articleList },
    (req) => repo.articles(listArgs(req.query)),
  );
  route<unknown, { handle: string }>(
    '/api/articles/handle/:handle',
    {
      summary: 'One article with its sanitised HTML body',
      params: obj({ handle: handleParam }, ['handle']),
      response: responses(obj({ article: articleSchema }, ['article'])),
    },
    async (req, reply) => {
      const article = await repo.articleByHandle(req.params.handle);
      return article ? { article } : notFound(reply, 'Article');
    },
  );
  route<ArticleQuery, { tagValue: string }>(
    '/api/articles/tags/:tagValue',
    {
      summary: 'Articles with a tag (case-insensitive); an unknown tag gives an empty list',
      params: obj({ tagValue: { type: 'string', minLength: 1, maxLength: 100 } }, ['tagValue']),
      querystring: articleQuery,
      response: articleList,
    },
    (req) => repo.articles({ ...listArgs(req.query), tag: req.params.tagValue }),
  );

  // Brands -----------------------------------------------------------------------------------
  route(
    withTrailingSlash(fastify, '/api/brands'),
    { summary: 'All brands by name', response: responses(obj({ brands: { type: 'array', items: brandSchema } }, ['brands'])) },
    async () => ({ brands: await repo.brands() }),
  );
  route<unknown, { name: string }>(
    '/api/brands/:name',
    {
      summary: 'One brand by name (case-insensitive) or handle',
      params: obj({ name: { type: 'string', minLength: 1, maxLength: 120 } }, ['name']),
      response: responses(obj({ brand: brandSchema }, ['brand'])),
    },
    async (req, reply) => {
      const brand = await repo.brandByName(req.params.name);
      return brand ? { brand } : notFound(reply, 'Brand');
    },
  );

  // Help -------------------------------------------------------------------------------------
  route(
    withTrailingSlash(fastify, '/api/help'),
    { summary: 'Help topics with their answers', response: responses(obj({ topics: { type: 'array', items: helpTopicSchema } }, ['topics'])) },
    async () => ({ topics: await repo.helpTopics() }),
  );
  route<unknown, { handle: string }>(
    '/api/help/:handle',
    {
      summary: 'One help answer',
      params: obj({ handle: handleParam }, ['handle']),
      response: responses(obj({ answer: helpAnswerSchema }, ['answer'])),
    },
    async (req, reply) => {
      const answer = await repo.helpAnswer(req.params.handle);
      return answer ? { answer } : notFound(reply, 'Help answer');
    },
  );

  // Questions --------------------------------------------------------------------------------
  route(
    withTrailingSlash(fastify, '/api/questions'),
    { summary: 'Question topics with thread counts', response: responses(obj({ topics: { type: 'array', items: questionTopicSchema } }, ['topics'])) },
    async () => ({ topics: await repo.questionTopics() }),
  );
  route<{ page: number; limit: number }, { topicId: number }>(
    '/api/questions/topics/:topicId',
    {
      summary: 'A question topic and its threads, newest first',
      params: obj({ topicId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, ['topicId']),
      querystring: obj({ page: pageParam, limit: limitParam(DEFAULT_THREAD_LIMIT) }),
      response: responses(
        obj({ topic: questionTopicSchema, threads: { type: 'array', items: threadSummarySchema }, pageInfo: pageInfoSchema }, ['topic', 'threads']),
      ),
    },
    async (req, reply) => {
      const found = await repo.questionTopic(req.params.topicId, req.query.page, req.query.limit);
      return found ?? notFound(reply, 'Question topic');
    },
  );
  route<unknown, { displayableId: string }>(
    '/api/questions/:displayableId',
    {
      summary: 'One question thread with its answers',
      params: obj({ displayableId: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9-]+$' } }, ['displayableId']),
      response: responses(obj({ thread: threadSchema }, ['thread'])),
    },
    async (req, reply) => {
      const thread = await repo.questionThread(req.params.displayableId);
      return thread ? { thread } : notFound(reply, 'Question');
    },
  );

  // Pages ------------------------------------------------------------------------------------
  const onePage = responses(obj({ page: pageSchema }, ['page']));
  route<unknown, { handle: string }>(
    '/api/pages/:handle',
    { summary: 'A generic page by handle', params: obj({ handle: handleParam }, ['handle']), response: onePage },
    async (req, reply) => {
      const page = await repo.pageByHandle(req.params.handle);
      return page ? { page } : notFound(reply, 'Page');
    },
  );
  route<unknown, { id: number }>(
    '/api/pages/id/:id',
    {
      summary: 'A generic page by id (the storefront route /:handle/:id.htm; 355 is expert assistance)',
      params: obj({ id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, ['id']),
      response: onePage,
    },
    async (req, reply) => {
      const page = await repo.pageById(req.params.id);
      return page ? { page } : notFound(reply, 'Page');
    },
  );

  // Countries and states ---------------------------------------------------------------------
  route(
    withTrailingSlash(fastify, '/api/countries'),
    { summary: 'Countries the store ships to', response: responses(obj({ countries: { type: 'array', items: countrySchema } }, ['countries'])) },
    async () => ({ countries: await repo.countries() }),
  );
  route<{ countryCode: string; page: number; limit: number }>(
    withTrailingSlash(fastify, '/api/states'),
    {
      summary: "A country's states or provinces by title; an empty list for a country without them",
      querystring: obj(
        { countryCode: { type: 'string', pattern: '^[A-Za-z]{2}$' }, page: pageParam, limit: limitParam(DEFAULT_STATE_LIMIT) },
        ['countryCode'],
      ),
      response: responses(obj({ states: { type: 'array', items: stateSchema } }, ['states'])),
    },
    async (req, reply) => {
      const states = await repo.states(req.query.countryCode, req.query.page, req.query.limit);
      return states ? { states } : notFound(reply, 'Country');
    },
  );

  // Configuration ----------------------------------------------------------------------------
  route(
    withTrailingSlash(fastify, '/api/config'),
    {
      summary: 'Store and theme configuration',
      response: responses(obj({ storeConfig: storeConfigSchema, themeConfig: themeConfigSchema }, ['storeConfig', 'themeConfig'])),
    },
    () => repo.config(),
  );

  // Generated content images -----------------------------------------------------------------
  route<unknown, { file: string }>(
    '/media/content/:file',
    {
      summary: 'Generated SVG content image: {slug}-{width}.svg, width 200 to 800 in steps of 100',
      params: obj({ file: { type: 'string', minLength: 7, maxLength: 200, pattern: '^[a-z0-9-]+\\.svg$' } }, ['file']),
      response: { 200: { type: 'string' }, '4xx': errorSchema },
    },
    (req, reply) => {
      const parsed = parseContentMediaFile(req.params.file);
      if (!parsed) return notFound(reply, 'Image');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(renderContentSvg(parsed.slug, parsed.width));
    },
  );
};
