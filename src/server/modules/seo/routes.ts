/**
 * The search engines' routes: `GET /robots.txt`, the sitemap index
 * `GET /sitemap.xml` and its files `GET /sitemaps/{kind}-{n}.xml`, built from the database
 * (repository.ts) with the store's configured paths. The rows are read at most once a minute
 * (`maxAgeMs`) and then reused by every file of the index, so a crawler walking the files reads
 * the database once; the answers may be kept by shared caches for the same time.
 * @module
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LinkPaths } from '../../../domain/urls.ts';
import type { Db } from '../../platform/db/database.ts';
import { createSeoRepository } from './repository.ts';
import { robotsTxt, SITEMAP_KINDS, sitemapFiles, sitemapIndexXml, sitemapUrls, urlsetXml, type SitemapFile } from './sitemap.ts';
import { publicOrigin } from '../../platform/http/public-origin.ts';

/** Options of {@link seoRoutes}. */
export interface SeoRoutesOptions {
  db: Db;
  /** The store's configured paths (store configuration). */
  paths: () => Promise<LinkPaths>;
  /** How long the sitemap rows are reused, in ms. @default 60000 */
  maxAgeMs?: number;
  /** URLs a file holds at most (tests make it small). @default 50000 */
  maxUrlsPerFile?: number;
  /** The clock. @default Date.now */
  now?: () => number;
  /** The store's public origin (PUBLIC_URL); null takes the request's own. @default null */
  publicOrigin?: string | null;
}

/**
 * Registers robots.txt and the sitemaps.
 * @example await app.register(seoRoutes, { db, paths: async () => (await content.config()).storeConfig });
 */
export async function seoRoutes(app: FastifyInstance, options: SeoRoutesOptions): Promise<void> {
  const repository = createSeoRepository(options.db);
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cacheControl = `public, max-age=${Math.round(maxAgeMs / 1000)}`;
  const originOf = (req: FastifyRequest): string => publicOrigin(req, options.publicOrigin ?? null);
  let cached: { at: number; origin: string; files: Promise<SitemapFile[]> } | null = null;

  const files = (origin: string): Promise<SitemapFile[]> => {
    if (cached && cached.origin === origin && now() - cached.at < maxAgeMs) return cached.files;
    const built = (async () => sitemapFiles(sitemapUrls(await repository.sitemapData(), await options.paths(), origin), options.maxUrlsPerFile))();
    cached = { at: now(), origin, files: built };
    // a failed read is not kept: the next request tries again
    built.catch(() => {
      if (cached?.files === built) cached = null;
    });
    return built;
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) =>
    reply.header('cache-control', cacheControl).type('text/plain; charset=utf-8').send(robotsTxt(originOf(req))),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const origin = originOf(req);
    return reply.header('cache-control', cacheControl).type('application/xml; charset=utf-8').send(sitemapIndexXml(await files(origin), origin));
  });

  const FILE_RE = new RegExp(`^(${SITEMAP_KINDS.join('|')})-([1-9][0-9]{0,5})\\.xml$`);
  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (req, reply) => {
    const match = FILE_RE.exec(req.params.file);
    const file = match ? (await files(originOf(req))).find((f) => f.kind === match[1] && f.number === Number(match[2])) : undefined;
    if (!file) return reply.code(404).send({ error: 'Not found' });
    return reply.header('cache-control', cacheControl).type('application/xml; charset=utf-8').send(urlsetXml(file.urls));
  });
}
