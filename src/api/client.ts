/**
 * The typed HTTP client: one function per call the storefront makes, plus the server's other calls
 * the storefront uses. Built on ky; every answer goes through the shared response rules
 * (`response.ts`) and the mutating cart calls through the retry rule (`retry.ts`).
 *
 * Nothing here reads a global at import time: base URL, fetch, headers and hooks come from
 * {@link createClient}'s options; the default fetch and the default idempotency key generator
 * are looked up on `globalThis` when a call is made.
 *
 * Choices where the spec is loose (each tested):
 * - The spec lists the user call as `GET api/user`, without the leading slash. A browser would
 *   resolve that against the current page (`/wallet/api/user`), so we send `/api/user`.
 * - Only the cart's POST/PUT/DELETE calls retry (spec: "a mutating cart call retries"); account,
 *   order and newsletter writes are sent once, so a shopper is not left waiting an hour on a
 *   newsletter form whose captcha token has long expired.
 * - Every call sends `Accept: application/json`; every cart write and the add-to-order call send
 *   `Content-Type: application/json` even without a body (spec: "a content type header", "a JSON
 *   header and no body"); other bodiless calls send no Content-Type.
 * @module
 */
import ky, { type Hooks, type KyInstance, type RetryOptions } from 'ky';
import type { Collection, ProductCardData } from '../domain/entities.ts';
import { productsFilterQuery } from '../domain/urls.ts';
import { ApiError, INVALID_CHECKOUT_MESSAGE } from './errors.ts';
import { dropEmptyFields } from './payload.ts';
import { queryString, segment, type QueryValue } from './query.ts';
import { readAnswer, readResponse } from './response.ts';
import { cartRetryOptions, NO_RETRY, toCallError, type RetryPolicy } from './retry.ts';
import type {
  AddLineItemRequest,
  AddToOrderResponse,
  ArticleResponse,
  ArticlesQuery,
  ArticlesResponse,
  BrandResponse,
  BrandsResponse,
  CheckoutResponse,
  CollectionFilterQuery,
  CollectionLookupResponse,
  CollectionResponse,
  CollectionsResponse,
  ConfigResponse,
  CountriesResponse,
  CustomerResponse,
  EquipmentListQuery,
  EquipmentListResponse,
  EquipmentResponse,
  FeaturedProductsQuery,
  FilterQuery,
  HelpAnswerResponse,
  HelpResponse,
  HierarchyResponse,
  MailingAddressResponse,
  MailingAddressUpdate,
  MyEquipmentResponse,
  NavQuery,
  NavResponse,
  OrderResponse,
  OrdersResponse,
  PageQuery,
  PageResponse,
  PaymentMethodsResponse,
  ProductFilterQuery,
  ProductQuestionsResponse,
  ProductResponse,
  ProductReviewsResponse,
  ProductsSearchResponse,
  ProductsResponse,
  QuestionThreadResponse,
  QuestionsResponse,
  QuestionTopicResponse,
  RecoveryEmailResponse,
  SetLineItemQuantityRequest,
  SetRecoveryEmailRequest,
  SiteReviewsQuery,
  SiteReviewsResponse,
  StatesResponse,
  SuccessResponse,
  TransactionsResponse,
  UpdatePaymentMethodRequest,
  UserResponse,
  VendorsQuery,
  VendorsResponse,
} from './types.ts';
import { ESTIMATE_SHIPPING_PATH, type EstimateShippingRequest, type EstimateShippingResponse } from './shipping.ts';

/** A fetch the client can use: the platform's, a test fake, or an instrumented wrapper. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** One call as plain data, as a {@link Transport} is given it. */
export interface TransportCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The whole URL: the base URL and the call's path and query. */
  url: string;
  /** The request's headers, names in lower case. */
  headers: [string, string][];
  /** The JSON body's text, if any. */
  body?: string;
}

/** A {@link Transport}'s answer. */
export interface TransportAnswer {
  status: number;
  /** The answer's headers (only `content-type` is read). */
  headers: [string, string][];
  /** The body's text. */
  body: string;
}

