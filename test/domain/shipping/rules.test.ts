import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { COUNTRY_UNSUPPORTED_MESSAGE, isPoBox, SHIPPING_COUNTRIES, shipsToCountry, zip5Of } from '../../../src/domain/shipping/destination.ts';
import { noticesBeforePayment, productNoticeView, prop65ShortWarning } from '../../../src/domain/shipping/notices.ts';
import { packHazmat, packParcels } from '../../../src/domain/shipping/packaging.ts';
import { allocateDiscount, salesTax, taxOnCents } from '../../../src/domain/shipping/sales-tax.ts';
import { billableWeightLb, dimensionalWeightLb, profileProblem } from '../../../src/domain/shipping/ship-class.ts';
import { zonedClock, zonedInstant } from '../../../src/domain/shipping/zoned-time.ts';
import { dayNumber } from '../../../src/domain/shipping/calendar.ts';
import { shippingProfileArb } from '../../../src/domain/testing/shipping.ts';
import { quoteShipment } from '../../../src/domain/shipping/quote.ts';
import { BASKET, seedTables } from './shipping.helpers.ts';

describe('ship classes', () => {
  test('dimensional weight is L × W × H / 139 rounded up, and oversize bills the larger weight', () => {
    expect(dimensionalWeightLb({ lengthIn: 48, widthIn: 24, heightIn: 24 })).toBe(199);
    expect(dimensionalWeightLb({ lengthIn: 10, widthIn: 10, heightIn: 13.9 })).toBe(10);
    expect(billableWeightLb({ shipClass: 'oversize', weightLb: 30, dimensions: { lengthIn: 48, widthIn: 24, heightIn: 24 } })).toBe(199);
    expect(billableWeightLb({ shipClass: 'oversize', weightLb: 60.2, dimensions: { lengthIn: 20, widthIn: 10, heightIn: 10 } })).toBe(61);
    expect(billableWeightLb({ shipClass: 'parcel', weightLb: 2.1, dimensions: { lengthIn: 48, widthIn: 24, heightIn: 24 } })).toBe(3);
  });

  test('generated profiles are valid, and a box too big for a parcel carrier is told to go by freight', () => {
    fc.assert(fc.property(shippingProfileArb(), (p) => profileProblem(p, 'X') === null));
    expect(profileProblem({ shipClass: 'oversize', weightLb: 40, dimensions: { lengthIn: 110, widthIn: 10, heightIn: 10 } }, 'Pool Cover')).toBe(
      'Pool Cover is too big for a parcel carrier (longest side over 108 in or length plus girth over 165 in). Ship it as freight.',
    );
    expect(profileProblem({ shipClass: 'hazmat-ground', weightLb: 70 }, 'Cal-Hypo 100 lb')).toBe(
      'Cal-Hypo 100 lb weighs 70 lb, more than the 66 lb a hazardous-material package may weigh. Ship it as freight.',
    );
  });
});

describe('packing', () => {
  test('parcel units share 50 lb boxes; a heavier unit gets its own', () => {
    const boxes = packParcels([{ id: 'a', quantity: 3, profile: { shipClass: 'parcel', weightLb: 20 } }, { id: 'b', quantity: 1, profile: { shipClass: 'parcel', weightLb: 80 } }]);
    expect(boxes.map((b) => b.weightLb)).toEqual([80, 40, 20]);
  });

  test('four trichlor buckets and an acid: never together, at most three a package', () => {
    const packages = packHazmat([
      { id: 'tabs', quantity: 4, profile: { shipClass: 'hazmat-ground', weightLb: 10, hazardGroup: 'isocyanurate' } },
      { id: 'acid', quantity: 1, profile: { shipClass: 'hazmat-ground', weightLb: 10, hazardGroup: 'acid' } },
      { id: 'algae', quantity: 1, profile: { shipClass: 'hazmat-ground', weightLb: 5, hazardGroup: 'other' } },
    ]);
    expect(packages.map((p) => [p.hazmat!.groups, p.hazmat!.items])).toEqual([
      [['isocyanurate'], 3],
      [['isocyanurate', 'other'], 2],
      [['acid'], 1],
    ]);
  });
});

