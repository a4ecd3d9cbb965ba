/**
 * The product feeds' shapes: a feed row (Google Merchant Center's product data, one row per
 * variant), the columns in the order the TSV writes them, Google's length limits, the formats
 * served, and the routes' JSON schemas.
 * @module
 */

import type { ProductNotice } from '../../../domain/shipping/notices.ts';

/** The formats a feed is served in: Google's TSV, and JSON Lines for other channels. */
export type FeedFormat = 'google-merchant.tsv' | 'products.jsonl';

/** Every feed format, as the routes name them. */
export const FEED_FORMATS: readonly FeedFormat[] = ['google-merchant.tsv', 'products.jsonl'];

/** Google's availability values, spelled as Google spells them. */
export type FeedAvailability = 'in_stock' | 'out_of_stock' | 'preorder' | 'backorder';

/**
 * One row of the feed: a variant of a product as Google Merchant Center reads it. Empty text
 * means "not given" (the TSV writes an empty cell, the JSON Lines leave the key out).
 */
export interface FeedRow {
  /** The variant's SKU when it is unique and short enough, else `skimmer-{variantId}`; at most 50 characters. */
  id: string;
  /** At most 150 characters, plain text. */
  title: string;
  /** At most 5,000 characters, plain text. */
  description: string;
  /** The product page (absolute), preselecting the variant when the product has several. */
  link: string;
  /** The product's first picture (absolute), or ''. */
  image_link: string;
  availability: FeedAvailability;
  /** The regular price, "12.99 USD" (the compare-at price when the variant is on sale). */
  price: string;
  /** The price the shopper pays when the variant is on sale, else ''. */
  sale_price: string;
  /** The vendor, or ''. */
  brand: string;
  /** The product's UPC/EAN/GTIN attribute, or ''. */
  gtin: string;
  /** The manufacturer's part number (the product code), else the variant's SKU, or ''. */
  mpn: string;
  /** 'no' when the row has neither a GTIN nor a brand with a part number (Google's rule), else 'yes'. */
  identifier_exists: 'yes' | 'no';
  /** The product's first collection with its ancestors, 'Pumps & Parts > Pool Pumps', or ''. */
  product_type: string;
  /** The product's weight in pounds, "3 lb", or ''. */
  shipping_weight: string;
  /** Shared by the variants of a product that has several, else ''; at most 50 characters. */
  item_group_id: string;
  condition: 'new';
  /**
   * Google's consumer notice, `type:message` as its text feeds write the group: the full
   * Proposition 65 warning (`prop_65`), else the hazardous-material handling text
   * (`safety_warning`), or ''. One a row: a text feed separates repeated values with commas, and
   * the warnings hold commas; the JSON Lines' `notices` carry them all.
   */
  consumer_notice: string;
  /**
   * {@link FEED_NOT_RETURNABLE_LABEL} for a product that cannot come back once opened (the
   * operator gives that label its return policy in Merchant Center), else ''.
   */
  return_policy_label: string;
  /** The variant's notices, as the product page and the checkout read them (JSON Lines only). */
  notices: readonly ProductNotice[];
}

/** A column of the feed: every field of a row but its structured notices. */
export type FeedColumn = Exclude<keyof FeedRow, 'notices'>;

/** The columns of a feed row, in the TSV's order (its header line). */
export const FEED_COLUMNS: readonly FeedColumn[] = [
  'id', 'title', 'description', 'link', 'image_link', 'availability', 'price', 'sale_price', 'brand', 'gtin', 'mpn',
  'identifier_exists', 'product_type', 'shipping_weight', 'item_group_id', 'condition', 'consumer_notice', 'return_policy_label',
];

/** Google's consumer notice types the feed writes (it also knows 'legal_disclaimer'). */
export type FeedConsumerNoticeType = 'prop_65' | 'safety_warning';

/** The return policy label of products that cannot come back once opened. @default 'not-returnable-once-opened' */
export const FEED_NOT_RETURNABLE_LABEL = 'not-returnable-once-opened';

/** Google Merchant Center's length limits, in characters. */
export const FEED_LIMITS = {
  /** @default 50 */
  id: 50,
  /** @default 150 */
  title: 150,
  /** @default 5000 */
  description: 5000,
  /** @default 50 */
  item_group_id: 50,
  /** Google's limit of a link and an image link. @default 2000 */
  link: 2000,
  /** @default 70 */
  brand: 70,
  /** @default 70 */
  mpn: 70,
  /** @default 750 */
  product_type: 750,
  /** A consumer notice's message. @default 1000 */
  consumer_notice_message: 1000,
} as const;

/** The currency of the feed's prices (the store sells in US dollars). @default 'USD' */
export const FEED_CURRENCY = 'USD';

/** The media type each format is served with. */
export const FEED_CONTENT_TYPES: Readonly<Record<FeedFormat, string>> = {
  'google-merchant.tsv': 'text/tab-separated-values; charset=utf-8',
  'products.jsonl': 'application/jsonl; charset=utf-8',
};

/** The routes' schema: the answer is the file (text), or 304 when the client's copy is current. */
export function feedRouteSchema(format: FeedFormat): Record<string, unknown> {
  return {
    tags: ['feeds'],
    summary: format === 'google-merchant.tsv'
      ? 'The Google Merchant Center product feed (TSV, one row per variant), regenerated after catalogue changes'
      : 'The product feed as JSON Lines (one variant a line, the Google feed\'s fields and the variant\'s notices), regenerated after catalogue changes',
    headers: { type: 'object', properties: { 'if-none-match': { type: 'string', maxLength: 1024 } } },
    response: {
      200: { description: 'The feed', content: { [FEED_CONTENT_TYPES[format].split(';')[0]!]: { schema: { type: 'string' } } } },
      304: { description: 'Not modified: the ETag given in If-None-Match is current', type: 'null' },
    },
  };
}
