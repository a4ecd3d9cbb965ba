import { describe, expect, test } from 'vitest';
import { buildShippingTables, parseRates, parseSurcharges, parseZip3States, parseZones } from '../../../src/domain/shipping/tables.ts';
import { parseTaxRates } from '../../../src/domain/shipping/sales-tax.ts';
import { seedFiles, seedRows, seedTables } from './shipping.helpers.ts';

const TAX_HEADER = ['State', 'ZipCode', 'TaxRegionName', 'EstimatedCombinedRate', 'StateRate', 'EstimatedCountyRate', 'EstimatedCityRate', 'EstimatedSpecialRate'];

describe('the seed tables the server loads', () => {
  test('parse whole, with every table filled', () => {
    const built = buildShippingTables(seedFiles());
    expect(built.ok ? [] : built.problems).toEqual([]);
    const t = seedTables();
    expect(t.zip3States.get('980')).toBe('WA');
    expect(t.zip3States.get('902')).toBe('CA');
    expect(t.zip3States.get('995')).toBe('AK');
    expect(t.zones.get('980>981')).toBe(2);
    expect(t.tax.byZip.get('90210')?.combinedPpm).toBe(97_500);
    expect(t.surcharges).toEqual({ hazmatPackageCents: 650, liftgateCents: 7500, residentialCents: 9500 });
  });

  test('cover every ZIP3 of the ZIP3 table with a zone from the origin', () => {
    const t = seedTables();
    for (const zip3 of t.zip3States.keys()) expect(t.zones.has(`980>${zip3}`), zip3).toBe(true);
  });

  test('carry tax rows for CA, TX, FL, AZ and NY, each rate the sum of its parts', () => {
    const rows = parseTaxRates(seedRows('tax-rates.csv'));
    expect(rows.ok).toBe(true);
    if (!rows.ok) return;
    expect(new Set(rows.value.map((r) => r.state))).toEqual(new Set(['AZ', 'CA', 'FL', 'NY', 'TX', 'WA']));
    for (const r of rows.value) expect(r.statePpm + r.countyPpm + r.cityPpm + r.specialPpm).toBe(r.combinedPpm);
  });

  test('price heavier brackets higher in every service and zone', () => {
    for (const byZone of seedTables().rates.values()) {
      for (const brackets of byZone.values()) {
        for (let i = 1; i < brackets.length; i += 1) expect(brackets[i]!.cents).toBeGreaterThan(brackets[i - 1]!.cents);
      }
    }
  });
});

