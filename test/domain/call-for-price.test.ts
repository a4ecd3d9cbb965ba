import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  CALL_FOR_PRICE_LABEL, callForPriceContact, comparedPriceCents, isCallForPrice, sellsOnline,
} from '../../src/domain/call-for-price.ts';
import type { Product } from '../../src/domain/entities.ts';
import { FREE, formatPrice, shippingLabel } from '../../src/domain/money.ts';
import { productCardData } from '../../src/domain/variants.ts';

describe('call for price', () => {
  test.each([
    [{ callForPrice: true }, true],
    [{ callForPrice: false }, false],
    [{ callForPrice: null }, false],
    [{}, false],
  ])('%o is quoted by phone: %s', (item, call) => {
    expect(isCallForPrice(item)).toBe(call);
    expect(sellsOnline(item)).toBe(!call);
  });

  test('a price of 0 alone is a price: FREE in lists, the spec sentence on the product page, compared like any price', () => {
    const free: { price: number; priceCents: number; callForPrice?: boolean } = { price: 0, priceCents: 0 };
    expect(isCallForPrice(free)).toBe(false);
    expect(comparedPriceCents(free)).toBe(0);
    expect(formatPrice(0, 'list')).toBe(FREE);
    expect(formatPrice(0, 'product')).toBe('Please call us for price on this product.');
    expect(shippingLabel({ price: 0 }, '$')).toBe(FREE);
    expect(CALL_FOR_PRICE_LABEL).toBe('Call for price');
  });

  test('a product is compared by its price unless quoted by phone, whatever its price (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.option(fc.boolean(), { nil: undefined }), (cents, flag) => {
      const compared = comparedPriceCents({ priceCents: cents, callForPrice: flag });
      expect(compared).toBe(flag === true ? null : cents);
    }));
  });

  test.each([
    [{ contactPhoneNumber: '1-800-555-0100' }, { href: 'tel:18005550100', text: 'Call 1-800-555-0100' }],
    [{ contactPhoneNumber: '+1 (555) 010-0199' }, { href: 'tel:+15550100199', text: 'Call +1 (555) 010-0199' }],
    [{ contactPhoneNumber: '' }, { href: '/contact-us', text: 'Contact us' }],
    [{ contactPhoneNumber: 'ask us' }, { href: '/contact-us', text: 'Contact us' }],
    [{}, { href: '/contact-us', text: 'Contact us' }],
  ])('the contact action of %o is %o', (store, action) => {
    expect(callForPriceContact(store)).toEqual(action);
  });

  test("a product's card carries the flag when set, and no field when not", () => {
    const product = {
      id: 1, handle: 'p', title: 'P', imageUrl: null, avgRating: null, totalReviews: 0, isFeatured: false, vendor: null,
      price: 0, compareAtPrice: null, Variants: [],
    } as unknown as Product;
    expect(productCardData({ ...product, callForPrice: true }).callForPrice).toBe(true);
    expect('callForPrice' in productCardData(product)).toBe(false);
    expect('callForPrice' in productCardData({ ...product, callForPrice: false })).toBe(false);
  });
});
