/**
 * fast-check arbitraries for the catalogue entities: inventory levels, variants, products and
 * product cards. Exported for developers property-testing domain rules (DESIGN.md, "Who uses it").
 *
 * The values are coherent the way the API's are: a variant's Options name the product's options
 * and take one of their values, a level's variantId is its variant's id, ids are unique within a
 * product, amounts are 2-decimal numbers (some 0, some with a compare-at price above the price),
 * and some levels bypass negative quantity.
 *
 * @module
 */
import fc from 'fast-check';
import type { InventoryLevel, Product, ProductCardData, ProductOption, Variant } from '../entities.ts';
import { fromCents, toCents } from '../money.ts';
import { DEFAULT_VARIANT_TITLE } from '../variants.ts';

/**
 * Whole cents of a non-zero price, at most $5,000.00.
 *
 * @example
 * fc.assert(fc.property(centsArb(), (c) => Number.isSafeInteger(c) && c > 0));
 */
export function centsArb(): fc.Arbitrary<number> {
  return fc.integer({ min: 1, max: 500_000 });
}

/**
 * A price as the API carries it: a number with at most 2 decimals, 0 about one time in six (the
 * "Please call us for price" case).
 *
 * @example
 * fc.assert(fc.property(priceArb(), (p) => toCents(p) / 100 === p));
 */
export function priceArb(): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constant(0), weight: 1 },
    { arbitrary: centsArb().map(fromCents), weight: 5 },
  );
}

/**
 * A compare-at price for a price: null, above the price (the 'Save' case), or at or below it
 * (which must not show).
 *
 * @example
 * priceArb().chain((price) => compareAtPriceArb(price).map((compareAt) => ({ price, compareAt })));
 */
export function compareAtPriceArb(price: number): fc.Arbitrary<number | null> {
  const cents = toCents(price);
  return fc.oneof(
    { arbitrary: fc.constant(null), weight: 2 },
    { arbitrary: fc.integer({ min: cents + 1, max: cents + 100_000 }).map(fromCents), weight: 2 },
    { arbitrary: fc.integer({ min: 0, max: cents }).map(fromCents), weight: 1 },
  );
}

/**
 * A part number SKU such as 'PMP-10442': a product-line prefix and 3 to 6 digits. Built from
 * parts rather than a regular expression, which keeps generation cheap.
 *
 * @example
 * fc.assert(fc.property(skuArb(), (sku) => /^[A-Z]{3}-\d{3,6}$/.test(sku)));
 */
export function skuArb(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('PMP', 'FLT', 'SKM', 'HTR', 'VLV', 'GSK'), fc.integer({ min: 100, max: 999_999 }))
    .map(([prefix, number]) => `${prefix}-${number}`);
}

/** True three times in four: most things in a catalogue are for sale. */
const mostlyTrue = fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 });

/** A price with a compare-at price that fits it. */
const pricePairArb: fc.Arbitrary<{ price: number; compareAtPrice: number | null }> = priceArb().chain((price) =>
  compareAtPriceArb(price).map((compareAtPrice) => ({ price, compareAtPrice })),
);

/** Options of {@link inventoryLevelArb}. */
export interface InventoryLevelArbOptions {
  /** A fixed id. @default any id from 1 to 10,000,000 */
  id?: number;
  /** A fixed variantId. @default any id from 1 to 1,000,000 */
  variantId?: number;
}

/**
 * An inventory level, for sale three times in four. About one in four bypasses negative quantity
 * (unlimited stock); only those may carry a negative availableQuantity, as a level oversold through the bypass does.
 *
 * @example
 * fc.assert(fc.property(inventoryLevelArb({ variantId: 7 }), (level) => level.variantId === 7));
 */
export function inventoryLevelArb(options: InventoryLevelArbOptions = {}): fc.Arbitrary<InventoryLevel> {
  return fc
    .record({
      id: options.id === undefined ? fc.integer({ min: 1, max: 10_000_000 }) : fc.constant(options.id),
      variantId: options.variantId === undefined ? fc.integer({ min: 1, max: 1_000_000 }) : fc.constant(options.variantId),
      prices: pricePairArb,
      availableForSale: mostlyTrue,
      bypassNegativeQuantity: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
      quantity: fc.integer({ min: -5, max: 50 }),
    })
    .map(({ prices, quantity, ...level }) => ({
      id: level.id,
      variantId: level.variantId,
      inventoryPrice: prices.price,
      inventoryCompareAtPrice: prices.compareAtPrice,
      availableForSale: level.availableForSale,
      availableQuantity: level.bypassNegativeQuantity ? quantity : Math.max(0, quantity),
      bypassNegativeQuantity: level.bypassNegativeQuantity,
    }));
}

/** One chosen value of a product option, as a variant carries it. */
export interface OptionChoice {
  option: ProductOption;
  value: string;
}

