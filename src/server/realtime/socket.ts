/**
 * The realtime server (spec section 7, Other; section 4, Visit tracking): socket.io on the HTTP
 * server, namespace `/customer`, receiving `store:visit {coords, requestUrl}` and `store:leave`.
 *
 * - Foreign origins are refused at the handshake: a browser's Origin must be the server's own
 *   (same host as the request) or one of `allowedOrigins` (ALLOWED_ORIGINS). A client sending no
 *   Origin (not a browser) is let in: Origin protects browsers' users, and a script can forge it.
 * - Each visit is a row in `visits` (url, coordinates, origin, user agent, start), ended by
 *   `store:leave`, by the next `store:visit` of the socket, or by its disconnect. Rows left open
 *   by a stopped server are closed when the next one attaches.
 * - Bad payloads are dropped silently (a socket has no error channel the storefront reads):
 *   requestUrl must be a path or URL of at most {@link MAX_REQUEST_URL_LENGTH} characters,
 *   coordinates finite and in range, or null.
 * @module
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/database.ts';

/** The namespace of visit tracking. @default '/customer' */
export const VISIT_NAMESPACE = '/customer';
/** The visit event. */
export const STORE_VISIT_EVENT = 'store:visit';
/** The leave event. */
export const STORE_LEAVE_EVENT = 'store:leave';
/** Longest requestUrl recorded. @default 2048 */
export const MAX_REQUEST_URL_LENGTH = 2048;

/** A validated `store:visit` payload. */
export interface VisitPayload {
  coords: { latitude: number; longitude: number } | null;
  requestUrl: string;
}

/**
 * Reads a `store:visit` payload, or null when it is not one.
 * @example
 * parseVisit({ coords: null, requestUrl: '/collections/pumps' }); // { coords: null, requestUrl: '/collections/pumps' }
 * parseVisit({ requestUrl: 42 }); // null
 */
export function parseVisit(payload: unknown): VisitPayload | null {
  if (payload === null || typeof payload !== 'object') return null;
  const { coords, requestUrl } = payload as { coords?: unknown; requestUrl?: unknown };
  if (typeof requestUrl !== 'string' || requestUrl.length === 0 || requestUrl.length > MAX_REQUEST_URL_LENGTH) return null;
  if (!requestUrl.startsWith('/') && !/^https?:\/\//i.test(requestUrl)) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(requestUrl)) return null;
  if (coords === null || coords === undefined) return { coords: null, requestUrl };
  if (typeof coords !== 'object') return null;
  const { latitude, longitude } = coords as { latitude?: unknown; longitude?: unknown };
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { coords: { latitude, longitude }, requestUrl };
}

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
}

/**
 * Attaches socket.io to an HTTP server (after `app.listen` or before; Fastify's `app.server`).
 * Closing the HTTP server (`app.close()`) disconnects every socket and ends their visits, so a
 * caller needs no second shutdown step.
 * @example
 * attachRealtime(app.server, { db });
 * await app.listen({ port: 3000 });
 */
export function attachRealtime(server: HttpServer, options: RealtimeOptions): { io: Server; close: () => Promise<void> } {
  const { db } = options;
  const clock = options.now ?? Date.now;
  const iso = () => new Date(clock()).toISOString();
  const allowed = options.allowedOrigins ?? (process.env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  db.run('UPDATE visits SET ended_at = ? WHERE ended_at IS NULL', [iso()]);

  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: 16_384,
    allowRequest: (req, callback) => {
      callback(null, originAllowed(req.headers.origin, req.headers.host, allowed));
    },
  });

  const open = new Map<string, number>();
  const end = (socket: Socket) => {
    const visitId = open.get(socket.id);
    if (visitId === undefined) return;
    open.delete(socket.id);
    db.run('UPDATE visits SET ended_at = ? WHERE id = ? AND ended_at IS NULL', [iso(), visitId]);
  };

  io.of(VISIT_NAMESPACE).on('connection', (socket) => {
    socket.on(STORE_VISIT_EVENT, (payload: unknown) => {
      const visit = parseVisit(payload);
      if (!visit) return;
      end(socket);
      const ua = socket.handshake.headers['user-agent'];
      const row = db.get<{ id: number }>(
        `INSERT INTO visits (socket_id, request_url, latitude, longitude, origin, user_agent, started_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        [
          socket.id, visit.requestUrl, visit.coords?.latitude ?? null, visit.coords?.longitude ?? null,
          socket.handshake.headers.origin ?? null, typeof ua === 'string' ? ua.slice(0, 512) : null, iso(),
        ],
      );
      if (row) open.set(socket.id, row.id);
    });
    socket.on(STORE_LEAVE_EVENT, () => end(socket));
    socket.on('disconnect', () => end(socket));
  });

  const closeSockets = () => {
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of io.of(VISIT_NAMESPACE).sockets.values()) end(socket);
        void io.close(() => resolve());
      }),
  };
}
