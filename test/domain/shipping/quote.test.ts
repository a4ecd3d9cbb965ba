import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isBusinessDay } from '../../../src/domain/shipping/business-days.ts';
import { dayOfIso } from '../../../src/domain/shipping/calendar.ts';
import { isContiguousUs, isPoBox } from '../../../src/domain/shipping/destination.ts';
import { MAX_HAZMAT_ITEMS_PER_PACKAGE } from '../../../src/domain/shipping/packaging.ts';
import { quoteShipment, type QuoteLine, type ShippingQuote } from '../../../src/domain/shipping/quote.ts';
import { hazardGroupsCompatible } from '../../../src/domain/shipping/ship-class.ts';
import { cutoffMinutes } from '../../../src/domain/shipping/tables.ts';
import { zonedClock } from '../../../src/domain/shipping/zoned-time.ts';
import { quoteBasketArb, quoteInstantArb, shippingDestinationArb } from '../../../src/domain/testing/shipping.ts';
import { ACID, BASKET, CHLORINE, FILTER, PUMP, TRICHLOR, seedTables } from './shipping.helpers.ts';

const tables = seedTables();
/** Monday, December 1, 2025, 10:46 am in Los Angeles (18:46 UTC): 2 h 14 min before the 1 pm cut-off. */
const MONDAY_MORNING = Date.UTC(2025, 11, 1, 18, 46);
const SAN_DIEGO = { zip: '92101', state: 'CA', address1: '1200 Harbor Dr', phone: '(619) 555-0142' };

