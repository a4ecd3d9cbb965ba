/**
 * The back office's sales report rules, shared by the server (which days a report covers and
 * where each local day starts) and the dashboard (the series filled with zeros, the change
 * against the period before, and the sentence a screen reader hears in place of the chart).
 * Days are calendar dates ('YYYY-MM-DD') in a time zone: an IANA name ('Europe/Paris') or a
 * fixed offset in minutes east of UTC ('-300' is UTC-5). Pure: the caller gives the instant.
 * @module
 */
import { formatAdminMoney } from './admin-orders.ts';

/** One day of the report. */
export interface SalesDay {
  /** The calendar date in the report's time zone, 'YYYY-MM-DD'. */
  date: string;
  /** Orders placed that day, cancelled ones left out. */
  orders: number;
  /** Their totals, in cents. */
  revenueCents: number;
}

/** The sums of a report. */
export interface SalesTotals {
  orders: number;
  revenueCents: number;
  previousOrders: number;
  previousRevenueCents: number;
}

/** The answer of GET /api/admin/reports/sales. */
export interface SalesReport {
  /** The last `days` days, oldest first, today last. */
  days: SalesDay[];
  /** The `days` days before them, oldest first. */
  previous: SalesDay[];
  totals: SalesTotals;
  /** The currency of the amounts. @default 'USD' */
  currency: string;
  /** The time zone the days are counted in, as asked. */
  timeZone: string;
}

/** A time zone the report can count days in. */
export type SalesZone = { kind: 'offset'; minutes: number } | { kind: 'iana'; name: string };

/** How many days a report covers at most (and the period before as many again). @default 92 */
export const MAX_REPORT_DAYS = 92;
/** The days the dashboard's chart covers. @default 30 */
export const DASHBOARD_REPORT_DAYS = 30;
/** The largest offset of a real time zone, in minutes (UTC+14). */
const MAX_OFFSET = 14 * 60;
const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(name: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(name);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: name, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    if (zoneFormats.size > 32) zoneFormats.clear();
    zoneFormats.set(name, format);
  }
  return format;
}

/**
 * A `tz` parameter as a zone, or null when it is neither an offset in minutes within ±14 hours
 * nor an IANA zone this runtime knows.
 * @example parseSalesZone('-300'); // { kind: 'offset', minutes: -300 }
 * @example parseSalesZone('Europe/Paris'); // { kind: 'iana', name: 'Europe/Paris' }
 * @example parseSalesZone('Mars/Olympus'); // null
 */
export function parseSalesZone(tz: string): SalesZone | null {
  const text = tz.trim();
  if (/^[+-]?\d{1,4}$/.test(text)) {
    const minutes = Number(text);
    return Math.abs(minutes) <= MAX_OFFSET ? { kind: 'offset', minutes: minutes === 0 ? 0 : minutes } : null;
  }
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(text)) return null;
  try {
    zoneFormat(text);
    return { kind: 'iana', name: text };
  } catch {
    return null;
  }
}

/**
 * The zone's offset from UTC at an instant, in minutes east of UTC.
 * @example zoneOffsetMinutes({ kind: 'iana', name: 'America/New_York' }, Date.UTC(2026, 0, 1)); // -300
 */
