/**
 * Fixtures of the shipping tests: the seed tables read from the CSV files the server loads, and
 * a few catalogue lines of each ship class.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { buildShippingTables, type ShippingTableFiles, type ShippingTables } from '../../../src/domain/shipping/tables.ts';
import type { QuoteLine } from '../../../src/domain/shipping/quote.ts';

/** Folder of the seed tables. */
export const TABLES_DIR = new URL('../../../src/server/modules/shipping/tables/', import.meta.url);

/** The rows of one seed file, split as the server splits them. */
export function seedRows(file: string): string[][] {
  return parse(readFileSync(new URL(file, TABLES_DIR), 'utf8'), { skip_empty_lines: false, relax_column_count: true }) as string[][];
}

/** Every seed file's rows. */
export function seedFiles(): ShippingTableFiles {
  return {
    'zones.csv': seedRows('zones.csv'),
    'rates.csv': seedRows('rates.csv'),
    'transit.csv': seedRows('transit.csv'),
    'surcharges.csv': seedRows('surcharges.csv'),
    'zip3-states.csv': seedRows('zip3-states.csv'),
    'tax-states.csv': seedRows('tax-states.csv'),
    taxRates: { 'tax-rates.csv': seedRows('tax-rates.csv') },
  };
}

let cached: ShippingTables | undefined;

/** The seed tables, built once. */
export function seedTables(): ShippingTables {
  if (!cached) {
    const built = buildShippingTables(seedFiles());
    if (!built.ok) throw new Error(built.problems.map((p) => `${p.file}:${p.line} ${p.message}`).join('\n'));
    cached = built.value;
  }
  return cached;
}

/** A California shopper's cart of the issue: chlorine, a pump and a sand filter. */
export const CHLORINE: QuoteLine = {
  id: 'chlorine', title: 'Liquid Chlorine 12.5% (4 x 1 gal)', quantity: 1, unitCents: 3999,
  profile: { shipClass: 'hazmat-ground', weightLb: 40, hazardGroup: 'hypochlorite', taxable: true },
  notices: [{ kind: 'hazmat-handling' }, { kind: 'not-returnable-once-opened' }],
};
export const PUMP: QuoteLine = {
  id: 'pump', title: 'Hayward Super Pump 1.5 HP', quantity: 1, unitCents: 68999,
  profile: { shipClass: 'oversize', weightLb: 38, dimensions: { lengthIn: 30, widthIn: 14, heightIn: 16 } },
  notices: [{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['lead'] }],
};
export const FILTER: QuoteLine = {
  id: 'filter', title: 'Pentair Triton II Sand Filter', quantity: 1, unitCents: 114999,
  profile: { shipClass: 'freight', weightLb: 165, freightClass: 85, dimensions: { lengthIn: 40, widthIn: 40, heightIn: 48 }, handlingDays: 1 },
};
export const BASKET: QuoteLine = {
  id: 'basket', title: 'Skimmer Basket', quantity: 2, unitCents: 1299, profile: { shipClass: 'parcel', weightLb: 1.2 },
};
export const TRICHLOR: QuoteLine = {
  id: 'trichlor', title: 'Trichlor 3" Tablets 25 lb', quantity: 1, unitCents: 10999,
  profile: { shipClass: 'hazmat-ground', weightLb: 26, hazardGroup: 'isocyanurate' },
};
export const ACID: QuoteLine = {
  id: 'acid', title: 'Muriatic Acid 31.45% (2 x 1 gal)', quantity: 1, unitCents: 2499,
  profile: { shipClass: 'hazmat-ground', weightLb: 22, hazardGroup: 'acid' },
};