/** Options of {@link variantArb}. */
export interface VariantArbOptions {
  /** A fixed id. @default any id from 1 to 1,000,000 */
  id?: number;
  /** The option values the variant takes. @default [] (the 'Default Title' variant) */
  choices?: readonly OptionChoice[];
  /** A fixed variantPosition. @default any position from 1 to 100 */
  position?: number;
}

/**
 * A variant with 0 to 3 inventory levels (usually at least one), for sale three times in four. Its levels have its id as variantId and ids
 * `id * 10 + k`, so levels of distinct variants never share an id. Its availableQuantity is the sum
 * of its levels' quantities (never below 0); its title is 'Default Title' without choices, else
 * the chosen values joined by ' / '.
 *
 * @example
 * const size: ProductOption = { id: 1, name: 'Size', values: ['1 HP', '2 HP'] };
 * variantArb({ choices: [{ option: size, value: '2 HP' }] });
 */
export function variantArb(options: VariantArbOptions = {}): fc.Arbitrary<Variant> {
  const choices = options.choices ?? [];
  const idArb = options.id === undefined ? fc.integer({ min: 1, max: 1_000_000 }) : fc.constant(options.id);
  return idArb.chain((id) =>
    fc
      .record({
        position: options.position === undefined ? fc.integer({ min: 1, max: 100 }) : fc.constant(options.position),
        prices: pricePairArb,
        availableForSale: mostlyTrue,
        sku: fc.option(skuArb(), { nil: null }),
        levels: fc.oneof(
          { arbitrary: fc.constant<InventoryLevel[]>([]), weight: 1 },
          { arbitrary: fc.array(inventoryLevelArb({ variantId: id }), { minLength: 1, maxLength: 3 }), weight: 4 },
        ),
      })
      .map(({ position, prices, availableForSale, sku, levels }): Variant => {
        const availableInventoryLevels = levels.map((level, k) => ({ ...level, id: id * 10 + k }));
        const total = availableInventoryLevels.reduce((sum, l) => sum + l.availableQuantity, 0);
        return {
          id,
          title: choices.length === 0 ? DEFAULT_VARIANT_TITLE : choices.map((c) => c.value).join(' / '),
          variantPosition: position,
          price: prices.price,
          compareAtPrice: prices.compareAtPrice,
          availableForSale,
          availableQuantity: Math.max(0, total),
          sku,
          availableInventoryLevels,
          Options: choices.map((c) => ({
            id: c.option.id,
            name: c.option.name,
            VariantSelectedOptions: { optionValueSelected: c.value },
          })),
        };
      }),
  );
}

const OPTION_VALUES: Readonly<Record<string, readonly string[]>> = {
  Size: ['1 HP', '1.5 HP', '2 HP', '3 HP'],
  Voltage: ['115', '230'],
  Color: ['White', 'Black', 'Tan'],
  Length: ['10 ft', '25 ft', '50 ft'],
  Thread: ['1.5 in', '2 in'],
};

const TITLE_WORDS = ['Pool', 'Spa', 'Pump', 'Filter', 'Cartridge', 'Heater', 'Skimmer', 'Basket', 'Valve', 'Gasket', 'Motor', 'Lid'];

/** The product options of a product: up to 3 distinct names, each with 2 to 3 distinct values. */
function productOptionsArb(maxOptions: number): fc.Arbitrary<ProductOption[]> {
  const allNames = Object.keys(OPTION_VALUES);
  const most = Math.min(maxOptions, allNames.length);
  // Products without options are common but should not crowd out the ones with pickers.
  return fc
    .oneof(
      { arbitrary: fc.constant(0), weight: 1 },
      { arbitrary: fc.integer({ min: Math.min(1, most), max: most }), weight: 3 },
    )
    .chain((count) => fc.uniqueArray(fc.constantFrom(...allNames), { minLength: count, maxLength: count }))
    .chain((names) =>
      fc.tuple(
        ...names.map((name) => {
          const values = [...(OPTION_VALUES[name] ?? [])];
          return fc.subarray(values, { minLength: Math.min(2, values.length), maxLength: Math.min(3, values.length) });
        }),
      ).map((valueLists) => names.map((name, i): ProductOption => ({ id: i + 1, name, values: valueLists[i] ?? [] }))),
    );
}

/** Every combination of one value per option. */
function combinations(options: readonly ProductOption[]): OptionChoice[][] {
  let result: OptionChoice[][] = [[]];
  for (const option of options) {
    result = result.flatMap((prefix) => option.values.map((value) => [...prefix, { option, value }]));
  }
  return result;
}

/** Options of {@link productArb}. */
export interface ProductArbOptions {
  /** The most product options. @default 3 */
  maxOptions?: number;
  /** The most variants. @default 6 */
  maxVariants?: number;
}

