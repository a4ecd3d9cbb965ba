/**
 * The entities of the storefront, as the API carries them.
 *
 * Amounts are decimal numbers of the store currency, as the spec shows them
 * (`price: 12.5`). Domain rules compute in integer cents (see `money.ts`) and
 * round once at the edge. Field names follow the spec word for word, including
 * its capitalised relation names (`Variants`, `LineItems`, `MailingAddresses`).
 *
 * @module
 */

import type { ReplacedPartNote } from './equipment.ts';
import type { ProductNotice } from './shipping/notices.ts';

/** A product image. */
export interface ProductImage {
  id: number;
  url: string;
  altText: string | null;
}

/** A 3D model of a product, with a poster image shown as its thumbnail. */
export interface Model3D {
  id: number;
  posterUrl: string;
  url: string;
}

/** A PDF attached to a product (spec sheet, manual). */
export interface ProductPdf {
  url: string;
  Attachment: {
    /** Stored filename: four dash-separated segments of storage prefix, then the display name. */
    localFilename: string;
  };
}

/** A product option (Size, Voltage, Horsepower ...). */
export interface ProductOption {
  id: number;
  name: string;
  /** The values the option can take, in display order. */
  values: string[];
}

/** The value a variant takes for one option. */
export interface VariantOption {
  id: number;
  name: string;
  VariantSelectedOptions: {
    optionValueSelected: string;
  };
}

/** Stock of one variant at one location, with its own price. */
export interface InventoryLevel {
  id: number;
  variantId: number;
  inventoryPrice: number;
  inventoryCompareAtPrice: number | null;
  availableForSale: boolean;
  availableQuantity: number;
  /** When true the level may go below zero: available stock is unlimited. */
  bypassNegativeQuantity: boolean;
}

/** A purchasable variant of a product. The default variant title is 'Default Title'. */
export interface Variant {
  id: number;
  title: string;
  variantPosition: number;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  availableQuantity: number;
  sku?: string | null;
  availableInventoryLevels: InventoryLevel[];
  Options: VariantOption[];
}

/** A product review; the spec reads only its stars. */
export interface ProductReview {
  id?: number;
  starsRating: number;
  title?: string;
  body?: string;
  author?: string;
  createdAt?: string;
}

/** A product as `GET /api/products/handle/{handle}` returns it. */
export interface Product {
  id: number;
  handle: string;
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  sku: string | null;
  vendor: string | null;
  /** Weight in pounds (LBS). */
  weight: number | null;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  imageUrl: string | null;
  descriptionHtml: string | null;
  avgRating: number | null;
  totalReviews: number;
  productCode: string | null;
  isFeatured: boolean;
  /**
   * The store quotes this product by phone: it shows 'Call for price' and a way to reach the
   * store instead of a price and an add button (src/domain/call-for-price.ts). Absent means false.
   */
  callForPrice?: boolean;
  Images: ProductImage[];
  Model3Ds: Model3D[];
  PDFs: ProductPdf[];
  Options: ProductOption[];
  Variants: Variant[];
  Collections: { id: number; handle?: string; title?: string }[];
  Reviews: ProductReview[];
  /**
   * The product's notices: Proposition 65 warnings, hazardous-material handling (every product
   * with a variant that ships as hazmat), not returnable once opened. Optional: servers that do
   * not know them leave it out, and a product page then shows none.
   */
  notices?: ProductNotice[];
}

/** What a product card shows (lists, sliders, grids). */
export interface ProductCardData {
  id: number;
  title: string;
  handle: string;
  imageUrl: string | null;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  avgRating: number | null;
  totalReviews: number;
  isFeatured: boolean;
  /** The first available inventory level's id, or null when none is available. */
  inventoryLevelId: number | null;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
  vendor: string | null;
  /** The store quotes this product by phone (see Product.callForPrice). Absent means false. */
  callForPrice?: boolean;
}