describe('PO boxes and ZIP codes', () => {
  test.each(['PO Box 1234', 'P.O. Box 77', 'p o box 5', 'POBox 12', 'Post Office Box 9', 'POB 12', 'P.O.B. 4', 'Box 118', 'PO Drawer 3', 'Caller Box 20'])('%s is a PO box', (line) => {
    expect(isPoBox(line)).toBe(true);
  });
  test.each(['12 Boxwood Ln', '400 Pobst Rd', '1200 Harbor Blvd', 'PMB 214, 3020 Main St', 'Apt 4B', ''])('%s is not', (line) => {
    expect(isPoBox(line)).toBe(false);
  });
  test('ZIP+4 reads as its ZIP5', () => {
    expect(zip5Of('98032-1234')).toBe('98032');
    expect(zip5Of('980321234')).toBe('98032');
    expect(zip5Of('9803')).toBeNull();
  });
});

describe('sales tax', () => {
  const table = seedTables().tax;

  test('rounds half up once per line', () => {
    expect(taxOnCents(200, 62_500)).toBe(13); // 12.5 cents
    expect(taxOnCents(1999, 72_500)).toBe(145); // 144.93 cents
    expect(taxOnCents(1, 10_000)).toBe(0);
  });

  test('shares a discount over the lines to the cent', () => {
    expect(allocateDiscount([1000, 3000], 100)).toEqual([25, 75]);
    expect(allocateDiscount([1, 1, 1], 2)).toEqual([1, 1, 0]);
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 200_000_000 }), (amounts, d) => {
      const shares = allocateDiscount(amounts, d);
      const total = amounts.reduce((s, a) => s + a, 0);
      expect(shares.reduce((s, a) => s + a, 0)).toBe(Math.min(d, total));
      shares.forEach((s, i) => expect(s >= 0 && s <= amounts[i]!).toBe(true));
    }));
  });

  test('Texas taxes shipping as its own amount; Arizona does not', () => {
    const tx = salesTax([{ id: 'a', cents: 10000 }], 0, 995, { state: 'TX', zip: '78701' }, table);
    expect([tx.linesTaxCents, tx.shippingTaxCents, tx.totalCents, tx.rateText]).toEqual([825, 82, 907, '8.25%']);
    const az = salesTax([{ id: 'a', cents: 10000 }], 0, 995, { state: 'AZ', zip: '85001' }, table);
    expect([az.linesTaxCents, az.shippingTaxCents]).toEqual([860, 0]);
  });

  test('no tax where the store does not collect; the state rate where a ZIP is missing from the table', () => {
    expect(salesTax([{ id: 'a', cents: 10000 }], 0, 0, { state: 'OR', zip: '97201' }, table)).toMatchObject({ collected: false, totalCents: 0 });
    expect(salesTax([{ id: 'a', cents: 10000 }], 0, 0, { state: 'CA', zip: '96001' }, table)).toMatchObject({ rateSource: 'state', ratePpm: 60_000, totalCents: 600 });
  });

  test('an untaxable line and the discount lower the base', () => {
    const t = salesTax([{ id: 'a', cents: 6000 }, { id: 'b', cents: 4000, taxable: false }], 1000, 0, { state: 'FL', zip: '33101' }, table);
    expect(t.lines).toEqual([{ lineId: 'a', taxableCents: 5400, taxCents: 378 }, { lineId: 'b', taxableCents: 0, taxCents: 0 }]);
  });
});