function quote(lines: QuoteLine[], to: Parameters<typeof quoteShipment>[1] = SAN_DIEGO, now: number = MONDAY_MORNING, options: Parameters<typeof quoteShipment>[4] = {}): ShippingQuote {
  const result = quoteShipment(lines, to, now, tables, options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function errorOf(...args: Parameters<typeof quoteShipment>) {
  const result = quoteShipment(...args);
  return result.ok ? null : result.error;
}

describe('the California cart of chlorine, a pump and a sand filter', () => {
  const q = quote([CHLORINE, PUMP, FILTER], SAN_DIEGO, MONDAY_MORNING, { purpose: 'order' });

  test('ships in three shipments: the pump as a parcel, the chlorine by ground, the filter by freight', () => {
    expect(q.shipments.map((s) => [s.kind, s.service, s.lineIds])).toEqual([
      ['parcel', 'ground', ['pump']],
      ['hazmat', 'ground', ['chlorine']],
      ['freight', 'freight', ['filter']],
    ]);
  });

  test('shows the full Prop 65 warning before payment, and the hazmat and returns notices', () => {
    expect(q.notices.map((n) => n.kind)).toEqual(['prop65', 'hazmat-handling', 'not-returnable-once-opened']);
    expect(q.notices[0]!.text).toBe(
      '⚠ WARNING: This product can expose you to chemicals including lead, which is known to the State of California to cause cancer and birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov.',
    );
    expect(q.notices[2]!.text).toBe('Not returnable once opened: Liquid Chlorine 12.5% (4 x 1 gal).');
  });

  test('is free on ground over $99 but keeps the hazmat and freight surcharges', () => {
    const [parcel, hazmat, freight] = q.shipments;
    expect(parcel!.cents).toBe(0);
    expect(parcel!.freeGround).toBe(true);
    expect(hazmat!.baseCents).toBe(0);
    expect(hazmat!.surchargeCents).toBe(650);
    expect(freight!.surchargeCents).toBe(7500 + 9500);
    expect(q.totals.shippingCents).toBe(hazmat!.cents + freight!.cents);
  });

  test('taxes the lines at San Diego’s 7.75 % and not the shipping (California)', () => {
    expect(q.tax.ratePpm).toBe(77_500);
    expect(q.tax.shippingTaxCents).toBe(0);
    expect(q.tax.lines.map((l) => l.taxCents)).toEqual([310, 5347, 8912]);
    expect(q.totals.totalCents).toBe(q.totals.linesCents + q.totals.shippingCents + q.tax.totalCents);
  });

  test('gives every shipment a date range; chemicals and freight are never dated', () => {
    for (const s of q.shipments) {
      expect(s.dates.dated).toBe(false);
      expect(s.dates.latest > s.dates.earliest).toBe(true);
      expect(s.dates.arrivalText).toMatch(/^Arrives \w{3}, \w{3} \d{1,2} – \w{3}, \w{3} \d{1,2}$/);
      expect(s.dates.arrivalText.toLowerCase()).not.toContain('guarantee');
    }
    // the filter needs a day of handling
    expect(q.shipments[2]!.dates.shipDate).toBe('2025-12-02');
    expect(q.shipments[0]!.dates.shipsText).toBe('Order within 2 h 14 min and it ships today');
    expect(q.dates.shipsText).toBe('Order now and it ships tomorrow');
  });

  test('offers freight curbside, with liftgate and residential delivery priced', () => {
    expect(q.freight).toEqual({ liftgate: true, liftgateCents: 7500, residential: true, residentialCents: 9500, curbsideText: expect.stringContaining('curb') });
    const dock = quote([FILTER], SAN_DIEGO, MONDAY_MORNING, { liftgate: false, residential: false });
    expect(dock.shipments[0]!.surchargeCents).toBe(0);
  });
});

describe('options never ship chemicals by air', () => {
  test('with next day asked for, the options are everything by ground or the rest faster and the chemicals by ground', () => {
    const q = quote([BASKET, CHLORINE], SAN_DIEGO, MONDAY_MORNING, { service: 'next-day' });
    expect(q.options.map((o) => o.label)).toEqual([
      'Ship everything by ground',
      'Ship the rest by 2-Day, the chemicals by ground',
      'Ship the rest by Next Day, the chemicals by ground',
    ]);
    expect(q.selected).toBe('next-day');
    expect(q.shipments.map((s) => [s.kind, s.service])).toEqual([['parcel', 'next-day'], ['hazmat', 'ground']]);
    expect(q.shipments[0]!.dates).toMatchObject({ dated: true, arrivalText: 'Arrives Tue, Dec 2' });
  });

  test('a cart of chemicals only has one option, ground, and says why next day is not it', () => {
    const q = quote([TRICHLOR], SAN_DIEGO, MONDAY_MORNING, { service: 'next-day' });
    expect(q.options.map((o) => o.id)).toEqual(['ground']);
    expect(q.selected).toBe('ground');
    expect(q.selectionNote).toBe('Pool chemicals ship by ground only.');
  });

  test('incompatible chemicals never share a package, and no package holds more than three', () => {
    const q = quote([{ ...TRICHLOR, quantity: 2 }, { ...CHLORINE, quantity: 1 }, { ...ACID, quantity: 5 }]);
    const hazmat = q.shipments.find((s) => s.kind === 'hazmat')!;
    for (const p of hazmat.packages) {
      expect(p.hazmat!.items).toBeLessThanOrEqual(MAX_HAZMAT_ITEMS_PER_PACKAGE);
      expect(p.hazmat!.groups.length).toBe(1);
    }
    expect(hazmat.packages.reduce((n, p) => n + p.hazmat!.items, 0)).toBe(8);
  });
});

describe('the store’s ground rule: $9.95 flat, free over $99', () => {
  test('a $25.98 basket ships by ground for $9.95, once', () => {
    const q = quote([BASKET]);
    expect(q.totals.shippingCents).toBe(995);
    expect(q.options[1]!.shippingCents).toBeGreaterThan(995);
  });

  test('exactly $99.00 after discount still pays; a cent more is free', () => {
    const line: QuoteLine = { ...BASKET, quantity: 1, unitCents: 10000 };
    expect(quote([line], SAN_DIEGO, MONDAY_MORNING, { discountCents: 100 }).totals.shippingCents).toBe(995);
    expect(quote([line], SAN_DIEGO, MONDAY_MORNING, { discountCents: 99 }).totals.shippingCents).toBe(0);
  });

  test('a free-shipping code frees ground below the threshold', () => {
    expect(quote([BASKET], SAN_DIEGO, MONDAY_MORNING, { freeShipping: true }).totals.shippingCents).toBe(0);
  });

  test('an oversize box is billed on its dimensional weight by faster services', () => {
    const q = quote([PUMP], SAN_DIEGO, MONDAY_MORNING, { service: '2-day' });
    // 30 × 14 × 16 / 139 = 48.3 → 49 lb billable, more than its 38 lb
    expect(q.shipments[0]!.packages[0]!.billableLb).toBe(49);
  });
});

describe('delivery dates', () => {
  test('before the cut-off the countdown is shown, after it the next business day', () => {
    expect(quote([BASKET]).dates.shipsText).toBe('Order within 2 h 14 min and it ships today');
    const afternoon = Date.UTC(2025, 11, 1, 22, 30); // 2:30 pm in Los Angeles
    expect(quote([BASKET], SAN_DIEGO, afternoon).dates.shipsText).toBe('Order now and it ships tomorrow');
    const friday = Date.UTC(2025, 11, 5, 23, 0); // Friday 3 pm
    expect(quote([BASKET], SAN_DIEGO, friday).dates.shipsText).toBe('Order now and it ships Mon, Dec 8');
  });

  test('Thanksgiving and the weekend push the arrival: ordered Wednesday afternoon before Thanksgiving 2026', () => {
    const q = quote([BASKET], { zip: '98101' }, Date.UTC(2026, 10, 25, 23, 0), { service: 'next-day' });
    expect(q.shipments[0]!.dates.shipDate).toBe('2026-11-27');
    expect(q.dates.arrivalText).toBe('Arrives Mon, Nov 30');
  });

  test('ground arrives as a range: "Arrives Tue, Dec 2 – Thu, Dec 4" style', () => {
    const q = quote([BASKET], { zip: '10001' });
    expect(q.dates.arrivalText).toMatch(/^Arrives \w{3}, Dec \d{1,2} – \w{3}, Dec \d{1,2}$/);
  });
});

describe('bad input gets a clear message, never a throw', () => {
  test.each([
    ['an empty cart', [], SAN_DIEGO, 'cart-empty', 'Your cart is empty.'],
    ['a ZIP that is not 5 digits', [BASKET], { zip: '9210' }, 'zip-invalid', 'Enter a 5-digit ZIP code.'],
    ['an unknown ZIP', [BASKET], { zip: '00212' }, 'zip-unknown', 'ZIP code 00212 is not a US ZIP code we know. Check it and try again.'],
    ['a state that does not match its ZIP', [BASKET], { zip: '92101', state: 'TX' }, 'state-mismatch', 'ZIP code 92101 is in CA, not TX. Check the state and the ZIP code.'],
    ['chemicals to a PO box', [CHLORINE], { zip: '92101', address1: 'P.O. Box 1234' }, 'hazmat-po-box', "Pool chemicals can't ship to a PO box. Enter a street address."],
    ['chemicals to Hawaii', [CHLORINE], { zip: '96813', state: 'HI' }, 'hazmat-destination', "Pool chemicals ship by ground within the contiguous US only, so we can't send Liquid Chlorine 12.5% (4 x 1 gal) to HI. Remove it or ship to another address."],
    ['chemicals to an APO', [TRICHLOR], { zip: '09012', state: 'AE' }, 'hazmat-destination', expect.stringContaining('contiguous US only')],
    ['freight to Alaska', [FILTER], { zip: '99501' }, 'freight-destination', expect.stringContaining('Freight ships within the contiguous US only')],
    ['freight to a PO box', [FILTER], { zip: '92101', address1: 'PO Box 9' }, 'freight-po-box', "Freight can't be delivered to a PO box. Enter a street address."],
    ['a line weighing 0 lb', [{ ...BASKET, profile: { shipClass: 'parcel', weightLb: 0 } }], SAN_DIEGO, 'line-invalid', 'Skimmer Basket has no shipping weight. Set a weight above 0 lb.'],
    ['a 10,000 lb line', [{ ...FILTER, profile: { shipClass: 'freight', weightLb: 10_000 } }], SAN_DIEGO, 'line-invalid', 'Pentair Triton II Sand Filter weighs 10,000 lb, more than the 2,500 lb a freight pallet takes.'],
    ['a 0 quantity', [{ ...BASKET, quantity: 0 }], SAN_DIEGO, 'line-invalid', 'Quantity must be greater than 0'],
    ['an enormous cart', Array.from({ length: 101 }, (_, i) => ({ ...BASKET, id: `l${i}` })), SAN_DIEGO, 'cart-too-large', 'We can quote up to 100 lines in one order. Call us for a larger order.'],
    ['too heavy an order', Array.from({ length: 3 }, (_, i) => ({ ...FILTER, id: `f${i}`, quantity: 12 })), SAN_DIEGO, 'cart-too-large', 'This order weighs 5,940 lb, more than the 5,000 lb we ship in one order. Call us for a truckload quote.'],
    ['a foreign address', [BASKET], { zip: '92101', country: 'CA' }, 'country-unsupported', 'We ship to addresses in the United States only.'],
  ] as [string, QuoteLine[], Parameters<typeof quoteShipment>[1], string, unknown][])('%s', (_name, lines, to, code, message) => {
    expect(errorOf(lines, to, MONDAY_MORNING, tables)).toMatchObject({ code, message });
  });

  test('freight at checkout needs a phone number; an estimate does not', () => {
    const to = { zip: '92101', state: 'CA', address1: '1200 Harbor Dr' };
    expect(errorOf([FILTER], to, MONDAY_MORNING, tables, { purpose: 'order' })).toMatchObject({ code: 'phone-required', lineIds: ['filter'] });
    expect(quoteShipment([FILTER], to, MONDAY_MORNING, tables).ok).toBe(true);
  });

  test('a checkout without a street address or state is refused', () => {
    expect(errorOf([BASKET], { zip: '92101' }, MONDAY_MORNING, tables, { purpose: 'order' })?.code).toBe('address-required');
  });

  test.each([[Date.UTC(1970, 0, 1)], [Date.UTC(2150, 0, 1)], [Number.NaN]])('a clock far off (%d) is refused', (now) => {
    expect(errorOf([BASKET], SAN_DIEGO, now, tables)).toEqual({ code: 'date-out-of-range', message: 'The order date is out of range. Check the clock and try again.' });
  });

  test('nonsense never throws', () => {
    const junk = [null, undefined, 7, {}, { id: 1 }, { id: 'x', quantity: 1.5 }, { id: 'y', quantity: 1, unitCents: 1, profile: { shipClass: 'boat', weightLb: 1 } }];
    for (const line of junk) {
      expect(() => quoteShipment([line as unknown as QuoteLine], SAN_DIEGO, MONDAY_MORNING, tables)).not.toThrow();
    }
  });
});

describe('properties over generated baskets, destinations and times', () => {
  const arbs = [quoteBasketArb(), shippingDestinationArb(tables), quoteInstantArb(), fc.constantFrom('ground', '2-day', 'next-day' as const), fc.integer({ min: 0, max: 5000 })] as const;

  test('a quote either ships every line exactly once and keeps chemicals on the ground in the contiguous US, or says why not', () => {
    fc.assert(
      fc.property(...arbs, (lines, to, now, service, discount) => {
        const result = quoteShipment(lines, to, now, tables, { service, discountCents: discount });
        if (!result.ok) {
          expect(result.error.message.length).toBeGreaterThan(0);
          return;
        }
        const q = result.value;
        for (const option of q.options) {
          const ids = option.shipments.flatMap((s) => s.lineIds).sort();
          expect(ids).toEqual(lines.map((l) => l.id).sort());
          for (const s of option.shipments) {
            // every unit of the shipment's lines is in exactly one of its packages
            for (const id of s.lineIds) {
              const units = s.packages.reduce((n, p) => n + p.contents.filter((c) => c.lineId === id).reduce((m, c) => m + c.units, 0), 0);
              expect(units).toBe(lines.find((l) => l.id === id)!.quantity);
            }
            const hazmat = s.lineIds.some((id) => lines.find((l) => l.id === id)!.profile.shipClass === 'hazmat-ground');
            if (hazmat) {
              expect(s.service).toBe('ground');
              expect(isContiguousUs(q.destination.state)).toBe(true);
              expect(isPoBox(to.address1)).toBe(false);
              for (const p of s.packages) {
                expect(p.hazmat!.items).toBeLessThanOrEqual(3);
                for (const a of p.hazmat!.groups) for (const b of p.hazmat!.groups) expect(hazardGroupsCompatible(a, b)).toBe(true);
              }
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('dates never fall on a weekend or holiday, and never before the cut-off allows', () => {
    const cutoff = cutoffMinutes(tables.store.cutoff)!;
    fc.assert(
      fc.property(...arbs, (lines, to, now, service, _discount) => {
        const result = quoteShipment(lines, to, now, tables, { service });
        if (!result.ok) return;
        const local = zonedClock(now, tables.store.timeZone);
        const canShipToday = isBusinessDay(local.day) && local.minutes < cutoff;
        for (const option of result.value.options) {
          for (const s of option.shipments) {
            for (const date of [s.dates.shipDate, s.dates.earliest, s.dates.latest]) expect(isBusinessDay(dayOfIso(date)), date).toBe(true);
            const ship = dayOfIso(s.dates.shipDate);
            expect(ship).toBeGreaterThanOrEqual(canShipToday ? local.day : local.day + 1);
            expect(dayOfIso(s.dates.earliest)).toBeGreaterThan(ship);
            expect(s.dates.latest >= s.dates.earliest).toBe(true);
            if (s.kind !== 'parcel' || s.service === 'ground') expect(s.dates.latest > s.dates.earliest).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('tax is the sum of the line taxes plus the shipping tax, and total = lines − discount + shipping + tax', () => {
    fc.assert(
      fc.property(...arbs, fc.boolean(), (lines, to, now, service, discount, free) => {
        const result = quoteShipment(lines, to, now, tables, { service, discountCents: discount, freeShipping: free });
        if (!result.ok) return;
        const { tax, totals, shipments } = result.value;
        expect(tax.totalCents).toBe(tax.lines.reduce((s, l) => s + l.taxCents, 0) + tax.shippingTaxCents);
        expect(totals.taxCents).toBe(tax.totalCents);
        expect(totals.linesCents).toBe(lines.reduce((s, l) => s + l.unitCents * l.quantity, 0));
        expect(totals.shippingCents).toBe(shipments.reduce((s, x) => s + x.cents, 0));
        expect(totals.totalCents).toBe(totals.linesCents - totals.discountCents + totals.shippingCents + totals.taxCents);
        expect(tax.lines.reduce((s, l) => s + l.taxableCents, 0)).toBeLessThanOrEqual(totals.subtotalCents);
        for (const n of [totals.totalCents, totals.shippingCents, totals.taxCents]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('the same arguments give the same quote', () => {
    fc.assert(
      fc.property(arbs[0], arbs[1], arbs[2], (lines, to, now) => {
        expect(quoteShipment(lines, to, now, tables)).toEqual(quoteShipment(lines, to, now, tables));
      }),
      { numRuns: 50 },
    );
  });
});

describe('the generators reach the quote', () => {
  test('most generated baskets quote (the properties above are not vacuous)', () => {
    const samples = fc.sample(fc.tuple(quoteBasketArb(), shippingDestinationArb(tables), quoteInstantArb()), { numRuns: 400, seed: 28 });
    const ok = samples.filter(([lines, to, now]) => quoteShipment(lines, to, now, tables).ok).length;
    expect(ok).toBeGreaterThan(200);
  });
});

test('a missing destination is a message, not a throw', () => {
  expect(errorOf([BASKET], null as unknown as { zip: string }, MONDAY_MORNING, tables)?.code).toBe('zip-invalid');
});
