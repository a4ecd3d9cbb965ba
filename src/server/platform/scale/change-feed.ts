/**
 * The catalogue change feed of a store of many processes. Every catalogue write (stock after an
 * order, prices, products) is announced with the ids it touched; every process then re-reads
 * those products into its search index and clears its answer and card caches
 * (`app.catalogue.reindex`).
 *
 * - One process ({@link localFeed}): the writer applies the change in place; nothing else to tell.
 * - Several processes ({@link redisFeed}): the writer records the change in the catalogue log in
 *   the database, in the write's own transaction (its version is the log's row number; see
 *   scale/catalogue-log.ts), applies it in place once committed, then publishes
 *   `{ v, ids, from }` on the Redis channel {@link CATALOGUE_CHANNEL}. The others apply what they
 *   receive at once. A process remembers the highest version up to which it has applied
 *   everything; a message that skips a version (another process's message is still on its way,
 *   or was lost while Redis was away), a Redis reconnect, and a poll every CATALOGUE_POLL_MS
 *   make it read the log past that version and apply what it missed. Applying a change twice
 *   is harmless (products are re-read from the database), so catching up never needs to be exact.
 *   While Redis is away nothing is published and nothing arrives: the poll of the log's version
 *   is then how every process learns of the others' changes (within CATALOGUE_POLL_MS), and the
 *   subscriber's reconnect catches up at once when Redis is back.
 * @module
 */
import { redisHealth, type RedisClient } from './redis.ts';

/** The Redis channel of catalogue changes. */
export const CATALOGUE_CHANNEL = 'skimmer:catalogue';

/** Product ids to re-read, or 'all' (a process too far behind the log rebuilds from the database). */
export type ChangedIds = readonly number[] | 'all';

/** Applies a change to this process's index and caches (re-reading the products from the database). */
export type ApplyChange = (ids: ChangedIds) => void | Promise<void>;

/** One row of the catalogue log. */
export interface CatalogueLogEntry {
  version: number;
  ids: number[];
}

/** The catalogue log in the database (scale/catalogue-log.ts): the version kept for catch-up. */
export interface CatalogueLog {
  /**
   * Appends a change on its own, after the write it reports has committed; answers its version.
   * The store's own writes do not use it: they record their change inside their transaction
   * (`recordCatalogueChange`). It serves writes made outside the store's repositories (tests, scripts).
   */
  append(ids: readonly number[]): Promise<number>;
  /** The entries after `version`, oldest first, at most `limit`. */
  since(version: number, limit: number): Promise<CatalogueLogEntry[]>;
  /** The newest version (0 when empty). */
  latest(): Promise<number>;
  /** The oldest version still kept (0 when empty); older entries are trimmed. */
  oldest(): Promise<number>;
}

/** A feed of catalogue changes. */
export interface ChangeFeed {
  /**
   * Announces a change the caller has already applied in this process (and committed in the
   * database). `version` is the change's catalogue-log version, recorded in the write's own
   * transaction (`recordCatalogueChange`); without one the feed appends a log row first (a write
   * made outside the store's repositories). Resolves once it is published; never rejects (a
   * failure is logged, and the other processes catch up from the log).
   */
  publish(ids: readonly number[], version?: number): Promise<void>;
  /** Reads the log past the last applied version and applies what was missed; resolves when done. */
  catchUp(): Promise<void>;
  /** The version up to which this process has applied every change (0 for the one-process feed). */
  readonly applied: number;
  /** Stops listening. */
  close(): Promise<void>;
}

/** Makes a feed for a process, given how to apply a change to it. */
export type ChangeFeedFactory = (apply: ApplyChange) => Promise<ChangeFeed>;

/**
 * The one-process feed: the writer's own in-place apply is all there is to do.
 * @example
 * const feed = localFeed();
 * await feed.publish([42]); // nothing else to tell
 */
export function localFeed(): ChangeFeed {
  return {
    publish: async () => undefined,
    catchUp: async () => undefined,
    applied: 0,
    close: async () => undefined,
  };
}

/** Options of {@link redisFeed}. */
export interface RedisFeedOptions {
  /** The command connection (PUBLISH). */
  redis: RedisClient;
  /** A connection of its own for SUBSCRIBE (a subscribed connection runs no other command). */
  subscriber: RedisClient;
  /** The catalogue log in the database. */
  log: CatalogueLog;
  /** This process's id; its own messages are not applied twice. */
  instanceId: string;
  /** The channel. @default CATALOGUE_CHANNEL */
  channel?: string;
  /** How a change is applied here. */
  apply: ApplyChange;
  /** How often to compare with the log's newest version. @default 2000 */
  pollMs?: number;
  /** Entries read per catch-up query. @default 1000 */
  batch?: number;
  /** Where failures are reported. @default console.error */
  onError?: (err: unknown, what: string) => void;
}

