/**
 * The `Idempotency-Key` store of the cart's add calls (issue 4): keys scoped to the session,
 * kept at least {@link IDEMPOTENCY_TTL_MS} (the client retries for up to an hour).
 *
 * A request first claims its key (a `pending` row, in its own short transaction), then does its
 * work and stores its answer in ONE transaction with the work ({@link IdempotencyStore.finish}
 * is called inside it), so a crash can never leave work done with the key still pending.
 *
 * - a retry of a finished request gets the stored answer (status and body), not a second add;
 * - a request whose key is held by a request still running gets 409;
 * - the same key with another method, route or body gets 422;
 * - a request that fails (4xx) releases its key: nothing was written, so a retry may run again.
 *   Choice: failures are not stored, so a shopper whose add failed on stock can retry the same
 *   logical add once stock returns.
 * - a pending claim older than {@link IDEMPOTENCY_LOCK_MS} belongs to a request that died (a
 *   worker crash); the next request with that key takes it over.
 * @module
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';

/** How long a finished key answers retries. @default 86400000 (24 h) */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** After this long a pending claim counts as abandoned. @default 30000 */
export const IDEMPOTENCY_LOCK_MS = 30_000;
/** Longest key accepted. @default 255 */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The error texts of the key rules. */
export const IDEMPOTENCY_ERRORS = {
  invalid: 'Invalid Idempotency-Key header: use 1 to 255 visible ASCII characters.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Retry shortly.',
  mismatch: 'This Idempotency-Key was already used with a different request.',
} as const;

/** What a claim found. */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; body: unknown }
  | { kind: 'in-progress' }
  | { kind: 'mismatch' };

/** Whether a header value is a usable key: 1..255 visible ASCII characters. */
export function validIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH && /^[\x21-\x7e]+$/.test(key);
}

/** JSON with object keys sorted, so two spellings of one body hash alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The fingerprint of a request: method, route and canonical body. */
export function requestHash(method: string, route: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${route}\n${canonicalJson(body)}`).digest('hex');
}

/** Options of {@link createIdempotencyStore}. */
export interface IdempotencyOptions {
  /** @default IDEMPOTENCY_TTL_MS */
  ttlMs?: number;
  /** @default IDEMPOTENCY_LOCK_MS */
  lockMs?: number;
  /** The clock. @default Date.now */
  now?: () => number;
}

/** The key store over one database. */
export interface IdempotencyStore {
  /** Claims a key for a request, or tells why not. */
  claim(sessionId: number, key: string, hash: string): Claim;
  /** Stores the answer of a claimed key; call inside the transaction that does the work. */
  finish(sessionId: number, key: string, statusCode: number, body: unknown): void;
  /** Drops a claim whose request failed. */
  release(sessionId: number, key: string): void;
  /** Deletes expired keys; answers how many. */
  purge(): number;
}

interface KeyRow {
  request_hash: string;
  state: string;
  status_code: number | null;
  response_json: string | null;
  locked_at: string;
  expires_at: string;
}

/**
 * Creates the store.
 * @example
 * const keys = createIdempotencyStore(db);
 * const claim = keys.claim(sessionId, key, requestHash('POST', '/api/checkouts/lineItems', body));
 * if (claim.kind === 'claimed') db.transaction(() => { work(); keys.finish(sessionId, key, 200, answer); });
 */
export function createIdempotencyStore(db: Db, options: IdempotencyOptions = {}): IdempotencyStore {
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  const lockMs = options.lockMs ?? IDEMPOTENCY_LOCK_MS;
  const clock = options.now ?? Date.now;
  let lastPurge = 0;
  const iso = (ms: number) => new Date(ms).toISOString();

  const store: IdempotencyStore = {
    claim(sessionId, key, hash) {
      const t = clock();
      if (t - lastPurge > 60_000) {
        lastPurge = t;
        store.purge();
      }
      return db.transaction((): Claim => {
        const row = db.get<KeyRow>(
          'SELECT request_hash, state, status_code, response_json, locked_at, expires_at FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ?',
          [sessionId, key],
        );
        const expired = row !== undefined && Date.parse(row.expires_at) <= t;
        const abandoned = row !== undefined && row.state === 'pending' && t - Date.parse(row.locked_at) >= lockMs;
        if (row && !expired && !abandoned) {
          if (row.request_hash !== hash) return { kind: 'mismatch' };
          if (row.state === 'pending') return { kind: 'in-progress' };
          return { kind: 'replay', statusCode: row.status_code ?? 200, body: JSON.parse(row.response_json ?? 'null') as unknown };
        }
        if (row) db.run('DELETE FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ?', [sessionId, key]);
        db.run(
          `INSERT INTO idempotency_keys (session_id, idempotency_key, request_hash, state, locked_at, created_at, expires_at)
           VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
          [sessionId, key, hash, iso(t), iso(t), iso(t + ttlMs)],
        );
        return { kind: 'claimed' };
      });
    },
    finish(sessionId, key, statusCode, body) {
      const t = clock();
      db.run(
        `UPDATE idempotency_keys SET state = 'done', status_code = ?, response_json = ?, expires_at = ?
         WHERE session_id = ? AND idempotency_key = ?`,
        [statusCode, JSON.stringify(body), iso(t + ttlMs), sessionId, key],
      );
    },
    release(sessionId, key) {
      db.run("DELETE FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ? AND state = 'pending'", [sessionId, key]);
    },
    purge() {
      return db.run('DELETE FROM idempotency_keys WHERE expires_at <= ?', [iso(clock())]).changes;
    },
  };
  return store;
}