/**
 * A coherent product. Without options it has the one 'Default Title' variant; with options it has
 * 1 to `maxVariants` distinct value combinations as variants, each variant's Options naming every
 * product option (same id and name) with one of its values. Variant ids are unique, and so are
 * level ids across the product. The product's price is its cheapest variant's price, and it is
 * available for sale when one of its variants is.
 *
 * @example
 * fc.assert(fc.property(productArb(), (product) => product.Variants.length >= 1));
 */
export function productArb(options: ProductArbOptions = {}): fc.Arbitrary<Product> {
  const maxVariants = options.maxVariants ?? 6;
  return fc
    .record({
      id: fc.integer({ min: 1, max: 1_000_000 }),
      words: fc.array(fc.constantFrom(...TITLE_WORDS), { minLength: 1, maxLength: 4 }),
      productOptions: productOptionsArb(options.maxOptions ?? 3),
      firstVariantId: fc.integer({ min: 1, max: 100_000 }),
      prices: pricePairArb,
      vendor: fc.option(fc.constantFrom('Hayward', 'Pentair', 'Jandy', 'Zodiac'), { nil: null }),
      avgRating: fc.option(fc.integer({ min: 0, max: 500 }).map((n) => n / 100), { nil: null }),
      totalReviews: fc.nat({ max: 500 }),
      isFeatured: fc.boolean(),
    })
    .chain((base) =>
      fc
        .constant(combinations(base.productOptions))
        .chain((all) =>
          fc
            .integer({ min: 1, max: Math.max(1, Math.min(maxVariants, all.length)) })
            .chain((count) => fc.shuffledSubarray(all, { minLength: count, maxLength: count })),
        )
        .chain((chosen) =>
          fc.tuple(
            ...chosen.map((choices, i) =>
              variantArb({ id: base.firstVariantId + i, choices, position: i + 1 }),
            ),
          ),
        )
        .map((variants): Product => {
          const title = base.words.join(' ');
          const cheapest = variants.reduce<Variant | undefined>(
            (best, v) => (best === undefined || v.price < best.price ? v : best),
            undefined,
          );
          return {
            id: base.id,
            handle: `${title.toLowerCase().replace(/\s+/g, '-')}-${base.id}`,
            title,
            seoTitle: null,
            seoDescription: null,
            isIndexed: true,
            sku: variants[0]?.sku ?? null,
            vendor: base.vendor,
            weight: null,
            price: cheapest?.price ?? base.prices.price,
            compareAtPrice: cheapest?.compareAtPrice ?? base.prices.compareAtPrice,
            availableForSale: variants.some((v) => v.availableForSale),
            imageUrl: null,
            descriptionHtml: null,
            avgRating: base.avgRating,
            totalReviews: base.totalReviews,
            productCode: null,
            isFeatured: base.isFeatured,
            Images: [],
            Model3Ds: [],
            PDFs: [],
            Options: base.productOptions,
            Variants: variants,
            Collections: [],
            Reviews: [],
          };
        }),
    );
}

/**
 * Product card data as the list endpoints send it. Coherent with the card rule: a card without
 * an inventory level (inventoryLevelId null) is unavailable, with availableQuantity 0 and no
 * bypass; a card with a level may still be sold out or unlimited.
 *
 * @example
 * fc.assert(fc.property(productCardArb(), (card) => card.inventoryLevelId !== null || !card.availableForSale));
 */
export function productCardArb(): fc.Arbitrary<ProductCardData> {
  return fc
    .record({
      id: fc.integer({ min: 1, max: 1_000_000 }),
      words: fc.array(fc.constantFrom(...TITLE_WORDS), { minLength: 1, maxLength: 4 }),
      prices: pricePairArb,
      level: fc.option(inventoryLevelArb(), { nil: null }),
      vendor: fc.option(fc.constantFrom('Hayward', 'Pentair', 'Jandy', 'Zodiac'), { nil: null }),
      avgRating: fc.option(fc.integer({ min: 0, max: 500 }).map((n) => n / 100), { nil: null }),
      totalReviews: fc.nat({ max: 500 }),
      isFeatured: fc.boolean(),
    })
    .map(({ id, words, prices, level, vendor, avgRating, totalReviews, isFeatured }): ProductCardData => {
      const title = words.join(' ');
      return {
        id,
        title,
        handle: `${title.toLowerCase().replace(/\s+/g, '-')}-${id}`,
        imageUrl: null,
        price: level?.inventoryPrice ?? prices.price,
        compareAtPrice: level ? level.inventoryCompareAtPrice : prices.compareAtPrice,
        availableForSale: level?.availableForSale ?? false,
        avgRating,
        totalReviews,
        isFeatured,
        inventoryLevelId: level?.id ?? null,
        availableQuantity: level?.availableQuantity ?? 0,
        bypassNegativeQuantity: level?.bypassNegativeQuantity ?? false,
        vendor,
      };
    });
}
