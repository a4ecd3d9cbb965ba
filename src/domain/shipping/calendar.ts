/**
 * Calendar days without a clock: an ISO date `YYYY-MM-DD` is a day on the store's calendar, and
 * the arithmetic runs on day numbers (days since 1970-01-01), so nothing here depends on the
 * machine's time zone.
 * @module
 */

/** A calendar day written `YYYY-MM-DD`. */
export type IsoDate = string;

const MS_PER_DAY = 86_400_000;

/** Day number (days since 1970-01-01) of a calendar date. Month is 1..12. */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** Day number of an ISO date; NaN when the text is not a `YYYY-MM-DD` date. */
export function dayOfIso(date: IsoDate): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const n = dayNumber(y, mo, d);
  // reject 2026-02-30 and the like (Date.UTC rolls them over)
  return isoOfDay(n) === date ? n : Number.NaN;
}

/** ISO date of a day number. */
export function isoOfDay(day: number): IsoDate {
  const date = new Date(day * MS_PER_DAY);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** Day of the week of a day number: 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Calendar year of a day number. */
export function yearOfDay(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}
