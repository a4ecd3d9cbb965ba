/**
 * Variant selection (the chosen options, or the `variant` parameter of the product URL), available
 * quantity and product card data.
 *
 * @module
 */
import type { CartLine, InventoryLevel, Product, ProductCardData, Variant } from './entities.ts';
import { cartQuantityOf, MAX_LINE_QUANTITY } from './cart.ts';

/** The title of the variant of a product without options, word for word. */
export const DEFAULT_VARIANT_TITLE = 'Default Title';

/**
 * The shopper's chosen option values, keyed by option name (Size, Voltage ...).
 *
 * Choice: keyed by name, not id. Names are what both the product's Options and each variant's
 * Options carry and show; a variant option's id is not guaranteed to be the product option's id.
 */
export type Selection = Readonly<Record<string, string>>;

/**
 * Whether a product has only the default variant: exactly one variant, titled 'Default Title'.
 * Such a product shows no option pickers.
 *
 * @example
 * hasOnlyDefaultVariant(product); // true for a product sold in one form
 */
export function hasOnlyDefaultVariant(product: Pick<Product, 'Variants'>): boolean {
  return product.Variants.length === 1 && product.Variants[0]?.title === DEFAULT_VARIANT_TITLE;
}

/**
 * A variant's value for an option name, read from Options[].VariantSelectedOptions.
 *
 * @example
 * variantOptionValue(variant, 'Size'); // '1.5 HP'
 */
export function variantOptionValue(variant: Variant, optionName: string): string | undefined {
  return variant.Options.find((o) => o.name === optionName)?.VariantSelectedOptions.optionValueSelected;
}

/**
 * Whether a variant matches a selection: every chosen option value equals the variant's value for
 * that option. An option the variant does not have never matches a chosen value.
 *
 * @example
 * variantMatches(variant, { Size: '1.5 HP' });
 */
export function variantMatches(variant: Variant, selection: Selection): boolean {
  return Object.entries(selection).every(([name, value]) => variantOptionValue(variant, name) === value);
}

/**
 * The chosen value of an option, read as an own key only, so option names such as 'constructor'
 * never pick up inherited object members.
 *
 * @example
 * chosenValue({ Size: '1 HP' }, 'Size'); // '1 HP'
 */
export function chosenValue(selection: Selection, optionName: string): string | undefined {
  return Object.hasOwn(selection, optionName) ? selection[optionName] : undefined;
}

/**
 * Whether every option of the product has a chosen value.
 *
 * @example
 * isSelectionComplete(product, { Size: '1 HP' }); // false when the product also has Voltage
 */
export function isSelectionComplete(product: Pick<Product, 'Options'>, selection: Selection): boolean {
  return product.Options.every((o) => chosenValue(selection, o.name) !== undefined);
}

/**
 * Chooses a value for an option. Choice: an empty value clears the option, as the picker's
 * "choose..." entry does.
 *
 * @example
 * selectOption({}, 'Size', '1 HP'); // { Size: '1 HP' }
 */
export function selectOption(selection: Selection, optionName: string, value: string): Selection {
  if (value === '') return clearOption(selection, optionName);
  return { ...selection, [optionName]: value };
}

/**
 * Clears an option. The selection is then incomplete, so {@link selectedVariant} deselects the
 * variant (spec: clearing an option deselects the variant).
 *
 * @example
 * clearOption({ Size: '1 HP', Voltage: '230' }, 'Voltage'); // { Size: '1 HP' }
 */
export function clearOption(selection: Selection, optionName: string): Selection {
  if (!Object.hasOwn(selection, optionName)) return selection;
  const rest: Record<string, string> = { ...selection };
  delete rest[optionName];
  return rest;
}

/**
 * The selected variant: with one variant it is auto-selected whatever the selection; otherwise
 * the first variant matching the selection once every option is chosen, else `null`.
 *
 * @example
 * selectedVariant(product, { Size: '1 HP', Voltage: '230' });
 */
export function selectedVariant(product: Pick<Product, 'Options' | 'Variants'>, selection: Selection): Variant | null {
  if (product.Variants.length === 1) return product.Variants[0] ?? null;
  if (!isSelectionComplete(product, selection)) return null;
  return product.Variants.find((v) => variantMatches(v, selection)) ?? null;
}

/**
 * The price shown on the product page: the product price until a variant is selected, then the
 * variant's price.
 *
 * @example
 * formatPrice(displayedPrice(product, selectedVariant(product, selection)), 'product');
 */
export function displayedPrice(product: Pick<Product, 'price'>, variant: Variant | null): number {
  return variant === null ? product.price : variant.price;
}

/**
 * Whether a variant's stock is unlimited: any of its available inventory levels allows negative
 * quantity (bypassNegativeQuantity).
 */
