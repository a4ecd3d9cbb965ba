/**
 * skimmer/api: the typed HTTP client of the storefront. One function per call of the spec,
 * the shared response rules, the cart retry rule and the request/response types the reference
 * server shares. Depends on ky and on types from skimmer/domain only; reads no global at import.
 *
 * @example
 * import { createClient, isApiError } from 'skimmer/api';
 * const api = createClient({ baseUrl: 'https://shop.example' });
 * @module
 */
export {
  createClient,
  defaultIdempotencyKey,
  DEFAULT_TIMEOUT_MS,
  NAV_DEPTH,
  SITE_REVIEWS_DEFAULTS,
  VENDORS_DEFAULTS,
} from './client.ts';
export type { ApiClient, CallOptions, ClientOptions, FetchLike, Transport, TransportAnswer, TransportCall } from './client.ts';
export { ApiError, GENERIC_ERROR_MESSAGE, INVALID_CHECKOUT_MESSAGE, isApiError } from './errors.ts';
export type { ApiErrorDetails, ApiErrorKind } from './errors.ts';
export { dropEmptyFields } from './payload.ts';
export type { Compact } from './payload.ts';
export { errorText, hasErrorField, isJsonContentType, readAnswer, readResponse } from './response.ts';
export {
  CART_RETRY_LIMIT,
  CART_RETRY_STEP_MS,
  isNetworkFailure,
  RETRY_METHODS,
  retryDelay,
  totalRetryDelay,
} from './retry.ts';
export type { RetryPolicy } from './retry.ts';
export type * from './types.ts';
export { createAccountClient } from './account-client.ts';
export type { AccountClient, AccountSuccess, NewMailingAddress } from './account-client.ts';
export { allCollections, allVendors, brandWithProducts, COLLECTIONS_MAX_REQUESTS, COLLECTIONS_PAGE, createContentClient, orMissing, VENDORS_PAGE } from './content.ts';
export type { BrandWithProducts, ContentClient, IndexCollection } from './content.ts';
export { ESTIMATE_MAX_LINES, ESTIMATE_SHIPPING_PATH } from './shipping.ts';
export type { EstimateDestination, EstimateLine, EstimateShippingRefusal, EstimateShippingRequest, EstimateShippingResponse } from './shipping.ts';
