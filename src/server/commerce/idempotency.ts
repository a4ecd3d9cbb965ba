/**
 * The `Idempotency-Key` store of the cart's add calls (issue 4): keys scoped to the session,
 * kept at least {@link IDEMPOTENCY_TTL_MS} (the client retries for up to an hour).
 *
 * The cart's add calls do the work and store the key with its answer in ONE transaction
 * ({@link IdempotencyStore.insert}, the key's one INSERT after the work, committing with it): the
 * key is unique in the database, so of two requests with one key (two processes) the second
 * waits for the first's transaction, fails on the key, rolls its own work back and replays the
 * first answer; a crash leaves neither work nor key. Where something asynchronous must run between taking the key and
 * the work (a test holding a request), the request first claims its key (a `pending` row, in its
 * own short transaction) and stores its answer with the work ({@link IdempotencyStore.finish}).
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

/** Whether an error is a unique-key violation (PostgreSQL 23505, SQLite's constraint codes). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
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
  claim(sessionId: number, key: string, hash: string): Promise<Claim>;
  /** Stores the answer of a claimed key; call inside the transaction that does the work. */
  finish(sessionId: number, key: string, statusCode: number, body: unknown): Promise<void>;
  /**
   * Stores a new key with its answer as the LAST statement of the transaction that did the work
   * (a plain INSERT, committing with it where the database can: one round trip on PostgreSQL).
   * When the key exists (or is being written by another request, which it waits for) the INSERT
   * fails with the database's unique violation ({@link isUniqueViolation}) and the work rolls
   * back: the caller then asks {@link lookup} what the key says.
   */
  insert(sessionId: number, key: string, hash: string, statusCode: number, body: unknown): Promise<void>;
  /** Deletes a key's row if it is expired or its request died; answers whether it did. */
  dropStale(sessionId: number, key: string): Promise<boolean>;
  /** What a key's row says about a request, without taking it; undefined when the key is free. */
  lookup(sessionId: number, key: string, hash: string): Promise<Claim | undefined>;
  /** Drops a claim whose request failed. */
  release(sessionId: number, key: string): Promise<void>;
  /** Deletes expired keys; answers how many. */
  purge(): Promise<number>;
  /** The store writing through `db` (a transaction's handle), sharing this one's settings. */
  in(db: Db): IdempotencyStore;
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
 * const claim = await keys.claim(sessionId, key, requestHash('POST', '/api/checkouts/lineItems', body));
 * if (claim.kind === 'claimed') await db.transaction(async (tx) => { await work(tx); await keys.in(tx).finish(sessionId, key, 200, answer); });
 */
export function createIdempotencyStore(root: Db, options: IdempotencyOptions = {}): IdempotencyStore {
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  const lockMs = options.lockMs ?? IDEMPOTENCY_LOCK_MS;
  const clock = options.now ?? Date.now;
  let lastPurge = 0;
  const iso = (ms: number) => new Date(ms).toISOString();
  const select = (db: Db) =>
    `SELECT request_hash, state, status_code, response_json, locked_at, expires_at FROM idempotency_keys
     WHERE session_id = ? AND idempotency_key = ?${db.dialect.forUpdate}`;
  /** What a valid row answers; undefined when it is free to claim (missing, expired or abandoned). */
  const verdict = (row: KeyRow | undefined, hash: string, t: number): Claim | undefined => {
    if (!row) return undefined;
    const expired = Date.parse(row.expires_at) <= t;
    const abandoned = row.state === 'pending' && t - Date.parse(row.locked_at) >= lockMs;
    if (expired || abandoned) return undefined;
    if (row.request_hash !== hash) return { kind: 'mismatch' };
    if (row.state === 'pending') return { kind: 'in-progress' };
    return { kind: 'replay', statusCode: row.status_code ?? 200, body: JSON.parse(row.response_json ?? 'null') as unknown };
  };

  const make = (db: Db): IdempotencyStore => {
    const store: IdempotencyStore = {
      async claim(sessionId, key, hash) {
        const t = clock();
        if (t - lastPurge > 60_000) {
          lastPurge = t;
          await store.purge();
        }
        return await db.transaction(async (tx): Promise<Claim> => {
          const row = await tx.get<KeyRow>(select(tx), [sessionId, key]);
          const known = verdict(row, hash, t);
          if (known) return known;
          if (row) await tx.run('DELETE FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ?', [sessionId, key]);
          // the key is unique in the database: of two requests with one key (two processes), one
          // inserts; the other waits for its transaction, inserts nothing and reads its row
          const inserted = await tx.run(
            `INSERT INTO idempotency_keys (session_id, idempotency_key, request_hash, state, locked_at, created_at, expires_at)
             VALUES (?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT (session_id, idempotency_key) DO NOTHING`,
            [sessionId, key, hash, iso(t), iso(t), iso(t + ttlMs)],
          );
          if (inserted.changes === 1) return { kind: 'claimed' };
          return verdict(await tx.get<KeyRow>(select(tx), [sessionId, key]), hash, t) ?? { kind: 'in-progress' };
        });
      },
      async finish(sessionId, key, statusCode, body) {
        const t = clock();
        await db.run(
          `UPDATE idempotency_keys SET state = 'done', status_code = ?, response_json = ?, expires_at = ?
           WHERE session_id = ? AND idempotency_key = ?`,
          [statusCode, JSON.stringify(body), iso(t + ttlMs), sessionId, key],
        );
      },
      async insert(sessionId, key, hash, statusCode, body) {
        const t = clock();
        if (t - lastPurge > 60_000) {
          lastPurge = t;
          await store.purge();
        }
        const sql = `INSERT INTO idempotency_keys (session_id, idempotency_key, request_hash, state, status_code, response_json, locked_at, created_at, expires_at)
           VALUES (?, ?, ?, 'done', ?, ?, ?, ?, ?)`;
        const params = [sessionId, key, hash, statusCode, JSON.stringify(body), iso(t), iso(t), iso(t + ttlMs)];
        if (db.allAndCommit) await db.allAndCommit(sql, params);
        else await db.run(sql, params);
      },
      async dropStale(sessionId, key) {
        const t = clock();
        return (await db.run(
          `DELETE FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ? AND (expires_at <= ? OR (state = 'pending' AND locked_at <= ?))`,
          [sessionId, key, iso(t), iso(t - lockMs)],
        )).changes > 0;
      },
      async lookup(sessionId, key, hash) {
        const row = await db.get<KeyRow>(
          'SELECT request_hash, state, status_code, response_json, locked_at, expires_at FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ?',
          [sessionId, key],
        );
        return verdict(row, hash, clock());
      },
      async release(sessionId, key) {
        await db.run("DELETE FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ? AND state = 'pending'", [sessionId, key]);
      },
      async purge() {
        return (await db.run('DELETE FROM idempotency_keys WHERE expires_at <= ?', [iso(clock())])).changes;
      },
      in: make,
    };
    return store;
  };
  return make(root);
}
