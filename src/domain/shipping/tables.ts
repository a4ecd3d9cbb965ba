/**
 * The operator's shipping tables, as the quote reads them, and their readers from CSV rows:
 * zones (origin ZIP3 × destination ZIP3), rates (service × zone × weight bracket), transit days
 * (service × zone), surcharges, the ZIP3 → state map, the tax states and the tax rates. Every
 * reader refuses a bad file whole and says what is wrong, line by line.
 * @module
 */
import type { Cents } from '../money.ts';
import {
  cellValue, dollars, positiveNumber, readCsv, stateCell, wholeNumber, yesNo, zip3Cell,
  type ColumnSpec, type CsvRows, type TableProblem, type TableResult,
} from './csv-table.ts';
import type { ShipClass } from './ship-class.ts';
import { buildTaxTable, parseTaxRates, type TaxRateRow, type TaxStateRule, type TaxTable } from './sales-tax.ts';
import { isValidTimeZone } from './zoned-time.ts';

/** A parcel service: what the shopper picks for the boxes. */
export type ParcelService = 'ground' | '2-day' | 'next-day';

/** Every service a shipment can go by. */
export type Service = ParcelService | 'freight';

/** Every parcel service, slowest first. */
export const PARCEL_SERVICES: readonly ParcelService[] = ['ground', '2-day', 'next-day'];

/** Every service. */
export const SERVICES: readonly Service[] = ['ground', '2-day', 'next-day', 'freight'];

/** What a service is called on every surface. */
export const SERVICE_NAMES: Readonly<Record<Service, string>> = {
  ground: 'Ground',
  '2-day': '2-Day',
  'next-day': 'Next Day',
  freight: 'Freight',
};

/** One weight bracket of a rate: packages up to `maxLb` (billable) cost `cents`. */
export interface RateBracket {
  maxLb: number;
  cents: Cents;
}

/** Transit business days of a service to a zone. */
export interface TransitDays {
  minDays: number;
  maxDays: number;
}

/** The surcharges that stay when ground shipping is free. */
export interface Surcharges {
  /** Per hazardous-material package. */
  hazmatPackageCents: Cents;
  /** Freight: a truck with a liftgate lowers the pallet to the ground. */
  liftgateCents: Cents;
  /** Freight: delivery to a home rather than a business with a dock. */
  residentialCents: Cents;
}

/** The store's shipping settings (not tables: one value each). */
export interface ShippingStore {
  /** ZIP code the orders ship from. @default '98032' */
  originZip: string;
  /** IANA time zone of the warehouse's clock. @default 'America/Los_Angeles' */
  timeZone: string;
  /** Handling cut-off on the warehouse clock, `HH:MM` (24 h): orders before it ship that day. @default '13:00' */
  cutoff: string;
  /**
   * Ground shipping of the free-ground classes is free when the order's subtotal after discounts
   * is strictly over this; null: never. @default 9900
   */
  freeGroundOverCents: Cents | null;
  /**
   * Below the threshold, ground for the free-ground classes costs this flat amount once an order
   * (the store's published rule); null: the ground rates of the rate table apply. @default 995
   */
  flatGroundCents: Cents | null;
  /** Classes whose ground shipping is flat and free over the threshold. @default ['parcel', 'oversize', 'hazmat-ground'] */
  freeGroundClasses: readonly ShipClass[];
}

/**
 * The store's defaults: ships from Kent, WA (the store is in Washington state) on Pacific time,
 * cut-off 1 pm, and today's published rule: ground $9.95 flat, free on orders over $99.
 */
export const DEFAULT_SHIPPING_STORE: Readonly<ShippingStore> = {
  originZip: '98032',
  timeZone: 'America/Los_Angeles',
  cutoff: '13:00',
  freeGroundOverCents: 9900,
  flatGroundCents: 995,
  freeGroundClasses: ['parcel', 'oversize', 'hazmat-ground'],
};

