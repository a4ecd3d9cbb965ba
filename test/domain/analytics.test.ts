import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { CartLine } from '../../src/domain/entities.ts';
import { BEGIN_CHECKOUT_EVENT, PAGE_VIEW_EVENT, beginCheckoutPayload, pageViewPayload } from '../../src/domain/analytics.ts';

function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    lineItemId: 1,
    inventoryLevelId: 101,
    title: 'Pump basket',
    imageUrl: null,
    quantity: 2,
    price: 29.99,
    availableForSale: true,
    availableQuantity: 10,
    sku: 'SP-1500',
    handle: 'pump-basket',
    bypassNegativeQuantity: false,
    ...overrides,
  };
}

describe('begin_checkout payload', () => {
  test('names the event', () => {
    expect(BEGIN_CHECKOUT_EVENT).toBe('begin_checkout');
  });

  test('carries value, currency and items with id, name, quantity and price', () => {
    const payload = beginCheckoutPayload([line(), line({ lineItemId: 2, inventoryLevelId: 102, title: 'Lid', quantity: 1, price: 5, sku: null })], {
      totalPrice: 60.5,
      currencyCode: 'USD',
    });
    expect(payload).toEqual({
      value: 60.5,
      currency: 'USD',
      items: [
        { id: 'SP-1500', name: 'Pump basket', quantity: 2, price: 29.99 },
        { id: '102', name: 'Lid', quantity: 1, price: 5 },
      ],
    });
  });

  test('without a checkout, the value is the sum of the lines in the fallback currency', () => {
    const payload = beginCheckoutPayload([line({ price: 0.1, quantity: 3 }), line({ price: 0.2, quantity: 1 })], null, 'CAD');
    expect(payload.value).toBe(0.5);
    expect(payload.currency).toBe('CAD');
  });

  test('defaults the currency to USD and skips lines without a positive quantity', () => {
    const payload = beginCheckoutPayload([line({ quantity: 0 }), line({ quantity: -1 }), line({ quantity: 1 })], { totalPrice: 29.99, currencyCode: '' });
    expect(payload.currency).toBe('USD');
    expect(payload.items).toHaveLength(1);
  });

  test('rounds prices to cents', () => {
    const payload = beginCheckoutPayload([line({ price: 1.005 + 0.004, quantity: 1 })], null);
    expect(payload.items[0]?.price).toBe(1.01);
  });

  test('the value without a checkout equals the sum of price x quantity, in cents', () => {
    const lineArb = fc.record({ cents: fc.integer({ min: 0, max: 100_000 }), quantity: fc.integer({ min: 1, max: 20 }) });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), (specs) => {
        const lines = specs.map((s, i) => line({ lineItemId: i, price: s.cents / 100, quantity: s.quantity }));
        const payload = beginCheckoutPayload(lines, null);
        const cents = specs.reduce((sum, s) => sum + s.cents * s.quantity, 0);
        expect(Math.round(payload.value * 100)).toBe(cents);
        expect(payload.items).toHaveLength(lines.length);
        expect(payload.items.reduce((n, item) => n + item.quantity, 0)).toBe(specs.reduce((n, s) => n + s.quantity, 0));
      }),
    );
  });
});

describe('page-view payload', () => {
  test('names the event', () => {
    expect(PAGE_VIEW_EVENT).toBe('page_view');
  });

  test('carries location, language, encoding, user agent and title from the environment', () => {
    expect(
      pageViewPayload({ location: 'https://shop.test/p/x?variant=2#reviews', language: 'en-US', characterSet: 'UTF-8', userAgent: 'UA/1.0', title: 'X - Skimmer' }),
    ).toEqual({
      page_location: 'https://shop.test/p/x?variant=2',
      language: 'en-us',
      page_encoding: 'UTF-8',
      user_agent: 'UA/1.0',
      page_title: 'X - Skimmer',
    });
  });

  test('keeps everything but the fragment of the location', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const payload = pageViewPayload({ location: url, language: 'en', characterSet: 'UTF-8', userAgent: '', title: '' });
        expect(payload.page_location).not.toContain('#');
        expect(url.startsWith(payload.page_location)).toBe(true);
      }),
    );
  });
});
