import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_VARIANT_TITLE,
  addInventoryLevel,
  availableVariantQuantity,
  chosenValue,
  clearOption,
  displayedPrice,
  firstAvailableLevel,
  hasOnlyDefaultVariant,
  isSelectionComplete,
  isVariantUnlimited,
  productCardData,
  selectOption,
  selectedVariant,
  selectionFromVariantParam,
  variantMatches,
  variantOptionValue,
  type Selection,
} from '../../src/domain/variants.ts';
import { cartLinesArb } from '../../src/domain/testing/cart.ts';
import { inventoryLevelArb, productArb, productCardArb, variantArb } from '../../src/domain/testing/catalogue.ts';
import { fromCents, toCents } from '../../src/domain/money.ts';
import { MAX_LINE_QUANTITY } from '../../src/domain/cart.ts';
import { makeCartLine, makeLevel, makeOption, makeProduct, makePump, makeVariant } from './catalogue.helpers.ts';

const pump = makePump();

/** Picks one element of a non-empty list with a natural number. */
function pick<T>(list: readonly T[], n: number): T {
  const item = list[n % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** A selection of every option of a variant, built by the shopper one option at a time. */
function selectAll(variantOptions: readonly { name: string; VariantSelectedOptions: { optionValueSelected: string } }[]): Selection {
  return variantOptions.reduce<Selection>((s, o) => selectOption(s, o.name, o.VariantSelectedOptions.optionValueSelected), {});
}

describe('the default variant', () => {
  test("the default variant title is 'Default Title'", () => {
    expect(DEFAULT_VARIANT_TITLE).toBe('Default Title');
  });

  test.each([
    ['one variant titled Default Title', makeProduct(), true],
    ['one variant with another title', makeProduct({ Variants: [makeVariant({ title: '1 HP' })] }), false],
    ['several variants', pump, false],
    ['no variant', makeProduct({ Variants: [] }), false],
  ])('a product with %s has only the default variant: %s', (_why, product, expected) => {
    expect(hasOnlyDefaultVariant(product)).toBe(expected);
  });

  test('a coherent product has only the default variant exactly when it has no options', () => {
    fc.assert(fc.property(productArb(), (product) => hasOnlyDefaultVariant(product) === (product.Options.length === 0)));
  });
});

describe('selecting a variant', () => {
  test('a single variant is auto-selected without any choice', () => {
    const product = makeProduct();
    expect(selectedVariant(product, {})).toBe(product.Variants[0]);
  });

  test('a single variant stays selected whatever is chosen', () => {
    const only = makeVariant({ id: 5 }, { Size: '1 HP' });
    const product = makeProduct({ Options: [makeOption(1, 'Size', ['1 HP'])], Variants: [only] });
    expect(selectedVariant(product, { Size: 'other' })).toBe(only);
  });

  test.each([
    [{}, null],
    [{ Size: '1 HP' }, null],
    [{ Voltage: '230' }, null],
    [{ Size: '1 HP', Voltage: '115' }, 201],
    [{ Size: '1 HP', Voltage: '230' }, 202],
    [{ Size: '2 HP', Voltage: '230' }, 203],
    [{ Size: '2 HP', Voltage: '115' }, null],
  ])('with several variants, the selection %o selects variant %s once all options are chosen', (selection, id) => {
    expect(selectedVariant(pump, selection)?.id ?? null).toBe(id);
  });

  test.each([
    [{ Size: '1 HP', Voltage: '230' }, true],
    [{ Size: '1 HP' }, true],
    [{}, true],
    [{ Size: '2 HP' }, false],
    [{ Color: 'White' }, false],
  ])('variant 202 (1 HP / 230) matches %o: %s (every chosen value equals its value)', (selection, expected) => {
    expect(variantMatches(pick(pump.Variants, 1), selection)).toBe(expected);
  });

  test('reads a variant option value by option name', () => {
    expect(variantOptionValue(pick(pump.Variants, 2), 'Size')).toBe('2 HP');
    expect(variantOptionValue(pick(pump.Variants, 2), 'Color')).toBeUndefined();
  });

  test('clearing an option deselects the variant', () => {
    const full = selectOption(selectOption({}, 'Size', '1 HP'), 'Voltage', '230');
    expect(selectedVariant(pump, full)?.id).toBe(202);
    const cleared = clearOption(full, 'Voltage');
    expect(cleared).toEqual({ Size: '1 HP' });
    expect(selectedVariant(pump, cleared)).toBeNull();
  });

  test('choosing an empty value clears the option', () => {
    expect(selectOption({ Size: '1 HP', Voltage: '230' }, 'Voltage', '')).toEqual({ Size: '1 HP' });
  });

  test('clearing an option that is not chosen keeps the same selection', () => {
    const selection = { Size: '1 HP' };
    expect(clearOption(selection, 'Voltage')).toBe(selection);
  });

  test('choosing replaces the previous value of the option', () => {
    expect(selectOption({ Size: '1 HP' }, 'Size', '2 HP')).toEqual({ Size: '2 HP' });
  });

  test('option names that are object members are never read as chosen', () => {
    const product = makeProduct({
      Options: [makeOption(1, 'constructor', ['a']), makeOption(2, 'toString', ['b'])],
      Variants: [makeVariant({ id: 1 }, { constructor: 'a', toString: 'b' }), makeVariant({ id: 2 }, { constructor: 'a', toString: 'c' })],
    });
    expect(chosenValue({}, 'constructor')).toBeUndefined();
    expect(isSelectionComplete(product, {})).toBe(false);
    expect(selectedVariant(product, {})).toBeNull();
    expect(selectedVariant(product, selectOption(selectOption({}, 'constructor', 'a'), 'toString', 'b'))?.id).toBe(1);
  });

  test('a product shows its own price until a variant is selected, then the variant price', () => {
    expect(displayedPrice(pump, selectedVariant(pump, { Size: '1 HP' }))).toBe(100);
    expect(displayedPrice(pump, selectedVariant(pump, { Size: '2 HP', Voltage: '230' }))).toBe(150);
  });

  test("choosing every option value of a variant selects that variant", () => {
    fc.assert(
      fc.property(productArb(), fc.nat(), (product, n) => {
        const variant = pick(product.Variants, n);
        expect(selectedVariant(product, selectAll(variant.Options))).toBe(variant);
      }),
    );
  });

  test('a selected variant matches the selection; otherwise the product price shows', () => {
    fc.assert(
      fc.property(productArb(), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 4 }), (product, picks) => {
        // A shopper choosing some values (possibly not all, possibly a combination no variant has).
        let selection: Selection = {};
        for (const [o, v] of picks) {
          if (product.Options.length === 0) break;
          const option = pick(product.Options, o);
          selection = selectOption(selection, option.name, pick(option.values, v));
        }
        const variant = selectedVariant(product, selection);
        if (product.Variants.length > 1 && variant !== null) {
          expect(isSelectionComplete(product, selection)).toBe(true);
          expect(variantMatches(variant, selection)).toBe(true);
        }
        expect(displayedPrice(product, variant)).toBe(variant === null ? product.price : variant.price);
      }),
    );
  });

  test('clearing any option of a complete selection deselects the variant when there are several', () => {
    fc.assert(
      fc.property(productArb(), fc.nat(), fc.nat(), (product, n, o) => {
        fc.pre(product.Variants.length > 1);
        const selection = selectAll(pick(product.Variants, n).Options);
        expect(selectedVariant(product, clearOption(selection, pick(product.Options, o).name))).toBeNull();
      }),
    );
  });
});