/** Every table the quote reads, built once (on start and when an operator replaces a file). */
export interface ShippingTables {
  /** Zone by `origin ZIP3 + '>' + destination ZIP3`. */
  zones: ReadonlyMap<string, number>;
  /** Brackets by service then zone, sorted by weight. */
  rates: ReadonlyMap<Service, ReadonlyMap<number, readonly RateBracket[]>>;
  /** Transit days by service then zone. */
  transit: ReadonlyMap<Service, ReadonlyMap<number, TransitDays>>;
  surcharges: Surcharges;
  /** Two-letter state (or territory, or AA/AE/AP) of each ZIP3. */
  zip3States: ReadonlyMap<string, string>;
  tax: TaxTable;
  store: ShippingStore;
}

/** The CSV rows of each table file (rows already split by a CSV parser). */
export interface ShippingTableFiles {
  'zones.csv': CsvRows;
  'rates.csv': CsvRows;
  'transit.csv': CsvRows;
  'surcharges.csv': CsvRows;
  'zip3-states.csv': CsvRows;
  'tax-states.csv': CsvRows;
  /** One or more per-state rate files in the vendors' ZIP5 format, by file name. */
  taxRates: Readonly<Record<string, CsvRows>>;
}

/** A zone row. */
export interface ZoneRow {
  originZip3: string;
  destinationZip3: string;
  zone: number;
}

const ZONE_COLUMNS = {
  origin: { header: 'OriginZip3', label: 'Origin ZIP3' },
  destination: { header: 'DestinationZip3', label: 'Destination ZIP3' },
  zone: { header: 'Zone', label: 'Zone' },
} satisfies Record<string, ColumnSpec>;

/**
 * Reads zones.csv: `OriginZip3,DestinationZip3,Zone` (zone 1 to 99).
 * @example
 * parseZones([['OriginZip3', 'DestinationZip3', 'Zone'], ['980', '900', '5']]);
 * // { ok: true, value: [{ originZip3: '980', destinationZip3: '900', zone: 5 }] }
 */
export function parseZones(rows: CsvRows): TableResult<ZoneRow[]> {
  const seen = new Map<string, number>();
  return readCsv(rows, Object.values(ZONE_COLUMNS), (cell, line, fail) => {
    const originZip3 = cellValue(cell, line, fail, ZONE_COLUMNS.origin, zip3Cell);
    const destinationZip3 = cellValue(cell, line, fail, ZONE_COLUMNS.destination, zip3Cell);
    const zone = cellValue(cell, line, fail, ZONE_COLUMNS.zone, wholeNumber(1, 99));
    if (originZip3 === undefined || destinationZip3 === undefined || zone === undefined) return null;
    const key = `${originZip3}>${destinationZip3}`;
    const before = seen.get(key);
    if (before !== undefined) {
      fail(null, `Zone from ${originZip3} to ${destinationZip3} on line ${line} is already on line ${before}`);
      return null;
    }
    seen.set(key, line);
    return { originZip3, destinationZip3, zone };
  });
}

/** A rate row. */
export interface RateRow {
  service: Service;
  zone: number;
  maxLb: number;
  cents: Cents;
}

const RATE_COLUMNS = {
  service: { header: 'Service', label: 'Service' },
  zone: { header: 'Zone', label: 'Zone' },
  maxLb: { header: 'MaxWeightLb', label: 'Weight' },
  price: { header: 'Price', label: 'Price' },
} satisfies Record<string, ColumnSpec>;

function serviceCell(text: string): { ok: true; value: Service } | { ok: false; reason: string } {
  const s = text.toLowerCase() as Service;
  return SERVICES.includes(s) ? { ok: true, value: s } : { ok: false, reason: `is not one of ${SERVICES.join(', ')}` };
}

/**
 * Reads rates.csv: `Service,Zone,MaxWeightLb,Price`. A package (a freight shipment: its total)
 * costs the price of the first bracket of its service and zone whose MaxWeightLb reaches its
 * billable weight; freight prices are for class 100 (other classes scale by
 * {@link FREIGHT_CLASS_PERCENT}).
 */
