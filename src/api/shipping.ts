/**
 * The shipping estimate call, `POST /api/shipping/estimate`: some lines (one variant of the
 * product page) or the shopper's own cart (its checkout id, with its discount codes), and a
 * destination ZIP, quoted by the domain's `quoteShipment` on the server
 * at the server's clock. No account needed.
 *
 * The answer is the domain's `ShippingQuote` as JSON (money in integer cents, dates as ISO
 * `YYYY-MM-DD` strings, `dates.quotedAt` in epoch milliseconds), so every surface formats it
 * with the same domain helpers. A destination or cart the quote refuses answers 422
 * `{ error, code }` with the domain's message and code: the client rejects with an `ApiError`
 * of status 422 whose `serverMessage` is the domain's message, to show as is (next to the ZIP
 * field); 400 is a body the schema refuses, 404 an unknown inventory level or a checkout that is
 * not the shopper's open cart.
 * @module
 */
import type { ParcelService, ShippingErrorCode, ShippingQuote } from '../domain/shipping/index.ts';

/** Most lines an estimate takes (the quote's own cap). */
export const ESTIMATE_MAX_LINES = 100;

/** One line of an estimate: a variant's inventory level and how many. */
export interface EstimateLine {
  inventoryLevelId: number;
  /** 1 to 9999. */
  quantity: number;
}

/** Where the estimate ships to: a ZIP is enough (the state is checked against it when given). */
export interface EstimateDestination {
  /** `98032` or `98032-1234`. */
  zip: string;
  /** Two-letter state code. */
  state?: string;
  /** ISO country code. @default 'US' */
  country?: string;
}

/**
 * The body of `POST /api/shipping/estimate`: `lines` (the product page), or `checkoutId` (the
 * cart), never both.
 */
export interface EstimateShippingRequest {
  /** 1 to 100 lines; leave out with `checkoutId`. */
  lines?: EstimateLine[];
  /**
   * The shopper's own open cart (the last path segment of its `webUrl`): the server quotes the
   * cart's lines at the cart's prices with its discount and free-shipping codes, as the hosted
   * checkout will, so the quote's totals are what the checkout charges for the ZIP. Another
   * shopper's cart, or one that is no longer open, answers 404.
   */
  checkoutId?: string;
  destination: EstimateDestination;
  /** The parcel service asked for. @default 'ground' */
  service?: ParcelService;
  /** Freight options (liftgate and residential delivery default to on). */
  freight?: { liftgate?: boolean; residential?: boolean };
}

/** The answer of `POST /api/shipping/estimate`. */
export interface EstimateShippingResponse {
  quote: ShippingQuote;
}

/** The 422 answer's body: the domain's message and code. */
export interface EstimateShippingRefusal {
  error: string;
  code: ShippingErrorCode;
}

/** The path of the estimate call. */
export const ESTIMATE_SHIPPING_PATH = '/api/shipping/estimate';
