/**
 * All SQL of the back office's reports (orders of migrations 004 and 027). One statement answers
 * a whole report: the days' bounds are given as rows (a VALUES list), each joined to the orders
 * placed within it, so the same SQL runs on SQLite and PostgreSQL whatever the time zone, and
 * reads the orders through their (created_at, id) index. `created_at` is an ISO date-time in UTC,
 * so text comparison is time order.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** A day to sum: its date and the UTC instants (ISO) it spans, `from` included, `to` not. */
export interface DayBounds {
  date: string;
  from: string;
  to: string;
}

/** A day's sums. */
export interface DaySalesRow {
  date: string;
  orders: number;
  revenue_cents: number;
}

/**
 * The orders placed within each day and their totals, cancelled orders left out; a day without
 * orders answers zeros. One row per day, in date order.
 */
export async function salesByDay(db: Db, days: readonly DayBounds[]): Promise<DaySalesRow[]> {
  if (days.length === 0) return [];
  const values = days.map(() => '(CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT))').join(', ');
  const rows = await db.all<DaySalesRow>(
    `WITH d (day, from_at, to_at) AS (VALUES ${values})
     SELECT d.day AS date, COUNT(o.id) AS orders, COALESCE(SUM(o.total_cents), 0) AS revenue_cents
     FROM d LEFT JOIN orders o ON o.created_at >= d.from_at AND o.created_at < d.to_at AND o.state <> 'cancelled'
     GROUP BY d.day ORDER BY d.day`,
    days.flatMap((d) => [d.date, d.from, d.to]),
  );
  // PostgreSQL answers COUNT and SUM as bigint text
  return rows.map((r) => ({ date: r.date, orders: Number(r.orders), revenue_cents: Number(r.revenue_cents) }));
}

/** The currency of the store's latest order, or undefined before the first. */
export async function latestCurrency(db: Db): Promise<string | undefined> {
  return (await db.get<{ currency_code: string }>('SELECT currency_code FROM orders ORDER BY created_at DESC, id DESC LIMIT 1'))?.currency_code;
}
