/**
 * Destination-based US sales tax from a ZIP5 rate table in the rate vendors' per-state CSV
 * format, for the states where the store collects.
 *
 * Rounding: tax is computed per line on the line's amount after its share of the order discount,
 * and rounded once per line, half up to the cent (0.5 cent and more rounds up); the shipping tax
 * is its own amount, rounded the same way. The order's tax is the sum of those amounts, so the
 * lines' taxes always add up to the total shown. Rates are held in integer parts per million
 * (0.0725 → 72,500), so the arithmetic is exact.
 * @module
 */
import type { Cents } from '../money.ts';
import { cellValue, ratePpm, readCsv, stateCell, zip5Cell, type ColumnSpec, type CsvRows, type TableProblem, type TableResult } from './csv-table.ts';

/** One row of a vendor's ZIP5 rate file. */
export interface TaxRateRow {
  state: string;
  zip: string;
  regionName: string;
  combinedPpm: number;
  statePpm: number;
  countyPpm: number;
  cityPpm: number;
  specialPpm: number;
  /** Line of the file, for messages. */
  line: number;
}

/** The rates of one ZIP5. */
export type TaxRegion = Omit<TaxRateRow, 'line'>;

/** Whether the store collects in a state, and whether the state taxes shipping. */
export interface TaxStateRule {
  state: string;
  collect: boolean;
  shippingTaxable: boolean;
}

/** The tax table the quote reads. */
export interface TaxTable {
  /** Rates by ZIP5. */
  byZip: ReadonlyMap<string, TaxRegion>;
  /** The state-level rate of each state with rows (used for a ZIP5 missing from the table). */
  stateRatePpm: ReadonlyMap<string, number>;
  /** The operator's rule of each state. */
  states: ReadonlyMap<string, TaxStateRule>;
}

/** Highest rate a file may state: no US combined rate reaches 20 %, so more is a typo (7.25 for 0.0725). */
export const MAX_TAX_RATE_PPM = 200_000;

/** Largest gap allowed between the combined rate and the sum of its parts (vendors round to 6 decimals). */
const SUM_TOLERANCE_PPM = 10;

const TAX_COLUMNS = {
  state: { header: 'State', label: 'State' },
  zip: { header: 'ZipCode', label: 'ZIP code' },
  region: { header: 'TaxRegionName', label: 'Tax region', optional: true },
  combined: { header: 'EstimatedCombinedRate', label: 'Rate' },
  stateRate: { header: 'StateRate', label: 'State rate' },
  county: { header: 'EstimatedCountyRate', label: 'County rate' },
  city: { header: 'EstimatedCityRate', label: 'City rate' },
  special: { header: 'EstimatedSpecialRate', label: 'Special rate' },
} satisfies Record<string, ColumnSpec>;

/** '0.0725' from parts per million. */
export function formatRate(ppm: number): string {
  return (ppm / 1_000_000).toFixed(6).replace(/0+$/, '').replace(/\.$/, '.0');
}

/**
 * Reads one vendor rate file: `State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,
 * EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate` (extra columns such as RiskLevel
 * are ignored). Rates are decimal fractions; the combined rate must be the sum of the four parts.
 * @example
 * parseTaxRates([[...header], ['CA', '9O210', 'LOS ANGELES', '0.0950', ...]]);
 * // { ok: false, problems: [{ line: 2, column: 'ZipCode', message: "ZIP code '9O210' on line 2 is not a 5-digit ZIP code" }] }
 */