describe('Proposition 65 and other notices', () => {
  const de = { kind: 'prop65' as const, cancer: ['crystalline silica'], reproductiveHarm: [] };

  test('the short form names one chemical per endpoint', () => {
    expect(prop65ShortWarning([de])).toBe('⚠ WARNING: Cancer risk from exposure to crystalline silica. See www.P65Warnings.ca.gov.');
    expect(prop65ShortWarning([{ kind: 'prop65', cancer: [], reproductiveHarm: ['DEHP'] }])).toBe('⚠ WARNING: Risk of reproductive harm from exposure to DEHP. See www.P65Warnings.ca.gov.');
    expect(prop65ShortWarning([{ kind: 'prop65', cancer: ['nickel'], reproductiveHarm: ['DEHP'] }])).toBe(
      '⚠ WARNING: Risk of cancer from exposure to nickel and reproductive harm from exposure to DEHP. See www.P65Warnings.ca.gov.',
    );
  });

  test('the product page shows a WARNING link with both texts', () => {
    expect(productNoticeView([de]).prop65).toEqual({
      linkText: '⚠ WARNING: California Proposition 65',
      shortWarning: '⚠ WARNING: Cancer risk from exposure to crystalline silica. See www.P65Warnings.ca.gov.',
      fullWarning: '⚠ WARNING: This product can expose you to chemicals including crystalline silica, which is known to the State of California to cause cancer. For more information go to www.P65Warnings.ca.gov.',
    });
    expect(productNoticeView([]).prop65).toBeNull();
  });

  test('the full warning shows before payment in California only, naming every line’s chemicals once', () => {
    const lines = [
      { id: 'de', title: 'DE Powder', notices: [de] },
      { id: 'heater', title: 'Heater', notices: [{ kind: 'prop65' as const, cancer: ['Crystalline silica', 'nickel'], reproductiveHarm: [] }] },
    ];
    expect(noticesBeforePayment(lines, 'CA')).toEqual([{
      kind: 'prop65',
      text: '⚠ WARNING: This product can expose you to chemicals including crystalline silica and nickel, which are known to the State of California to cause cancer. For more information go to www.P65Warnings.ca.gov.',
      lineIds: ['de', 'heater'],
    }]);
    expect(noticesBeforePayment(lines, 'NV')).toEqual([]);
  });
});

describe('the warehouse clock', () => {
  test('reads an instant on the Pacific clock across daylight saving', () => {
    expect(zonedClock(Date.UTC(2026, 6, 1, 20, 0), 'America/Los_Angeles')).toEqual({ day: dayNumber(2026, 7, 1), minutes: 13 * 60, seconds: 0 });
    expect(zonedClock(Date.UTC(2026, 0, 1, 21, 0), 'America/Los_Angeles')).toEqual({ day: dayNumber(2026, 1, 1), minutes: 13 * 60, seconds: 0 });
  });

  test('finds the instant of 1 pm local, summer and winter, in any zone', () => {
    expect(zonedInstant(dayNumber(2026, 7, 1), 780, 'America/Los_Angeles')).toBe(Date.UTC(2026, 6, 1, 20, 0));
    expect(zonedInstant(dayNumber(2026, 1, 2), 780, 'America/Los_Angeles')).toBe(Date.UTC(2026, 0, 2, 21, 0));
    expect(zonedInstant(dayNumber(2026, 3, 8), 780, 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 17, 0));
    expect(zonedInstant(dayNumber(2026, 7, 1), 780, 'Asia/Kolkata')).toBe(Date.UTC(2026, 6, 1, 7, 30));
  });
});

describe('the countries the store ships to', () => {
  test('the United States only; any other country is refused in one message', () => {
    expect(SHIPPING_COUNTRIES).toEqual(['US']);
    expect(['US', 'us', ' USA '].map(shipsToCountry)).toEqual([true, true, true]);
    expect(['CA', 'MX', 'GB', '', null].map(shipsToCountry)).toEqual([false, false, false, false, false]);
    expect(quoteShipment([BASKET], { zip: 'M5H 2N2', country: 'CA' }, Date.UTC(2026, 10, 24, 17), seedTables())).toEqual({
      ok: false, error: { code: 'country-unsupported', message: COUNTRY_UNSUPPORTED_MESSAGE },
    });
  });
});
