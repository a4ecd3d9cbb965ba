/**
 * The back office's reports: orders and revenue per day for the last `days` days (today
 * included) and as many days before, counted in the operator's time zone. The day rules (which
 * dates, where a local day starts, zeros for empty days, the sums) are the domain's
 * (src/domain/admin-reports.ts), so the dashboard reads the same days the server sums.
 * Revenue is the placed orders' totals (shipping and tax included); cancelled orders are left
 * out, refunds are not subtracted (the order's page and the audit log show them).
 * @module
 */
import {
  addDays, DASHBOARD_REPORT_DAYS, fillDays, localDate, parseSalesZone, reportDates, salesTotals, startOfLocalDay, type SalesReport,
} from '../../../domain/admin-reports.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import * as repo from './repository.ts';

/** The refusals of the report routes. */
export const REPORT_ERRORS = {
  badZone: 'tz must be an IANA time zone (such as America/Los_Angeles) or an offset in minutes east of UTC between -840 and 840.',
} as const;

/** What the service needs. */
export interface ReportsDeps {
  db: Db;
  /** The clock. @default Date.now */
  now?: () => number;
}

/**
 * The reports over one database.
 * @example
 * const reports = new ReportsService({ db });
 * const { days, totals } = await reports.sales({ days: 30, tz: 'America/Los_Angeles' });
 */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  /** Orders and revenue per day of the last `days` days and the `days` before; 400 for an unknown zone. */
  async sales(query: { days?: number; tz?: string }): Promise<SalesReport> {
    const days = query.days ?? DASHBOARD_REPORT_DAYS;
    const timeZone = query.tz ?? 'UTC';
    const zone = parseSalesZone(timeZone);
    if (!zone) throw new HttpError(400, REPORT_ERRORS.badZone);
    const today = localDate((this.deps.now ?? Date.now)(), zone);
    const dates = reportDates(today, days * 2);
    const bounds = dates.map((date) => ({
      date, from: new Date(startOfLocalDay(date, zone)).toISOString(), to: new Date(startOfLocalDay(addDays(date, 1), zone)).toISOString(),
    }));
    const [rows, currency] = await Promise.all([repo.salesByDay(this.deps.db, bounds), repo.latestCurrency(this.deps.db)]);
    const all = fillDays(dates, rows.map((r) => ({ date: r.date, orders: r.orders, revenueCents: r.revenue_cents })));
    const previous = all.slice(0, days);
    const current = all.slice(days);
    return { days: current, previous, totals: salesTotals(current, previous), currency: currency ?? 'USD', timeZone };
  }
}
