import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Customer, MailingAddress } from '../../src/domain/entities.ts';
import {
  arrivalView,
  defaultAddressZip,
  estimateLines,
  orderQuoteRows,
  quoteMatchesCart,
  quoteTotalsRows,
  shipmentViews,
  shippingZipInput,
  taxLabel,
  ZIP_INVALID_MESSAGE,
} from '../../src/domain/shipping-view.ts';
import { quoteShipment, type QuoteLine, type ShippingQuote } from '../../src/domain/shipping/quote.ts';
import { quoteBasketArb, quoteInstantArb, shippingDestinationArb } from '../../src/domain/testing/shipping.ts';
import { CHLORINE, FILTER, PUMP, seedTables } from './shipping/shipping.helpers.ts';

/** Tue Dec 1 2026, 10:46 am in Kent, WA: 2 h 14 min before the 1 pm cut-off. */
const NOW = Date.UTC(2026, 11, 1, 18, 46);

function quote(lines: readonly QuoteLine[], zip = '90210', options: Parameters<typeof quoteShipment>[4] = {}): ShippingQuote {
  const result = quoteShipment(lines, { zip }, NOW, seedTables(), options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** '-$1,234.56' or 'FREE' back to cents. */
function cents(text: string): number {
  if (text === 'FREE') return 0;
  const m = /^(-?)\$([\d,]+)\.(\d\d)$/.exec(text);
  if (!m) throw new Error(`not money: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]));
}

const address = (overrides: Partial<MailingAddress>): MailingAddress => ({
  id: 1, firstName: 'Ann', lastName: 'Lee', company: null, address1: '1 Palm Ave', address2: null, city: 'San Diego', zip: '92101', phone: '6195550100',
  isDefault: true, State: { stateCode: 'CA', title: 'California' }, Country: { countryCode: 'US', title: 'United States' }, ...overrides,
});

describe('the shopper ZIP', () => {
  test.each([
    ['92101', '92101'],
    [' 92101-1234 ', '92101'],
    ['921011234', '92101'],
  ])('reads %j as the ZIP5 %s', (text, zip) => {
    expect(shippingZipInput(text)).toEqual({ ok: true, zip });
  });

  test.each(['', '9210', 'ABCDE', '92101-12', 'SW1A 1AA'])('refuses %j with the quote\'s own message', (text) => {
    expect(shippingZipInput(text)).toEqual({ ok: false, message: ZIP_INVALID_MESSAGE });
  });

  test('defaults to the signed-in customer\'s default US address ZIP, never a foreign or non-default one', () => {
    const customer = (addresses: MailingAddress[]): Customer => ({ id: 7, MailingAddresses: addresses });
    expect(defaultAddressZip(customer([address({ isDefault: false, zip: '10001' }), address({ zip: '92101-4455' })]))).toBe('92101');
    expect(defaultAddressZip(customer([address({ isDefault: false })]))).toBeNull();
    expect(defaultAddressZip(customer([address({ Country: { countryCode: 'CA', title: 'Canada' }, zip: 'M5V 2T6' })]))).toBeNull();
    expect(defaultAddressZip({})).toBeNull();
    expect(defaultAddressZip(null)).toBeNull();
  });
});

describe('the product page\'s arrival lines', () => {
  test('a part: ships today before the cut-off, arrives in a range by ground', () => {
    const view = arrivalView(quote([{ ...PUMP, quantity: 1 }]));
    expect(view.shipsText).toBe('Order within 2 h 14 min and it ships today');
    expect(view.arrivalText).toMatch(/^Arrives (Mon|Tue|Wed|Thu|Fri), Dec \d+ – (Mon|Tue|Wed|Thu|Fri), Dec \d+$/);
    expect(view.serviceName).toBe('Ground');
    expect(view.notes).toEqual([]);
  });

  test('chemicals and freight read as ranges with their notes and no guarantee wording', () => {
    for (const line of [CHLORINE, FILTER]) {
      const view = arrivalView(quote([line]));
      expect(view.arrivalText).toContain(' – ');
      expect(view.notes.length).toBeGreaterThan(0);
      expect(JSON.stringify(view).toLowerCase()).not.toContain('guarantee');
    }
  });
});

describe('the totals rows of a quote', () => {
  test('the California cart: three shipments, the tax row, and lines − discount + shipping + tax', () => {
    const q = quote([CHLORINE, PUMP, FILTER], '90210', { discountCents: 5000 });
    const rows = quoteTotalsRows(q, '$', ['SAVE50']);
    expect(rows.map((r) => r.key)).toEqual(['subtotal', 'discount', 'shipping-parcel', 'shipping-hazmat', 'shipping-freight', 'tax', 'total']);
    expect(rows.find((r) => r.kind === 'discount')).toMatchObject({ label: 'Discount (SAVE50)', value: '-$50.00' });
    expect(rows.find((r) => r.kind === 'tax')?.label).toBe(`Sales tax (CA ${q.tax.rateText})`);
    expect(rows.map((r) => r.label).filter((l) => l.startsWith('Shipping'))).toEqual(['Shipping: Parcels by Ground', 'Shipping: Pool chemicals by Ground', 'Shipping: Freight']);
    const t = q.totals;
    expect(cents(rows.at(-1)!.value)).toBe(t.linesCents - t.discountCents + t.shippingCents + t.taxCents);
  });

  test('property: the rows shown add up to the total shown, which is the quote\'s', () => {
    const tables = seedTables();
    fc.assert(
      fc.property(quoteBasketArb(6), shippingDestinationArb(tables), quoteInstantArb(), fc.integer({ min: 0, max: 20_000 }), (lines, to, now, discount) => {
        const result = quoteShipment(lines, { zip: to.zip }, now, tables, { discountCents: discount });
        if (!result.ok) return;
        const rows = quoteTotalsRows(result.value, '$');
        const total = rows.at(-1)!;
        const sum = rows.slice(0, -1).reduce((s, r) => s + cents(r.value), 0);
        expect(sum).toBe(cents(total.value));
        expect(cents(total.value)).toBe(result.value.totals.totalCents);
        expect(rows.filter((r) => r.kind === 'shipping')).toHaveLength(result.value.shipments.length);
      }),
      { numRuns: 150 },
    );
  });

  test('no tax collected reads a plain Sales tax row of $0.00', () => {
    const q = quote([PUMP], '60601');
    expect(q.tax.collected).toBe(false);
    expect(taxLabel(q)).toBe('Sales tax');
    expect(quoteTotalsRows(q, '$').find((r) => r.kind === 'tax')?.value).toBe('$0.00');
  });
});

describe('shipments', () => {
  test('name the lines they carry, with the quantity above 1, and leave out lines not known', () => {
    const q = quote([CHLORINE, { ...PUMP, quantity: 2 }, FILTER]);
    const views = shipmentViews(q, [{ id: 'pump', title: 'Hayward Super Pump 1.5 HP', quantity: 2 }, { id: 'chlorine', title: 'Liquid Chlorine', quantity: 1 }], '$');
    expect(views.map((v) => [v.heading, v.items])).toEqual([
      ['Parcels by Ground', ['Hayward Super Pump 1.5 HP × 2']],
      ['Pool chemicals by Ground', ['Liquid Chlorine']],
      ['Freight', []],
    ]);
    expect(views.every((v) => v.arrivalText.startsWith('Arrives '))).toBe(true);
  });
});

describe('which quote answers for a cart or an order', () => {
  test('a quote of other lines or without the cart\'s discount does not', () => {
    const q = quote([PUMP]);
    expect(quoteMatchesCart(q, { linesCents: PUMP.unitCents, discountCents: 0 })).toBe(true);
    expect(quoteMatchesCart(q, { linesCents: PUMP.unitCents, discountCents: 500 })).toBe(false);
    expect(quoteMatchesCart(q, { linesCents: PUMP.unitCents * 2, discountCents: 0 })).toBe(false);
  });

  test('an order whose total changed after placing keeps its own rows', () => {
    const q = quote([PUMP]);
    expect(orderQuoteRows(q, q.totals.totalCents, [], '$')?.at(-1)).toEqual({ label: 'Total', value: expect.stringMatching(/^\$/), strong: true });
    expect(orderQuoteRows(q, q.totals.totalCents + 1999, [], '$')).toBeNull();
  });

  test('estimate lines: cart order, one line a level, bad lines left out, at most the cap', () => {
    expect(estimateLines([{ inventoryLevelId: 3, quantity: 1 }, { inventoryLevelId: 9, quantity: 2 }, { inventoryLevelId: 3, quantity: 4 }, { inventoryLevelId: 5, quantity: 0 }])).toEqual([
      { inventoryLevelId: 3, quantity: 5 },
      { inventoryLevelId: 9, quantity: 2 },
    ]);
    expect(estimateLines(Array.from({ length: 120 }, (_, i) => ({ inventoryLevelId: i + 1, quantity: 1 })))).toHaveLength(100);
  });
});