/**
 * Sends the client's calls without fetch: a server that answers them in process (the reference
 * server's page render) hands each call over as plain data and gets the status, headers and
 * text back, without a Request, a Response or a body stream (the fetch path's objects were a
 * tenth of a server-rendered listing page's CPU).
 */
export type Transport = (call: TransportCall) => Promise<TransportAnswer>;

/** Options of {@link createClient}. */
export interface ClientOptions {
  /**
   * Where the API lives, e.g. `https://shop.example` or `https://shop.example/store`. Call paths
   * (`/api/...`) are appended to it, so a path prefix is kept. `''` means "same origin as the
   * page" (browser only: Node cannot resolve a relative URL).
   */
  baseUrl: string;
  /**
   * The fetch to send requests with.
   * @default globalThis.fetch, looked up at each call (never at import)
   */
  fetch?: FetchLike;
  /**
   * Sends the calls through this instead of fetch (see {@link Transport}). The answers are read
   * by the same response rules and fail with the same errors; a call is sent once (the cart
   * calls' retry rule, the timeout and the ky `hooks` are fetch's and do not apply), and a call
   * whose signal is aborted rejects with the signal's reason (before it is sent, or once the
   * transport has answered). `fetch` is then not used.
   */
  transport?: Transport;
  /** Headers sent with every call (an API key, a locale). The client's own headers win on conflict. */
  headers?: HeadersInit;
  /** ky hooks (beforeRequest, beforeRetry, afterResponse, beforeError) for logging or auth. */
  hooks?: Hooks;
  /**
   * Makes the `Idempotency-Key` of one logical add; called once per add, reused by its retries.
   * @default a random UUID from globalThis.crypto, looked up at call time
   */
  idempotencyKey?: () => string;
  /** The retry rule of the mutating cart calls. @default { limit: 60, stepMs: 2000 } */
  retry?: RetryPolicy;
  /**
   * Cookie policy. `include` so the session cookie also travels when the storefront and the API
   * are on different origins (the server must then answer with CORS credentials); on one origin
   * it behaves like `same-origin`.
   * @default 'include'
   */
  credentials?: RequestCredentials;
  /**
   * Time to wait for an answer per attempt, in ms, or false for no limit. A cart call that times
   * out counts as a network failure and is retried.
   * @default 10000
   */
  timeout?: number | false;
}

/** Per-call options. */
export interface CallOptions {
  /** Cancels the call (and its pending retries); XState's fromPromise hands one to each actor. */
  signal?: AbortSignal;
}

/** The default per-attempt timeout in ms (ky's own default, stated here so it is documented). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The client: one function per call. Every function rejects with an `ApiError` (see
 * `errors.ts`) except when the caller aborts, which rejects with the AbortError.
 */
