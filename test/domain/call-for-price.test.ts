import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { CALL_FOR_PRICE_LABEL, FREE, callForPriceContact, formatPrice, isCallForPrice, shippingLabel } from '../../src/domain/money.ts';

describe('call for price', () => {
  test.each([
    [0, true],
    [0.004, true],
    [0.01, false],
    [129.99, false],
  ])('a price of %d asks the shopper to call: %s', (price, call) => {
    expect(isCallForPrice(price)).toBe(call);
  });

  test('reads Call for price in lists; FREE stays for an amount that really is zero', () => {
    expect(CALL_FOR_PRICE_LABEL).toBe('Call for price');
    expect(shippingLabel({ price: 0 }, '$')).toBe(FREE);
    expect(formatPrice(0, 'product')).toBe('Please call us for price on this product.');
  });

  test('every price of at least a cent is compared, never called for (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
      expect(isCallForPrice(cents / 100)).toBe(false);
    }));
  });

  test.each([
    [{ contactPhoneNumber: '1-800-555-0100' }, { href: 'tel:18005550100', text: 'Call 1-800-555-0100' }],
    [{ contactPhoneNumber: '+1 (555) 010-0199' }, { href: 'tel:+15550100199', text: 'Call +1 (555) 010-0199' }],
    [{ contactPhoneNumber: '' }, { href: '/contact-us', text: 'Contact us' }],
    [{}, { href: '/contact-us', text: 'Contact us' }],
  ])('the contact action of %o is %o', (store, action) => {
    expect(callForPriceContact(store)).toEqual(action);
  });
});
