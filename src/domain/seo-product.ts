/**
 * The product page's head: its own module beside seo-pages.ts, so that the
 * Product JSON-LD rules (product-json-ld.ts, the stock wording) load with the product page only,
 * not with every page that writes a head. Pure: the clock comes in as `now`.
 * @module
 */
import type { Product } from './entities.ts';
import { imageSrcSet, sizedImageUrl } from './images.ts';
import { productJsonLd, type ProductJsonLd } from './product-json-ld.ts';
import { htmlToText } from './read-time.ts';
import { previewImage, type HeadStore } from './seo-pages.ts';
import { absoluteUrl, breadcrumbListLd, metaDescription, type CrumbLike, type JsonLd, type PageHeadData } from './seo.ts';

/** The picture the product page shows first (the gallery's first image, else the first 3D model's poster, else imageUrl). */
export function productMainImageUrl(product: Pick<Product, 'Images' | 'Model3Ds' | 'imageUrl'>): string | null {
  return product.Images[0]?.url || product.Model3Ds[0]?.posterUrl || product.imageUrl || null;
}

/** What {@link productHead} needs besides the product. */
export interface ProductHeadOptions {
  /** The page title (the product page's own rule, store name appended). */
  title: string;
  /** The canonical path of the product (createStoreLinks(...).product(handle): no collection, no query). */
  path: string;
  /** The breadcrumbs the page shows after Home (the last one is the product, without a link). */
  crumbs: readonly CrumbLike[];
  /** The current time (offer price valid one week from it). */
  now: Date | number;
  /** Store configuration merchantReturnDays. */
  merchantReturnDays?: number | null;
  /** Store configuration appTimeZone. */
  timeZone?: string;
  /** The `sizes` of the product page's main `<img>`. */
  mainImageSizes: string;
}

/**
 * A product page's head: title, description (SEO description, else the description's text),
 * the canonical product URL, the main picture as preview and preloaded with the srcset and sizes
 * of the gallery's `<img>`, the Product JSON-LD of `productJsonLd` (its image URLs absolute) and
 * the BreadcrumbList of the trail. A product marked not indexed gets `noindex`.
 *
 * @example productHead(store, product, { title, path: links.product(product.handle), crumbs, now: Date.now(), mainImageSizes: MAIN_IMAGE_SIZES });
 */
export function productHead(store: HeadStore, product: Product, options: ProductHeadOptions): PageHeadData {
  const url = absoluteUrl(store.origin, options.path);
  const ld: ProductJsonLd = productJsonLd(product, { now: options.now, merchantReturnDays: options.merchantReturnDays, timeZone: options.timeZone, url });
  const product_: ProductJsonLd = ld.image ? { ...ld, image: ld.image.map((image) => absoluteUrl(store.origin, image)) } : ld;
  const main = productMainImageUrl(product);
  const srcSet = main ? imageSrcSet(main) : '';
  return {
    title: options.title,
    description: metaDescription(product.seoDescription?.trim() || htmlToText(product.descriptionHtml)),
    url,
    siteName: store.storeName,
    type: 'product',
    image: previewImage(store, main, product.title),
    preloadImage: main ? { href: sizedImageUrl(main, 800), srcSet, sizes: options.mainImageSizes } : null,
    jsonLd: [product_ as unknown as JsonLd, breadcrumbListLd(options.crumbs, { origin: store.origin, pageUrl: url })],
    noindex: product.isIndexed === false,
  };
}