export interface ApiClient {
  // ---------------------------------------------------------------- catalogue
  /** `GET /api/products/handle/{handle}`: the product page's product, with variants and levels. */
  productByHandle(handle: string, call?: CallOptions): Promise<ProductResponse>;
  /**
   * `GET /api/products/filter?q&v&t&minPrice&maxPrice&sortBy&limit&page&c&isFeatured&fields`.
   * With `fields`, the cards carry only those keys (the type follows).
   */
  filterProducts<F extends keyof ProductCardData = keyof ProductCardData>(
    query?: ProductFilterQuery<F>,
    call?: CallOptions,
  ): Promise<ProductsSearchResponse<Pick<ProductCardData, F>>>;
  /** `GET /api/collections?{same params}&fields=`: the collections of a search. */
  searchCollections<F extends keyof Collection = keyof Collection>(
    query?: CollectionFilterQuery<F>,
    call?: CallOptions,
  ): Promise<CollectionsResponse<Pick<Collection, F>>>;
  /** `GET /api/collections/{cat}`: the search page's 'cat' lookup (an id or a legacy cat code). */
  collectionByIdOrCat(cat: string | number, call?: CallOptions): Promise<CollectionLookupResponse>;
  /** `GET /api/collections/handle/{handle}`. */
  collectionByHandle(handle: string, call?: CallOptions): Promise<CollectionResponse>;
  /** `GET /api/collections/{id}/products/featured[?limit]`. */
  featuredProducts(collectionId: number, query?: FeaturedProductsQuery, call?: CallOptions): Promise<ProductsResponse>;
  /** `GET /api/collections/{id}/hierarchy`. */
  hierarchy(collectionId: number, call?: CallOptions): Promise<HierarchyResponse>;
  /** `GET /api/collections/{id}/upper-hierarchy`: the breadcrumbs of the product page. */
  upperHierarchy(collectionId: number, call?: CallOptions): Promise<HierarchyResponse>;
  /** `GET /api/nav?collectionUrlPrefix&imagePlacement&depth=2`. */
  nav(query: NavQuery, call?: CallOptions): Promise<NavResponse>;
  /** `GET /api/products/vendors/fullDetail?page=0&limit=10&sortBy=PRODUCT_COUNT&order=DESC` (defaults). */
  vendors(query?: VendorsQuery, call?: CallOptions): Promise<VendorsResponse>;
  /** `GET /api/reviews/siteReviews/?limit=6&page=0` (defaults). */
  siteReviews(query?: SiteReviewsQuery, call?: CallOptions): Promise<SiteReviewsResponse>;
  /** `GET /api/articles`, sending only the parameters given (see `ArticlesQuery`). */
  articles(query?: ArticlesQuery, call?: CallOptions): Promise<ArticlesResponse>;
  /** `GET /api/articles/handle/{handle}`. */
  articleByHandle(handle: string, call?: CallOptions): Promise<ArticleResponse>;
  /** `GET /api/articles/tags/{tag}`, with the same optional parameters as `articles`. */
  articlesByTag(tag: string, query?: ArticlesQuery, call?: CallOptions): Promise<ArticlesResponse>;
  /**
   * `GET /api/products/byIds?ids=1,2`: the recently viewed cards, in the order given. An empty
   * list answers `{ products: [] }` without a request (the server requires at least one id).
   */
  productsByIds(ids: readonly number[], call?: CallOptions): Promise<ProductsResponse>;
  /** `GET /api/products/{id}/related`. */
  relatedProducts(productId: number, call?: CallOptions): Promise<ProductsResponse>;
  /** `GET /api/products/{id}/reviews[?page&limit]`. */
  productReviews(productId: number, query?: PageQuery, call?: CallOptions): Promise<ProductReviewsResponse>;
  /** `GET /api/products/{id}/questions[?page&limit]`. */
  productQuestions(productId: number, query?: PageQuery, call?: CallOptions): Promise<ProductQuestionsResponse>;
  /** `GET /api/brands`. */
  brands(call?: CallOptions): Promise<BrandsResponse>;
  /** `GET /api/brands/{name}`. */
  brandByName(name: string, call?: CallOptions): Promise<BrandResponse>;
  /** `GET /api/help`. */
  help(call?: CallOptions): Promise<HelpResponse>;
  /** `GET /api/help/{handle}`. */
  helpByHandle(handle: string, call?: CallOptions): Promise<HelpAnswerResponse>;
  /** `GET /api/questions`: the topics. */
  questions(call?: CallOptions): Promise<QuestionsResponse>;
  /** `GET /api/questions/topics/{id}[?page&limit]`. */
  questionsByTopic(topicId: number, query?: PageQuery, call?: CallOptions): Promise<QuestionTopicResponse>;
  /** `GET /api/questions/{displayableId}`: one thread with its answers. */
  questionByDisplayableId(displayableId: string, call?: CallOptions): Promise<QuestionThreadResponse>;
  /** `GET /api/pages/{handle}`. */
  page(handle: string, call?: CallOptions): Promise<PageResponse>;
  /** `GET /api/pages/id/{id}`: the page of a `/:handle/:id.htm` link (355 is expert assistance). */
  pageById(id: number, call?: CallOptions): Promise<PageResponse>;
  /** `GET /api/config`: `{ storeConfig, themeConfig }`. */
  config(call?: CallOptions): Promise<ConfigResponse>;

