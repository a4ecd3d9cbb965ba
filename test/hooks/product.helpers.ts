/**
 * Product fixtures: a product with two options (Size x Voltage) and four variants, for the product
 * page tests; listing cards and a listing's page info.
 */
import type { Collection, PageInfo, Product, ProductCardData, Variant } from '../../src/domain/entities.ts';

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

/** A listing card: every field of the card type, so a fake answer of any products call is typed. */
export function card(id: number, overrides: Partial<ProductCardData> = {}): ProductCardData {
  return {
    id,
    title: `Part ${id}`,
    handle: `part-${id}`,
    imageUrl: `/media/images/${id}-800.png`,
    price: 10,
    compareAtPrice: null,
    availableForSale: true,
    avgRating: null,
    totalReviews: 0,
    isFeatured: false,
    inventoryLevelId: id * 10,
    availableQuantity: 5,
    bypassNegativeQuantity: false,
    vendor: 'Hayward',
    ...overrides,
  };
}

/** A listing's page info: `total` products in pages of `limit`. */
export function pageInfo(total: number, limit = 24, overrides: Partial<PageInfo> = {}): PageInfo {
  const pages = Math.ceil(total / limit);
  return {
    limitPerPage: limit,
    totalObjects: total,
    totalPages: pages,
    pages,
    count: Math.min(total, limit),
    availableTagPrefixes: [],
    availableTagFilters: [],
    availableVendors: [],
    productMaxPrice: 500,
    ...overrides,
  };
}

/** A collection: every field of the type, so a fake answer of any collections call is typed. */
export function collection(id: number, overrides: Partial<Collection> = {}): Collection {
  return {
    id,
    handle: `collection-${id}`,
    title: `Collection ${id}`,
    seoTitle: null,
    seoDescription: null,
    isIndexed: true,
    imageUrl: null,
    descriptionHtml: null,
    breadcrumbs: null,
    childCollectionsCount: 0,
    ...overrides,
  };
}
