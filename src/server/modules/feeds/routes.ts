/**
 * The product feeds' routes: `GET /feeds/google-merchant.tsv` (Google Merchant Center) and
 * `GET /feeds/products.jsonl` (the same rows as JSON Lines for other channels). Each answer is
 * the current feed file, streamed, with its ETag (a client holding it gets 304), compressed with
 * brotli or gzip when the client takes them. Links are absolute, on the store's public origin
 * (PUBLIC_URL) or, without one, the origin the request came to.
 * @module
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { LinkPaths } from '../../../domain/urls.ts';
import type { Db } from '../../platform/db/database.ts';
import { createFeedService } from './service.ts';
import { FEED_CONTENT_TYPES, FEED_FORMATS, feedRouteSchema } from './schemas.ts';

/** Options of {@link feedRoutes}. */
export interface FeedRoutesOptions {
  db: Db;
  /** The store's configured link paths. */
  paths: () => Promise<LinkPaths>;
  /** Where the feed files are written. @default '{cwd}/data/feeds' */
  dir?: string;
  /** The store's public origin. @default process.env.PUBLIC_URL, else the request's own protocol and host */
  publicUrl?: string;
}

/**
 * The origin absolute links are written on: the configured public URL's, else the request's.
 * @example storeOrigin(req, 'https://shop.example/'); // 'https://shop.example'
 */
export function storeOrigin(req: FastifyRequest, publicUrl?: string): string {
  const configured = publicUrl?.trim();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // a malformed PUBLIC_URL is ignored here (the store's start-up reports it)
    }
  }
  return `${req.protocol}://${req.host}`;
}

/** Whether an If-None-Match header names the ETag ('*', a list, weak or strong). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Registers the feeds.
 * @example await app.register(feedRoutes, { db, paths: async () => (await content.config()).storeConfig });
 */
export const feedRoutes: FastifyPluginAsync<FeedRoutesOptions> = async (app, options) => {
  const feeds = createFeedService({ db: options.db, dir: options.dir ?? join(process.cwd(), 'data', 'feeds'), paths: options.paths });
  const publicUrl = options.publicUrl ?? (process.env.PUBLIC_URL || undefined);
  for (const format of FEED_FORMATS) {
    app.get(`/feeds/${format}`, {
      schema: feedRouteSchema(format),
      // the JSON Lines type is not one the compression plugin knows as text: named here, with the app's encodings
      compress: {
        encodings: ['br', 'gzip'],
        threshold: 1024,
        customTypes: /^(text\/|application\/jsonl)/,
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
      },
    }, async (req, reply) => {
      const file = await feeds.feed(format, storeOrigin(req, publicUrl));
      reply.header('etag', file.etag).header('cache-control', 'no-cache');
      if (etagMatches(req.headers['if-none-match'], file.etag)) return reply.code(304).send();
      reply.type(FEED_CONTENT_TYPES[format]).header('content-length', file.size);
      return reply.send(createReadStream(file.path));
    });
  }
};