  // ---------------------------------------------------------------- cart and checkout
  /** `GET /api/checkouts`. Never retried (a GET). */
  getCheckout(call?: CallOptions): Promise<CheckoutResponse>;
  /**
   * `POST /api/checkouts/lineItems` with `{inventoryLevelId, quantity}` or `{lineItems}`. Sends
   * one `Idempotency-Key` for the call, the same on every retry.
   */
  addLineItem(body: AddLineItemRequest, call?: CallOptions): Promise<CheckoutResponse>;
  /** `PUT /api/checkouts/lineItems` with `{inventoryLevelId, quantity}`. */
  setLineItemQuantity(body: SetLineItemQuantityRequest, call?: CallOptions): Promise<CheckoutResponse>;
  /** `DELETE /api/checkouts/lineItems/{lineItemId}`. */
  deleteLineItem(lineItemId: number, call?: CallOptions): Promise<CheckoutResponse>;
  /**
   * `POST /api/checkouts/{checkoutId}/discountCodes?code=`. Rejects with 'Invalid checkout.'
   * (kind `invalid`, no request) when `checkoutId` is empty.
   */
  applyDiscountCode(checkoutId: string, code: string, call?: CallOptions): Promise<CheckoutResponse>;
  /** `DELETE /api/checkouts/{checkoutId}/discountCodes?code=`; same checkout id rule. */
  removeDiscountCode(checkoutId: string, code: string, call?: CallOptions): Promise<CheckoutResponse>;
  /**
   * `POST /api/checkouts/products` with `{handles}`. Also sends an `Idempotency-Key` (our
   * addition: it is the other non-idempotent cart POST that the retry rule repeats).
   */
  addProductsByHandles(handles: readonly string[], call?: CallOptions): Promise<CheckoutResponse>;

  // ---------------------------------------------------------------- orders
  /** `POST /api/orders/{orderId}/relatedProducts/{productId}`: JSON header, no body, not retried. */
  addRelatedProductToOrder(orderId: number, productId: number, call?: CallOptions): Promise<AddToOrderResponse>;
  /** `GET /api/orders`: the signed-in customer's orders, newest first (our call; the order pages). */
  orders(call?: CallOptions): Promise<OrdersResponse>;
  /** `GET /api/orders/{orderId}`: one of the signed-in customer's orders (our call; the order page). */
  order(orderId: number, call?: CallOptions): Promise<OrderResponse>;

  // ---------------------------------------------------------------- account
  /** `GET /api/customer`: `{}` as customer when signed out. */
  customer(call?: CallOptions): Promise<CustomerResponse>;
  /** `GET /api/user` (the spec writes `api/user`; we send the absolute path, see the module notes). */
  user(call?: CallOptions): Promise<UserResponse>;
  /** `PUT /api/mailingAddresses/{id}` with the non-empty fields only. */
  updateMailingAddress(id: number, address: MailingAddressUpdate, call?: CallOptions): Promise<MailingAddressResponse>;
  /** `DELETE /api/customer/{customerId}/mailingAddresses/{id}`. */
  deleteMailingAddress(customerId: number, id: number, call?: CallOptions): Promise<SuccessResponse>;
  /** `GET /api/countries/`. */
  countries(call?: CallOptions): Promise<CountriesResponse>;
  /** `GET /api/states?page=0&countryCode={code}`. */
  states(countryCode: string, call?: CallOptions): Promise<StatesResponse>;
  /** `GET /api/user/{id}/transactions[?displayableId=]`; an empty filter is left out. */
  transactions(userId: number, displayableId?: string, call?: CallOptions): Promise<TransactionsResponse>;
  /** `GET /api/user/{id}/paymentMethods`, with `_links.addPaymentMethod.href`. */
  paymentMethods(userId: number, call?: CallOptions): Promise<PaymentMethodsResponse>;
  /** `DELETE /api/user/{id}/paymentMethods/{paymentMethodId}`. */
  deletePaymentMethod(userId: number, paymentMethodId: number, call?: CallOptions): Promise<SuccessResponse>;
  /** `PUT /api/user/{id}/paymentMethods/{paymentMethodId}` with `{mailingAddressId, isGiftCard?}`. */
  updatePaymentMethod(
    userId: number,
    paymentMethodId: number,
    body: UpdatePaymentMethodRequest,
    call?: CallOptions,
  ): Promise<SuccessResponse>;
  /** `PUT /api/user/recoveryEmail` with `{token, recoveryEmail}`. */
  setRecoveryEmail(body: SetRecoveryEmailRequest, call?: CallOptions): Promise<SuccessResponse>;
  /** `POST /api/user/recoveryEmail/verify` with `{token}`. */
  verifyRecoveryEmail(token: string, call?: CallOptions): Promise<SuccessResponse>;
  /** `GET /api/user/recoveryEmail`. */
  recoveryEmail(call?: CallOptions): Promise<RecoveryEmailResponse>;

