/**
 * Rules of the product detail page: availability
 * text, warranty, page title, PDF names, SKU and the schema.org structured data.
 *
 * @module
 */
import type { HierarchyEntry, Product, ProductPdf, Variant } from './entities.ts';
import { pageTitle } from './page-title.ts';

export { pageTitle, TITLE_SEPARATOR } from './page-title.ts';

/** The three availability texts of the details grid. */
export const AVAILABILITY_TEXT = {
  inStock: 'In Stock and Ready to Ship!!!',
  outOfStock: 'Out of stock',
  unavailable: 'Currently unavailable',
} as const;

/**
 * Availability of a product or variant:
 * - `'in-stock'`: for sale, with stock above 0 or an inventory level that may go negative;
 * - `'out-of-stock'`: for sale, but no stock left;
 * - `'unavailable'`: not for sale at all (stock does not matter).
 */
export type Availability = 'in-stock' | 'out-of-stock' | 'unavailable';

/** What availability is judged from: a variant, an inventory level, a card. */
export interface StockInput {
  availableForSale: boolean;
  availableQuantity: number;
  /** Stock is unlimited when true (the level may go below zero). */
  bypassNegativeQuantity?: boolean;
}

/**
 * Availability of one sellable thing (see {@link Availability}).
 * Only the store's stock counts, not what the shopper already has in the
 * cart: the add button deals with that, the text describes the warehouse.
 *
 * @example
 * availabilityOf({ availableForSale: true, availableQuantity: 3 });  // 'in-stock'
 * availabilityOf({ availableForSale: true, availableQuantity: 0 });  // 'out-of-stock'
 * availabilityOf({ availableForSale: false, availableQuantity: 9 }); // 'unavailable'
 */
export function availabilityOf(input: StockInput): Availability {
  if (!input.availableForSale) return 'unavailable';
  if (input.bypassNegativeQuantity) return 'in-stock';
  return input.availableQuantity > 0 ? 'in-stock' : 'out-of-stock';
}

/** The spec's text for an availability. */
export function availabilityText(availability: Availability): string {
  switch (availability) {
    case 'in-stock':
      return AVAILABILITY_TEXT.inStock;
    case 'out-of-stock':
      return AVAILABILITY_TEXT.outOfStock;
    default:
      return AVAILABILITY_TEXT.unavailable;
  }
}

function variantStock(variant: Variant): StockInput {
  const levels = variant.availableInventoryLevels ?? [];
  return {
    availableForSale: variant.availableForSale,
    availableQuantity: variant.availableQuantity,
    bypassNegativeQuantity: levels.some((level) => level.availableForSale && level.bypassNegativeQuantity),
  };
}

/**
 * Availability shown on the product page.
 *
 * With a selected variant it is that variant's (an inventory level that
 * allows negative quantity makes it in stock). Before a variant is chosen:
 * a product not for sale is unavailable; otherwise it is in stock when any of
 * its variants for sale is in stock (or, without variants, the product itself
 * is for sale), else out of stock, so the shopper is not told 'Out of stock'
 * while the size they want is on the shelf.
 *
 * @example
 * productAvailability(product, null);            // before a choice
 * productAvailability(product, selectedVariant); // after it
 */
export function productAvailability(product: Pick<Product, 'availableForSale' | 'Variants'>, selected: Variant | null | undefined): Availability {
  if (selected) return availabilityOf(variantStock(selected));
  if (!product.availableForSale) return 'unavailable';
  const variants = product.Variants ?? [];
  if (variants.length === 0) return 'in-stock';
  return variants.some((variant) => availabilityOf(variantStock(variant)) === 'in-stock') ? 'in-stock' : 'out-of-stock';
}

/**
 * The collection whose upper hierarchy gives the product page's breadcrumbs: the one named by the
 * optional collection handle of the path (route table: "The optional collection handle is used for
 * breadcrumbs") when the product is in it, else the product's first collection; null when the
 * product is in none.
 *
 * @example
 * breadcrumbCollectionId({ Collections: [{ id: 7, handle: 'pumps' }, { id: 9, handle: 'motors' }] }, 'motors'); // 9
 * breadcrumbCollectionId({ Collections: [{ id: 7, handle: 'pumps' }] }, 'unknown'); // 7
 */
export function breadcrumbCollectionId(product: Pick<Product, 'Collections'>, collectionHandle: string | null | undefined): number | null {
  const collections = product.Collections ?? [];
  const named = collectionHandle ? collections.find((c) => c.handle === collectionHandle) : undefined;
  return (named ?? collections[0])?.id ?? null;
}

