/**
 * Wall-clock time in an IANA time zone, with nothing but `Intl`: the store's cut-off is "1 pm in
 * Los Angeles", whatever zone the server runs in.
 * @module
 */
import { dayNumber } from './calendar.ts';

/** A moment read on a zone's wall clock. */
export interface ZonedClock {
  /** Day number (days since 1970-01-01) of the local date. */
  day: number;
  /** Minutes since local midnight, 0..1439. */
  minutes: number;
  /** Seconds past the minute (0..59), kept so a countdown never rounds up. */
  seconds: number;
}

// one formatter per zone: making one costs about a millisecond; null marks an unknown zone
const formats = new Map<string, Intl.DateTimeFormat | null>();

function formatOf(timeZone: string): Intl.DateTimeFormat | null {
  let format = formats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
      });
    } catch {
      format = null;
    }
    if (formats.size >= 32) formats.clear();
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * Is `timeZone` an IANA zone this runtime knows?
 * @example
 * isValidTimeZone('America/Los_Angeles'); // true
 * isValidTimeZone('Pacific Standard'); // false
 */
export function isValidTimeZone(timeZone: string): boolean {
  return typeof timeZone === 'string' && timeZone !== '' && formatOf(timeZone) !== null;
}

/**
 * Reads an instant (epoch milliseconds) on a zone's wall clock. An unknown zone reads as UTC
 * (check the store's zone once with {@link isValidTimeZone}).
 * @example
 * zonedClock(Date.UTC(2026, 11, 1, 20, 46), 'America/Los_Angeles'); // { day: 20423, minutes: 766, seconds: 0 } (Dec 1, 12:46)
 */
export function zonedClock(epochMs: number, timeZone: string): ZonedClock {
  const format = formatOf(timeZone) ?? formatOf('UTC');
  let year = 1970, month = 1, date = 1, hour = 0, minute = 0, second = 0;
  for (const part of format!.formatToParts(epochMs)) {
    switch (part.type) {
      case 'year': year = Number(part.value); break;
      case 'month': month = Number(part.value); break;
      case 'day': date = Number(part.value); break;
      case 'hour': hour = Number(part.value) % 24; break;
      case 'minute': minute = Number(part.value); break;
      case 'second': second = Number(part.value); break;
      default: break;
    }
  }
  return { day: dayNumber(year, month, date), minutes: hour * 60 + minute, seconds: second };
}

/**
 * The instant at which a zone's wall clock shows `minutes` past midnight of `day`. In the hour a
 * spring-forward skips, the answer is the instant after the gap; in the hour a fall-back repeats,
 * the first of the two.
 */
export function zonedInstant(day: number, minutes: number, timeZone: string): number {
  const wall = day * 86_400_000 + minutes * 60_000;
  // the offset at a guess, then again at the corrected instant (they differ only around a change)
  let instant = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(instant, timeZone);
  if (second !== instant) instant = Math.min(instant, second);
  return instant;
}

/** The zone's offset from UTC at an instant, in milliseconds (local wall time − UTC). */
function offsetAt(epochMs: number, timeZone: string): number {
  const clock = zonedClock(epochMs, timeZone);
  const wall = clock.day * 86_400_000 + clock.minutes * 60_000 + clock.seconds * 1000;
  return wall - Math.floor(epochMs / 1000) * 1000;
}