  // ---------------------------------------------------------------- newsletter
  /** `POST /api/newsletterSubscriptions/subscribe?email=` with JSON `{token}`, JSON content and accept headers. */
  subscribe(email: string, token: string, call?: CallOptions): Promise<SuccessResponse>;

  // ---------------------------------------------------------------- equipment (parts that fit)
  /** `GET /api/equipment?q&type&brand&page&limit`: models by model number, name, type and brand, with the counts to browse by. */
  equipmentList(query?: EquipmentListQuery, call?: CallOptions): Promise<EquipmentListResponse>;
  /** `GET /api/equipment/handle/{handle}`: a model with its diagrams and parts (404 when unknown). */
  equipmentByHandle(handle: string, call?: CallOptions): Promise<EquipmentResponse>;
  /** `GET /api/account/equipment`: the signed-in shopper's saved models (401 signed out). */
  myEquipment(call?: CallOptions): Promise<MyEquipmentResponse>;
  /** `PUT /api/account/equipment` with `{ handles }`: saves models (merged; these become the most recent); answers the whole list. */
  saveMyEquipment(handles: readonly string[], call?: CallOptions): Promise<MyEquipmentResponse>;
  /** `DELETE /api/account/equipment/{handle}`: removes a saved model; answers the remaining list. */
  removeMyEquipment(handle: string, call?: CallOptions): Promise<MyEquipmentResponse>;

  // ---------------------------------------------------------------- shipping
  /**
   * `POST /api/shipping/estimate` with `{ lines, destination, service?, freight? }`: the domain's
   * quote for a ZIP, no account needed; sent once. A refused destination or cart rejects with an
   * `ApiError` of status 422 whose `serverMessage` is the quote's message (see `shipping.ts`).
   */
  estimateShipping(body: EstimateShippingRequest, call?: CallOptions): Promise<EstimateShippingResponse>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Endpoint {
  method: Method;
  /** Path with its query string, starting with `/api/`. */
  path: string;
  /** JSON body, if any. */
  json?: unknown;
  /** Send `Content-Type: application/json` even without a body (the cart and order calls). */
  jsonHeader?: boolean;
  /** Send an `Idempotency-Key`. */
  idempotent?: boolean;
  /** Apply the cart retry rule. */
  retry?: boolean;
}

/**
 * Makes a random UUID v4 for an `Idempotency-Key`. Uses `crypto.randomUUID` when present and
 * falls back to `crypto.getRandomValues`, because `randomUUID` only exists in secure contexts
 * (a store served over plain http on a LAN still needs keys).
 *
 * @example
 * defaultIdempotencyKey() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function defaultIdempotencyKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto?.getRandomValues !== 'function') {
    throw new Error('No crypto.getRandomValues in this environment: pass idempotencyKey to createClient.');
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The defaults of the footer's vendor list: page 0, 10 brands, by product count, descending. */
export const VENDORS_DEFAULTS = { page: 0, limit: 10, sortBy: 'PRODUCT_COUNT', order: 'DESC' } as const satisfies Required<VendorsQuery>;

/** The defaults of the seller reviews carousel: page 0, page size 6. */
export const SITE_REVIEWS_DEFAULTS = { limit: 6, page: 0 } as const satisfies Required<SiteReviewsQuery>;

/** The navigation depth: nav depth is 2. */
export const NAV_DEPTH = 2;

/**
 * The query of the products and collections search calls, written by the domain's
 * `productsFilterQuery`: the reference server reads it back with `parseProductsFilterQuery`, so
 * both sides apply one set of rules (invalid values dropped, prices with two decimals, `t`
 * repeated as 'prefix,value', `fields` comma-separated, the spec's parameter order).
 */
function filterQuery(query: FilterQuery): string {
  const text = productsFilterQuery(query);
  return text === '' ? '' : `?${text}`;
}

function pageParams(query: PageQuery | undefined): Record<string, QueryValue> {
  return { page: query?.page, limit: query?.limit };
}

function articleParams(query: ArticlesQuery | undefined): Record<string, QueryValue> {
  return { page: query?.page, limit: query?.limit, sortBy: query?.sortBy, order: query?.order };
}

function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path;
}