describe('the variant query parameter', () => {
  test.each([
    ['202', { Size: '1 HP', Voltage: '230' }],
    [' 203 ', { Size: '2 HP', Voltage: '230' }],
    ['999', {}],
    ['abc', {}],
    ['2e2', {}],
    ['-201', {}],
    ['', {}],
    [null, {}],
    [undefined, {}],
    ['99999999999999999999', {}],
  ])('variant=%s preselects %o', (param, selection) => {
    expect(selectionFromVariantParam(pump, param)).toEqual(selection);
  });

  test('preselects the variant of the parameter', () => {
    expect(selectedVariant(pump, selectionFromVariantParam(pump, '201'))?.id).toBe(201);
  });

  test("an option named '__proto__' becomes a plain key", () => {
    const odd = makeVariant({
      id: 9,
      Options: [{ id: 1, name: '__proto__', VariantSelectedOptions: { optionValueSelected: 'x' } }],
    });
    const product = makeProduct({ Variants: [odd] });
    const selection = selectionFromVariantParam(product, '9');
    expect(Object.getPrototypeOf(selection)).toBe(Object.prototype);
    expect(Object.hasOwn(selection, '__proto__')).toBe(true);
  });

  test('every variant id round-trips through the parameter to the same variant', () => {
    fc.assert(
      fc.property(productArb(), fc.nat(), (product, n) => {
        const variant = pick(product.Variants, n);
        expect(selectedVariant(product, selectionFromVariantParam(product, String(variant.id)))).toBe(variant);
      }),
    );
  });
});

