/**
 * The feeds' rules: a feed is generated once per catalogue version (the catalogue log's latest
 * version, which every catalogue write records in its own transaction, so the feed follows
 * prices, stock and imports made by any process of the store), origin and link paths, written to
 * a file a batch of products at a time, and served from that file until the catalogue changes.
 * Its ETag is the hash of its bytes, so a client's copy stays valid across versions that changed
 * nothing the feed shows. Requests that arrive while a feed is being written wait for that one
 * generation rather than starting their own.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { LinkPaths } from '../../../domain/urls.ts';
import { createStoreLinks } from '../../../domain/urls.ts';
import type { Db } from '../../platform/db/database.ts';
import { sqlCatalogueLog } from '../../platform/scale/catalogue-log.repository.ts';
import { feedCollections, feedProductBatches, type FeedCollection } from './repository.ts';
import { feedRows, jsonLine, tsvHeader, tsvLine } from './rows.ts';
import type { FeedFormat } from './schemas.ts';

/** Feeds kept at once (format and origin pairs); the oldest file is dropped beyond it. @default 8 */
export const FEEDS_KEPT = 8;

/** A generated feed. */
export interface FeedFile {
  /** The file holding it. */
  path: string;
  /** Its size in bytes. */
  size: number;
  /** A strong ETag: the hash of its bytes. */
  etag: string;
  /** The catalogue version it was generated from. */
  version: number;
}

/** Options of {@link createFeedService}. */
export interface FeedServiceOptions {
  db: Db;
  /** Where feed files are written. */
  dir: string;
  /** The store's configured link paths. */
  paths: () => Promise<LinkPaths>;
}

/** The feeds. */
export interface FeedService {
  /** The feed of a format for an origin, generated now if the catalogue changed since the last one. */
  feed(format: FeedFormat, origin: string): Promise<FeedFile>;
}

/** A collection's trail, top first ('Pumps & Parts', 'Pool Pumps'); a loop in the parents stops the walk. */
export function collectionTrail(collections: ReadonlyMap<number, FeedCollection>, id: number | null): string[] {
  const trail: string[] = [];
  const seen = new Set<number>();
  for (let cur = id === null ? undefined : collections.get(id); cur && !seen.has(cur.id); cur = cur.parentId === null ? undefined : collections.get(cur.parentId)) {
    seen.add(cur.id);
    trail.unshift(cur.title);
  }
  return trail;
}

/**
 * Writes a feed to `path`: the header (TSV), then every listed product's rows, a batch at a time.
 * @returns the hash of the bytes written and their count
 */
export async function writeFeed(db: Db, format: FeedFormat, origin: string, paths: LinkPaths, path: string): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  const file = await open(path, 'w');
  let size = 0;
  const put = async (text: string): Promise<void> => {
    if (text === '') return;
    const bytes = Buffer.from(text, 'utf8');
    hash.update(bytes);
    size += bytes.length;
    await file.write(bytes);
  };
  try {
    const links = createStoreLinks(paths);
    const collections = await feedCollections(db);
    const usedIds = new Set<string>();
    const line = format === 'google-merchant.tsv' ? tsvLine : jsonLine;
    if (format === 'google-merchant.tsv') await put(tsvHeader());
    for await (const batch of feedProductBatches(db)) {
      let text = '';
      for (const product of batch) {
        for (const row of feedRows({ ...product, collectionTrail: collectionTrail(collections, product.collectionId) }, { origin, links, usedIds })) text += line(row);
      }
      await put(text);
    }
  } finally {
    await file.close();
  }
  return { hash: hash.digest('base64url').slice(0, 32), size };
}

/**
 * The feeds of a store.
 * @example
 * const feeds = createFeedService({ db, dir: './data/feeds', paths });
 * const file = await feeds.feed('google-merchant.tsv', 'https://shop.example');
 */
export function createFeedService(options: FeedServiceOptions): FeedService {
  const log = sqlCatalogueLog(options.db);
  const kept = new Map<string, { key: string; file: Promise<FeedFile> }>();
  const drop = (file: Promise<FeedFile>): void => {
    // a request still streaming the old file keeps reading it: an unlinked file lives while open
    file.then((f) => unlink(f.path)).catch(() => undefined);
  };
  return {
    async feed(format, origin) {
      const [version, paths] = await Promise.all([log.latest(), options.paths()]);
      const slot = `${format}\n${origin}`;
      const key = `${version}\n${JSON.stringify(paths)}`;
      const current = kept.get(slot);
      if (current && current.key === key) return current.file;
      const file = (async (): Promise<FeedFile> => {
        await mkdir(options.dir, { recursive: true });
        const name = `${format}-${randomBytes(6).toString('hex')}`;
        const temp = join(options.dir, `${name}.tmp`);
        try {
          const { hash, size } = await writeFeed(options.db, format, origin, paths, temp);
          const path = join(options.dir, name);
          await rename(temp, path);
          return { path, size: (await stat(path)).size || size, etag: `"${hash}"`, version };
        } catch (err) {
          await unlink(temp).catch(() => undefined);
          throw err;
        }
      })();
      if (current) drop(current.file);
      kept.delete(slot);
      kept.set(slot, { key, file });
      // a failed generation is not kept: the next request tries again
      file.catch(() => {
        if (kept.get(slot)?.file === file) kept.delete(slot);
      });
      while (kept.size > FEEDS_KEPT) {
        const [oldest, entry] = kept.entries().next().value!;
        kept.delete(oldest);
        drop(entry.file);
      }
      return file;
    },
  };
}