/** A discount code applied to a checkout. */
export interface CheckoutDiscountCode {
  code: string;
  Discount: { title: string };
}

/** A line of the server's checkout. */
export interface CheckoutLineItem {
  id: number;
  inventoryLevelId: number;
  title: string;
  imageUrl: string | null;
  currentQuantity: number;
  /** Price of one unit. */
  totalUnitPrice: number;
  availableForSale: boolean;
  availableQuantity: number;
  sku: string | null;
  productHandle: string;
  bypassNegativeQuantity: boolean;
}

/** The server's checkout (cart). The last path segment of `webUrl` is the checkout id. */
export interface Checkout {
  webUrl: string;
  LineItems: CheckoutLineItem[];
  totalPrice: number;
  subtotalPrice: number;
  currencyCode: string;
  CheckoutShippingLine: { price: number } | null;
  DiscountCodes: CheckoutDiscountCode[];
}

/** A cart line as the client keeps it. Stock is unlimited when `bypassNegativeQuantity`. */
export interface CartLine {
  lineItemId: number;
  inventoryLevelId: number;
  title: string;
  imageUrl: string | null;
  quantity: number;
  price: number;
  availableForSale: boolean;
  availableQuantity: number;
  sku: string | null;
  handle: string;
  bypassNegativeQuantity: boolean;
}

/** A breadcrumb entry of a collection. */
export interface CollectionCrumb {
  title: string;
  handle: string;
}

/** A collection (category). */
export interface Collection {
  id: number;
  handle: string;
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  imageUrl: string | null;
  descriptionHtml: string | null;
  breadcrumbs: CollectionCrumb[] | null;
  childCollectionsCount: number;
}

/** One entry of a collection hierarchy; LEVEL counts from 1 at the top. */
export interface HierarchyEntry {
  id: number;
  title: string;
  handle: string;
  LEVEL: number;
}

/** A hierarchy answer: the spec reads its 'default' list. */
export interface Hierarchy {
  default: HierarchyEntry[];
}

/** A tag value of a prefix with the number of matching products. */
export interface TagFilterFacet {
  tagPrefix: string;
  tagValue: string;
  tagCount: number;
}

/** A vendor with the number of matching products. */
export interface VendorFacet {
  vendor: string;
  vendorCount: number;
}

/** Paging and facets of a product search. */
export interface PageInfo {
  limitPerPage: number;
  totalObjects: number;
  totalPages: number;
  /** Same as totalPages; the spec names both. */
  pages: number;
  /** Number of products on this page. */
  count: number;
  /**
   * True when no product matched every word of q, so the answer holds the products matching
   * the most of them ('Showing results for part of your search'); absent otherwise.
   */
  relaxed?: boolean;
  /** When q is a superseded part number: the old number and its replacement; absent otherwise. */
  replacedBy?: ReplacedPartNote;
  availableTagPrefixes: { tagPrefixValue: string }[];
  availableTagFilters: TagFilterFacet[];
  availableVendors: VendorFacet[];
  productMaxPrice: number;
}

/** One of the nine sort options; '' is the default. */
export type SortBy =
  | ''
  | 'id_asc'
  | 'id_desc'
  | 'title_asc'
  | 'title_desc'
  | 'price_asc'
  | 'price_desc'
  | 'top_rated'
  | 'best_selling';

/** A tag filter: [tagPrefix, value]. */
export type TagPair = readonly [prefix: string, value: string];

/**
 * The search query object of the spec. Page is zero-based.
 * Absent fields are left out (never `undefined` values in a built URL).
 */
export interface SearchQuery {
  q?: string;
  /** Vendor. */
  v?: string;
  t?: TagPair[];
  /** Collection id. */
  c?: string;
  minPrice?: number;
  maxPrice?: number;
  sortBy?: SortBy;
  limit?: number;
  page?: number;
  /**
   * Only featured products (the featured banner card's link, /searchresults.asp?isFeatured=true).
   * Kept only when true: the page URL has no way to ask for non-featured products.
   */
  isFeatured?: boolean;
  /**
   * Only products that fit one of these equipment models (handles; the listing's 'Fits
   * my equipment'). Written as one comma-separated parameter, `fits=a,b`.
   */
  fits?: string[];
}