describe('available quantity of a variant', () => {
  const variant = makeVariant({
    id: 7,
    availableQuantity: 10,
    availableInventoryLevels: [makeLevel({ id: 70, variantId: 7 }), makeLevel({ id: 71, variantId: 7 })],
  });

  test.each([
    ['nothing in the cart', [], 10],
    ['3 of its first level in the cart', [makeCartLine({ inventoryLevelId: 70, quantity: 3 })], 7],
    ['lines of both its levels in the cart', [makeCartLine({ inventoryLevelId: 70, quantity: 3 }), makeCartLine({ lineItemId: 2, inventoryLevelId: 71, quantity: 2 })], 5],
    ['other levels in the cart', [makeCartLine({ inventoryLevelId: 99, quantity: 4 })], 10],
    ['more than it has in the cart', [makeCartLine({ inventoryLevelId: 70, quantity: 12 })], 0],
  ])('with %s it is %i (variant quantity minus the cart, never below 0)', (_why, lines, expected) => {
    expect(availableVariantQuantity(variant, lines)).toBe(expected);
  });

  test('is the line cap less the cart when any of its levels allows negative quantity', () => {
    const unlimited = { ...variant, availableInventoryLevels: [makeLevel({ id: 70 }), makeLevel({ id: 71, bypassNegativeQuantity: true })] };
    expect(isVariantUnlimited(unlimited)).toBe(true);
    expect(availableVariantQuantity(unlimited, [makeCartLine({ inventoryLevelId: 70, quantity: 500 })])).toBe(MAX_LINE_QUANTITY - 500);
  });

  test('stays within 0 and the variant quantity (the line cap when unlimited), and never grows as the cart grows', () => {
    fc.assert(
      fc.property(productArb(), fc.nat(), cartLinesArb(), fc.nat({ max: 20 }), (product, n, lines, extra) => {
        const v = pick(product.Variants, n);
        const available = availableVariantQuantity(v, lines);
        expect(available).toBeGreaterThanOrEqual(0);
        expect(available).toBeLessThanOrEqual(isVariantUnlimited(v) ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, v.availableQuantity));
        const level = v.availableInventoryLevels[0];
        if (level === undefined) return;
        const more = [...lines, makeCartLine({ lineItemId: -1, inventoryLevelId: level.id, quantity: extra })];
        expect(availableVariantQuantity(v, more)).toBe(Math.max(0, available - extra));
      }),
    );
  });
});