interface Message {
  v: number;
  ids: number[];
  from: string;
}

function parseMessage(raw: string): Message | null {
  try {
    const m = JSON.parse(raw) as Partial<Message>;
    if (typeof m.v !== 'number' || !Array.isArray(m.ids) || typeof m.from !== 'string') return null;
    return { v: m.v, ids: m.ids.filter((id): id is number => Number.isSafeInteger(id)), from: m.from };
  } catch {
    return null;
  }
}

/** Ids above which the catch-up gives the event loop a turn before applying a change. @default 1000 */
const LARGE_CHANGE = 1000;

/**
 * The multi-process feed over Redis pub/sub with catch-up from the database's catalogue log.
 * Starts at the log's newest version (the index was just built from the database).
 * @example
 * const feed = await redisFeed({ redis, subscriber, log, instanceId, apply: (ids) => reindex(ids) });
 */
export async function redisFeed(options: RedisFeedOptions): Promise<ChangeFeed> {
  const { redis, subscriber, log, instanceId, apply } = options;
  const channelName = options.channel ?? CATALOGUE_CHANNEL;
  const batch = options.batch ?? 1000;
  const onError = options.onError ?? ((err: unknown, what: string) => console.error(what, err));
  let applied = await log.latest();
  let closed = false;
  // one catch-up at a time; a request during one runs once more after it
  let running: Promise<void> | null = null;
  let again = false;

  const runCatchUp = async (): Promise<void> => {
    do {
      again = false;
      const oldest = await log.oldest();
      if (oldest > applied + 1) {
        // the entries we missed were trimmed: rebuild everything from the database
        const latest = await log.latest();
        await apply('all');
        applied = latest;
        continue;
      }
      for (;;) {
        const entries = await log.since(applied, batch);
        if (entries.length === 0) break;
        const ids = new Set<number>();
        for (const e of entries) for (const id of e.ids) ids.add(id);
        // a large change (an import's tens of thousands of ids): a turn of the event loop between
        // reading it and applying it, so requests that came meanwhile are answered first
        if (ids.size > LARGE_CHANGE) await new Promise<void>((resolve) => setImmediate(resolve));
        await apply([...ids]);
        applied = entries[entries.length - 1]?.version ?? applied;
        if (entries.length < batch) break;
      }
    } while (again && !closed);
  };
  const catchUp = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = runCatchUp()
      .catch((err: unknown) => onError(err, 'catalogue catch-up failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const onMessage = (channel: string, raw: string) => {
    if (channel !== channelName) return;
    const m = parseMessage(raw);
    if (!m) return;
    // a change from elsewhere is applied at once, so it shows within the message's trip; even
    // one below `applied` (PostgreSQL hands out identity numbers before commit, so a catch-up
    // may have passed a version whose row was not visible yet)
    if (m.from !== instanceId) {
      void Promise.resolve()
        .then(() => apply(m.ids))
        .catch((err: unknown) => onError(err, 'catalogue change not applied'));
    }
    if (m.v <= applied) return;
    if (m.v === applied + 1) applied = m.v;
    else void catchUp(); // a version in between is missing here: read it from the log
  };
  subscriber.on('message', onMessage);
  await subscriber.subscribe(channelName);
  // messages published while this connection was down are lost: read them from the log
  const onReady = () => void catchUp();
  subscriber.on('ready', onReady);
  // a database that is away fails every poll: said once, until a poll succeeds again
  let pollFailing = false;
  const checkLatest = async (): Promise<void> => {
    try {
      const latest = await log.latest();
      pollFailing = false;
      if (latest > applied) await catchUp();
    } catch (err) {
      if (!pollFailing) onError(err, 'catalogue poll failed (said once until a poll succeeds again)');
      pollFailing = true;
    }
  };
  const poll = setInterval(() => void checkLatest(), options.pollMs ?? 2000);
  poll.unref();
  // a change committed between the index build and the subscription
  await catchUp();

  return {
    async publish(ids, version) {
      if (ids.length === 0) return;
      try {
        const v = version ?? await log.append(ids);
        // our own change is applied already; count it when it is next in line
        if (v === applied + 1) applied = v;
        // Redis away: nothing to publish to; the others find the change by polling the log
        if (!redisHealth(redis).up) return;
        await redis.publish(channelName, JSON.stringify({ v, ids: [...ids], from: instanceId } satisfies Message));
      } catch (err) {
        onError(err, 'catalogue change not published (the other processes catch up from the log)');
      }
    },
    catchUp,
    get applied() {
      return applied;
    },
    async close() {
      closed = true;
      clearInterval(poll);
      subscriber.off('message', onMessage);
      subscriber.off('ready', onReady);
      await running;
      await subscriber.unsubscribe(channelName).catch(() => undefined);
    },
  };
}