export function parseTaxRates(rows: CsvRows): TableResult<TaxRateRow[]> {
  const seen = new Map<string, number>();
  const rate = ratePpm(MAX_TAX_RATE_PPM);
  return readCsv(rows, Object.values(TAX_COLUMNS), (cell, line, fail) => {
    const state = cellValue(cell, line, fail, TAX_COLUMNS.state, stateCell);
    const zip = cellValue(cell, line, fail, TAX_COLUMNS.zip, zip5Cell);
    const combinedPpm = cellValue(cell, line, fail, TAX_COLUMNS.combined, rate);
    const statePpm = cellValue(cell, line, fail, TAX_COLUMNS.stateRate, rate);
    const countyPpm = cellValue(cell, line, fail, TAX_COLUMNS.county, rate);
    const cityPpm = cellValue(cell, line, fail, TAX_COLUMNS.city, rate);
    const specialPpm = cellValue(cell, line, fail, TAX_COLUMNS.special, rate);
    if (state === undefined || zip === undefined || combinedPpm === undefined || statePpm === undefined
      || countyPpm === undefined || cityPpm === undefined || specialPpm === undefined) return null;
    const sum = statePpm + countyPpm + cityPpm + specialPpm;
    if (Math.abs(sum - combinedPpm) > SUM_TOLERANCE_PPM) {
      fail(TAX_COLUMNS.combined.header, `Rate ${formatRate(combinedPpm)} on line ${line} is not the sum of its parts (${[statePpm, countyPpm, cityPpm, specialPpm].map(formatRate).join(' + ')} = ${formatRate(sum)})`);
      return null;
    }
    const before = seen.get(zip);
    if (before !== undefined) {
      fail(TAX_COLUMNS.zip.header, `ZIP code '${zip}' on line ${line} is already on line ${before}`);
      return null;
    }
    seen.set(zip, line);
    return { state, zip, regionName: cell(TAX_COLUMNS.region.header), combinedPpm, statePpm, countyPpm, cityPpm, specialPpm, line };
  });
}

/**
 * Builds the tax table from the rate files (already read) and the operator's state rules. A ZIP5
 * in two files is refused, naming both.
 */
export function buildTaxTable(files: readonly { file: string; rows: readonly TaxRateRow[] }[], states: readonly TaxStateRule[]): TableResult<TaxTable> {
  const byZip = new Map<string, TaxRegion>();
  const where = new Map<string, string>();
  const stateRatePpm = new Map<string, number>();
  const problems: TableProblem[] = [];
  for (const { file, rows } of files) {
    for (const { line, ...region } of rows) {
      const before = where.get(region.zip);
      if (before !== undefined) {
        problems.push({ file, line, column: 'ZipCode', message: `ZIP code '${region.zip}' on line ${line} is already in ${before}` });
        continue;
      }
      where.set(region.zip, `${file} line ${line}`);
      byZip.set(region.zip, region);
      stateRatePpm.set(region.state, Math.max(stateRatePpm.get(region.state) ?? 0, region.statePpm));
    }
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: { byZip, stateRatePpm, states: new Map(states.map((s) => [s.state, s])) } };
}

/**
 * Tax on an amount at a rate in parts per million, rounded half up to the cent.
 * @example
 * taxOnCents(1999, 72_500); // 145 (144.93 cents)
 * taxOnCents(200, 62_500); // 13 (12.5 cents rounds up)
 */
export function taxOnCents(cents: Cents, ppm: number): Cents {
  if (cents <= 0 || ppm <= 0) return 0;
  const product = cents * ppm;
  // past 2^53 the product is no longer exact: a very large order takes the BigInt path
  if (product > Number.MAX_SAFE_INTEGER) return Number((BigInt(cents) * BigInt(ppm) + 500_000n) / 1_000_000n);
  return Math.floor((product + 500_000) / 1_000_000);
}

/**
 * Splits a discount over amounts in proportion to each (largest remainder, ties to the earlier
 * line), so the shares are whole cents, never exceed their amount and add up to the discount.
 * @example
 * allocateDiscount([1000, 3000], 100); // [25, 75]
 */