describe('the inventory level used to add', () => {
  test('is the first level available for sale', () => {
    const v = makeVariant({
      availableInventoryLevels: [makeLevel({ id: 1, availableForSale: false }), makeLevel({ id: 2 }), makeLevel({ id: 3 })],
    });
    expect(addInventoryLevel(v)?.id).toBe(2);
  });

  test('is null when no level is available for sale', () => {
    expect(addInventoryLevel(makeVariant({ availableInventoryLevels: [makeLevel({ availableForSale: false })] }))).toBeNull();
    expect(addInventoryLevel(makeVariant({ availableInventoryLevels: [] }))).toBeNull();
  });

  test("a level of a variant that is not for sale does not count as the product's first available level", () => {
    const product = makeProduct({
      Variants: [
        makeVariant({ id: 1, availableForSale: false, availableInventoryLevels: [makeLevel({ id: 10, variantId: 1 })] }),
        makeVariant({ id: 2, availableInventoryLevels: [makeLevel({ id: 20, variantId: 2 })] }),
      ],
    });
    expect(firstAvailableLevel(product)?.level.id).toBe(20);
    expect(firstAvailableLevel(product)?.variant.id).toBe(2);
  });
});

describe('product card data', () => {
  test("takes the first available level's price, compare price, availability, quantity, bypass flag and id", () => {
    const product = makeProduct({
      id: 3,
      title: 'Sand Filter',
      handle: 'sand-filter',
      vendor: 'Pentair',
      price: 10,
      compareAtPrice: 12,
      isFeatured: true,
      Variants: [
        makeVariant({ id: 1, availableInventoryLevels: [makeLevel({ id: 10, variantId: 1, availableForSale: false, inventoryPrice: 1 })] }),
        makeVariant({
          id: 2,
          availableInventoryLevels: [
            makeLevel({ id: 20, variantId: 2, inventoryPrice: 399.99, inventoryCompareAtPrice: 449.99, availableQuantity: 3, bypassNegativeQuantity: true }),
          ],
        }),
      ],
    });
    expect(productCardData(product)).toEqual({
      id: 3,
      title: 'Sand Filter',
      handle: 'sand-filter',
      imageUrl: null,
      price: 399.99,
      compareAtPrice: 449.99,
      availableForSale: true,
      avgRating: 4.5,
      totalReviews: 3,
      isFeatured: true,
      inventoryLevelId: 20,
      availableQuantity: 3,
      bypassNegativeQuantity: true,
      vendor: 'Pentair',
    });
  });

  test("without an available level it keeps the product's prices and reads unavailable, with no level id", () => {
    const product = makeProduct({
      price: 10,
      compareAtPrice: 12,
      Variants: [makeVariant({ availableInventoryLevels: [makeLevel({ availableForSale: false, bypassNegativeQuantity: true })] })],
    });
    expect(productCardData(product)).toMatchObject({
      price: 10,
      compareAtPrice: 12,
      availableForSale: false,
      inventoryLevelId: null,
      availableQuantity: 0,
      bypassNegativeQuantity: false,
    });
  });

  test('a card has a level id exactly when a sellable variant has an available level, and then shows that level', () => {
    fc.assert(
      fc.property(productArb(), (product) => {
        const card = productCardData(product);
        const found = firstAvailableLevel(product);
        expect(card.inventoryLevelId === null).toBe(found === null);
        if (found === null) {
          expect(card).toMatchObject({ price: product.price, availableForSale: false, availableQuantity: 0 });
          return;
        }
        const owner = product.Variants.find((v) => v.availableInventoryLevels.some((l) => l.id === card.inventoryLevelId));
        expect(owner?.id).toBe(found.level.variantId);
        expect(owner?.availableForSale).toBe(true);
        expect(card.price).toBe(found.level.inventoryPrice);
        expect(card.availableForSale).toBe(true);
      }),
    );
  });
});

