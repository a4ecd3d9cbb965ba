/**
 * The shapes the catalogue import and export share: a product with everything the store holds
 * ({@link CatalogueItem}, one line of Skimmer's JSON Lines), what a parser hands over
 * ({@link IncomingItem}: only the fields its format carries), and the report an operator reads.
 *
 * Ids never leave the store: a file names products by handle, collections by handle, variants by
 * SKU (or title). The `id` fields below are the store's own, carried between the repository and
 * the service so an update keeps the rows other tables point at (a cart line points at an
 * inventory level; a drawn picture's URL names its image row).
 * @module
 */
import type { HazardGroup, ProductNotice, ShipClass } from '../../../domain/shipping/index.ts';
import type { Shape } from '../media/shapes.ts';

/** The formats the store reads and writes. */
export type CatalogueFormat = 'shopify' | 'volusion' | 'skimmer';

/** Every format, in the order the CLI lists them. */
export const CATALOGUE_FORMATS: readonly CatalogueFormat[] = ['shopify', 'volusion', 'skimmer'];

/** One stock location of a variant (a row of `inventory_levels`). */
export interface ItemLevel {
  id?: number;
  location: string;
  quantity: number;
  availableForSale: boolean;
  bypassNegativeQuantity: boolean;
  priceCents: number;
  compareAtPriceCents: number | null;
}

/**
 * A variant's ship profile (migration 018): how it travels, its packed weight and size, the LTL
 * class of freight, the hazard group of a chemical, the business days before it leaves, and
 * whether sales tax applies.
 */
export interface ItemShipping {
  shipClass: ShipClass;
  /** Pounds as packed; null: the product's weight. */
  weightLb: number | null;
  /** Inches as packed: all three, or none. */
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
  freightClass: number | null;
  hazardGroup: HazardGroup | null;
  handlingDays: number;
  taxable: boolean;
}

/** The ship profile of a variant nobody has described (the columns' defaults). */
export const DEFAULT_SHIPPING: Readonly<ItemShipping> = {
  shipClass: 'parcel',
  weightLb: null,
  lengthIn: null,
  widthIn: null,
  heightIn: null,
  freightClass: null,
  hazardGroup: null,
  handlingDays: 0,
  taxable: true,
};

/** One variant: its option values in the product's option order, its stock, and its ship profile. */
export interface ItemVariant {
  id?: number;
  title: string;
  sku: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  options: string[];
  inventory: ItemLevel[];
  shipping: ItemShipping;
}

/** A picture of a product; `shape` and `hue` are what the store draws when it has no file for it. */
export interface ItemImage {
  id?: number;
  url: string;
  altText: string | null;
  shape: Shape;
  hue: number;
  /** A picture an import brought in: the URL or path its file gave (left out for a drawn picture). */
  source?: string;
  /** A picture an import brought in: its stored file (`media_files`). */
  fileHash?: string;
}

/** A 3D model of a product. */
export interface ItemModel {
  id?: number;
  url: string;
  posterUrl: string;
  shape: Shape;
  hue: number;
}

/** A PDF (spec sheet, manual) of a product. */
export interface ItemPdf {
  url: string;
  localFilename: string;
  title: string;
}

/** A review of a product. */
export interface ItemReview {
  starsRating: number;
  title: string | null;
  body: string | null;
  author: string | null;
  createdAt: string;
}

/** A question about a product and its answer. */
export interface ItemQuestion {
  question: string;
  askedBy: string;
  answer: string | null;
  answeredBy: string | null;
  createdAt: string;
}

/**
 * A product with everything the store holds about it: one line of Skimmer's JSON Lines, and what
 * the importer writes. Money in integer cents; weight in pounds.
 */
export interface CatalogueItem {
  id?: number;
  handle: string;
  title: string;
  sku: string | null;
  productCode: string | null;
  vendor: string | null;
  weight: number | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  descriptionHtml: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  isFeatured: boolean;
  /** Quoted by phone (domain/call-for-price.ts): shows 'Call for price', the cart refuses it. */
  callForPrice: boolean;
  salesCount: number;
  createdAt: string;
  /** Handles of the collections it is filed in, in order. */
  collections: string[];
  /** [prefix, value] pairs, sorted. */
  tags: [string, string][];
  options: { name: string; values: string[] }[];
  variants: ItemVariant[];
  images: ItemImage[];
  model3ds: ItemModel[];
  pdfs: ItemPdf[];
  reviews: ItemReview[];
  questions: ItemQuestion[];
  /** Handles of its related products, in order. */
  related: string[];
  /** Its notices (Proposition 65, hazardous-material handling, not returnable once opened). */
  notices: ProductNotice[];
}

/** A collection (category) as files carry it. */
export interface CatalogueCollection {
  id?: number;
  handle: string;
  title: string;
  /** The parent's handle; null at the top of the tree. */
  parent: string | null;
  position: number;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  descriptionHtml: string | null;
  imageUrl: string | null;
  imageShape: Shape | null;
  imageHue: number | null;
}

