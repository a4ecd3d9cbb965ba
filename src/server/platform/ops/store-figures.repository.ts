/**
 * The operator's figures read from the database (ops/metrics.ts gauges, ops/health.ts readiness):
 * counts across the carts, orders, outbox and catalogue aggregates, and the database's own state.
 * Reads only; every figure is one aggregate query.
 * @module
 */
import type { Db } from '../db/database.ts';

/** Carts (checkouts) per status. */
export async function cartCountsByStatus(db: Db): Promise<{ status: string; n: number }[]> {
  return await db.all<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM checkouts GROUP BY status');
}

/** Lines in open carts. */
export async function openCartLineCount(db: Db): Promise<number> {
  return (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM checkout_line_items li JOIN checkouts c ON c.id = li.checkout_id WHERE c.status = 'open'"))?.n ?? 0;
}

/** Orders placed. */
export async function orderCount(db: Db): Promise<number> {
  return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))?.n ?? 0;
}

/** Emails not sent yet that will be tried again (fewer than `maxAttempts` attempts). */
export async function outboxPendingCount(db: Db, maxAttempts: number): Promise<number> {
  return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM email_outbox WHERE sent_at IS NULL AND attempts < ?', [maxAttempts]))?.n ?? 0;
}

/** When the oldest pending email was queued (ISO text), or null when none is pending. */
export async function outboxOldestPending(db: Db, maxAttempts: number): Promise<string | null> {
  return (await db.get<{ at: string | null }>('SELECT MIN(created_at) AS at FROM email_outbox WHERE sent_at IS NULL AND attempts < ?', [maxAttempts]))?.at ?? null;
}

/** Emails given up after `maxAttempts` attempts. */
export async function outboxFailedCount(db: Db, maxAttempts: number): Promise<number> {
  return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM email_outbox WHERE sent_at IS NULL AND attempts >= ?', [maxAttempts]))?.n ?? 0;
}

/** A round trip to the database; throws when it is unreachable. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.get('SELECT 1 AS one');
}

/** The versions of the migrations applied; throws when the migrations table is missing. */
export async function appliedMigrationVersions(db: Db): Promise<number[]> {
  return (await db.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version));
}

/** Products in the catalogue. */
export async function productCount(db: Db): Promise<number> {
  return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))?.n ?? 0;
}
