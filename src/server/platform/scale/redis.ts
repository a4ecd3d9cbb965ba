/**
 * Redis connections of a multi-process store (ioredis: the client the socket.io adapter
 * accepts). A process opens a command connection and, for the change feed and socket.io,
 * subscriber connections (a subscribed connection can run no other command).
 *
 * Redis is an accelerator, not a dependency of every request: once a process has started, a
 * Redis that goes away must not take the shop window with it. So a command fails at once while
 * the connection is down (no offline queue, no retries per request) and within
 * {@link REDIS_COMMAND_TIMEOUT_MS} when Redis hangs; every caller then falls back to what this
 * process has on its own (its own rate-limit counters, its own socket.io clients, polling the
 * catalogue version in the database). The connection keeps trying to come back in the
 * background ({@link reconnectDelayMs}); subscriptions are renewed by ioredis when it does.
 * {@link redisHealth} tells, per connection, whether Redis is up now, and logs each outage once.
 * @module
 */
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

/** The ioredis client type. */
export type RedisClient = Redis;

/** Key prefix of everything the store keeps in Redis, so one Redis can serve other apps too. */
export const REDIS_PREFIX = 'skimmer:';

/**
 * Longest wait for one command's answer before the caller falls back (a Redis that accepts the
 * connection but does not answer, or a network that drops packets). Its round trip on a LAN is
 * well under a millisecond. @default 500
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/** How long a connection whose command timed out is not asked again (callers fall back meanwhile). @default 5000 */
export const UNANSWERED_PAUSE_MS = 5000;

/**
 * The delay before reconnect attempt `times` (1, 2, ...): quick at first (a restart takes a
 * second or two), then every 2 s, forever: the store comes back to Redis by itself.
 * @example
 * reconnectDelayMs(1); // 200
 * reconnectDelayMs(50); // 2000
 */
export function reconnectDelayMs(times: number): number {
  return Math.min(times * 200, 2000);
}

/** Where a connection's outages are reported (the app's logger once it exists). */
export interface RedisLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** What a process knows about one of its Redis connections. */
export interface RedisHealth {
  /** Whether the connection is ready for commands now (and none timed out in the last {@link UNANSWERED_PAUSE_MS}). */
  readonly up: boolean;
  /** When the current outage began (ms since the epoch), or null while up. */
  readonly downSince: number | null;
  /** Outages seen since the process started. */
  readonly outages: number;
  /** Requests (per use: 'route-limit', 'account-limit' ...) served by this process's own fallback. */
  readonly fallbacks: ReadonlyMap<string, number>;
  /** Counts a request served by the fallback of `use` (logged once per outage and use). */
  fellBack(use: string, err?: unknown): void;
  /** Where transitions are logged. @default console */
  setLog(log: RedisLog): void;
}

const healths = new WeakMap<RedisClient, RedisHealth>();

/**
 * The health of a connection made by {@link connectRedis} (one is made on first ask for any other).
 * @example
 * if (!redisHealth(redis).up) useLocalCounters();
 */
export function redisHealth(client: RedisClient): RedisHealth {
  let health = healths.get(client);
  if (health) return health;
  let log: RedisLog = { warn: (obj, msg) => console.warn(msg, obj), info: (obj, msg) => console.info(msg, obj) };
  // a connection not yet opened is not an outage: connectRedis refuses to start without Redis
  let downSince: number | null = null;
  let outages = 0;
  const fallbacks = new Map<string, number>();
  // after a command timed out, the connection counts as down until then
  let quietUntil = 0;
  // uses already announced in this outage: one log line per use and outage, not one per request
  const told = new Set<string>();
  const name = client.options.connectionName ?? 'redis';
  const down = () => {
    if (downSince !== null) return;
    downSince = Date.now();
    outages++;
    told.clear();
    log.warn({ connection: name },
      'Redis unreachable: this process falls back to its own rate-limit counters (stricter), serves its own socket.io clients and polls the database for catalogue changes; reconnecting in the background');
  };
  client.on('ready', () => {
    if (downSince === null) return;
    log.info({ connection: name, downForMs: Date.now() - downSince }, 'Redis is back: shared rate limits, socket.io adapter and change feed resumed');
    downSince = null;
  });
  // emitted when a connection that was open is lost and will be tried again (not on quit)
  client.on('reconnecting', () => down());
  health = {
    get up() {
      return client.status === 'ready' && Date.now() >= quietUntil;
    },
    get downSince() {
      return downSince;
    },
    get outages() {
      return outages;
    },
    fallbacks,
    fellBack(use, err) {
      fallbacks.set(use, (fallbacks.get(use) ?? 0) + 1);
      // a connection that is open but does not answer (a hung Redis, a network dropping packets)
      // would cost every request the command timeout: it is not asked for a while
      if (err instanceof Error && /timed out/i.test(err.message)) quietUntil = Date.now() + UNANSWERED_PAUSE_MS;
      if (told.has(use)) return;
      told.add(use);
      log.warn({ connection: name, use, err: err instanceof Error ? err.message : String(err ?? '') }, `Redis unreachable: ${use} counted by this process alone (stricter) until it is back`);
    },
    setLog(next) {
      log = next;
    },
  };
  healths.set(client, health);
  return health;
}

/**
 * Opens a connection and waits until it answers PING; an unreachable Redis throws
 * "Redis at {url} is unreachable: ..." after `timeoutMs` instead of retrying forever, so a
 * store (or a test) that needs it at start stops with a clear message. Once open, the
 * connection fails commands fast while Redis is away and reconnects by itself (see the module).
 * @default timeoutMs 5000
 * @example
 * const redis = await connectRedis(process.env.REDIS_URL!, 'commands');
 */
export async function connectRedis(url: string, name = 'skimmer', timeoutMs = 5000): Promise<RedisClient> {
  // ioredis is loaded on first use: a store without REDIS_URL never needs it
  const { Redis: RedisClientClass } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new RedisClientClass(url, {
    lazyConnect: true,
    connectionName: name,
    connectTimeout: timeoutMs,
    // while the connection is down a command fails at once (the caller falls back) instead of
    // waiting in a queue for a reconnect: queued commands made every request wait ~1 s, then 500
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // a Redis that accepts the connection but does not answer costs a request this much at most
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: reconnectDelayMs,
    // the subscriber connections renew their subscriptions on reconnect (ioredis's default, said)
    autoResubscribe: true,
  });
  // errors are reported by the failing command; an 'error' event without a listener would crash the process
  client.on('error', () => undefined);
  redisHealth(client);
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

/**
 * The client as a publisher whose `publish` never rejects unheard: the socket.io adapter
 * publishes without awaiting, and a rejected publish while Redis is away would be an unhandled
 * rejection (which ends a Node process). A lost publish only means the other processes miss a
 * broadcast while Redis is away; each process keeps serving its own clients.
 */
export function quietPublisher(client: RedisClient): RedisClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'publish') {
        return (...args: Parameters<RedisClient['publish']>) => {
          const sent = target.publish(...args);
          sent.catch(() => undefined);
          return sent;
        };
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
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
