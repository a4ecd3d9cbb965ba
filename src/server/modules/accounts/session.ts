/**
 * Cookie sessions of the reference server, as a Fastify plugin whose decorations are visible
 * app-wide (it skips Fastify's encapsulation, like `fastify-plugin`).
 *
 * Contract (what other server modules may rely on):
 * - Every request carries `request.session: { id, customerId }`. `id` is null until the visitor
 *   has a session; `customerId` is null for an anonymous session. It is read once per request in
 *   an `onRequest` hook, before any route's own hooks run.
 * - `request.ensureSession(reply)` answers the session id, creating an anonymous session (and
 *   setting its cookie) on first need, e.g. when an anonymous shopper adds to a cart. It is
 *   synchronous and safe to call inside `db.transaction`.
 * - `app.addSignInListener((prevSessionId, newSessionId, customerId) => void)` subscribes to
 *   sign-ins. Listeners run inside the sign-in's write transaction, after the new session row
 *   exists and before the previous session row is deleted: a listener moves what it keeps (the
 *   anonymous cart) from `prevSessionId` (null when the visitor had no session) to
 *   `newSessionId` / `customerId`. A listener that throws aborts the sign-in (rolled back, 500).
 *   Rows that reference `sessions(id)` must be moved by a listener or declare `ON DELETE
 *   CASCADE` / `SET NULL`, since the previous session row is deleted.
 * - `signIn(request, reply, customerId)` and `signOut(request, reply)` (exported here) are the
 *   only ways a session changes owner; sign-in always issues a new token (no session fixation).
 *
 * Tokens and cookies: 128 random bits (base64url), only their SHA-256 hash is stored. Cookie
 * `skimmer_sid`: HttpOnly, SameSite=Lax, Path=/, Secure when the request came over HTTPS (or
 * with `secure: true`, which `SESSION_SECURE=1` sets). Timeouts: a session unused for
 * {@link SESSION_IDLE_TIMEOUT_MS} (7 days) or older than {@link SESSION_ABSOLUTE_TIMEOUT_MS}
 * (30 days) is dead: the request is treated as having no session and the row is deleted.
 * `last_seen_at` is written at most once per {@link SESSION_TOUCH_INTERVAL_MS} to keep reads cheap.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { deleteCustomerSessions, deleteSession, insertSession, sessionByTokenHash, touchSession } from './sessions.repository.ts';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'skimmer_sid';
/** A session unused this long is dead. @default 604800000 (7 days) */
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 3600 * 1000;
/** A session older than this is dead however often it is used. @default 2592000000 (30 days) */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * 24 * 3600 * 1000;
/** The last-seen time is refreshed at most this often. @default 60000 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** The session of a request. */
export interface RequestSession {
  /** The session row id; null when the visitor has none yet. */
  id: number | null;
  /** The signed-in customer; null when anonymous. */
  customerId: number | null;
}

/** Called inside the sign-in transaction (write through `tx`); see the module contract. */
export type SignInListener = (prevSessionId: number | null, newSessionId: number, customerId: number, tx: Db) => Promise<void> | void;

/** Options of {@link sessionPlugin}. */
export interface SessionPluginOptions {
  db: Db;
  /** Always mark the cookie Secure (SESSION_SECURE=1); otherwise only over HTTPS. @default false */
  secure?: boolean;
  /** @default SESSION_IDLE_TIMEOUT_MS */
  idleTimeoutMs?: number;
  /** @default SESSION_ABSOLUTE_TIMEOUT_MS */
  absoluteTimeoutMs?: number;
  /** The clock, injectable for timeout tests. @default Date.now */
  now?: () => number;
}

/** The session services the app carries (`app.sessions`). */
export interface SessionServices {
  readonly listeners: SignInListener[];
  readonly secure: boolean;
  readonly idleTimeoutMs: number;
  readonly absoluteTimeoutMs: number;
  readonly now: () => number;
  readonly db: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Subscribes to sign-ins (runs in the sign-in transaction). */
    addSignInListener(listener: SignInListener): void;
    sessions: SessionServices;
  }
  interface FastifyRequest {
    session: RequestSession;
    /** The session id, creating an anonymous session and its cookie when there is none. */
    ensureSession(reply: FastifyReply): Promise<number>;
  }
}

/** A fresh 128-bit token, base64url. */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

