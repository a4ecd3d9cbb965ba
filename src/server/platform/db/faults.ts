/**
 * What the database can do wrong besides a bad statement, and how long anything may wait on it.
 *
 * - {@link readDatabaseTimeouts}: every PostgreSQL statement ends within DB_STATEMENT_TIMEOUT_MS
 *   (the server's `statement_timeout`, and the client gives up a little later if no answer comes
 *   at all), a connection is taken from the pool within DB_ACQUIRE_TIMEOUT_MS, and SQLite waits at
 *   most DB_BUSY_TIMEOUT_MS for another process's write lock. No request holds a connection
 *   forever.
 * - {@link databaseFault}: the one place that tells a database that cannot serve now (down,
 *   restarting, too slow, out of disk) from a bug. The error handler (errors.ts) answers such a
 *   failure 503 with Retry-After and `{ error }`, never 500: the write was rolled back whole (every
 *   write is one transaction), so the client may send it again, with the same Idempotency-Key.
 * @module
 */
import { wholeNumberFromEnv } from '../config/env.ts';

/** How long anything may wait on the database, in milliseconds. */
export interface DatabaseTimeouts {
  /** DB_STATEMENT_TIMEOUT_MS: longest statement on PostgreSQL (0: no limit). @default 10000 */
  statementMs: number;
  /** DB_ACQUIRE_TIMEOUT_MS: longest wait for a pooled PostgreSQL connection, or to open one. @default 5000 */
  acquireMs: number;
  /** DB_BUSY_TIMEOUT_MS: longest wait of SQLite for another process's write lock. @default 5000 */
  busyMs: number;
}

/**
 * Reads the database timeouts; a malformed value throws a message naming the variable.
 * @example
 * readDatabaseTimeouts({ DB_STATEMENT_TIMEOUT_MS: '2000' }).statementMs; // 2000
 */
export function readDatabaseTimeouts(env: NodeJS.ProcessEnv = process.env): DatabaseTimeouts {
  return {
    statementMs: wholeNumberFromEnv(env, 'DB_STATEMENT_TIMEOUT_MS', 10_000, 0, 3_600_000),
    acquireMs: wholeNumberFromEnv(env, 'DB_ACQUIRE_TIMEOUT_MS', 5000, 100, 600_000),
    busyMs: wholeNumberFromEnv(env, 'DB_BUSY_TIMEOUT_MS', 5000, 0, 600_000),
  };
}

/**
 * How much later than the server's statement timeout the client stops waiting for an answer (a
 * server or network that has stopped answering altogether). @default 2000
 */
export const CLIENT_GRACE_MS = 2000;

/**
 * A statement that lifts the statement timeout for the rest of its transaction (PostgreSQL; the
 * adapter then stops timing the transaction's statements too): the setup lock's transaction
 * (migrations and the first seed, which the other processes wait on) may run long.
 */
export const NO_STATEMENT_TIMEOUT = 'SET LOCAL statement_timeout = 0';

/**
 * Why the database cannot serve now:
 * - `unavailable`: unreachable, restarting or shutting down, out of connections;
 * - `busy`: a statement ran out of time, the pool had no connection free in time, a lock wait
 *   or a serialization conflict that retries did not resolve;
 * - `storage`: the disk is full or failing (SQLite's SQLITE_FULL and SQLITE_IOERR, PostgreSQL's
 *   disk_full and I/O errors).
 */
export type DatabaseFault = 'unavailable' | 'busy' | 'storage';

/** What a shopper's client is told, per fault (JSON `{ error }` of the 503). */
export const DATABASE_FAULT_MESSAGES: Record<DatabaseFault, string> = {
  unavailable: 'The store cannot reach its database right now. Nothing was changed; please try again in a moment.',
  busy: 'The store is too busy to answer right now. Nothing was changed; please try again in a moment.',
  storage: 'The store cannot save changes right now: its storage is full or failing. Nothing was changed; please try again later.',
};

/** The Retry-After (seconds) of each fault's 503. */
export const DATABASE_FAULT_RETRY_AFTER: Record<DatabaseFault, number> = {
  unavailable: 5,
  busy: 2,
  storage: 30,
};

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

// PostgreSQL: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections, 08xxx connection exceptions
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
// 57014 query_canceled (statement_timeout), 55P03 lock_not_available, 25P03 idle_in_transaction_session_timeout,
// 40001 serialization_failure and 40P01 deadlock_detected (after the adapter's own retries)
const PG_BUSY = new Set(['57014', '55P03', '25P03', '40001', '40P01']);
// 53100 disk_full, 58030 io_error
const PG_STORAGE = new Set(['53100', '58030']);

/** The driver's messages of a connection that is gone or could not be had (pg and pg-pool set no code on them). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
  'the database system is',
];
const BUSY_MESSAGES = ['timeout exceeded when trying to connect', 'Query read timeout'];

function classify(err: { code?: unknown; message?: unknown }): DatabaseFault | null {
  const code = typeof err.code === 'string' ? err.code : '';
  if (code !== '') {
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
    if (PG_BUSY.has(code) || code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED') return 'busy';
    if (PG_STORAGE.has(code) || code === 'SQLITE_FULL' || code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_')) return 'storage';
  }
  const message = typeof err.message === 'string' ? err.message : '';
  if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
  if (BUSY_MESSAGES.some((m) => message.includes(m))) return 'busy';
  return null;
}

/**
 * Whether an error says the database cannot serve now, and why; null for anything else (a bug,
 * a constraint, bad input). Looks through `cause` and an AggregateError's errors (a connect to
 * several addresses fails with one).
 * @example
 * databaseFault(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })); // 'unavailable'
 * databaseFault(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })); // 'storage'
 * databaseFault(new Error('boom')); // null
 */
export function databaseFault(err: unknown, depth = 0): DatabaseFault | null {
  if (err === null || typeof err !== 'object' || depth > 3) return null;
  const found = classify(err as { code?: unknown; message?: unknown });
  if (found) return found;
  const inner = err as { cause?: unknown; errors?: unknown };
  if (inner.cause !== undefined) {
    const fromCause = databaseFault(inner.cause, depth + 1);
    if (fromCause) return fromCause;
  }
  if (Array.isArray(inner.errors)) {
    for (const e of inner.errors) {
      const fromOne = databaseFault(e, depth + 1);
      if (fromOne) return fromOne;
    }
  }
  return null;
}

/** Whether an error is a unique-key violation (PostgreSQL 23505, SQLite's constraint codes). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
