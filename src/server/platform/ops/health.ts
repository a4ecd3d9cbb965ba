/**
 * Liveness and readiness for load balancers and orchestrators.
 *
 * - `GET /healthz`: the process is up and its event loop answers (200 `{ status: 'ok' }`); it
 *   touches nothing else, so a slow database never gets a live process restarted.
 * - `GET /readyz`: the store can serve: the database answers a query, every migration of this
 *   build is applied, the search index is built, and the process is not shutting down. 200
 *   `{ status: 'ready', checks }`, else 503 `{ error, checks }` naming the first failed check.
 *   With Redis (several processes) `checks.redis` says 'ok' or 'degraded: ...': a process whose
 *   Redis is away still serves every page, search, sign-in and cart on its own (stricter rate
 *   limits, its own socket.io clients, catalogue changes by polling), so a load balancer must
 *   not take it out; the database being away does (503).
 * @module
 */
import type { Db } from '../db/database.ts';
import { appliedMigrationVersions, pingDatabase, productCount } from './store-figures.repository.ts';

/** One check's outcome: 'ok' or what is wrong. */
export type CheckResult = 'ok' | string;

/** The checks of a readiness answer. */
export interface ReadinessChecks {
  database: CheckResult;
  migrations: CheckResult;
  searchIndex: CheckResult;
  shutdown: CheckResult;
  /** Only with Redis: 'ok', or 'degraded: ...' while it is away (never fails readiness). */
  redis?: CheckResult;
}

/** A readiness answer. */
export interface Readiness {
  ready: boolean;
  /** The first failed check's message, when not ready. */
  reason?: string;
  checks: ReadinessChecks;
}

/** What readiness looks at. */
export interface ReadinessProbe {
  db: Db;
  /** Versions of the migrations this build ships (all must be applied). */
  expectedMigrations: readonly number[];
  /** The search index's document count, or null while there is no index. */
  searchIndexSize: () => number | null;
  /** Whether the process has started shutting down. */
  shuttingDown: () => boolean;
  /** With Redis: whether it answers now and since when it has not (ms since the epoch). @default no Redis */
  redis?: () => { up: boolean; downSince: number | null };
}

/** The Redis check's text while Redis is away. */
export function redisDegraded(downSince: number | null, now: number = Date.now()): string {
  const seconds = downSince === null ? 0 : Math.max(0, Math.round((now - downSince) / 1000));
  return `degraded: Redis unreachable for ${seconds} s; this process serves on its own (stricter rate limits, catalogue changes by polling) and reconnects by itself`;
}

/**
 * Runs the readiness checks; never throws (a failing check is a reason, not an exception).
 * @example
 * checkReadiness({ db, expectedMigrations: [1, 2, 3, 4], searchIndexSize: () => 3000, shuttingDown: () => false });
 * // { ready: true, checks: { database: 'ok', migrations: 'ok', searchIndex: 'ok', shutdown: 'ok' } }
 */
export async function checkReadiness(probe: ReadinessProbe): Promise<Readiness> {
  const checks: ReadinessChecks = { database: 'ok', migrations: 'ok', searchIndex: 'ok', shutdown: 'ok' };
  let products: number | null = null;
  try {
    await pingDatabase(probe.db);
  } catch (err) {
    checks.database = `Database unreachable: ${(err as Error).message}`;
  }
  if (checks.database === 'ok') {
    try {
      const applied = new Set(await appliedMigrationVersions(probe.db));
      const missing = probe.expectedMigrations.filter((v) => !applied.has(v));
      if (missing.length > 0) checks.migrations = `Migrations not applied: ${missing.join(', ')}`;
    } catch (err) {
      checks.migrations = `Migrations unreadable: ${(err as Error).message}`;
    }
    try {
      products = await productCount(probe.db);
    } catch {
      products = null;
    }
  } else {
    checks.migrations = 'Not checked: the database is unreachable';
  }
  const size = probe.searchIndexSize();
  if (size === null) checks.searchIndex = 'Search index not built';
  // an index of 0 documents over a non-empty catalogue is an index that was not built from it
  else if (size === 0 && products !== null && products > 0) checks.searchIndex = `Search index empty while the catalogue holds ${products} products`;
  if (probe.shuttingDown()) checks.shutdown = 'Shutting down';
  const failed = (Object.values(checks) as CheckResult[]).find((c) => c !== 'ok');
  // told after the verdict: Redis away degrades a process, it does not make it unready
  if (probe.redis) {
    const state = probe.redis();
    checks.redis = state.up ? 'ok' : redisDegraded(state.downSince);
  }
  return failed === undefined ? { ready: true, checks } : { ready: false, reason: failed, checks };
}
