/**
 * Looking up zones, rates and transit days in the operator's tables.
 * @module
 */
import type { Cents } from '../money.ts';
import { FREIGHT_CLASS_PERCENT, type Service, type ShippingTables, type TransitDays } from './tables.ts';

/**
 * The zone from the store's origin to a destination ZIP5, by ZIP3; undefined when the zones
 * table has no row for it (the store does not ship there).
 * @example
 * zoneFor(tables, '90210'); // 5 (Kent, WA to Beverly Hills)
 */
export function zoneFor(tables: ShippingTables, destinationZip: string): number | undefined {
  return tables.zones.get(`${tables.store.originZip.slice(0, 3)}>${destinationZip.slice(0, 3)}`);
}

/**
 * The price of one package (or one freight load at class 100) by service, zone and billable
 * weight: the first bracket that reaches the weight; undefined when none does or the service
 * has no rates for the zone.
 */
export function rateFor(tables: ShippingTables, service: Service, zone: number, billableLb: number): Cents | undefined {
  const brackets = tables.rates.get(service)?.get(zone);
  if (!brackets) return undefined;
  for (const b of brackets) if (billableLb <= b.maxLb) return b.cents;
  return undefined;
}

/** Transit business days of a service to a zone, or undefined. */
export function transitFor(tables: ShippingTables, service: Service, zone: number): TransitDays | undefined {
  return tables.transit.get(service)?.get(zone);
}

/**
 * The LTL price of a freight load: the class-100 rate of its weight and zone, scaled by its NMFC
 * class and rounded half up to the cent.
 * @example
 * freightRateFor(tables, 5, 240, 125); // 1.2 × the zone-5 class-100 price up to 250 lb
 */
export function freightRateFor(tables: ShippingTables, zone: number, totalLb: number, freightClass: number): Cents | undefined {
  const base = rateFor(tables, 'freight', zone, totalLb);
  if (base === undefined) return undefined;
  const percent = FREIGHT_CLASS_PERCENT[String(freightClass)] ?? 100;
  return Math.floor((base * percent + 50) / 100);
}
