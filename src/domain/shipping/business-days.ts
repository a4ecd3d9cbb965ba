/**
 * Business days: weekdays that are not US federal holidays as observed, the days the warehouse
 * ships and the carriers deliver.
 * @module
 */
import { weekdayOf } from './calendar.ts';
import { isObservedFederalHoliday } from './holidays.ts';

/** Is the day a Saturday or a Sunday? */
export function isWeekend(day: number): boolean {
  const w = weekdayOf(day);
  return w === 0 || w === 6;
}

/**
 * Is the day a business day: a weekday that is not a US federal holiday as observed (the day
 * the carriers and the warehouse are closed)?
 * @example
 * isBusinessDay(dayOfIso('2026-07-03')); // false: Independence Day observed
 */
export function isBusinessDay(day: number): boolean {
  return !isWeekend(day) && !isObservedFederalHoliday(day);
}

/** The first business day on or after `day`. */
export function businessDayOnOrAfter(day: number): number {
  let d = day;
  while (!isBusinessDay(d)) d += 1;
  return d;
}

/**
 * The `n`-th business day after `day` (n = 0: the first business day on or after it).
 * @example
 * isoOfDay(addBusinessDays(dayOfIso('2026-11-25'), 1)); // '2026-11-27' (Thanksgiving skipped)
 */
export function addBusinessDays(day: number, n: number): number {
  let d = businessDayOnOrAfter(day);
  for (let left = n; left > 0; left -= 1) d = businessDayOnOrAfter(d + 1);
  return d;
}
