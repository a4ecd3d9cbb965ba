import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ADD_PRODUCT_ERRORS, QUANTITY_ERRORS, checkAddProduct, checkAddToOrder, digitsOnly, isMinusDisabled, isPlusDisabled, validateQuantity } from '../../src/domain/quantity.ts';
import { ADD_BUTTON_LABELS, addButtonState, type AddButtonInput } from '../../src/domain/add-button.ts';
import { availableStock } from '../../src/domain/cart.ts';
import { toCents } from '../../src/domain/money.ts';
import { productCardData } from '../../src/domain/variants.ts';
import { cartLineArb } from '../../src/domain/testing/cart.ts';
import { productArb, productCardArb } from '../../src/domain/testing/catalogue.ts';
import { makeCard, makeLevel, makeProduct, makePump, makeVariant } from './catalogue.helpers.ts';

const inStock = { availableQuantity: 5, availableForSale: true };
const unlimited = { availableQuantity: Number.POSITIVE_INFINITY, availableForSale: true };

/** Stock as the input sees it: a count (sometimes negative, as a stale server value) or unlimited. */
const stockArb = fc.record({
  availableQuantity: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constant(Number.POSITIVE_INFINITY)),
  availableForSale: fc.boolean(),
});

/** What reaches validation: mostly what the input lets through (digits), sometimes anything. */
const typedArb = fc.oneof(
  fc.stringMatching(/^\d{0,4}$/),
  fc.stringMatching(/^0*\d{1,15}$/),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('', '0', '00', '1e2', '1.5', '-1', ' 3', '+2', '0x10', '٣'),
);

describe('the quantity input keeps digits only', () => {
  test.each([
    ['12', '12'],
    ['1a2-', '12'],
    ['', ''],
    ['abc', ''],
    [' 3 ', '3'],
    ['1.5', '15'],
    ['-4', '4'],
    ['٣', ''],
  ])('%j becomes %j', (typed, kept) => {
    expect(digitsOnly(typed)).toBe(kept);
  });

  test('keeps exactly the ASCII digits, in order, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const kept = digitsOnly(typed);
        expect(kept).toMatch(/^[0-9]*$/);
        expect(kept).toBe([...typed].filter((c) => c >= '0' && c <= '9').join(''));
        expect(digitsOnly(kept)).toBe(kept);
      }),
    );
  });
});

