/**
 * Shipping fixtures for the DOM tests: the seed tables read by path (jsdom's URL is not one
 * node:fs takes, so the domain tests' helper cannot read them here), and the domain's quote of
 * some lines at a fixed instant.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { quoteShipment, type QuoteLine, type QuoteOptions, type ShippingQuote } from '../../src/domain/shipping/quote.ts';
import { buildShippingTables, type ShippingTables } from '../../src/domain/shipping/tables.ts';

export { CHLORINE, FILTER, PUMP } from '../domain/shipping/shipping.helpers.ts';

/** Tue Dec 1 2026, 10:46 am in Kent, WA: 2 h 14 min before the 1 pm cut-off. */
export const QUOTE_NOW = Date.UTC(2026, 11, 1, 18, 46);

const rows = (file: string) =>
  parse(readFileSync(join(process.cwd(), 'src/server/modules/shipping/tables', file), 'utf8'), { skip_empty_lines: false, relax_column_count: true }) as string[][];

let cached: ShippingTables | undefined;

/** The seed tables, built once. */
export function seedTablesByPath(): ShippingTables {
  if (!cached) {
    const built = buildShippingTables({
      'zones.csv': rows('zones.csv'),
      'rates.csv': rows('rates.csv'),
      'transit.csv': rows('transit.csv'),
      'surcharges.csv': rows('surcharges.csv'),
      'zip3-states.csv': rows('zip3-states.csv'),
      'tax-states.csv': rows('tax-states.csv'),
      taxRates: { 'tax-rates.csv': rows('tax-rates.csv') },
    });
    if (!built.ok) throw new Error(built.problems.map((p) => p.message).join('\n'));
    cached = built.value;
  }
  return cached;
}

/** The domain's quote of `lines` to `zip` at {@link QUOTE_NOW}; throws on a refusal. */
export function quoteOf(lines: readonly QuoteLine[], zip = '90210', options: QuoteOptions = {}): ShippingQuote {
  const result = quoteShipment(lines, { zip }, QUOTE_NOW, seedTablesByPath(), options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