describe('catalogue arbitraries', () => {
  const twoDecimals = (amount: number) => fromCents(toCents(amount)) === amount;

  test('products are coherent: variant options name the product options with one of their values', () => {
    fc.assert(
      fc.property(productArb(), (product) => {
        const optionNames = product.Options.map((o) => o.name);
        for (const variant of product.Variants) {
          expect(variant.Options.map((o) => o.name)).toEqual(optionNames);
          for (const o of variant.Options) {
            const option = product.Options.find((p) => p.id === o.id);
            expect(option?.name).toBe(o.name);
            expect(option?.values).toContain(o.VariantSelectedOptions.optionValueSelected);
          }
        }
        const combos = product.Variants.map((v) => JSON.stringify(v.Options.map((o) => o.VariantSelectedOptions.optionValueSelected)));
        expect(new Set(combos).size).toBe(combos.length);
      }),
    );
  });

  test('levels belong to their variant, ids are unique, amounts have 2 decimals, stock adds up', () => {
    fc.assert(
      fc.property(productArb(), (product) => {
        const variantIds = product.Variants.map((v) => v.id);
        const levels = product.Variants.flatMap((v) => v.availableInventoryLevels);
        expect(new Set(variantIds).size).toBe(variantIds.length);
        expect(new Set(levels.map((l) => l.id)).size).toBe(levels.length);
        for (const v of product.Variants) {
          expect(twoDecimals(v.price)).toBe(true);
          expect(v.availableQuantity).toBe(Math.max(0, v.availableInventoryLevels.reduce((s, l) => s + l.availableQuantity, 0)));
          for (const l of v.availableInventoryLevels) {
            expect(l.variantId).toBe(v.id);
            expect(twoDecimals(l.inventoryPrice)).toBe(true);
            if (!l.bypassNegativeQuantity) expect(l.availableQuantity).toBeGreaterThanOrEqual(0);
          }
        }
        expect(product.price).toBe(Math.min(...product.Variants.map((v) => v.price)));
        expect(product.availableForSale).toBe(product.Variants.some((v) => v.availableForSale));
      }),
    );
  });

  test('cover the interesting cases: 0 prices, compare-at above price, bypass, several variants', () => {
    const seen = { zero: false, save: false, bypass: false, several: false, noLevel: false };
    fc.assert(
      fc.property(productArb(), (product) => {
        const levels = product.Variants.flatMap((v) => v.availableInventoryLevels);
        seen.zero ||= levels.some((l) => l.inventoryPrice === 0);
        seen.save ||= levels.some((l) => l.inventoryCompareAtPrice !== null && l.inventoryCompareAtPrice > l.inventoryPrice);
        seen.bypass ||= levels.some((l) => l.bypassNegativeQuantity);
        seen.several ||= product.Variants.length > 1;
        seen.noLevel ||= firstAvailableLevel(product) === null;
      }),
      { numRuns: 300 },
    );
    expect(seen).toEqual({ zero: true, save: true, bypass: true, several: true, noLevel: true });
  });

  test('cards without a level are unavailable with no stock and no bypass', () => {
    fc.assert(
      fc.property(productCardArb(), (card) => {
        if (card.inventoryLevelId === null) {
          expect([card.availableForSale, card.availableQuantity, card.bypassNegativeQuantity]).toEqual([false, 0, false]);
        }
        expect(twoDecimals(card.price)).toBe(true);
      }),
    );
  });

  test('variantArb and inventoryLevelArb honour the ids they are given', () => {
    fc.assert(
      fc.property(variantArb({ id: 42 }), inventoryLevelArb({ id: 5, variantId: 6 }), (variant, level) => {
        expect(variant.id).toBe(42);
        expect(variant.title).toBe('Default Title');
        expect(variant.availableInventoryLevels.every((l) => l.variantId === 42)).toBe(true);
        expect([level.id, level.variantId]).toEqual([5, 6]);
      }),
    );
  });
});