/** One step of the product page's breadcrumb trail: a collection (its handle) or the product itself (none). */
export interface ProductCrumb {
  title: string;
  /** The collection's handle; absent on the last step, the product. */
  handle?: string;
}

/**
 * The product page's breadcrumb trail after Home: the upper hierarchy of its breadcrumb
 * collection ({@link breadcrumbCollectionId}) when known, else the collection the path names (when
 * the product is in it), then the product. The server renders it from the same hierarchy the
 * browser reads, so the trail is whole from the first HTML on.
 *
 * @example
 * productBreadcrumbTrail({ title: 'Pump', Collections: [] }, { hierarchy: [{ id: 1, title: 'Pumps', handle: 'pumps', LEVEL: 1 }] });
 * // [{ title: 'Pumps', handle: 'pumps' }, { title: 'Pump' }]
 */
export function productBreadcrumbTrail(
  product: Pick<Product, 'title' | 'Collections'>,
  options: { hierarchy: readonly HierarchyEntry[]; collectionHandle?: string | null },
): ProductCrumb[] {
  const last: ProductCrumb = { title: product.title };
  if (options.hierarchy.length > 0) return [...options.hierarchy.map((h) => ({ title: h.title, handle: h.handle })), last];
  const named = options.collectionHandle ? (product.Collections ?? []).find((c) => c.handle === options.collectionHandle) : undefined;
  return named?.handle ? [{ title: named.title ?? named.handle, handle: named.handle }, last] : [last];
}

/** Warranty tab text. */
export const WARRANTY_TEXT = 'This product has a 1 year warranty from the manufacturer only.';

/** Other fixed texts of the product page. */
export const PRODUCT_PAGE_TEXT = {
  loading: 'Fetching product...',
  shipping: 'Calculated at Checkout',
  shareEmailSubject: 'Check this out',
} as const;

/**
 * The product page title: the SEO title when set, else the title, with the
 * store name appended when absent.
 *
 * @example
 * productPageTitle({ title: 'Pump', seoTitle: null }, 'Skimmer'); // 'Pump - Skimmer'
 */
export function productPageTitle(product: Pick<Product, 'title' | 'seoTitle'>, storeName: string): string {
  const seo = product.seoTitle?.trim();
  return pageTitle(seo ? seo : product.title, storeName);
}

/**
 * Number of dash-separated storage segments in front of a PDF's name.
 * @default 4
 */
export const PDF_PREFIX_SEGMENTS = 4;

/**
 * Display name of a stored PDF: the filename without its first four
 * dash-separated segments (the storage prefix), dashes in the name kept.
 *
 * A filename with fewer than five segments, or whose remainder is blank, has
 * no recognisable prefix and is shown whole: a name nobody can read beats an
 * empty card.
 *
 * @example
 * pdfDisplayName('1700000000-12-34-ab-Pump-Manual.pdf'); // 'Pump-Manual.pdf'
 * pdfDisplayName('manual.pdf');                          // 'manual.pdf'
 */
export function pdfDisplayName(localFilename: string): string {
  const segments = localFilename.split('-');
  if (segments.length <= PDF_PREFIX_SEGMENTS) return localFilename;
  const name = segments.slice(PDF_PREFIX_SEGMENTS).join('-');
  return name.trim() === '' ? localFilename : name;
}

/** A PDF ready for the PDFs pane. */
export interface PdfCard {
  url: string;
  name: string;
}

/**
 * The PDFs pane's cards, in stored order. A PDF without a stored filename is
 * named after the last segment of its URL.
 */
export function pdfCards(pdfs: readonly ProductPdf[] | null | undefined): PdfCard[] {
  return (pdfs ?? []).map((pdf) => {
    const stored = pdf.Attachment?.localFilename;
    const name = stored ? pdfDisplayName(stored) : (pdf.url.split(/[?#]/)[0] ?? '').split('/').pop() || pdf.url;
    return { url: pdf.url, name };
  });
}

/**
 * The SKU as shown in structured data: trimmed, each whitespace character
 * replaced by a dash (not collapsed, so the result maps back one to one).
 *
 * @example
 * skuWithDashes('SP 1500 X'); // 'SP-1500-X'
 */
export function skuWithDashes(sku: string | null | undefined): string {
  return (sku ?? '').trim().replace(/\s/g, '-');
}