describe('bad rows are reported by line and column in plain words', () => {
  test('a rate with a comma and a percent sign', () => {
    const rows = [TAX_HEADER, ...Array.from({ length: 10 }, (_, i) => ['CA', `9000${i}`, 'LA', '0.0975', '0.06', '0.0025', '0', '0.035']), ['CA', '90210', 'BH', '7,5%', '0.06', '0.0025', '0', '0.035']];
    const read = parseTaxRates(rows);
    expect(read).toEqual({ ok: false, problems: [{ line: 12, column: 'EstimatedCombinedRate', message: "Rate '7,5%' on line 12 is not a number" }] });
  });

  test('a percent written where a fraction belongs, a bad ZIP and a missing state, all at once', () => {
    const read = parseTaxRates([TAX_HEADER, ['CA', '9O210', 'BH', '0.0975', '0.06', '0.0025', '0', '0.035'], ['', '90211', 'BH', '9.75', '0.06', '0.0025', '0', '0.035']]);
    expect(read.ok ? [] : read.problems.map((p) => p.message)).toEqual([
      "ZIP code '9O210' on line 2 is not a 5-digit ZIP code",
      'State is missing on line 3',
      "Rate '9.75' on line 3 is more than 20 % (write rates as fractions: 0.0725 for 7.25 %)",
    ]);
  });

  test('a combined rate that is not the sum of its parts (a shifted column)', () => {
    const read = parseTaxRates([TAX_HEADER, ['TX', '78701', 'AUSTIN', '0.0825', '0.0625', '0.01', '0.01', '0.01']]);
    expect(read.ok ? '' : read.problems[0]!.message).toBe('Rate 0.0825 on line 2 is not the sum of its parts (0.0625 + 0.01 + 0.01 + 0.01 = 0.0925)');
  });

  test('a ZIP listed twice names the first line', () => {
    const read = parseTaxRates([TAX_HEADER, ['TX', '78701', 'A', '0.0825', '0.0625', '0', '0.01', '0.01'], ['TX', '78701', 'A', '0.0825', '0.0625', '0', '0.01', '0.01']]);
    expect(read.ok ? '' : read.problems[0]!.message).toBe("ZIP code '78701' on line 3 is already on line 2");
  });

  test('a missing column is named from the header line', () => {
    const read = parseZones([['Origin', 'DestinationZip3', 'Zone'], ['980', '981', '2']]);
    expect(read).toEqual({ ok: false, problems: [{ line: 1, column: 'OriginZip3', message: "The header on line 1 has no 'OriginZip3' column" }] });
  });

  test('prices are dollars read exactly, services are named', () => {
    const read = parseRates([['Service', 'Zone', 'MaxWeightLb', 'Price'], ['ground', '2', '5', '$12.45'], ['air', '2', '5', '12.4.5']]);
    expect(read.ok ? [] : read.problems.map((p) => p.message)).toEqual([
      "Service 'air' on line 3 is not one of ground, 2-day, next-day, freight",
      "Price '12.4.5' on line 3 is not a price in dollars like 12.45",
    ]);
    const good = parseRates([['Service', 'Zone', 'MaxWeightLb', 'Price'], ['ground', '2', '5', '$12.45']]);
    expect(good).toEqual({ ok: true, value: [{ service: 'ground', zone: 2, maxLb: 5, cents: 1245 }] });
  });

  test('a ZIP3 a spreadsheet stripped of its zeros reads back padded', () => {
    expect(parseZip3States([['Zip3', 'State'], ['5', 'ny']])).toEqual({ ok: true, value: new Map([['005', 'NY']]) });
  });

  test('a surcharges file must name every charge', () => {
    const read = parseSurcharges([['Charge', 'Price'], ['hazmat-package', '6.50']]);
    expect(read.ok ? '' : read.problems[0]!.message).toBe('The file has no row for freight-liftgate, freight-residential');
  });

  test('blank lines are skipped and do not shift line numbers', () => {
    const read = parseZones([['OriginZip3', 'DestinationZip3', 'Zone'], ['', '', ''], ['980', '981', 'x']]);
    expect(read.ok ? '' : read.problems[0]).toEqual({ line: 3, column: 'Zone', message: "Zone 'x' on line 3 is not a whole number" });
  });

  test('the whole set is refused with each problem under its file name, and store settings are checked', () => {
    const files = seedFiles();
    const built = buildShippingTables({ ...files, 'zones.csv': [['OriginZip3', 'DestinationZip3', 'Zone'], ['980', '981', '0']] }, { timeZone: 'Pacific Time' });
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.problems).toContainEqual({ file: 'zones.csv', line: 2, column: 'Zone', message: "Zone '0' on line 2 is not between 1 and 99" });
    expect(built.problems).toContainEqual({ file: 'store settings', line: 0, message: "The store's time zone 'Pacific Time' is not an IANA time zone like America/Los_Angeles" });
  });

  test('zones without ground rates are refused', () => {
    const files = seedFiles();
    const built = buildShippingTables({ ...files, 'rates.csv': files['rates.csv'].filter((r) => !(r[0] === 'ground' && r[1] === '4')) });
    expect(built.ok ? [] : built.problems.map((p) => p.message)).toEqual(['Zone 4 has no ground rates']);
  });
});
