/**
 * What a process of a multi-process store needs besides its own app: with REDIS_URL, the Redis
 * connections and, over them, the shared account limiter, the shared counters of the public route limits, the catalogue change feed and the socket.io
 * adapter. Without REDIS_URL, nothing: one process keeps everything in memory as before.
 * @module
 */
import type { Db } from '../db/database.ts';
import { redisLimiter, type Limiter } from './limiter.ts';
import { sqlCatalogueLog } from './catalogue-log.repository.ts';
import { redisFeed, type ChangeFeedFactory } from './change-feed.ts';
import type { ScaleConfig } from './config.ts';
import { connectRedis, redisHealth, type RedisClient } from './redis.ts';

/** The shared parts of a process of a multi-process store. */
export interface Scale {
  /** This process's id (visits, its own change messages). */
  instanceId: string;
  /** The command connection; null with one process. */
  redis: RedisClient | null;
  /** The shared account limiter; undefined: in memory. */
  accountLimiter?: Limiter;
  /** The catalogue change feed; undefined: one process. */
  catalogueFeed?: ChangeFeedFactory;
  /** Connections of the socket.io adapter and the key prefix; undefined: one process. */
  realtimeRedis?: { pub: RedisClient; sub: RedisClient; prefix: string };
  /** Prefix of the store's keys in Redis (REDIS_PREFIX). */
  redisPrefix: string;
  /** Closes the Redis connections (after the app). */
  close(): Promise<void>;
}

/**
 * Connects what REDIS_URL asks for; an unreachable Redis throws (the store refuses to start
 * with a message naming REDIS_URL rather than running as a process cut off from the others).
 * Once started, Redis going away degrades the process instead (scale/redis.ts): every use
 * falls back to what the process has on its own and resumes when Redis is back.
 * @example
 * const scale = await startScale(readScaleConfig(), db);
 * const app = await buildApp({ db, ...scaleAppOptions(scale) });
 */
export async function startScale(config: ScaleConfig, db: Db, onError?: (err: unknown, what: string) => void): Promise<Scale> {
  if (config.redisUrl === null) return { instanceId: config.instanceId, redis: null, redisPrefix: config.redisPrefix, close: async () => undefined };
  const url = config.redisUrl;
  const [redis, feedSub, ioSub] = await Promise.all([
    connectRedis(url, `skimmer:${config.instanceId}`),
    connectRedis(url, `skimmer:${config.instanceId}:feed`),
    connectRedis(url, `skimmer:${config.instanceId}:io`),
  ]);
  // one line per outage, from the command connection (its log is the app's: app.ts); the
  // subscriber connections lose and regain Redis with it
  const quiet = { warn: () => undefined, info: () => undefined };
  redisHealth(feedSub).setLog(quiet);
  redisHealth(ioSub).setLog(quiet);
  return {
    instanceId: config.instanceId,
    redis,
    accountLimiter: redisLimiter(redis, `${config.redisPrefix}limit:`),
    catalogueFeed: (apply) =>
      redisFeed({
        redis,
        subscriber: feedSub,
        log: sqlCatalogueLog(db),
        instanceId: config.instanceId,
        channel: `${config.redisPrefix}catalogue`,
        apply,
        pollMs: config.cataloguePollMs,
        ...(onError ? { onError } : {}),
      }),
    realtimeRedis: { pub: redis, sub: ioSub, prefix: config.redisPrefix },
    redisPrefix: config.redisPrefix,
    async close() {
      await Promise.all([redis, feedSub, ioSub].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
