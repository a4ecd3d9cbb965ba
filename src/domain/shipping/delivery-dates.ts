/**
 * Ship and arrival dates: the warehouse's cut-off on its own clock, handling days per product,
 * transit days per service and zone, counted in business days (no weekends, no federal holidays),
 * and the en-US texts every surface shows ("Order within 2 h 14 min and it ships today",
 * "Arrives Tue, Dec 2 – Thu, Dec 4").
 * @module
 */
import { addBusinessDays, businessDayOnOrAfter, isBusinessDay } from './business-days.ts';
import { isoOfDay, type IsoDate } from './calendar.ts';
import type { TransitDays } from './tables.ts';
import { zonedClock, zonedInstant } from './zoned-time.ts';

/** Where an order stands against the warehouse's cut-off. */
export interface OrderClock {
  /** The instant of the order (epoch milliseconds). */
  now: number;
  /** Today's date on the warehouse clock (day number). */
  localDay: number;
  /** The first business day the warehouse can work on the order (today before the cut-off). */
  processingDay: number;
  /** Milliseconds left before today's cut-off when the order can still ship today, else null. */
  msToCutoff: number | null;
}

/**
 * Reads an instant against the cut-off: before the cut-off on a business day, the order is
 * processed today; after it, or on a weekend or holiday, on the next business day.
 * @example
 * orderClock(Date.UTC(2026, 11, 1, 18, 46), 'America/Los_Angeles', 780).msToCutoff; // 8_040_000 (10:46 am, cut-off 1 pm: 2 h 14 min)
 */
export function orderClock(now: number, timeZone: string, cutoffMinutes: number): OrderClock {
  const local = zonedClock(now, timeZone);
  if (isBusinessDay(local.day) && local.minutes < cutoffMinutes) {
    const cutoffAt = zonedInstant(local.day, cutoffMinutes, timeZone);
    return { now, localDay: local.day, processingDay: local.day, msToCutoff: Math.max(0, cutoffAt - now) };
  }
  return { now, localDay: local.day, processingDay: businessDayOnOrAfter(local.day + 1), msToCutoff: null };
}

/** When a shipment leaves and arrives. */
export interface ShipmentDates {
  /** The day it leaves the warehouse. */
  shipDate: IsoDate;
  /** First and last day it can arrive (equal for a dated service). */
  earliest: IsoDate;
  latest: IsoDate;
  /**
   * Whether the carrier dates the delivery (2-Day, Next Day). Ground, hazardous materials and
   * freight are estimates: always a range, never worded as a promise.
   */
  dated: boolean;
  /** 'Order within 2 h 14 min and it ships today', 'Order now and it ships Mon, Dec 1'. */
  shipsText: string;
  /** 'Arrives Tue, Dec 2' or 'Arrives Tue, Dec 2 – Thu, Dec 4'. */
  arrivalText: string;
}

/**
 * The dates of a shipment: it leaves `handlingDays` business days after the processing day and
 * arrives `transit.minDays` to `transit.maxDays` business days later. With `range` (ground,
 * hazardous materials, freight) the answer is always a range of at least two days.
 */
export function shipmentDates(clock: OrderClock, handlingDays: number, transit: TransitDays, range: boolean): ShipmentDates {
  const shipDay = addBusinessDays(clock.processingDay, handlingDays);
  const earliest = addBusinessDays(shipDay, transit.minDays);
  let latest = addBusinessDays(shipDay, Math.max(transit.minDays, transit.maxDays));
  if (range && latest === earliest) latest = addBusinessDays(earliest, 1);
  return {
    shipDate: isoOfDay(shipDay),
    earliest: isoOfDay(earliest),
    latest: isoOfDay(latest),
    dated: !range && latest === earliest,
    shipsText: shipsText(clock, shipDay),
    arrivalText: arrivalText(earliest, latest),
  };
}

// 'Tue, Dec 2': built once; the dates are UTC midnights of calendar days
let shortDate: Intl.DateTimeFormat | undefined;

/**
 * 'Tue, Dec 2' of a day number.
 * @example
 * formatShortDate(dayNumber(2025, 12, 2)); // 'Tue, Dec 2'
 */
export function formatShortDate(day: number): string {
  shortDate ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return shortDate.format(day * 86_400_000);
}

/**
 * 'Arrives Tue, Dec 2', or 'Arrives Tue, Dec 2 – Thu, Dec 4' for a range (an en dash with spaces).
 */
export function arrivalText(earliest: number, latest: number): string {
  return latest > earliest ? `Arrives ${formatShortDate(earliest)} – ${formatShortDate(latest)}` : `Arrives ${formatShortDate(earliest)}`;
}

/**
 * 'Order within 2 h 14 min and it ships today' while today's cut-off can still be met (minutes
 * rounded down, never below 1), else 'Order now and it ships tomorrow' or
 * 'Order now and it ships Mon, Dec 1'.
 */
export function shipsText(clock: OrderClock, shipDay: number): string {
  if (shipDay === clock.localDay && clock.msToCutoff !== null) {
    const minutes = Math.max(1, Math.floor(clock.msToCutoff / 60_000));
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    const left = h > 0 ? (m > 0 ? `${h} h ${m} min` : `${h} h`) : `${m} min`;
    return `Order within ${left} and it ships today`;
  }
  if (shipDay === clock.localDay + 1) return 'Order now and it ships tomorrow';
  return `Order now and it ships ${formatShortDate(shipDay)}`;
}