describe('validateQuantity', () => {
  test('the messages are the spec strings', () => {
    expect(QUANTITY_ERRORS.tooMany(7)).toBe("Can't add more than 7");
    expect(QUANTITY_ERRORS.unavailable).toBe('Item is not available for sale');
    expect(QUANTITY_ERRORS.invalid).toBe('Invalid quantity');
    expect(QUANTITY_ERRORS.notPositive).toBe('Quantity must be greater than 0');
  });

  test.each([
    ['1', inStock, 1],
    ['5', inStock, 5],
    ['004', inStock, 4],
    ['1000000', unlimited, 1000000],
  ])('accepts %j with stock %o as quantity %i', (typed, stock, quantity) => {
    expect(validateQuantity(typed, stock)).toEqual({ ok: true, quantity });
  });

  test.each([
    ['', inStock, 'Invalid quantity'],
    ['abc', inStock, 'Invalid quantity'],
    ['1.5', inStock, 'Invalid quantity'],
    ['-1', inStock, 'Invalid quantity'],
    [' 3', inStock, 'Invalid quantity'],
    ['1e2', inStock, 'Invalid quantity'],
    ['99999999999999999999', unlimited, 'Invalid quantity'],
    ['0', inStock, 'Quantity must be greater than 0'],
    ['000', inStock, 'Quantity must be greater than 0'],
    ['3', { availableQuantity: 5, availableForSale: false }, 'Item is not available for sale'],
    ['6', inStock, "Can't add more than 5"],
    ['1', { availableQuantity: 0, availableForSale: true }, "Can't add more than 0"],
    ['1', { availableQuantity: -2, availableForSale: true }, "Can't add more than 0"],
  ])('refuses %j with stock %o: %s', (typed, stock, error) => {
    const result = validateQuantity(typed, stock);
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.error).toBe(error);
  });

  test.each([
    ['empty input on an unavailable item reads as the input problem', '', { availableQuantity: 0, availableForSale: false }, 'invalid'],
    ['0 on an unavailable item reads as the input problem', '0', { availableQuantity: 0, availableForSale: false }, 'not-positive'],
    ['too many of an unavailable item reads as unavailable', '9', { availableQuantity: 5, availableForSale: false }, 'unavailable'],
  ] as const)('checks in order invalid, not positive, unavailable, too many: %s', (_why, typed, stock, reason) => {
    const result = validateQuantity(typed, stock);
    expect(result.ok ? null : result.reason).toBe(reason);
  });

  test.each([
    [3, { ok: true, quantity: 3 }],
    [0, { ok: false, reason: 'not-positive', error: 'Quantity must be greater than 0' }],
    [-2, { ok: false, reason: 'not-positive', error: 'Quantity must be greater than 0' }],
    [1.5, { ok: false, reason: 'invalid', error: 'Invalid quantity' }],
    [Number.NaN, { ok: false, reason: 'invalid', error: 'Invalid quantity' }],
  ])('a number argument %s from a machine gives %o', (quantity, result) => {
    expect(validateQuantity(quantity, inStock)).toEqual(result);
  });

  test('agrees with the stock rule: valid iff digits, above 0, at most the available stock, and for sale', () => {
    fc.assert(
      fc.property(typedArb, stockArb, (typed, stock) => {
        const digits = /^[0-9]+$/.test(typed) && Number.isSafeInteger(Number(typed));
        const expected = digits && Number(typed) > 0 && Number(typed) <= stock.availableQuantity && stock.availableForSale;
        const result = validateQuantity(typed, stock);
        expect(result.ok).toBe(expected);
        if (result.ok) expect(result.quantity).toBe(Number(typed));
      }),
    );
  });

  test("unlimited stock never gives Can't add more than", () => {
    fc.assert(
      fc.property(typedArb, fc.boolean(), (typed, availableForSale) => {
        const result = validateQuantity(typed, { availableQuantity: Number.POSITIVE_INFINITY, availableForSale });
        expect(result.ok ? null : result.reason).not.toBe('too-many');
      }),
    );
  });

  test("a cart line with bypassNegativeQuantity accepts any positive quantity; otherwise it stops at its stock", () => {
    fc.assert(
      fc.property(cartLineArb(), fc.integer({ min: 1, max: 200 }), (line, quantity) => {
        const result = validateQuantity(String(quantity), { availableQuantity: availableStock(line), availableForSale: line.availableForSale });
        const fits = line.bypassNegativeQuantity || quantity <= line.availableQuantity;
        expect(result.ok).toBe(line.availableForSale && fits);
      }),
    );
  });
});

describe('plus and minus buttons', () => {
  test.each([
    [1, 5, false, false],
    [4, 5, false, false],
    [5, 5, false, true],
    [7, 5, false, true],
    [1, 5, true, true],
    [0, 0, false, true],
    [1000, Number.POSITIVE_INFINITY, false, false],
    [1000, Number.POSITIVE_INFINITY, true, true],
  ])('plus with quantity %i of %s, updating %s, is disabled: %s', (quantity, availableQuantity, updating, disabled) => {
    expect(isPlusDisabled({ quantity, availableQuantity, updating })).toBe(disabled);
  });

  test.each([
    [2, false, false],
    [1, false, true],
    [0, false, true],
    [-1, false, true],
    [5, true, true],
  ])('minus with quantity %i, updating %s, is disabled: %s', (quantity, updating, disabled) => {
    expect(isMinusDisabled({ quantity, updating })).toBe(disabled);
  });

  test('plus is enabled exactly when not updating and one more unit still fits the stock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), stockArb, fc.boolean(), (quantity, stock, updating) => {
        const disabled = isPlusDisabled({ quantity, availableQuantity: stock.availableQuantity, updating });
        expect(!disabled).toBe(!updating && quantity + 1 <= stock.availableQuantity);
      }),
    );
  });

  test('minus is enabled exactly when not updating and the quantity stays above 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 100 }), fc.boolean(), (quantity, updating) => {
        expect(!isMinusDisabled({ quantity, updating })).toBe(!updating && quantity - 1 > 0);
      }),
    );
  });
});

