/**
 * The realtime server that tracks the shoppers' visits: socket.io on the HTTP
 * server, namespace `/customer`, receiving `store:visit {coords, requestUrl}` and `store:leave`.
 *
 * - Foreign origins are refused at the handshake: a browser's Origin must be the server's own
 *   (same host as the request) or one of `allowedOrigins` (ALLOWED_ORIGINS). A client sending no
 *   Origin (not a browser) is let in: Origin protects browsers' users, and a script can forge it.
 * - Each visit is a row in `visits` (url, coordinates, origin, user agent, start, and the
 *   `instance_id` of the process holding the socket), ended by `store:leave`, by the next
 *   `store:visit` of the socket, or by its disconnect. A process closes only its own visits when
 *   it stops, and when it attaches it closes the visits left open by processes that are gone:
 *   with one process (no Redis), every open visit; with several, those of instances whose
 *   heartbeat in Redis has expired (a SIGKILLed process leaves its visits to them), checked
 *   again every {@link SWEEP_MS}.
 * - With Redis, socket.io uses @socket.io/redis-adapter, so broadcasts and `fetchSockets`
 *   reach every process's sockets. While Redis is away each process keeps serving its own
 *   sockets (a broadcast reaches this process's clients only; its publish fails quietly) and
 *   the visits are written as ever; when Redis is back the adapter's subscriptions are renewed
 *   and the heartbeat is renewed at once. A process does not close other processes' visits
 *   until {@link SWEEP_MS} after its own connection came back, so the others have renewed the
 *   heartbeats that ran out during the outage first.
 * - Bad payloads are dropped silently (a socket has no error channel the storefront reads):
 *   requestUrl must be a path or URL of at most {@link MAX_REQUEST_URL_LENGTH} characters,
 *   coordinates finite and in range, or null.
 * @module
 */