function requireCheckoutId(checkoutId: string): void {
  if (typeof checkoutId !== 'string' || checkoutId.trim() === '') {
    throw new ApiError(INVALID_CHECKOUT_MESSAGE, { kind: 'invalid' });
  }
}

/**
 * Creates the client. Reads nothing global now; the default fetch and UUID source are looked up
 * per call, so the client can be built during server rendering or before a test stubs fetch.
 *
 * Network failures of the mutating cart calls (POST/PUT/DELETE under /api/checkouts) are retried
 * by the rule of `retry.ts`; every other call, and every GET, is sent once. An HTTP status is
 * never retried.
 *
 * @example
 * const api = createClient({ baseUrl: 'https://shop.example' });
 * const { checkout } = await api.addLineItem({ inventoryLevelId: 7, quantity: 1 });
 * const { products, pageInfo } = await api.filterProducts({ q: 'pump', limit: 4, fields: ['id', 'title', 'handle'] });
 */
export function createClient(options: ClientOptions): ApiClient {
  const cartRetry: RetryOptions = cartRetryOptions(options.retry);
  const makeKey = options.idempotencyKey ?? defaultIdempotencyKey;
  const http: KyInstance = ky.create({
    fetch: (input, init) => {
      const fetchFn: FetchLike = options.fetch ?? globalThis.fetch.bind(globalThis);
      return fetchFn(input as Request, init);
    },
    hooks: options.hooks ?? {},
    credentials: options.credentials ?? 'include',
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    throwHttpErrors: false,
    retry: NO_RETRY,
  });

  const transport = options.transport;
  /** The headers of every call through the transport (the client's own are added per call). */
  const transportHeaders: [string, string][] = [];
  if (transport) new Headers(options.headers).forEach((value, name) => transportHeaders.push([name, value]));

  /** {@link send} through the transport. */
  async function sendThrough<T>(through: Transport, endpoint: Endpoint, call?: CallOptions): Promise<T> {
    const signal = call?.signal;
    signal?.throwIfAborted();
    const own: [string, string][] = [['accept', 'application/json']];
    if (endpoint.json !== undefined || endpoint.jsonHeader) own.push(['content-type', 'application/json']);
    if (endpoint.idempotent) own.push(['idempotency-key', makeKey()]);
    const names = new Set(own.map(([name]) => name));
    const answer = await through({
      method: endpoint.method,
      url: joinUrl(options.baseUrl, endpoint.path),
      headers: [...transportHeaders.filter(([name]) => !names.has(name)), ...own],
      ...(endpoint.json === undefined ? {} : { body: JSON.stringify(endpoint.json) }),
    });
    signal?.throwIfAborted();
    const contentType = answer.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? null;
    return (await readAnswer(answer.status, contentType, () => answer.body)) as T;
  }

  async function send<T>(endpoint: Endpoint, call?: CallOptions): Promise<T> {
    try {
      if (transport) return await sendThrough<T>(transport, endpoint, call);
      const headers = new Headers(options.headers);
      headers.set('Accept', 'application/json');
      if (endpoint.json !== undefined || endpoint.jsonHeader) headers.set('Content-Type', 'application/json');
      // One key per logical call: ky clones this request for each retry, headers included.
      if (endpoint.idempotent) headers.set('Idempotency-Key', makeKey());
      const response = await http(joinUrl(options.baseUrl, endpoint.path), {
        method: endpoint.method,
        headers,
        body: endpoint.json === undefined ? undefined : JSON.stringify(endpoint.json),
        retry: endpoint.retry ? cartRetry : NO_RETRY,
        signal: call?.signal,
      });
      return (await readResponse(response)) as T;
    } catch (error) {
      throw toCallError(error);
    }
  }

  const get = <T>(path: string, call?: CallOptions) => send<T>({ method: 'GET', path }, call);
  const cart = <T>(method: Exclude<Method, 'GET'>, path: string, json?: unknown, idempotent = false, call?: CallOptions) =>
    send<T>({ method, path, json, jsonHeader: true, idempotent, retry: true }, call);

  return {
    productByHandle: (handle, call) => get(`/api/products/handle/${segment(handle)}`, call),
    filterProducts: (query = {}, call) => get(`/api/products/filter${filterQuery(query)}`, call),
    searchCollections: (query = {}, call) => get(`/api/collections${filterQuery(query)}`, call),
    collectionByIdOrCat: (cat, call) => get(`/api/collections/${segment(cat)}`, call),
    collectionByHandle: (handle, call) => get(`/api/collections/handle/${segment(handle)}`, call),
    featuredProducts: (id, query, call) =>
      get(`/api/collections/${segment(id)}/products/featured${queryString({ limit: query?.limit })}`, call),
    hierarchy: (id, call) => get(`/api/collections/${segment(id)}/hierarchy`, call),
    upperHierarchy: (id, call) => get(`/api/collections/${segment(id)}/upper-hierarchy`, call),
    nav: (query, call) =>
      get(
        `/api/nav${queryString({
          collectionUrlPrefix: query.collectionUrlPrefix,
          imagePlacement: query.imagePlacement,
          depth: query.depth ?? NAV_DEPTH,
        })}`,
        call,
      ),
    vendors: (query = {}, call) => get(`/api/products/vendors/fullDetail${queryString({ ...VENDORS_DEFAULTS, ...definedOnly(query) })}`, call),
    siteReviews: (query = {}, call) => get(`/api/reviews/siteReviews/${queryString({ ...SITE_REVIEWS_DEFAULTS, ...definedOnly(query) })}`, call),
    articles: (query, call) => get(`/api/articles${queryString(articleParams(query))}`, call),
    articleByHandle: (handle, call) => get(`/api/articles/handle/${segment(handle)}`, call),
    articlesByTag: (tag, query, call) => get(`/api/articles/tags/${segment(tag)}${queryString(articleParams(query))}`, call),
    productsByIds: async (ids, call) =>
      ids.length === 0 ? { products: [] } : get(`/api/products/byIds${queryString({ ids: ids.join(',') })}`, call),
    relatedProducts: (id, call) => get(`/api/products/${segment(id)}/related`, call),
    productReviews: (id, query, call) => get(`/api/products/${segment(id)}/reviews${queryString(pageParams(query))}`, call),
    productQuestions: (id, query, call) => get(`/api/products/${segment(id)}/questions${queryString(pageParams(query))}`, call),
    brands: (call) => get('/api/brands', call),
    brandByName: (name, call) => get(`/api/brands/${segment(name)}`, call),
    help: (call) => get('/api/help', call),
    helpByHandle: (handle, call) => get(`/api/help/${segment(handle)}`, call),
    questions: (call) => get('/api/questions', call),
    questionsByTopic: (topicId, query, call) => get(`/api/questions/topics/${segment(topicId)}${queryString(pageParams(query))}`, call),
    questionByDisplayableId: (displayableId, call) => get(`/api/questions/${segment(displayableId)}`, call),
    page: (handle, call) => get(`/api/pages/${segment(handle)}`, call),
    pageById: (id, call) => get(`/api/pages/id/${segment(id)}`, call),
    config: (call) => get('/api/config', call),

    getCheckout: (call) => get('/api/checkouts', call),
    addLineItem: (body, call) => cart('POST', '/api/checkouts/lineItems', body, true, call),
    setLineItemQuantity: (body, call) => cart('PUT', '/api/checkouts/lineItems', body, false, call),
    deleteLineItem: (lineItemId, call) => cart('DELETE', `/api/checkouts/lineItems/${segment(lineItemId)}`, undefined, false, call),
    applyDiscountCode: async (checkoutId, code, call) => {
      requireCheckoutId(checkoutId);
      return cart('POST', `/api/checkouts/${segment(checkoutId)}/discountCodes${queryString({ code })}`, undefined, false, call);
    },
    removeDiscountCode: async (checkoutId, code, call) => {
      requireCheckoutId(checkoutId);
      return cart('DELETE', `/api/checkouts/${segment(checkoutId)}/discountCodes${queryString({ code })}`, undefined, false, call);
    },
    addProductsByHandles: (handles, call) => cart('POST', '/api/checkouts/products', { handles: [...handles] }, true, call),

    addRelatedProductToOrder: (orderId, productId, call) =>
      send(
        { method: 'POST', path: `/api/orders/${segment(orderId)}/relatedProducts/${segment(productId)}`, jsonHeader: true },
        call,
      ),
    orders: (call) => get('/api/orders', call),
    order: (orderId, call) => get(`/api/orders/${segment(orderId)}`, call),

    customer: (call) => get('/api/customer', call),
    user: (call) => get('/api/user', call),
    updateMailingAddress: (id, address, call) =>
      send({ method: 'PUT', path: `/api/mailingAddresses/${segment(id)}`, json: dropEmptyFields(address) }, call),
    deleteMailingAddress: (customerId, id, call) =>
      send({ method: 'DELETE', path: `/api/customer/${segment(customerId)}/mailingAddresses/${segment(id)}` }, call),
    countries: (call) => get('/api/countries/', call),
    states: (countryCode, call) => get(`/api/states${queryString({ page: 0, countryCode })}`, call),
    transactions: (userId, displayableId, call) =>
      get(`/api/user/${segment(userId)}/transactions${queryString({ displayableId: displayableId?.trim() })}`, call),
    paymentMethods: (userId, call) => get(`/api/user/${segment(userId)}/paymentMethods`, call),
    deletePaymentMethod: (userId, paymentMethodId, call) =>
      send({ method: 'DELETE', path: `/api/user/${segment(userId)}/paymentMethods/${segment(paymentMethodId)}` }, call),
    updatePaymentMethod: (userId, paymentMethodId, body, call) =>
      send(
        {
          method: 'PUT',
          path: `/api/user/${segment(userId)}/paymentMethods/${segment(paymentMethodId)}`,
          json: body.isGiftCard === undefined ? { mailingAddressId: body.mailingAddressId } : body,
        },
        call,
      ),
    setRecoveryEmail: (body, call) => send({ method: 'PUT', path: '/api/user/recoveryEmail', json: body }, call),
    verifyRecoveryEmail: (token, call) => send({ method: 'POST', path: '/api/user/recoveryEmail/verify', json: { token } }, call),
    recoveryEmail: (call) => get('/api/user/recoveryEmail', call),

    subscribe: (email, token, call) =>
      send({ method: 'POST', path: `/api/newsletterSubscriptions/subscribe${queryString({ email })}`, json: { token } }, call),

    equipmentList: (query = {}, call) =>
      get(`/api/equipment${queryString({ q: query.q?.trim() || undefined, type: query.type, brand: query.brand?.trim() || undefined, page: query.page, limit: query.limit })}`, call),
    equipmentByHandle: (handle, call) => get(`/api/equipment/handle/${segment(handle)}`, call),
    myEquipment: (call) => get('/api/account/equipment', call),
    saveMyEquipment: (handles, call) => send({ method: 'PUT', path: '/api/account/equipment', json: { handles: [...handles] } }, call),
    removeMyEquipment: (handle, call) => send({ method: 'DELETE', path: `/api/account/equipment/${segment(handle)}` }, call),

    estimateShipping: (body, call) => send({ method: 'POST', path: ESTIMATE_SHIPPING_PATH, json: body }, call),
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