export function parseRates(rows: CsvRows): TableResult<RateRow[]> {
  const seen = new Map<string, number>();
  return readCsv(rows, Object.values(RATE_COLUMNS), (cell, line, fail) => {
    const service = cellValue(cell, line, fail, RATE_COLUMNS.service, serviceCell);
    const zone = cellValue(cell, line, fail, RATE_COLUMNS.zone, wholeNumber(1, 99));
    const maxLb = cellValue(cell, line, fail, RATE_COLUMNS.maxLb, positiveNumber(20_000));
    const cents = cellValue(cell, line, fail, RATE_COLUMNS.price, dollars);
    if (service === undefined || zone === undefined || maxLb === undefined || cents === undefined) return null;
    const key = `${service}|${zone}|${maxLb}`;
    const before = seen.get(key);
    if (before !== undefined) {
      fail(null, `The ${service} rate for zone ${zone} up to ${maxLb} lb on line ${line} is already on line ${before}`);
      return null;
    }
    seen.set(key, line);
    return { service, zone, maxLb, cents };
  });
}

/** A transit row. */
export interface TransitRow extends TransitDays {
  service: Service;
  zone: number;
}

const TRANSIT_COLUMNS = {
  service: { header: 'Service', label: 'Service' },
  zone: { header: 'Zone', label: 'Zone' },
  min: { header: 'MinDays', label: 'Fewest days' },
  max: { header: 'MaxDays', label: 'Most days' },
} satisfies Record<string, ColumnSpec>;

/** Reads transit.csv: `Service,Zone,MinDays,MaxDays` (business days in transit, 1 to 30). */
export function parseTransit(rows: CsvRows): TableResult<TransitRow[]> {
  return readCsv(rows, Object.values(TRANSIT_COLUMNS), (cell, line, fail) => {
    const service = cellValue(cell, line, fail, TRANSIT_COLUMNS.service, serviceCell);
    const zone = cellValue(cell, line, fail, TRANSIT_COLUMNS.zone, wholeNumber(1, 99));
    const minDays = cellValue(cell, line, fail, TRANSIT_COLUMNS.min, wholeNumber(1, 30));
    const maxDays = cellValue(cell, line, fail, TRANSIT_COLUMNS.max, wholeNumber(1, 30));
    if (service === undefined || zone === undefined || minDays === undefined || maxDays === undefined) return null;
    if (maxDays < minDays) {
      fail(TRANSIT_COLUMNS.max.header, `Most days ${maxDays} on line ${line} is fewer than the fewest days ${minDays}`);
      return null;
    }
    return { service, zone, minDays, maxDays };
  });
}

/** Names of the charges in surcharges.csv. */
export const SURCHARGE_NAMES = {
  'hazmat-package': 'hazmatPackageCents',
  'freight-liftgate': 'liftgateCents',
  'freight-residential': 'residentialCents',
} as const satisfies Record<string, keyof Surcharges>;

const SURCHARGE_COLUMNS = {
  charge: { header: 'Charge', label: 'Charge' },
  price: { header: 'Price', label: 'Price' },
} satisfies Record<string, ColumnSpec>;

/** Reads surcharges.csv: `Charge,Price` with one row for each of hazmat-package, freight-liftgate, freight-residential. */
export function parseSurcharges(rows: CsvRows): TableResult<Surcharges> {
  const names = Object.keys(SURCHARGE_NAMES);
  const read = readCsv(rows, Object.values(SURCHARGE_COLUMNS), (cell, line, fail) => {
    const name = cellValue(cell, line, fail, SURCHARGE_COLUMNS.charge, (t) =>
      names.includes(t.toLowerCase()) ? { ok: true, value: t.toLowerCase() as keyof typeof SURCHARGE_NAMES } : { ok: false, reason: `is not one of ${names.join(', ')}` });
    const cents = cellValue(cell, line, fail, SURCHARGE_COLUMNS.price, dollars);
    return name === undefined || cents === undefined ? null : { name, cents };
  });
  if (!read.ok) return read;
  const value: Partial<Surcharges> = {};
  for (const { name, cents } of read.value) value[SURCHARGE_NAMES[name]] = cents;
  const missing = names.filter((n) => value[SURCHARGE_NAMES[n as keyof typeof SURCHARGE_NAMES]] === undefined);
  if (missing.length) return { ok: false, problems: [{ line: 1, message: `The file has no row for ${missing.join(', ')}` }] };
  return { ok: true, value: value as Surcharges };
}

