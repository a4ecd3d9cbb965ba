/** A product fixture with two options (Size x Voltage) and four variants, for the product page tests. */
import type { Product, Variant } from '../../src/domain/entities.ts';

export function variant(id: number, size: string, voltage: string, price: number, stock: number): Variant {
  return {
    id,
    title: `${size} / ${voltage}`,
    variantPosition: id,
    price,
    compareAtPrice: null,
    availableForSale: stock > 0,
    availableQuantity: stock,
    sku: `SF-${id}`,
    availableInventoryLevels: [
      { id: id * 10, variantId: id, inventoryPrice: price, inventoryCompareAtPrice: null, availableForSale: stock > 0, availableQuantity: stock, bypassNegativeQuantity: false },
    ],
    Options: [
      { id: 1, name: 'Size', VariantSelectedOptions: { optionValueSelected: size } },
      { id: 2, name: 'Voltage', VariantSelectedOptions: { optionValueSelected: voltage } },
    ],
  };
}

export function pump(overrides: Partial<Product> = {}): Product {
  return {
    id: 501,
    handle: 'superflo',
    title: 'SuperFlo Pump',
    seoTitle: null,
    seoDescription: null,
    isIndexed: true,
    sku: 'SF',
    vendor: 'Pentair',
    weight: 20,
    price: 400,
    compareAtPrice: null,
    availableForSale: true,
    imageUrl: null,
    descriptionHtml: '<p>Pump</p>',
    avgRating: 4.5,
    totalReviews: 2,
    productCode: null,
    isFeatured: false,
    Images: [],
    Model3Ds: [],
    PDFs: [],
    Options: [
      { id: 1, name: 'Size', values: ['1 HP', '1.5 HP'] },
      { id: 2, name: 'Voltage', values: ['115V', '230V'] },
    ],
    Variants: [
      variant(1, '1 HP', '115V', 400, 3),
      variant(2, '1 HP', '230V', 410, 0),
      variant(3, '1.5 HP', '115V', 450, 5),
      variant(4, '1.5 HP', '230V', 460, 2),
    ],
    Collections: [{ id: 7, handle: 'pumps', title: 'Pumps' }],
    Reviews: [],
    ...overrides,
  };
}
