import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ADD_TO_ORDER_MESSAGES,
  CART_MESSAGES,
  CART_PAGE_PATH,
  checkoutIdFromWebUrl,
  checkoutIdOf,
  checkoutTarget,
  couponAppliedMessage,
} from '../../src/domain/cart-calls.ts';
import { checkoutArb } from '../../src/domain/testing/cart.ts';

describe('messages', () => {
  test('carry the spec strings word for word', () => {
    expect(CART_MESSAGES).toEqual({
      noCheckout: "Couldn't update cart.",
      invalidCheckout: 'Invalid checkout.',
      couponRemoved: 'The discount code was successfully removed.',
      productAdded: 'Product added to cart',
      addFailed: 'Failed to add item to cart',
    });
    expect(ADD_TO_ORDER_MESSAGES).toEqual({
      success: "You've added this product to your order. Expect hearing from us soon.",
      failed: 'Failed to add product to order',
    });
    expect(CART_PAGE_PATH).toBe('/shoppingcart.asp');
  });

  test.each([
    ['SPLASH10', 'Coupon code: SPLASH10 has been added successfully.'],
    ['first order', 'Coupon code: first order has been added successfully.'],
  ])('the applied coupon message names the code %s', (code, message) => {
    expect(couponAppliedMessage(code)).toBe(message);
  });
});

describe('checkoutIdFromWebUrl', () => {
  test.each([
    ['https://checkout.example/checkouts/abc123', 'abc123'],
    ['https://checkout.example/checkouts/abc123/', 'abc123'],
    ['https://checkout.example/checkouts/abc123?key=1#pay', 'abc123'],
    ['/checkouts/42', '42'],
    ['https://checkout.example/checkouts/a%20b', 'a b'],
    ['https://checkout.example/checkouts/bad%E0', 'bad%E0'],
    ['https://checkout.example', null],
    ['https://checkout.example/', null],
    ['https://checkout.example?x=/y', null],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('the checkout id of %s is %s', (webUrl, id) => {
    expect(checkoutIdFromWebUrl(webUrl)).toBe(id);
  });

  test('is the last path segment of any URL ending in it (round trip)', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 3 }), segment, fc.constantFrom('', '/', '?a=1', '#x'), (path, id, tail) => {
        const url = `https://checkout.example/${[...path, id].join('/')}${tail}`;
        expect(checkoutIdFromWebUrl(url)).toBe(id);
      }),
    );
  });

  test('every generated checkout has an id (the arbitrary builds webUrl from it)', () => {
    fc.assert(fc.property(checkoutArb({ maxLength: 1 }), (checkout) => {
      expect(checkoutIdOf(checkout)).toMatch(/^[0-9a-f-]{36}$/);
    }));
  });
});

describe('checkoutTarget', () => {
  test.each([
    [{ webUrl: 'https://checkout.example/checkouts/abc' }, 'https://checkout.example/checkouts/abc'],
    [{ webUrl: '  ' }, '/shoppingcart.asp'],
    [null, '/shoppingcart.asp'],
    [undefined, '/shoppingcart.asp'],
  ])('checkout starts at the webUrl, else the cart page (%o)', (checkout, target) => {
    expect(checkoutTarget(checkout)).toBe(target);
  });

  test('no checkout has no id', () => {
    expect(checkoutIdOf(null)).toBeNull();
  });
});