export function isVariantUnlimited(variant: Variant): boolean {
  return variant.availableInventoryLevels.some((l) => l.bypassNegativeQuantity);
}

/**
 * How many more units of a variant the shopper may add: the variant's availableQuantity (or the
 * cart line's cap, MAX_LINE_QUANTITY, when one of its levels bypasses negative quantity) minus
 * what is already in the cart, never below 0.
 *
 * Choice: "what is already in the cart" sums the cart lines of every one of the variant's
 * inventory levels, not only the level an add would use, because the variant's quantity covers
 * all its levels and a line of another level still draws on it.
 *
 * @example
 * availableVariantQuantity(variant, lines); // 7 when the variant has 10 and 3 are in the cart
 */
export function availableVariantQuantity(variant: Variant, lines: readonly CartLine[]): number {
  let inCart = 0;
  const levelIds = new Set(variant.availableInventoryLevels.map((l) => l.id));
  for (const id of levelIds) inCart += cartQuantityOf(lines, id);
  return Math.max(0, (isVariantUnlimited(variant) ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, variant.availableQuantity)) - inCart);
}

/**
 * The inventory level an add uses for a variant: its first level that is available for sale, or
 * `null` when none is.
 *
 * @example
 * addInventoryLevel(variant)?.id; // the inventoryLevelId of POST /api/checkouts/lineItems
 */
export function addInventoryLevel(variant: Variant): InventoryLevel | null {
  return variant.availableInventoryLevels.find((l) => l.availableForSale) ?? null;
}

/**
 * A product's first available inventory level with its variant: walking the variants in the
 * order the API sends them, the first level available for sale of a variant available for sale.
 *
 * Choice: a level of a variant that is not for sale does not count as available, so the card and
 * quick add never offer a variant the product page would refuse.
 *
 * @example
 * firstAvailableLevel(product)?.level.id;
 */
export function firstAvailableLevel(
  product: Pick<Product, 'Variants'>,
): { variant: Variant; level: InventoryLevel } | null {
  for (const variant of product.Variants) {
    if (!variant.availableForSale) continue;
    const level = addInventoryLevel(variant);
    if (level !== null) return { variant, level };
  }
  return null;
}

/**
 * The product card data of a product: its first available inventory level's price, compare
 * price, availability, quantity, bypass flag and id.
 *
 * Choice: without an available level the card keeps the product's own price and compare price,
 * and reads unavailable: inventoryLevelId null, availableForSale false, availableQuantity 0,
 * bypassNegativeQuantity false. Its add button is then disabled as 'Out of stock'.
 *
 * @example
 * const card = productCardData(product);
 */
export function productCardData(product: Product): ProductCardData {
  const found = firstAvailableLevel(product);
  const base = {
    id: product.id,
    title: product.title,
    handle: product.handle,
    imageUrl: product.imageUrl,
    avgRating: product.avgRating,
    totalReviews: product.totalReviews,
    isFeatured: product.isFeatured,
    vendor: product.vendor,
    // only when set: a card of a product without the flag keeps the spec's fields
    ...(product.callForPrice === true ? { callForPrice: true } : {}),
  };
  if (found === null) {
    return {
      ...base,
      price: product.price,
      compareAtPrice: product.compareAtPrice,
      availableForSale: false,
      inventoryLevelId: null,
      availableQuantity: 0,
      bypassNegativeQuantity: false,
    };
  }
  const { level } = found;
  return {
    ...base,
    price: level.inventoryPrice,
    compareAtPrice: level.inventoryCompareAtPrice,
    availableForSale: level.availableForSale,
    inventoryLevelId: level.id,
    availableQuantity: level.availableQuantity,
    bypassNegativeQuantity: level.bypassNegativeQuantity,
  };
}

/**
 * The selection a `variant` query parameter asks for: that variant's option values, so the
 * product page opens with it selected.
 *
 * Choice: the parameter must be the variant's id in decimal digits (surrounding spaces allowed);
 * anything else, or an id the product does not have, gives an empty selection rather than an
 * error, so a stale shared link still opens the product.
 *
 * @example
 * selectionFromVariantParam(product, new URLSearchParams(search).get('variant'));
 */
export function selectionFromVariantParam(
  product: Pick<Product, 'Variants'>,
  param: string | null | undefined,
): Selection {
  const text = param?.trim() ?? '';
  if (!/^\d+$/.test(text)) return {};
  const id = Number(text);
  if (!Number.isSafeInteger(id)) return {};
  const variant = product.Variants.find((v) => v.id === id);
  if (variant === undefined) return {};
  // fromEntries defines own keys, so an option named '__proto__' cannot touch the prototype.
  return Object.fromEntries(variant.Options.map((o) => [o.name, o.VariantSelectedOptions.optionValueSelected]));
}
