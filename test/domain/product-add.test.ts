import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { productAddButton, variantQuantityInCart, type ProductAddButtonInput } from '../../src/domain/product-add.ts';
import { availableVariantQuantity } from '../../src/domain/variants.ts';
import { makeCartLine, makeLevel, makeProduct, makeVariant } from './catalogue.helpers.ts';

const variant = makeVariant({ id: 101, price: 25, availableQuantity: 10 }); // level 1010
const base: ProductAddButtonInput = {
  product: makeProduct(),
  variant,
  lines: [],
  cartUpdating: false,
  orderMode: false,
  orderAddInProgress: false,
};

describe('productAddButton', () => {
  test.each([
    ['a sellable variant', {}, { disabled: false, label: 'Add to Cart', remaining: 10 }],
    ['the cart updating', { cartUpdating: true }, { disabled: true, label: 'Add to Cart' }],
    ['an order add in progress', { orderMode: true, orderAddInProgress: true }, { disabled: true, label: 'Add to Order' }],
    ['a price of 0', { variant: makeVariant({ id: 101, price: 0 }) }, { disabled: true, label: 'Add to Cart' }],
    ['a variant not for sale', { variant: makeVariant({ id: 101, availableForSale: false }) }, { disabled: true, label: 'Out of stock' }],
    ['a variant without a sellable level', { variant: makeVariant({ id: 101, availableInventoryLevels: [makeLevel({ availableForSale: false })] }) }, { disabled: true, label: 'Out of stock' }],
    ['the cart holding all the stock', { lines: [makeCartLine({ inventoryLevelId: 1010, quantity: 10 })] }, { disabled: true, label: 'Out of stock', remaining: 0 }],
    ['no variant chosen yet', { variant: null }, { disabled: true, label: 'Add to Cart' }],
    ['no variant chosen in order mode', { variant: null, orderMode: true }, { disabled: false, label: 'Add to Order' }],
    ['order mode on a product not for sale', { variant: null, orderMode: true, product: makeProduct({ availableForSale: false }) }, { disabled: true, label: 'Add to Order' }],
  ])('with %s', (_name, overrides, expected) => {
    expect(productAddButton({ ...base, ...overrides })).toMatchObject(expected);
  });

  test('remaining is unlimited when a level bypasses negative quantity', () => {
    const unlimited = makeVariant({ id: 101, availableQuantity: 0, availableInventoryLevels: [makeLevel({ id: 1010, bypassNegativeQuantity: true })] });
    expect(productAddButton({ ...base, variant: unlimited, lines: [makeCartLine({ inventoryLevelId: 1010, quantity: 99 })] })).toEqual({
      disabled: false,
      label: 'Add to Cart',
      remaining: Number.POSITIVE_INFINITY,
    });
  });

  test('remaining agrees with the available variant quantity, and the button is enabled only when it is above 0 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 25 }), fc.boolean(), (stock, held, updating) => {
        const v = makeVariant({ id: 101, availableQuantity: stock });
        const lines = held === 0 ? [] : [makeCartLine({ inventoryLevelId: 1010, quantity: held })];
        const state = productAddButton({ ...base, variant: v, lines, cartUpdating: updating });
        expect(Math.max(0, state.remaining)).toBe(availableVariantQuantity(v, lines));
        expect(state.disabled).toBe(updating || stock - held <= 0);
      }),
    );
  });
});

describe('variantQuantityInCart', () => {
  test('sums the lines of every level of the variant, each level once', () => {
    const twoLevels = makeVariant({ availableInventoryLevels: [makeLevel({ id: 1 }), makeLevel({ id: 2 }), makeLevel({ id: 1 })] });
    const lines = [makeCartLine({ inventoryLevelId: 1, quantity: 2 }), makeCartLine({ lineItemId: 2, inventoryLevelId: 2, quantity: 3 }), makeCartLine({ lineItemId: 3, inventoryLevelId: 9, quantity: 4 })];
    expect(variantQuantityInCart(twoLevels, lines)).toBe(5);
  });
});