/** A country. */
export interface Country {
  countryCode: string;
  title: string;
}

/** A state or province of a country. */
export interface State {
  stateCode: string;
  title: string;
}

/** A customer's mailing address. */
export interface MailingAddress {
  id: number;
  firstName: string;
  lastName: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string | null;
  zip: string;
  phone: string;
  isDefault: boolean;
  State: State | null;
  Country: Country | null;
}

/** The signed-in customer; an empty object when signed out. */
export type Customer = { id: number; MailingAddresses: MailingAddress[] } | Record<string, never>;

/** The signed-in user. */
export interface User {
  id?: number;
  email?: string;
  firstName: string;
  lastName: string;
  recoveryEmail: string | null;
  recoveryEmailVerified: boolean;
}

/** Billing address of a saved payment method. */
export interface BillingAddress {
  line1: string;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string;
  country: string;
}

/** A saved payment method (card or gift card). */
export interface PaymentMethod {
  id: number;
  brand: string;
  expMonth: number;
  expYear: number;
  last4: string;
  name: string | null;
  billingAddress: BillingAddress | null;
  isGiftCard: boolean;
  giftCardCredit: number | null;
  giftCardCurrency: string | null;
}

/** A payment transaction. */
export interface Transaction {
  id: number;
  displayableId: string;
  email: string;
  amount: number;
  /** Shown as 'N/A' when empty. */
  gateway: string | null;
  status: string;
}

/** A blog article. */
export interface Article {
  id: number;
  title: string;
  handle: string;
  imageUrl: string | null;
  author: string;
  createdAt: string;
  seoDescription: string | null;
  bodyHtml?: string;
  tags?: string[];
  /** Words of the body, for the read time of a list without bodies. */
  wordCount?: number;
}

/** A navigation item. */
export interface NavItem {
  url: string;
  title: string;
}

/** A navigation link with children. */
export interface NavLink extends NavItem {
  id: number;
  children: NavLink[];
  /** Overrides the default cap of 8 children in the dropdown. */
  maxChildItemsToDisplay?: number | null;
  imageUrl?: string | null;
}

/** A vendor (brand). */
export interface Vendor {
  name: string;
  productCount?: number;
}

/** A review of the store. `message` defaults to 'No feedback given.'. */
export interface SiteReview {
  url: string;
  message: string | null;
  name: string;
  stars: number;
}

/** Theme configuration. */
export interface ThemeConfig {
  storeCurrency: string;
  productTopBannerUrl: string | null;
  productNoImageUrl: string;
  defaultLimitPerPage: number;
  infoCards: { url: string; title?: string; text?: string; imageUrl?: string }[];
  heroSection: { images: { backgroundUrl: string; title?: string; subtitle?: string; url?: string }[] };
  seoTitle: string;
  seoDescription: string;
  featuredProducts: { url: string; bannerUrl: string };
  imagePlacements: { collection: { menuImage: string } };
  additionalHeaderLinks: NavLink[];
  exitIntentPopUp: { bgImageUrl: string; discountMessage: string; discountCode: string };
  blogDescription: string;
}

/** App and store configuration. */
export interface StoreConfig {
  storeName: string;
  storeLogoUrl: string;
  storeFaviconUrl: string;
  storefrontAnnouncement: string;
  contactPhoneNumber: string;
  storeEmail: string;
  gTagId: string | null;
  appTimeZone: string;
  merchantReturnDays: number | null;
  recaptchaSiteKey: string;
  /** Path prefixes of the route table. */
  collectionPath: string;
  productPath: string;
  articlePath: string;
}