export function zoneOffsetMinutes(zone: SalesZone, ms: number): number {
  if (zone.kind === 'offset') return zone.minutes;
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(zone.name).formatToParts(ms)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** A 'YYYY-MM-DD' of a UTC day number (days since 1970-01-01). */
function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC day number of a 'YYYY-MM-DD'. */
function dayOfDate(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return Math.floor(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

/**
 * The calendar date of an instant in a zone.
 * @example localDate(Date.UTC(2026, 10, 27, 3), { kind: 'offset', minutes: -300 }); // '2026-11-26'
 */
export function localDate(ms: number, zone: SalesZone): string {
  return dateOfDay(Math.floor((ms + zoneOffsetMinutes(zone, ms) * 60_000) / DAY_MS));
}

/**
 * A date `n` days after (or before, when negative) another.
 * @example addDays('2026-03-01', -1); // '2026-02-28'
 */
export function addDays(date: string, n: number): string {
  return dateOfDay(dayOfDate(date) + n);
}

/**
 * The instant a local day starts (its midnight, or the first instant of it where a change of
 * clocks skips midnight), in milliseconds.
 * @example startOfLocalDay('2026-11-27', { kind: 'offset', minutes: 60 }); // Date.UTC(2026, 10, 26, 23)
 */
export function startOfLocalDay(date: string, zone: SalesZone): number {
  const midnight = dayOfDate(date) * DAY_MS;
  // a zone changes its clocks at most once around a midnight: try the offsets of half a day before
  // and after, and keep the earliest instant that is already this date there
  const starts = [midnight - DAY_MS / 2, midnight + DAY_MS / 2]
    .map((near) => midnight - zoneOffsetMinutes(zone, near) * 60_000)
    .filter((at) => localDate(at, zone) === date);
  return starts.length > 0 ? Math.min(...starts) : midnight - zoneOffsetMinutes(zone, midnight) * 60_000;
}

/**
 * The `count` dates that end with `last`, oldest first.
 * @example reportDates('2026-03-02', 3); // ['2026-02-28', '2026-03-01', '2026-03-02']
 */
export function reportDates(last: string, count: number): string[] {
  const end = dayOfDate(last);
  return Array.from({ length: Math.max(0, count) }, (_, i) => dateOfDay(end - count + 1 + i));
}

/**
 * A day for each date, the rows' sums where a row has that date, zeros elsewhere (rows for
 * other dates are left out; two rows of one date add up).
 * @example fillDays(['2026-01-01', '2026-01-02'], [{ date: '2026-01-02', orders: 1, revenueCents: 500 }]);
 * // [{ date: '2026-01-01', orders: 0, revenueCents: 0 }, { date: '2026-01-02', orders: 1, revenueCents: 500 }]
 */
export function fillDays(dates: readonly string[], rows: readonly SalesDay[]): SalesDay[] {
  const byDate = new Map<string, SalesDay>(dates.map((date) => [date, { date, orders: 0, revenueCents: 0 }]));
  for (const row of rows) {
    const day = byDate.get(row.date);
    if (!day) continue;
    day.orders += row.orders;
    day.revenueCents += row.revenueCents;
  }
  return [...byDate.values()];
}

/**
 * The report's sums over both periods.
 * @example salesTotals([{ date: '2026-01-02', orders: 2, revenueCents: 900 }], []); // { orders: 2, revenueCents: 900, previousOrders: 0, previousRevenueCents: 0 }
 */
export function salesTotals(days: readonly SalesDay[], previous: readonly SalesDay[]): SalesTotals {
  const sum = (list: readonly SalesDay[], key: 'orders' | 'revenueCents') => list.reduce((n, d) => n + d[key], 0);
  return { orders: sum(days, 'orders'), revenueCents: sum(days, 'revenueCents'), previousOrders: sum(previous, 'orders'), previousRevenueCents: sum(previous, 'revenueCents') };
}

/**
 * The change from `previous` to `current` in whole percent (rounded half away from zero), or null
 * when there was nothing before to compare with.
 * @example percentChange(150, 100); // 50
 * @example percentChange(5, 0); // null
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  const ratio = ((current - previous) * 100) / previous;
  const rounded = Math.sign(ratio) * Math.round(Math.abs(ratio));
  return rounded === 0 ? 0 : rounded;
}

/**
 * A change in words.
 * @example changeWords(12); // 'up 12%'
 * @example changeWords(null); // 'nothing to compare with'
 */
export function changeWords(change: number | null): string {
  if (change === null) return 'nothing to compare with';
  if (change === 0) return 'unchanged';
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}%`;
}

/**
 * A day as the chart's table and axis name it ('Nov 27').
 * @example shortDate('2026-11-27'); // 'Nov 27'
 */
export function shortDate(date: string): string {
  const m = DATE_RE.exec(date);
  if (!m) return date;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[Number(m[2]) - 1] ?? m[2]} ${Number(m[3])}`;
}

/**
 * What the chart says in words (its accessible description): the period's orders and revenue,
 * each against the period before, and the best day.
 * @example salesSummary(report);
 * // 'Last 30 days: 12 orders, $1,234.50 revenue (up 20% on the 30 days before: 10 orders, $1,000.00). Best day Nov 20: 3 orders, $400.00.'
 */
export function salesSummary(report: Pick<SalesReport, 'days' | 'totals' | 'currency'>): string {
  const { days, totals, currency } = report;
  const n = days.length;
  const orders = (k: number) => `${k} ${k === 1 ? 'order' : 'orders'}`;
  const money = (cents: number) => formatAdminMoney(cents, currency);
  const change = percentChange(totals.revenueCents, totals.previousRevenueCents);
  const period = `Last ${n} ${n === 1 ? 'day' : 'days'}: ${orders(totals.orders)}, ${money(totals.revenueCents)} revenue`;
  const before = `(${changeWords(change)} on the ${n} ${n === 1 ? 'day' : 'days'} before: ${orders(totals.previousOrders)}, ${money(totals.previousRevenueCents)}).`;
  const best = days.reduce<SalesDay | null>((top, d) => (d.revenueCents > 0 && (top === null || d.revenueCents > top.revenueCents) ? d : top), null);
  return `${period} ${before}${best ? ` Best day ${shortDate(best.date)}: ${orders(best.orders)}, ${money(best.revenueCents)}.` : ''}`;
}

/** A row of the chart and its table: a day of the period and the day as far into the period before. */
export interface SalesChartRow {
  date: string;
  orders: number;
  revenueCents: number;
  previousDate: string | null;
  previousOrders: number;
  previousRevenueCents: number;
}

/**
 * The report's days side by side with the days of the period before, day 1 with day 1 (a
 * shorter period before leaves zeros and no date).
 * @example salesChartRows(report)[0]; // { date: '2026-10-29', orders: 1, …, previousDate: '2026-09-29', previousOrders: 0, … }
 */
export function salesChartRows(report: Pick<SalesReport, 'days' | 'previous'>): SalesChartRow[] {
  return report.days.map((d, i) => {
    const before = report.previous[i];
    return {
      date: d.date, orders: d.orders, revenueCents: d.revenueCents,
      previousDate: before?.date ?? null, previousOrders: before?.orders ?? 0, previousRevenueCents: before?.revenueCents ?? 0,
    };
  });
}

/**
 * An amount for an axis: whole units, thousands as 'k' (one decimal under ten thousand).
 * @example axisMoney(123_450, 'USD'); // '$1.2k'
 * @example axisMoney(45_000, 'USD'); // '$450'
 */
export function axisMoney(cents: number, currency = 'USD'): string {
  const units = Math.round(cents / 100);
  const symbol = currency.toUpperCase() === 'USD' ? '$' : `${currency.toUpperCase()} `;
  if (Math.abs(units) < 1000) return `${symbol}${units}`;
  const thousands = units / 1000;
  return `${symbol}${Math.abs(thousands) < 10 ? (Math.round(thousands * 10) / 10).toString() : Math.round(thousands).toString()}k`;
}

/**
 * Whether a role may read the sales report (the server's `dashboard` permission: owner and staff;
 * the fulfilment role ships orders and does not see the takings).
 * @example mayReadSales('fulfilment'); // false
 */
export function mayReadSales(role: 'owner' | 'staff' | 'fulfilment'): boolean {
  return role === 'owner' || role === 'staff';
}