const ZIP3_COLUMNS = {
  zip3: { header: 'Zip3', label: 'ZIP3' },
  state: { header: 'State', label: 'State' },
} satisfies Record<string, ColumnSpec>;

/** Reads zip3-states.csv: `Zip3,State`, the state (or territory, or AA/AE/AP) of every ZIP3 in use. */
export function parseZip3States(rows: CsvRows): TableResult<Map<string, string>> {
  const map = new Map<string, string>();
  const read = readCsv(rows, Object.values(ZIP3_COLUMNS), (cell, line, fail) => {
    const zip3 = cellValue(cell, line, fail, ZIP3_COLUMNS.zip3, zip3Cell);
    const state = cellValue(cell, line, fail, ZIP3_COLUMNS.state, stateCell);
    if (zip3 === undefined || state === undefined) return null;
    if (map.has(zip3)) {
      fail(ZIP3_COLUMNS.zip3.header, `ZIP3 '${zip3}' on line ${line} is listed twice`);
      return null;
    }
    map.set(zip3, state);
    return null;
  });
  return read.ok ? { ok: true, value: map } : read;
}

const TAX_STATE_COLUMNS = {
  state: { header: 'State', label: 'State' },
  collect: { header: 'CollectTax', label: 'Collect tax' },
  shipping: { header: 'ShippingTaxable', label: 'Shipping taxable' },
} satisfies Record<string, ColumnSpec>;

/**
 * Reads tax-states.csv: `State,CollectTax,ShippingTaxable` (yes/no): the states where the store
 * collects sales tax, and whether each taxes the shipping charge. A state not listed: no tax.
 */
export function parseTaxStates(rows: CsvRows): TableResult<TaxStateRule[]> {
  const seen = new Set<string>();
  return readCsv(rows, Object.values(TAX_STATE_COLUMNS), (cell, line, fail) => {
    const state = cellValue(cell, line, fail, TAX_STATE_COLUMNS.state, stateCell);
    const collect = cellValue(cell, line, fail, TAX_STATE_COLUMNS.collect, yesNo);
    const shippingTaxable = cellValue(cell, line, fail, TAX_STATE_COLUMNS.shipping, yesNo);
    if (state === undefined || collect === undefined || shippingTaxable === undefined) return null;
    if (seen.has(state)) {
      fail(TAX_STATE_COLUMNS.state.header, `State '${state}' on line ${line} is listed twice`);
      return null;
    }
    seen.add(state);
    return { state, collect, shippingTaxable };
  });
}

/** Freight price as a percent of the class-100 price, by NMFC class (denser freight costs less). */
export const FREIGHT_CLASS_PERCENT: Readonly<Record<string, number>> = {
  '50': 62, '55': 66, '60': 70, '65': 74, '70': 80, '77.5': 85, '85': 90, '92.5': 95, '100': 100,
  '110': 108, '125': 120, '150': 138, '175': 158, '200': 178, '250': 215, '300': 255, '400': 320, '500': 390,
};

/** Checks the store settings; the problem in plain words, or null. */
export function storeProblem(store: ShippingStore): string | null {
  if (!/^\d{5}$/.test(store.originZip)) return `The store's origin ZIP '${store.originZip}' is not a 5-digit ZIP code`;
  if (!isValidTimeZone(store.timeZone)) return `The store's time zone '${store.timeZone}' is not an IANA time zone like America/Los_Angeles`;
  if (cutoffMinutes(store.cutoff) === null) return `The store's cut-off '${store.cutoff}' is not a time like 13:00`;
  for (const c of [store.freeGroundOverCents, store.flatGroundCents]) {
    if (c !== null && (!Number.isSafeInteger(c) || c < 0)) return `The store's shipping amounts must be whole cents, 0 or more`;
  }
  return null;
}