export function allocateDiscount(amounts: readonly Cents[], discountCents: Cents): Cents[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  const discount = Math.min(Math.max(0, discountCents), total);
  if (discount === 0 || total === 0) return amounts.map(() => 0);
  // BigInt: discount × amount can pass 2^53 for a large order
  const big = BigInt(discount);
  const bigTotal = BigInt(total);
  const shares = amounts.map((a) => Number((big * BigInt(a)) / bigTotal));
  const remainders = amounts.map((a, i) => ({ i, r: (big * BigInt(a)) % bigTotal }));
  let left = discount - shares.reduce((s, a) => s + a, 0);
  remainders.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** A line as the tax reads it. */
export interface TaxLine {
  id: string;
  /** Unit price × quantity. */
  cents: Cents;
  /** @default true */
  taxable?: boolean;
}

/** The tax of one line. */
export interface LineTax {
  lineId: string;
  /** The line's amount after its share of the discount (0 when the line is not taxable). */
  taxableCents: Cents;
  taxCents: Cents;
}

/** The sales tax of an order. */
export interface SalesTax {
  /** Does the store collect in the destination's state? */
  collected: boolean;
  state: string;
  zip: string;
  /** Where the rate came from: the ZIP5 row, the state's own rate (ZIP missing from the table), or none. */
  rateSource: 'zip' | 'state' | 'none';
  /** Combined rate in parts per million (0 when not collected). */
  ratePpm: number;
  /** The rate as a percent text, e.g. '7.25%'. */
  rateText: string;
  /** The vendor's region name, e.g. 'LOS ANGELES'. */
  regionName: string;
  lines: LineTax[];
  /** Sum of the lines' taxes. */
  linesTaxCents: Cents;
  shippingTaxable: boolean;
  shippingTaxCents: Cents;
  /** `linesTaxCents + shippingTaxCents`: the totals row. */
  totalCents: Cents;
}

/** '7.25%' from parts per million. */
export function ratePercentText(ppm: number): string {
  return `${(ppm / 10_000).toFixed(4).replace(/0+$/, '').replace(/\.$/, '')}%`;
}

/**
 * The sales tax of an order shipped to `zip` in `state`: per line on its amount after its share
 * of the discount, rounded once per line half up; shipping taxed as its own amount where the
 * state taxes shipping. No tax where the store does not collect.
 * @example
 * salesTax([{ id: 'a', cents: 10000 }], 0, 995, { state: 'TX', zip: '78701' }, table).totalCents; // 825 + 82
 */
export function salesTax(
  lines: readonly TaxLine[],
  discountCents: Cents,
  shippingCents: Cents,
  destination: { state: string; zip: string },
  table: TaxTable,
): SalesTax {
  const rule = table.states.get(destination.state);
  const region = table.byZip.get(destination.zip);
  const none = (): SalesTax => ({
    collected: false, state: destination.state, zip: destination.zip, rateSource: 'none', ratePpm: 0, rateText: '0%', regionName: '',
    lines: lines.map((l) => ({ lineId: l.id, taxableCents: 0, taxCents: 0 })), linesTaxCents: 0, shippingTaxable: false, shippingTaxCents: 0, totalCents: 0,
  });
  if (!rule?.collect) return none();
  let ppm: number;
  let rateSource: SalesTax['rateSource'];
  // a ZIP5 row of another state (a ZIP on a state line) is not trusted: the state's own rate is
  if (region && region.state === destination.state) {
    ppm = region.combinedPpm;
    rateSource = 'zip';
  } else {
    const statePpm = table.stateRatePpm.get(destination.state);
    if (statePpm === undefined) return none();
    ppm = statePpm;
    rateSource = 'state';
  }
  const amounts = lines.map((l) => Math.max(0, l.cents));
  const shares = allocateDiscount(amounts, discountCents);
  let linesTaxCents = 0;
  const lineTaxes = lines.map((l, i): LineTax => {
    const taxableCents = l.taxable === false ? 0 : amounts[i]! - shares[i]!;
    const taxCents = taxOnCents(taxableCents, ppm);
    linesTaxCents += taxCents;
    return { lineId: l.id, taxableCents, taxCents };
  });
  const shippingTaxCents = rule.shippingTaxable ? taxOnCents(shippingCents, ppm) : 0;
  return {
    collected: true, state: destination.state, zip: destination.zip, rateSource, ratePpm: ppm, rateText: ratePercentText(ppm),
    regionName: rateSource === 'zip' ? region!.regionName : destination.state,
    lines: lineTaxes, linesTaxCents, shippingTaxable: rule.shippingTaxable, shippingTaxCents, totalCents: linesTaxCents + shippingTaxCents,
  };
}