import type { Server as HttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../../platform/db/database.ts';
import { endAllOpenVisits, endOpenVisitsOf, endVisit as endVisitRow, insertVisit, openVisitOwners } from './visits.repository.ts';
import { quietPublisher, type RedisClient } from '../../platform/scale/redis.ts';
import { resourceAnswerHeaders } from '../../platform/http/headers.ts';
import { MAX_REQUEST_URL_LENGTH, parseVisit, STORE_LEAVE_EVENT, STORE_VISIT_EVENT, VISIT_NAMESPACE, type VisitPayload } from '../../../domain/visit-tracking.ts';

// the protocol is the domain's, one home for the storefront that sends it and this server
export { MAX_REQUEST_URL_LENGTH, parseVisit, STORE_LEAVE_EVENT, STORE_VISIT_EVENT, VISIT_NAMESPACE, type VisitPayload };

/** socket.io's Redis adapter, loaded on first use. */
function redisAdapter(): typeof import('@socket.io/redis-adapter').createAdapter {
  return (createRequire(import.meta.url)('@socket.io/redis-adapter') as typeof import('@socket.io/redis-adapter')).createAdapter;
}

/** How often a process renews its heartbeat and closes the visits of processes that are gone. @default 10000 */
export const SWEEP_MS = 10_000;
/** A process is gone when its heartbeat is older than this. @default 30000 */
export const HEARTBEAT_TTL_MS = 30_000;
/** Redis key of a process's heartbeat. */
export const heartbeatKey = (instanceId: string, prefix = 'skimmer:'): string => `${prefix}instance:${instanceId}`;

/** Whether a handshake's Origin may connect: absent, the request's own host, or an allowed origin. */
export function originAllowed(origin: string | undefined, host: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (host !== undefined && parsed.host === host) return true;
  return allowedOrigins.some((a) => {
    try {
      return new URL(a).origin === parsed.origin;
    } catch {
      return false;
    }
  });
}

/** Options of {@link attachRealtime}. */
export interface RealtimeOptions {
  db: Db;
  /** Other origins allowed to connect. @default ALLOWED_ORIGINS (comma-separated) */
  allowedOrigins?: readonly string[];
  /** The clock. @default Date.now */
  now?: () => number;
  /** This process's id, written on its visits. @default 'single' */
  instanceId?: string;
  /**
   * Several processes: a command connection (heartbeats, adapter publishes) and a subscriber
   * connection of its own for the socket.io adapter. @default one process, no adapter
   */
  redis?: { pub: RedisClient; sub: RedisClient; prefix?: string };
}

/** What {@link attachRealtime} gives back. */
export interface Realtime {
  io: Server;
  /** Ends this process's visits and closes socket.io. */
  close: () => Promise<void>;
}

/**
 * Closes the open visits of processes that are gone: with no Redis every open visit (one
 * process: this one is starting); with Redis, visits of instances without a live heartbeat
 * (and rows from before instance ids). Answers how many it closed.
 */
export async function closeOrphanVisits(db: Db, endedAt: string, redis?: RedisClient, self?: string, prefix?: string): Promise<number> {
  if (!redis) return await endAllOpenVisits(db, endedAt);
  let closed = 0;
  for (const instanceId of await openVisitOwners(db)) {
    if (instanceId === self) continue;
    if (instanceId !== null && (await redis.exists(heartbeatKey(instanceId, prefix))) === 1) continue;
    closed += await endOpenVisitsOf(db, instanceId, endedAt);
  }
  return closed;
}

/**
 * Attaches socket.io to an HTTP server (after `app.listen` or before; Fastify's `app.server`).
 * Closing the HTTP server (`app.close()`) disconnects every socket and ends their visits, so a
 * caller needs no second shutdown step.
 * @example
 * await attachRealtime(app.server, { db });
 * await app.listen({ port: 3000 });
 */
export async function attachRealtime(server: HttpServer, options: RealtimeOptions): Promise<Realtime> {
  const { db, redis } = options;
  const instanceId = options.instanceId ?? 'single';
  const prefix = redis?.prefix ?? 'skimmer:';
  const clock = options.now ?? Date.now;
  const iso = () => new Date(clock()).toISOString();
  const allowed = options.allowedOrigins ?? (process.env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const beat = async () => {
    if (redis) await redis.pub.set(heartbeatKey(instanceId, prefix), String(clock()), 'PX', HEARTBEAT_TTL_MS);
  };
  await beat();
  await closeOrphanVisits(db, iso(), redis?.pub, instanceId, prefix);
  // after an outage every heartbeat may have run out: this one is renewed as soon as Redis is
  // back, and others' visits are left alone until they had the time to renew theirs
  let backAt = 0;
  const onBack = () => {
    backAt = clock();
    void beat().catch(() => undefined);
  };
  redis?.pub.on('ready', onBack);
  // with several processes, those that die leave open visits: the survivors close them
  const sweep = redis
    ? setInterval(() => {
      void beat()
        .then(() => (clock() - backAt >= SWEEP_MS ? closeOrphanVisits(db, iso(), redis.pub, instanceId, prefix) : 0))
        .catch(() => undefined);
    }, SWEEP_MS)
    : null;
  sweep?.unref();

  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: 16_384,
    allowRequest: (req, callback) => {
      callback(null, originAllowed(req.headers.origin, req.headers.host, allowed));
    },
    // the adapter publishes without awaiting: a publish while Redis is away must not end the process
    // the Redis adapter is loaded only by a store with Redis
    ...(redis ? { adapter: redisAdapter()(quietPublisher(redis.pub), redis.sub, { key: `${prefix}socket.io` }) } : {}),
  });
  // engine.io answers socket.io's HTTP requests itself, outside Fastify (long-polling, and its
  // refusals such as an unknown transport): they carry the security headers of every API answer
  // too (security/headers.ts), set before engine.io's own listener writes them
  const securityHeaders = Object.entries(resourceAnswerHeaders());
  const socketPath = `${io.path()}/`;
  server.prependListener('request', (req, res) => {
    if (!req.url?.startsWith(socketPath)) return;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
  });

  // socket id -> the visit's row id once its INSERT has answered (a promise until then, so an
  // end that comes first waits for it)
  const open = new Map<string, Promise<number | undefined>>();
  const writes = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    const quiet = p.catch(() => undefined);
    writes.add(quiet);
    void quiet.finally(() => writes.delete(quiet));
    return p;
  };
  const endVisit = async (visit: Promise<number | undefined>): Promise<void> => {
    const visitId = await visit;
    if (visitId !== undefined) await endVisitRow(db, visitId, iso());
  };
  const startVisit = async (socket: Socket, visit: VisitPayload): Promise<number | undefined> => {
    const ua = socket.handshake.headers['user-agent'];
    return await insertVisit(db, {
      socketId: socket.id, requestUrl: visit.requestUrl, latitude: visit.coords?.latitude ?? null, longitude: visit.coords?.longitude ?? null,
      origin: socket.handshake.headers.origin ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null, startedAt: iso(), instanceId,
    });
  };
  const end = (socket: Socket) => {
    const visit = open.get(socket.id);
    if (visit === undefined) return;
    open.delete(socket.id);
    void track(endVisit(visit));
  };

  io.of(VISIT_NAMESPACE).on('connection', (socket) => {
    socket.on(STORE_VISIT_EVENT, (payload: unknown) => {
      const visit = parseVisit(payload);
      if (!visit) return;
      end(socket);
      const row = startVisit(socket, visit).catch(() => undefined);
      void track(row);
      open.set(socket.id, row);
    });
    socket.on(STORE_LEAVE_EVENT, () => end(socket));
    socket.on('disconnect', () => end(socket));
  });

  const closeSockets = () => {
    if (sweep) clearInterval(sweep);
    redis?.pub.off('ready', onBack);
    for (const socket of io.of(VISIT_NAMESPACE).sockets.values()) end(socket);
    io.disconnectSockets(true);
    io.of(VISIT_NAMESPACE).disconnectSockets(true);
    io.engine.close();
  };
  // Closing the HTTP server (Fastify's app.close()) ends the sockets first: an open websocket
  // would otherwise hold the server's close until the shopper leaves the page.
  const closeServer = server.close.bind(server);
  server.close = ((callback?: (err?: Error) => void) => {
    closeSockets();
    return closeServer(callback);
  }) as typeof server.close;

  return {
    io,
    close: async () => {
      closeSockets();
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      // the visits' last writes land before the database closes
      await Promise.all([...writes]);
      if (redis) await redis.pub.del(heartbeatKey(instanceId, prefix)).catch(() => undefined);
    },
  };
}