/** What a parser knows of a variant: stock as a first-location override unless the file has every level. */
export interface IncomingVariant {
  title: string;
  sku: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  options: string[];
  /** Every stock location (lossless formats). */
  inventory?: ItemLevel[];
  /** The first location's stock (formats with one quantity a variant); other locations are kept. */
  stock?: { quantity: number; bypassNegativeQuantity?: boolean };
  /** The ship profile's fields the file gives (the others are kept, or the defaults for a new variant). */
  shipping?: Partial<ItemShipping>;
}

/** What a parser knows of an image: shape and hue only when the format carries them. */
export type IncomingImage = Omit<ItemImage, 'id' | 'shape' | 'hue' | 'source' | 'fileHash'> &
  Partial<Pick<ItemImage, 'shape' | 'hue'>> & {
    /** Where the file names the picture (its line and column), for the warning when it cannot be brought in. */
    at?: { line: number; column: string };
    /** The picture brought in for it (set by the import before the product is merged). */
    file?: { source: string; hash: string };
  };

/**
 * A product as a format carries it: the handle, and only the fields the file holds (a field left
 * out keeps the stored value on an update, and takes the default on a create).
 */
export type IncomingItem = {
  handle: string;
  line: number;
  /** How the store finds the product to update: by handle, or by SKU first (Volusion's product code). @default 'handle' */
  key?: 'handle' | 'sku';
  /** A collection to file a new product in (made when missing), when the file names no collections. */
  typeCollection?: { handle: string; title: string };
} & Partial<
  Omit<CatalogueItem, 'id' | 'handle' | 'variants' | 'images'> & { variants: IncomingVariant[]; images: IncomingImage[] }
>;

/** The kinds of line in the report. */
export type ProblemKind = 'rejected' | 'warning';

/** One line of the report: where, what and why, in plain words. */
export interface ImportProblem {
  kind: ProblemKind;
  /** Line of the file (1 = the header of a CSV); 0 for the file as a whole. */
  line: number;
  /** The column, when one is at fault. */
  column: string | null;
  /** The value at fault, shortened for display. */
  value: string | null;
  reason: string;
}

/** Products created, updated, left unchanged and rejected. */
export interface ImportTotals {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/** The report of an import (and of a dry run: the same). */
export interface ImportReport {
  format: CatalogueFormat;
  dryRun: boolean;
  totals: ImportTotals;
  /** Collections created (from a categories file or a product type). */
  collectionsCreated: number;
  problems: ImportProblem[];
  /** Problems beyond the ones kept (a file of a million bad rows keeps its first ones). */
  problemsNotShown: number;
  /** The catalogue-log version the import committed (null on a dry run or when nothing changed). */
  version: number | null;
  /** Ids of the products created or updated. */
  changedIds: number[];
  milliseconds: number;
}

const problem = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['rejected', 'warning'] },
    line: { type: 'integer' },
    column: { type: ['string', 'null'] },
    value: { type: ['string', 'null'] },
    reason: { type: 'string' },
  },
} as const;

/** JSON schema of {@link ImportReport} (the API's answers and the OpenAPI document). */
export const IMPORT_REPORT_SCHEMA = {
  type: 'object',
  properties: {
    format: { type: 'string', enum: [...CATALOGUE_FORMATS] },
    dryRun: { type: 'boolean' },
    totals: {
      type: 'object',
      properties: { rows: { type: 'integer' }, created: { type: 'integer' }, updated: { type: 'integer' }, unchanged: { type: 'integer' }, rejected: { type: 'integer' } },
    },
    collectionsCreated: { type: 'integer' },
    problems: { type: 'array', items: problem },
    problemsNotShown: { type: 'integer' },
    version: { type: ['integer', 'null'] },
    changedIds: { type: 'array', items: { type: 'integer' } },
    milliseconds: { type: 'integer' },
  },
} as const;

/** JSON schema of an import job as `GET /api/admin/imports/{id}` answers it. */
export const IMPORT_JOB_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    format: { type: 'string' },
    dryRun: { type: 'boolean' },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'], description: 'queued, running, then done (with its report) or failed (with its error; nothing written)' },
    rowsRead: { type: 'integer' },
    bytesRead: { type: 'integer' },
    bytesTotal: { type: 'integer' },
    createdAt: { type: 'string' },
    finishedAt: { type: ['string', 'null'] },
    // a type list, not anyOf: fast-json-stringify serialises an anyOf by validating the value
    // with Ajv first, compiling the report's schema on the first answer (tens of milliseconds on
    // the thread that answers shoppers, as an import is polled) and re-validating its changed ids
    // on every answer after
    report: { ...IMPORT_REPORT_SCHEMA, type: ['object', 'null'] },
    error: { type: ['string', 'null'] },
  },
} as const;
