/**
 * US federal holidays, computed by rule for any year (never a hand-kept list): the eleven days of
 * 5 U.S.C. 6103 with Juneteenth from 2021, and the observed day of a fixed-date holiday that
 * falls on a weekend (Saturday: the Friday before; Sunday: the Monday after). New Year's Day on a
 * Saturday is observed on Friday, December 31 of the year before.
 * @module
 */
import { dayNumber, isoOfDay, weekdayOf, yearOfDay, type IsoDate } from './calendar.ts';

/** A federal holiday of one year. */
export interface FederalHoliday {
  /** English name, e.g. 'Independence Day'. */
  name: string;
  /** The holiday's own date. */
  date: IsoDate;
  /** The day offices close: the date itself, or the Friday before / Monday after a weekend. */
  observed: IsoDate;
}

/** Day number of the n-th `weekday` (0 Sunday … 6 Saturday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = dayNumber(year, month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/** The observed day of a fixed-date holiday. */
function observedDay(day: number): number {
  const w = weekdayOf(day);
  if (w === 6) return day - 1;
  if (w === 0) return day + 1;
  return day;
}

/** [name, day number, fixed date?] of a year's holidays. */
function holidayDays(year: number): [string, number, boolean][] {
  const list: [string, number, boolean][] = [
    ["New Year's Day", dayNumber(year, 1, 1), true],
    ['Birthday of Martin Luther King, Jr.', nthWeekday(year, 1, 1, 3), false],
    ["Washington's Birthday", nthWeekday(year, 2, 1, 3), false],
    ['Memorial Day', nthWeekday(year, 5, 1, -1), false],
  ];
  // Juneteenth National Independence Day became a federal holiday on June 17, 2021
  if (year >= 2021) list.push(['Juneteenth National Independence Day', dayNumber(year, 6, 19), true]);
  list.push(
    ['Independence Day', dayNumber(year, 7, 4), true],
    ['Labor Day', nthWeekday(year, 9, 1, 1), false],
    ['Columbus Day', nthWeekday(year, 10, 1, 2), false],
    ['Veterans Day', dayNumber(year, 11, 11), true],
    ['Thanksgiving Day', nthWeekday(year, 11, 4, 4), false],
    ['Christmas Day', dayNumber(year, 12, 25), true],
  );
  return list;
}

/**
 * The federal holidays of a year, in calendar order, with their observed days.
 * @example
 * federalHolidays(2026).find((h) => h.name === 'Independence Day');
 * // { name: 'Independence Day', date: '2026-07-04', observed: '2026-07-03' }
 */
export function federalHolidays(year: number): FederalHoliday[] {
  return holidayDays(year).map(([name, day, fixed]) => ({
    name,
    date: isoOfDay(day),
    observed: isoOfDay(fixed ? observedDay(day) : day),
  }));
}

/** Observed holiday day numbers by calendar year of the observed day; filled on first use. */
const observedByYear = new Map<number, Set<number>>();

function observedSet(year: number): Set<number> {
  let set = observedByYear.get(year);
  if (!set) {
    set = new Set<number>();
    // next year's New Year's Day can be observed on this year's December 31
    for (const y of [year, year + 1]) {
      for (const [, day, fixed] of holidayDays(y)) set.add(fixed ? observedDay(day) : day);
    }
    // keep only days of this year (the set is asked by the day's own year)
    const start = dayNumber(year, 1, 1);
    const end = dayNumber(year + 1, 1, 1);
    for (const d of set) if (d < start || d >= end) set.delete(d);
    if (observedByYear.size > 256) observedByYear.clear();
    observedByYear.set(year, set);
  }
  return set;
}

/**
 * Is the day (a day number) a federal holiday as observed, the day offices close?
 * @example
 * isObservedFederalHoliday(dayNumber(2027, 12, 24)); // true: Christmas 2027 is a Saturday
 */
export function isObservedFederalHoliday(day: number): boolean {
  const year = yearOfDay(day);
  return observedSet(year).has(day);
}
