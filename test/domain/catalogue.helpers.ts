/**
 * Fixture factories for the domain tests: plain entities with sensible defaults, overridden per
 * test. Property tests use the arbitraries of src/domain/testing instead.
 */
import type {
  CartLine,
  Checkout,
  CheckoutLineItem,
  InventoryLevel,
  Product,
  ProductCardData,
  ProductOption,
  Variant,
} from '../../src/domain/entities.ts';

/** An inventory level: 10 units for sale at $25.00, no bypass. */
export function makeLevel(overrides: Partial<InventoryLevel> = {}): InventoryLevel {
  return {
    id: 1001,
    variantId: 101,
    inventoryPrice: 25,
    inventoryCompareAtPrice: null,
    availableForSale: true,
    availableQuantity: 10,
    bypassNegativeQuantity: false,
    ...overrides,
  };
}

/** The option values a variant takes, by option name. */
export type Choices = Record<string, string>;

/** A variant for sale at $25.00 with one level; `choices` fills its Options (ids 1, 2 ... in order). */
export function makeVariant(overrides: Partial<Variant> = {}, choices: Choices = {}): Variant {
  const id = overrides.id ?? 101;
  return {
    id,
    title: Object.keys(choices).length === 0 ? 'Default Title' : Object.values(choices).join(' / '),
    variantPosition: 1,
    price: 25,
    compareAtPrice: null,
    availableForSale: true,
    availableQuantity: 10,
    sku: 'PMP-101',
    availableInventoryLevels: [makeLevel({ id: id * 10, variantId: id })],
    Options: Object.entries(choices).map(([name, value], i) => ({
      id: i + 1,
      name,
      VariantSelectedOptions: { optionValueSelected: value },
    })),
    ...overrides,
  };
}

/** A product option with ids given in order. */
export function makeOption(id: number, name: string, values: string[]): ProductOption {
  return { id, name, values };
}

/** A product at $20.00 with the one default variant. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    handle: 'pool-pump',
    title: 'Pool Pump',
    seoTitle: null,
    seoDescription: null,
    isIndexed: true,
    sku: 'PMP',
    vendor: 'Hayward',
    weight: 12,
    price: 20,
    compareAtPrice: null,
    availableForSale: true,
    imageUrl: null,
    descriptionHtml: null,
    avgRating: 4.5,
    totalReviews: 3,
    productCode: null,
    isFeatured: false,
    Images: [],
    Model3Ds: [],
    PDFs: [],
    Options: [],
    Variants: [makeVariant()],
    Collections: [],
    Reviews: [],
    ...overrides,
  };
}

/**
 * A pump with options Size (1 HP, 2 HP) and Voltage (115, 230) and three of the four combinations
 * (no 2 HP / 115): ids 201 (1 HP/115, $100), 202 (1 HP/230, $110), 203 (2 HP/230, $150).
 */
export function makePump(): Product {
  return makeProduct({
    price: 100,
    Options: [makeOption(1, 'Size', ['1 HP', '2 HP']), makeOption(2, 'Voltage', ['115', '230'])],
    Variants: [
      makeVariant({ id: 201, price: 100 }, { Size: '1 HP', Voltage: '115' }),
      makeVariant({ id: 202, price: 110 }, { Size: '1 HP', Voltage: '230' }),
      makeVariant({ id: 203, price: 150 }, { Size: '2 HP', Voltage: '230' }),
    ],
  });
}

/** A server line item: 2 units at $12.50 of level 1001. */
export function makeLineItem(overrides: Partial<CheckoutLineItem> = {}): CheckoutLineItem {
  return {
    id: 1,
    inventoryLevelId: 1001,
    title: 'Skimmer Basket',
    imageUrl: null,
    currentQuantity: 2,
    totalUnitPrice: 12.5,
    availableForSale: true,
    availableQuantity: 10,
    sku: 'SKM-1',
    productHandle: 'skimmer-basket',
    bypassNegativeQuantity: false,
    ...overrides,
  };
}

/** A client cart line: 2 units at $12.50 of level 1001. */
export function makeCartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    lineItemId: 1,
    inventoryLevelId: 1001,
    title: 'Skimmer Basket',
    imageUrl: null,
    quantity: 2,
    price: 12.5,
    availableForSale: true,
    availableQuantity: 10,
    sku: 'SKM-1',
    handle: 'skimmer-basket',
    bypassNegativeQuantity: false,
    ...overrides,
  };
}

/** A checkout with one line ($25.00), no discount and no shipping line yet. */
export function makeCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    webUrl: 'https://checkout.skimmer.example/checkouts/abc123',
    LineItems: [makeLineItem()],
    totalPrice: 25,
    subtotalPrice: 25,
    currencyCode: 'USD',
    CheckoutShippingLine: null,
    DiscountCodes: [],
    ...overrides,
  };
}

/** A product card with level 1001: 5 units for sale at $30.00. */
export function makeCard(overrides: Partial<ProductCardData> = {}): ProductCardData {
  return {
    id: 1,
    title: 'Pool Pump',
    handle: 'pool-pump',
    imageUrl: null,
    price: 30,
    compareAtPrice: null,
    availableForSale: true,
    avgRating: null,
    totalReviews: 0,
    isFeatured: false,
    inventoryLevelId: 1001,
    availableQuantity: 5,
    bypassNegativeQuantity: false,
    vendor: null,
    ...overrides,
  };
}
