/** Order page rules: ids, totals rows, address lines, related products. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { orderAddressLines, orderDateText, orderLineTotal, orderTotalsRows, parseOrderId, relatedForOrder, relatedSourceIds } from '../../src/domain/orders.ts';

describe('parseOrderId', () => {
  test('any positive safe integer survives a trip through the URL', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
      expect(parseOrderId(String(id))).toBe(id);
    }));
  });
  test.each(['', 'abc', '12x', '1e3', '-4', '0', '1.5', '9007199254740993', '12345678901234567', undefined])('%s is no order id', (text) => {
    expect(parseOrderId(text)).toBeNull();
  });
});

describe('orderTotalsRows', () => {
  test('a discount shows with its codes as a negative amount; shipping 0 reads FREE', () => {
    expect(orderTotalsRows({ subtotalPrice: 50, discountPrice: 5, shippingPrice: 0, totalPrice: 45, discountCodes: ['SPLASH10'] })).toEqual([
      { label: 'Subtotal', value: '$50.00' },
      { label: 'Discount (SPLASH10)', value: '-$5.00' },
      { label: 'Shipping', value: 'FREE' },
      { label: 'Total', value: '$45.00', strong: true },
    ]);
  });
  test('no discount row without a discount; paid shipping shows its price', () => {
    expect(orderTotalsRows({ subtotalPrice: 10, discountPrice: 0, shippingPrice: 7.5, totalPrice: 17.5, discountCodes: [] }).map((r) => r.label)).toEqual(['Subtotal', 'Shipping', 'Total']);
  });
  test('line totals are computed in cents', () => {
    expect(orderLineTotal({ unitPrice: 19.99, quantity: 3 })).toBe('$59.97');
    expect(orderLineTotal({ unitPrice: 0.1, quantity: 3 })).toBe('$0.30');
  });
});

test('address lines leave out empty parts and, for a US address, the country', () => {
  expect(orderAddressLines({ firstName: 'Pat', lastName: 'Pool', company: ' ', address1: '1 Lagoon Way', address2: null, city: 'Tacoma', zip: '98402', phone: null, countryCode: 'US', stateCode: 'WA' })).toEqual([
    'Pat Pool', '1 Lagoon Way', 'Tacoma, WA 98402',
  ]);
});

describe('relatedForOrder', () => {
  const ids = fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 20 });
  test('never offers an ordered product, offers each product once, at most max, in first-seen order', () => {
    fc.assert(
      fc.property(fc.array(ids, { maxLength: 4 }), ids, fc.integer({ min: 0, max: 10 }), (lists, ordered, max) => {
        const out = relatedForOrder(lists.map((l) => l.map((id) => ({ id }))), ordered, max).map((p) => p.id);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(new Set(out).size).toBe(out.length);
        for (const id of out) expect(ordered).not.toContain(id);
        const firstSeen = [...new Set(lists.flat())].filter((id) => !ordered.includes(id)).slice(0, max);
        expect(out).toEqual(firstSeen);
      }),
    );
  });
  test('the sources are the distinct ordered products, at most three', () => {
    expect(relatedSourceIds({ lines: [{ productId: 4 }, { productId: 4 }, { productId: 2 }, { productId: 9 }, { productId: 1 }] })).toEqual([4, 2, 9]);
  });
});

describe('orderDateText', () => {
  test("an order's date as 'Mar 4, 2026' in UTC, for any time; text that is not a date as it is", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (time) => {
        const iso = new Date(time).toISOString();
        expect(orderDateText(iso)).toBe(new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(time));
      }),
      { numRuns: 200 },
    );
    expect(orderDateText('2026-03-04T23:30:00.000Z')).toBe('Mar 4, 2026');
    expect(orderDateText('not a date')).toBe('not a date');
  });
});
