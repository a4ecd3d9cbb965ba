import { describe, expect, test } from 'vitest';
import { connectCart, type CartViewSource } from '../../src/machines/cart.connect.ts';
import { makeCartLine, makeCheckout } from '../domain/catalogue.helpers.ts';

const source = (context: Partial<CartViewSource['context']> = {}): CartViewSource => ({
  context: { lines: [], checkout: null, updating: false, overlay: 'never', couponNotice: null, couponResets: 0, ...context },
});

describe('connectCart', () => {
  test('an empty cart has no totals, no badge and nothing to check out', () => {
    expect(connectCart(source(), '$')).toMatchObject({ empty: true, itemCount: 0, totals: null, totalsRows: [], canCheckout: false, canApplyCoupon: false, overlayOpen: false });
  });

  test('lines count their units and total with the store currency', () => {
    const view = connectCart(source({ lines: [makeCartLine({ quantity: 2, price: 12.5 })], checkout: makeCheckout() }), '$');
    expect(view).toMatchObject({ empty: false, itemCount: 2, canCheckout: true, canApplyCoupon: true });
    expect(view.totals?.subtotal).toBe('$25.00');
    expect(view.totalsRows.length).toBeGreaterThan(0);
  });

  test('while the cart is updating neither checkout nor a coupon can start', () => {
    expect(connectCart(source({ lines: [makeCartLine()], checkout: makeCheckout(), updating: true }), '$')).toMatchObject({ canCheckout: false, canApplyCoupon: false });
  });

  test('the overlay is open only when shown', () => {
    expect(connectCart(source({ overlay: 'shown' }), '$').overlayOpen).toBe(true);
    expect(connectCart(source({ overlay: 'hidden' }), '$').overlayOpen).toBe(false);
  });
});
