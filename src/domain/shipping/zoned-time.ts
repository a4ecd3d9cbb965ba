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

/**
 * The offsets read lately (wall − UTC, milliseconds), by zone and UTC second (epoch seconds).
 * A zone's offset is a whole number of seconds and changes only at a whole second, so an offset
 * read once holds for the rest of its second; using it costs a small part of a formatter call
 * (a page quoted again within the second, and the cut-off instants every quote of a day reads).
 */
const offsets = new Map<string, Map<number, number>>();

/** Seconds remembered a zone. */
const OFFSETS_PER_ZONE = 16;

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
  // one read of the zone serves its whole UTC second (see `offsets`)
  const second = Math.floor(epochMs / 1000);
  const known = offsets.get(timeZone);
  const offset = known?.get(second);
  if (offset !== undefined) return clockOfWall(epochMs + offset);
  const format = formatOf(timeZone) ?? formatOf('UTC');
  let year = 1970, month = 1, date = 1, hour = 0, minutes = 0, seconds = 0;
  for (const part of format!.formatToParts(epochMs)) {
    switch (part.type) {
      case 'year': year = Number(part.value); break;
      case 'month': month = Number(part.value); break;
      case 'day': date = Number(part.value); break;
      case 'hour': hour = Number(part.value) % 24; break;
      case 'minute': minutes = Number(part.value); break;
      case 'second': seconds = Number(part.value); break;
      default: break;
    }
  }
  const clock = { day: dayNumber(year, month, date), minutes: hour * 60 + minutes, seconds };
  const offsetMs = clock.day * 86_400_000 + clock.minutes * 60_000 + seconds * 1000 - second * 1000;
  if (Number.isSafeInteger(offsetMs) && Number.isFinite(second)) {
    let zone = known;
    if (!zone) {
      if (offsets.size >= 32) offsets.clear();
      offsets.set(timeZone, (zone = new Map()));
    }
    // a few seconds a zone: now, and the cut-off instants a quote reads
    if (zone.size >= OFFSETS_PER_ZONE) zone.delete(zone.keys().next().value as number);
    zone.set(second, offsetMs);
  }
  return clock;
}

/** The wall clock of a wall time in milliseconds (the instant plus the zone's offset). */
function clockOfWall(wallMs: number): ZonedClock {
  const day = Math.floor(wallMs / 86_400_000);
  const inDay = wallMs - day * 86_400_000;
  return { day, minutes: Math.floor(inDay / 60_000), seconds: Math.floor((inDay % 60_000) / 1000) };
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
