/**
 * The `Idempotency-Key` store of the cart's add calls: keys scoped to the session,
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
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/faults.ts';
import { canonicalJson } from '../../platform/http/canonical-json.ts';
import { HttpError } from '../../platform/http/errors.ts';

export { canonicalJson } from '../../platform/http/canonical-json.ts';
export { isUniqueViolation } from '../../platform/db/faults.ts';
import {
  deleteExpiredKeys, deleteKey, deletePendingKey, deleteStaleKey, finishKey, insertDoneKeyAndCommit, insertPendingKey, keyRow, lockedKeyRow, type KeyRow,
} from './idempotency.repository.ts';

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
          const row = await lockedKeyRow(tx, sessionId, key);
          const known = verdict(row, hash, t);
          if (known) return known;
          if (row) await deleteKey(tx, sessionId, key);
          // the key is unique in the database: of two requests with one key (two processes), one
          // inserts; the other waits for its transaction, inserts nothing and reads its row
          if (await insertPendingKey(tx, { sessionId, key, hash, at: iso(t), expiresAt: iso(t + ttlMs) })) return { kind: 'claimed' };
          return verdict(await lockedKeyRow(tx, sessionId, key), hash, t) ?? { kind: 'in-progress' };
        });
      },
      async finish(sessionId, key, statusCode, body) {
        const t = clock();
        await finishKey(db, { sessionId, key, statusCode, responseJson: JSON.stringify(body), expiresAt: iso(t + ttlMs) });
      },
      async insert(sessionId, key, hash, statusCode, body) {
        const t = clock();
        if (t - lastPurge > 60_000) {
          lastPurge = t;
          await store.purge();
        }
        await insertDoneKeyAndCommit(db, { sessionId, key, hash, statusCode, responseJson: JSON.stringify(body), at: iso(t), expiresAt: iso(t + ttlMs) });
      },
      async dropStale(sessionId, key) {
        const t = clock();
        return await deleteStaleKey(db, sessionId, key, iso(t), iso(t - lockMs));
      },
      async lookup(sessionId, key, hash) {
        return verdict(await keyRow(db, sessionId, key), hash, clock());
      },
      async release(sessionId, key) {
        await deletePendingKey(db, sessionId, key);
      },
      async purge() {
        return await deleteExpiredKeys(db, iso(clock()));
      },
      in: make,
    };
    return store;
  };
  return make(root);
}

/** A request run under the key rules by {@link runIdempotent}. */
export interface IdempotentRequest<T> {
  /** The request's session (keys are scoped to it). */
  sessionId: number;
  /** The `Idempotency-Key` header as sent; undefined when there is none. */
  key: string | string[] | undefined;
  /** The request's method, route and body, which a key is bound to. */
  method: string;
  route: string;
  body: unknown;
  /** The work and its answer, in `tx`, with no key: its last statement may commit. */
  once: (tx: Db) => Promise<T>;
  /** The work and its answer, in `tx`, with a key: the key's row is written after it. */
  work: (tx: Db) => Promise<T>;
  /** Awaited after the key is claimed and before the work (a test's seam); two steps then. */
  afterClaim?: ((key: string) => Promise<void>) | undefined;
}

/** What {@link runIdempotent} answers: the work's answer, or the stored answer of the key to replay. */
export type IdempotentOutcome<T> =
  | { replayed: false; body: T }
  | { replayed: true; statusCode: number; body: unknown };

/** A stored answer to replay, or the refusal of a key that cannot run. */
function settled(claim: Claim): IdempotentOutcome<never> {
  if (claim.kind === 'mismatch') throw new HttpError(422, IDEMPOTENCY_ERRORS.mismatch);
  if (claim.kind === 'replay') return { replayed: true, statusCode: claim.statusCode, body: claim.body };
  // 'in-progress'; a claim that was granted never gets here
  throw new HttpError(409, IDEMPOTENCY_ERRORS.inProgress);
}

/**
 * Runs a request under the Idempotency-Key rules of the module notes. Without a key the work
 * runs once, unprotected. With one, ONE transaction does the work, reads the answer and stores it
 * with the key: a second request with the same key (another process) waits on the key's row,
 * fails on it, rolls its own work back and replays the first answer. A failed request stores
 * nothing; if its key was already answered (a retry), that answer is replayed. With `afterClaim`
 * the key is first claimed (a pending row, what a concurrent request sees as 409), then the work
 * runs and stores its answer; a failure releases the claim.
 * @throws HttpError 400 for a malformed key, 422 for a key used with another request, 409 for a
 *   key whose request is still running; the work's own errors as they are
 * @example
 * const outcome = await runIdempotent(db, keys, { sessionId, key, method: 'POST', route, body, once, work });
 * if (outcome.replayed) reply.code(outcome.statusCode);
 */
export async function runIdempotent<T>(db: Db, keys: IdempotencyStore, request: IdempotentRequest<T>): Promise<IdempotentOutcome<T>> {
  const { sessionId, key, afterClaim } = request;
  if (key === undefined) return { replayed: false, body: await db.transaction(request.once) };
  if (typeof key !== 'string' || !validIdempotencyKey(key)) throw new HttpError(400, IDEMPOTENCY_ERRORS.invalid);
  const hash = requestHash(request.method, request.route, request.body);
  if (!afterClaim) {
    for (let attempt = 1; ; attempt++) {
      try {
        const body = await db.transaction(async (tx) => {
          const result = await request.work(tx);
          await keys.in(tx).insert(sessionId, key, hash, 200, result);
          return result;
        });
        return { replayed: false, body };
      } catch (err) {
        if (!(err instanceof HttpError) && !isUniqueViolation(err)) throw err;
        const known = await keys.lookup(sessionId, key, hash);
        if (known) return settled(known);
        if (err instanceof HttpError) throw err;
        // the key's row is expired or its request died: it goes, and the request runs again
        if (attempt >= 3) throw err;
        await keys.dropStale(sessionId, key);
      }
    }
  }
  const claim = await keys.claim(sessionId, key, hash);
  if (claim.kind !== 'claimed') return settled(claim);
  try {
    await afterClaim(key);
    const body = await db.transaction(async (tx) => {
      const result = await request.work(tx);
      await keys.in(tx).finish(sessionId, key, 200, result);
      return result;
    });
    return { replayed: false, body };
  } catch (err) {
    await keys.release(sessionId, key);
    throw err;
  }
}
