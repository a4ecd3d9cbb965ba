/**
 * Catalogue look-ups of the shopper browser tests: the tests pick real handles, part numbers and
 * stock from the seeded store through the API, so they follow the generator instead of pinning
 * its output.
 */
import type { Page } from 'playwright-core';
import { storeUrl, type ViewportName } from './harness.ts';

/** GET a JSON API path of the store under test. */
export async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${storeUrl()}${path}`);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The fields of a listed product the tests read. */
export interface ListedProduct {
  id: number;
  title: string;
  handle: string;
  price: number;
  vendor: string | null;
  productCode: string | null;
  availableForSale: boolean;
  isFeatured: boolean;
}

/** The page info the tests read. */
export interface ListedPageInfo {
  totalObjects: number;
  totalPages: number;
  availableTagFilters: Array<{ tagPrefix: string; tagValue: string; tagCount: number }>;
  availableVendors: Array<{ vendor: string; vendorCount: number }>;
}

/** GET /api/products/filter with the given query. */
export function filter(query: string): Promise<{ products: ListedProduct[]; pageInfo: ListedPageInfo }> {
  return api(`/api/products/filter?${query}`);
}

interface Level {
  id: number;
  availableForSale: boolean;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
}
interface Variant {
  id: number;
  title: string;
  price: number;
  availableForSale: boolean;
  availableInventoryLevels: Level[];
  Options: Array<{ name: string; VariantSelectedOptions: { optionValueSelected: string } }>;
}
/** A product as GET /api/products/handle/{handle} answers it. */
export interface FullProduct {
  id: number;
  handle: string;
  title: string;
  price: number;
  Options: Array<{ name: string; values: string[] }>;
  Variants: Variant[];
}

/**
 * A product with one option and several variants, and a variant other than the first whose
 * inventory is one finite level in stock (no negative quantity allowed): choosing it tests option
 * matching, and its stock tests the cart's "Can't add more than N".
 */
export async function productWithOptions(skip: readonly string[] = []): Promise<{ product: FullProduct; variant: Variant; option: string; value: string; stock: number }> {
  for (let page = 0; page < 5; page += 1) {
    const { products } = await filter(`limit=76&page=${page}&sortBy=id_asc`);
    for (const listed of products) {
      if (skip.includes(listed.handle) || !listed.availableForSale || listed.price <= 0) continue;
      const { product } = await api<{ product: FullProduct }>(`/api/products/handle/${listed.handle}`);
      if (product.Options.length !== 1 || product.Variants.length < 2) continue;
      for (const variant of product.Variants.slice(1)) {
        const levels = variant.availableInventoryLevels;
        const level = levels[0];
        const selected = variant.Options[0]?.VariantSelectedOptions.optionValueSelected;
        if (levels.length !== 1 || !level || !selected || variant.price <= 0 || !variant.availableForSale) continue;
        if (!level.availableForSale || level.bypassNegativeQuantity || level.availableQuantity < 3 || level.availableQuantity > 500) continue;
        return { product, variant, option: product.Options[0]!.name, value: selected, stock: level.availableQuantity };
      }
    }
  }
  throw new Error('the seeded catalogue has no product with a second, finitely stocked variant');
}

/** On mobile the listing filters sit in a closed 'Filters' disclosure: open it. */
export async function openFilters(page: Page, viewport: ViewportName): Promise<void> {
  if (viewport !== 'mobile') return;
  const summary = page.locator('summary', { hasText: 'Filters' });
  const details = page.locator('details.sk-fold');
  if ((await details.getAttribute('open')) === null) await summary.click();
}

/** The prices shown on the listing's cards, in order (the current price, not the compare-at). */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('section[aria-labelledby="listing-products"] article.sk-card .sk-price__now').allTextContents();
  return texts.map((t) => (t.trim() === 'FREE' ? 0 : Number(t.replace(/[^0-9.]/g, ''))));
}

/** The titles of the listing's cards, in order. */
export function cardTitles(page: Page): Promise<string[]> {
  return page.locator('section[aria-labelledby="listing-products"] article.sk-card .sk-card__title').allTextContents();
}