/** Minutes after midnight of a `HH:MM` cut-off, or null. */
export function cutoffMinutes(cutoff: string): number | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(cutoff);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * Builds the quote's tables from every file's CSV rows: each file read whole, every problem of
 * every file reported with its file name, and the tables checked against each other (the
 * origin has zones, every zone of the zones file has ground rates and transit days).
 * @example
 * const built = buildShippingTables(files, { cutoff: '14:00' });
 * if (!built.ok) for (const p of built.problems) console.log(`${p.file}:${p.line} ${p.message}`);
 */
export function buildShippingTables(files: ShippingTableFiles, store: Partial<ShippingStore> = {}): TableResult<ShippingTables> {
  const problems: TableProblem[] = [];
  const take = <T>(file: string, result: TableResult<T>): T | null => {
    if (result.ok) return result.value;
    for (const p of result.problems) problems.push({ ...p, file });
    return null;
  };
  const zoneRows = take('zones.csv', parseZones(files['zones.csv']));
  const rateRows = take('rates.csv', parseRates(files['rates.csv']));
  const transitRows = take('transit.csv', parseTransit(files['transit.csv']));
  const surcharges = take('surcharges.csv', parseSurcharges(files['surcharges.csv']));
  const zip3States = take('zip3-states.csv', parseZip3States(files['zip3-states.csv']));
  const taxStates = take('tax-states.csv', parseTaxStates(files['tax-states.csv']));
  const taxRows: { file: string; rows: TaxRateRow[] }[] = [];
  for (const [file, rows] of Object.entries(files.taxRates)) {
    const read = take(file, parseTaxRates(rows));
    if (read) taxRows.push({ file, rows: read });
  }
  const settings: ShippingStore = { ...DEFAULT_SHIPPING_STORE, ...store };
  const settingsProblem = storeProblem(settings);
  if (settingsProblem) problems.push({ file: 'store settings', line: 0, message: settingsProblem });
  if (!zoneRows || !rateRows || !transitRows || !surcharges || !zip3States || !taxStates || problems.length) {
    return { ok: false, problems };
  }
  const tax = buildTaxTable(taxRows, taxStates);
  if (!tax.ok) return tax;

  const zones = new Map<string, number>();
  for (const z of zoneRows) zones.set(`${z.originZip3}>${z.destinationZip3}`, z.zone);
  const rates = new Map<Service, Map<number, RateBracket[]>>();
  for (const r of rateRows) {
    const byZone = rates.get(r.service) ?? new Map<number, RateBracket[]>();
    rates.set(r.service, byZone);
    const list = byZone.get(r.zone) ?? [];
    byZone.set(r.zone, list);
    list.push({ maxLb: r.maxLb, cents: r.cents });
  }
  for (const byZone of rates.values()) for (const list of byZone.values()) list.sort((a, b) => a.maxLb - b.maxLb);
  const transit = new Map<Service, Map<number, TransitDays>>();
  for (const t of transitRows) {
    const byZone = transit.get(t.service) ?? new Map<number, TransitDays>();
    transit.set(t.service, byZone);
    byZone.set(t.zone, { minDays: t.minDays, maxDays: t.maxDays });
  }

  const origin3 = settings.originZip.slice(0, 3);
  const usedZones = new Set<number>();
  for (const z of zoneRows) if (z.originZip3 === origin3) usedZones.add(z.zone);
  if (usedZones.size === 0) problems.push({ file: 'zones.csv', line: 0, message: `No zones start at the store's origin ZIP3 ${origin3}` });
  for (const zone of [...usedZones].sort((a, b) => a - b)) {
    for (const service of SERVICES) {
      const hasRate = rates.get(service)?.has(zone) ?? false;
      const hasTransit = transit.get(service)?.has(zone) ?? false;
      if (hasRate && !hasTransit) problems.push({ file: 'transit.csv', line: 0, message: `Zone ${zone} has ${service} rates but no ${service} transit days` });
    }
    if (!rates.get('ground')?.has(zone)) problems.push({ file: 'rates.csv', line: 0, message: `Zone ${zone} has no ground rates` });
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: { zones, rates, transit, surcharges, zip3States, tax: tax.value, store: settings } };
}