/** How tokens are stored: hex SHA-256. A database leak then gives no usable cookie or link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Reads one cookie from a Cookie header; malformed pairs are skipped. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
  }
  return null;
}

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The Set-Cookie value of a session cookie (or of its removal when `token` is null). */
export function sessionCookie(token: string | null, secure: boolean, maxAgeMs: number = SESSION_ABSOLUTE_TIMEOUT_MS): string {
  const parts = [`${SESSION_COOKIE}=${token ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  parts.push(token === null ? 'Max-Age=0' : `Max-Age=${Math.floor(maxAgeMs / 1000)}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

function appendCookie(reply: FastifyReply, cookie: string): void {
  const prev = reply.getHeader('set-cookie');
  const list = prev === undefined ? [] : Array.isArray(prev) ? prev.map(String) : [String(prev)];
  // one session cookie per answer: the last decision wins
  const kept = list.filter((c) => !c.startsWith(`${SESSION_COOKIE}=`));
  reply.header('set-cookie', [...kept, cookie]);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

async function createSessionRow(s: SessionServices, customerId: number | null): Promise<{ id: number; token: string }> {
  const token = newToken();
  const at = iso(s.now());
  const id = await insertSession(s.db, hashToken(token), customerId, at);
  if (id === undefined) throw new Error('session insert returned no id');
  return { id, token };
}

function cookieSecure(s: SessionServices, request: FastifyRequest): boolean {
  return s.secure || isHttps(request);
}

/**
 * Signs a customer in on this request: a new session (new token) owned by the customer, the
 * sign-in listeners, then the previous session's deletion, all in one transaction; then the
 * cookie. Answers the new session id.
 * @example
 * const sessionId = signIn(request, reply, customer.id);
 */
export async function signIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, customerId: number): Promise<number> {
  const s = app.sessions;
  const prev = request.session.id;
  const created = await s.db.transaction(async (tx) => {
    const fresh = await createSessionRow({ ...s, db: tx }, customerId);
    for (const listener of s.listeners) await listener(prev, fresh.id, customerId, tx);
    if (prev !== null) await deleteSession(tx, prev);
    return fresh;
  });
  request.session = { id: created.id, customerId };
  appendCookie(reply, sessionCookie(created.token, cookieSecure(s, request), s.absoluteTimeoutMs));
  return created.id;
}

/** Ends the request's session (row deleted, cookie cleared); anonymous visitors get a cleared cookie too. */
export async function signOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const s = app.sessions;
  if (request.session.id !== null) await deleteSession(s.db, request.session.id);
  request.session = { id: null, customerId: null };
  appendCookie(reply, sessionCookie(null, cookieSecure(s, request)));
}

/** Ends every session of a customer (after a password change or reset), except `keepId`. */
export async function endCustomerSessions(db: Db, customerId: number, keepId: number | null = null): Promise<number> {
  return await deleteCustomerSessions(db, customerId, keepId);
}

/** Whether a session with these timestamps is alive at `nowMs` (both timeouts). */
export function sessionAlive(createdAt: string, lastSeenAt: string, nowMs: number, idleMs: number, absoluteMs: number): boolean {
  const created = Date.parse(createdAt);
  const seen = Date.parse(lastSeenAt);
  if (!Number.isFinite(created) || !Number.isFinite(seen)) return false;
  return nowMs - seen < idleMs && nowMs - created < absoluteMs;
}

const plugin: FastifyPluginAsync<SessionPluginOptions> = async (app, options) => {
  const services: SessionServices = {
    db: options.db,
    listeners: [],
    secure: options.secure ?? process.env.SESSION_SECURE === '1',
    idleTimeoutMs: options.idleTimeoutMs ?? SESSION_IDLE_TIMEOUT_MS,
    absoluteTimeoutMs: options.absoluteTimeoutMs ?? SESSION_ABSOLUTE_TIMEOUT_MS,
    now: options.now ?? Date.now,
  };
  app.decorate('sessions', services);
  app.decorate('addSignInListener', (listener: SignInListener) => {
    services.listeners.push(listener);
  });
  app.decorateRequest('session', null as unknown as RequestSession);
  app.decorateRequest('ensureSession', async function ensureSession(this: FastifyRequest, reply: FastifyReply): Promise<number> {
    if (this.session.id !== null) return this.session.id;
    const created = await createSessionRow(services, null);
    this.session = { id: created.id, customerId: null };
    appendCookie(reply, sessionCookie(created.token, cookieSecure(services, this), services.absoluteTimeoutMs));
    return created.id;
  });

  app.addHook('onRequest', async (request) => {
    request.session = { id: null, customerId: null };
    const token = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (token === null) return;
    const row = await sessionByTokenHash(services.db, hashToken(token));
    if (!row) return;
    const now = services.now();
    if (!sessionAlive(row.created_at, row.last_seen_at, now, services.idleTimeoutMs, services.absoluteTimeoutMs)) {
      await deleteSession(services.db, row.id);
      return;
    }
    if (now - Date.parse(row.last_seen_at) >= SESSION_TOUCH_INTERVAL_MS) {
      await touchSession(services.db, row.id, iso(now));
    }
    request.session = { id: row.id, customerId: row.customer_id };
  });
};

// Skip encapsulation (what fastify-plugin does): the decorations and the hook are app-wide.
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = 'skimmer-session';

/**
 * The session plugin. Register once, before any route that reads `request.session`.
 * @example
 * await app.register(sessionPlugin, { db });
 * app.addSignInListener((prev, next, customerId) => mergeCarts(prev, next, customerId));
 * app.post('/api/checkouts/lineItems', async (req, reply) => { const sid = await req.ensureSession(reply); ... });
 */
export const sessionPlugin = plugin;