describe('the product card add button', () => {
  const idle = { quantityInCart: 0, cartUpdating: false, orderMode: false, orderAddInProgress: false };

  test('the labels are the spec strings', () => {
    expect(ADD_BUTTON_LABELS).toEqual({ order: 'Add to Order', cart: 'Add to Cart', outOfStock: 'Out of stock' });
  });

  test.each([
    ['an available card', { card: makeCard() }, false, 'Add to Cart', 5],
    ['the cart updating', { card: makeCard(), cartUpdating: true }, true, 'Add to Cart', 5],
    ['an unavailable item', { card: makeCard({ availableForSale: false }) }, true, 'Out of stock', 5],
    ['remaining 0 after the cart', { card: makeCard(), quantityInCart: 5 }, true, 'Out of stock', 0],
    ['remaining below 0', { card: makeCard(), quantityInCart: 7 }, true, 'Out of stock', -2],
    ['an order add in progress', { card: makeCard(), orderAddInProgress: true }, true, 'Add to Cart', 5],
    ['a 0 price', { card: makeCard({ price: 0 }) }, true, 'Add to Cart', 5],
    ['a price that rounds to $0.00', { card: makeCard({ price: 0.004 }) }, true, 'Add to Cart', 5],
    ['bypassNegativeQuantity with nothing in stock', { card: makeCard({ availableQuantity: 0, bypassNegativeQuantity: true }), quantityInCart: 50 }, false, 'Add to Cart', Number.POSITIVE_INFINITY],
    ['order mode', { card: makeCard(), orderMode: true }, false, 'Add to Order', 5],
    ['order mode and out of stock', { card: makeCard({ availableQuantity: 0 }), orderMode: true }, true, 'Add to Order', 0],
  ])('with %s: disabled %s, label %s, remaining %s', (_why, input, disabled, label, remaining) => {
    expect(addButtonState({ ...idle, ...input } as AddButtonInput)).toEqual({ disabled, label, remaining });
  });

  test('is disabled exactly when updating, unavailable, nothing remains, an order add runs, or the price is 0', () => {
    fc.assert(
      fc.property(
        productCardArb(),
        fc.nat({ max: 60 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (card, quantityInCart, cartUpdating, orderMode, orderAddInProgress) => {
          const state = addButtonState({ card, quantityInCart, cartUpdating, orderMode, orderAddInProgress });
          const remaining = card.bypassNegativeQuantity ? Number.POSITIVE_INFINITY : card.availableQuantity - quantityInCart;
          expect(state.remaining).toBe(remaining);
          expect(state.disabled).toBe(
            cartUpdating || !card.availableForSale || remaining <= 0 || orderAddInProgress || toCents(card.price) === 0,
          );
          const expectedLabel = orderMode
            ? 'Add to Order'
            : !card.availableForSale || remaining <= 0
              ? 'Out of stock'
              : 'Add to Cart';
          expect(state.label).toBe(expectedLabel);
          if (state.label === 'Out of stock') expect(state.disabled).toBe(true);
        },
      ),
    );
  });
});

describe('adding a product', () => {
  test('the quick add messages are the spec strings', () => {
    expect(ADD_PRODUCT_ERRORS).toEqual({
      missing: 'Product information unavailable',
      unavailable: 'Product is currently unavailable',
    });
  });

  test.each([[null], [undefined]])("a missing product (%s) reads 'Product information unavailable'", (product) => {
    expect(checkAddProduct(product)).toEqual({ ok: false, error: 'Product information unavailable' });
  });

  test.each([
    ['no variant', makeProduct({ Variants: [] })],
    ['only variants not for sale', makeProduct({ Variants: [makeVariant({ availableForSale: false })] })],
    ['a sellable variant without inventory levels', makeProduct({ Variants: [makeVariant({ availableInventoryLevels: [] })] })],
    ['a sellable variant whose levels are not for sale', makeProduct({ Variants: [makeVariant({ availableInventoryLevels: [makeLevel({ availableForSale: false })] })] })],
  ])("a product with %s reads 'Product is currently unavailable'", (_why, product) => {
    expect(checkAddProduct(product)).toEqual({ ok: false, error: 'Product is currently unavailable' });
  });

  test('a product with a sellable variant that has an inventory level can be added, with that level', () => {
    const product = makeProduct({
      Variants: [
        makeVariant({ id: 1, availableForSale: false }),
        makeVariant({ id: 2, availableInventoryLevels: [makeLevel({ id: 21, availableForSale: false }), makeLevel({ id: 22 })] }),
      ],
    });
    const check = checkAddProduct(product);
    expect(check.ok).toBe(true);
    expect(check.ok && [check.variant.id, check.inventoryLevel.id]).toEqual([2, 22]);
  });

  test.each([
    [202, true, 2020],
    [999, false, null],
  ])('with a chosen variant %i only that variant counts (ok %s, level %s)', (variantId, ok, levelId) => {
    const check = checkAddProduct(makePump(), variantId);
    expect(check.ok).toBe(ok);
    expect(check.ok ? check.inventoryLevel.id : null).toBe(levelId);
  });

  test('a chosen variant that is not for sale cannot be added', () => {
    const product = makeProduct({ Variants: [makeVariant({ id: 3, availableForSale: false }), makeVariant({ id: 4 })] });
    expect(checkAddProduct(product, 3)).toEqual({ ok: false, error: 'Product is currently unavailable' });
  });

  test('can add exactly when the product card has a level, and adds that same level', () => {
    fc.assert(
      fc.property(productArb(), (product) => {
        const check = checkAddProduct(product);
        const card = productCardData(product);
        expect(check.ok ? check.inventoryLevel.id : null).toBe(card.inventoryLevelId);
        if (check.ok) {
          expect(check.variant.availableForSale).toBe(true);
          expect(check.inventoryLevel.availableForSale).toBe(true);
          expect(check.inventoryLevel.variantId).toBe(check.variant.id);
        }
      }),
    );
  });
});

describe('adding to an existing order', () => {
  test.each([
    [{ orderMode: true, orderId: 1024 }, { ok: true, orderId: 1024 }],
    [{ orderMode: true, orderId: '1024' }, { ok: true, orderId: 1024 }],
    [{ orderMode: true, orderId: 0 }, { ok: true, orderId: 0 }],
    [{ orderMode: false, orderId: 1024 }, { ok: false, reason: 'not-order-mode' }],
    [{ orderMode: true, orderId: null }, { ok: false, reason: 'no-order-id' }],
    [{ orderMode: true, orderId: undefined }, { ok: false, reason: 'no-order-id' }],
    [{ orderMode: true, orderId: '' }, { ok: false, reason: 'no-order-id' }],
    [{ orderMode: true, orderId: 'abc' }, { ok: false, reason: 'no-order-id' }],
    [{ orderMode: true, orderId: -3 }, { ok: false, reason: 'no-order-id' }],
    [{ orderMode: true, orderId: 1.5 }, { ok: false, reason: 'no-order-id' }],
    [{ orderMode: true, orderId: Number.NaN }, { ok: false, reason: 'no-order-id' }],
  ])('requires order mode and a numeric orderId: %o gives %o', (input, result) => {
    expect(checkAddToOrder(input)).toEqual(result);
  });

  test('a numeric orderId in order mode is accepted as number or digits, and nothing else passes', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.oneof(fc.nat(), fc.nat().map(String), fc.string(), fc.constant(null)), (orderMode, orderId) => {
        const numeric = typeof orderId === 'number' || (typeof orderId === 'string' && /^\d+$/.test(orderId.trim()));
        const check = checkAddToOrder({ orderMode, orderId });
        expect(check.ok).toBe(orderMode && numeric && Number.isSafeInteger(Number(orderId)));
        if (check.ok) expect(check.orderId).toBe(Number(orderId));
      }),
    );
  });
});

