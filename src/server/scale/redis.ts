/**
 * Redis connections of a multi-process store (ioredis: the client @fastify/rate-limit's Redis
 * store and @socket.io/redis-adapter both accept). A process opens a command connection and,
 * for the change feed and socket.io, subscriber connections (a subscribed connection can run no
 * other command).
 * @module
 */
import { Redis } from 'ioredis';

/** The ioredis client type. */
export type RedisClient = Redis;

/** Key prefix of everything the store keeps in Redis, so one Redis can serve other apps too. */
export const REDIS_PREFIX = 'skimmer:';

/**
 * Opens a connection and waits until it answers PING; an unreachable Redis throws
 * "Redis at {url} is unreachable: ..." after `timeoutMs` instead of retrying forever, so a
 * store (or a test) that needs it stops with a clear message.
 * @default timeoutMs 5000
 * @example
 * const redis = await connectRedis(process.env.REDIS_URL!, 'commands');
 */
export async function connectRedis(url: string, name = 'skimmer', timeoutMs = 5000): Promise<RedisClient> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    connectTimeout: timeoutMs,
    // a command waits for a reconnect a few times, then fails (the request answers 5xx) rather than hanging
    maxRetriesPerRequest: 3,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // errors are reported by the failing command; an 'error' event without a listener would crash the process
  client.on('error', () => undefined);
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref()),
    ]);
  } catch (err) {
    client.disconnect();
    throw new Error(`Redis at ${redactUrl(url)} is unreachable: ${(err as Error).message} (start Redis or unset REDIS_URL)`);
  }
  return client;
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(malformed URL)';
  }
}
