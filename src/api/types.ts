/**
 * Request and response shapes of every call the storefront makes, shared with
 * the reference server so both sides compile against one contract. Entities come from
 * src/domain/entities.ts; this file only adds the envelopes (`{ checkout }`, `{ products,
 * pageInfo }` ...) and the few content shapes the spec leaves open (help, questions, pages,
 * brands), which are our choice and documented as such.
 *
 * Error answers: the server answers a failure with a JSON {@link ErrorBody}. On a non-ok status
 * the client throws the generic message and keeps `error` as `serverMessage`; on an ok status
 * an `error` field makes the client throw that error. So the success shapes below never list
 * `error`.
 * @module
 */
import type { Equipment, EquipmentSummary, EquipmentType, MatchedPartNumber, ProductFitmentFields } from '../domain/equipment.ts';
import type { ShippingQuote } from '../domain/shipping/quote.ts';
import type {
  Article,
  Checkout,
  Collection,
  Country,
  Customer,
  Hierarchy,
  MailingAddress,
  NavLink,
  PageInfo,
  PaymentMethod,
  Product,
  ProductCardData,
  ProductReview,
  SearchQuery,
  SiteReview,
  State,
  StoreConfig,
  ThemeConfig,
  Transaction,
  User,
  Vendor,
} from '../domain/entities.ts';

// ---------------------------------------------------------------- shared

/** The body of every error answer: one line a screen can show. */
export type ErrorBody = { error: string };

/** The `success, error` answers of the spec; a failure arrives as {@link ErrorBody} instead. */
export type SuccessResponse = { success: boolean };

/** Zero-based paging for the lists that page. Left out when absent; the server picks its default. */
export type PageQuery = { page?: number; limit?: number };

/** The paging block of a content list: the paging half of the search {@link PageInfo}. */
export type ListPageInfo = Pick<PageInfo, 'limitPerPage' | 'totalObjects' | 'totalPages' | 'pages' | 'count'>;

// ---------------------------------------------------------------- catalogue

/**
 * `GET /api/products/handle/{handle}`. An unknown handle is a 404 with {@link ErrorBody}. The
 * fitment fields are optional in the type so other servers fit; the reference server always sends them.
 */
export type ProductResponse = { product: Product & Partial<ProductFitmentFields> };

/**
 * The parameters of `GET /api/products/filter` and `GET /api/collections`: the search query
 * object plus `isFeatured` and a field list.
 *
 * Wire format: written by the domain's `productsFilterQuery` and read by its
 * `parseProductsFilterQuery` (src/domain/urls.ts): the spec's parameter order, `t` repeated as
 * `prefix,value`, prices with two decimals, `fields` one comma-separated list
 * (`fields=title,handle,id`), empty and invalid values left out.
 */
export type FilterQuery<F extends string = string> = SearchQuery & {
  /** Only featured products (the home FEATURED grid). */
  isFeatured?: boolean;
  /** The fields the caller needs (the domain's QUERY_FIELDS holds the three lists in use). Absent: all fields. */
  fields?: readonly F[];
};

/** Product search parameters; `fields` names keys of {@link ProductCardData}. */
export type ProductFilterQuery<F extends keyof ProductCardData = keyof ProductCardData> = FilterQuery<F>;

/** Collection search parameters; `fields` names keys of {@link Collection}. */
export type CollectionFilterQuery<F extends keyof Collection = keyof Collection> = FilterQuery<F>;

/** `GET /api/products/filter`: one page of cards with the page's facets. */
export type ProductsPageResponse<P = ProductCardData> = { products: P[]; pageInfo: PageInfo };

/** `GET /api/collections`: the collections matching a search (the spec reads id, title, handle). */
export type CollectionsResponse<C = Collection> = { collections: C[] };

/**
 * `GET /api/collections/{cat}`: the 'cat' lookup of the search page. `collection` is null (or
 * the answer carries `error`) when nothing matches; the page then stays on the search results.
 */
export type CollectionLookupResponse = { collection: Collection | null };

/** `GET /api/collections/handle/{handle}`. An unknown handle is a 404 with {@link ErrorBody}. */
export type CollectionResponse = { collection: Collection };

/**
 * The product lists without paging: `GET /api/collections/{id}/products/featured`,
 * `GET /api/products/byIds`, `GET /api/products/{id}/related`.
 */
export type ProductsResponse = { products: ProductCardData[] };

/** Parameters of `GET /api/collections/{id}/products/featured`. */
export type FeaturedProductsQuery = { limit?: number };

/** `GET /api/collections/{id}/hierarchy` and `.../upper-hierarchy`. */
export type HierarchyResponse = { hierarchy: Hierarchy };

/**
 * Parameters of `GET /api/nav`; `depth` defaults to 2 (nav depth is 2).
 * The storefront sends all three; the other two are optional so the server's defaults apply
 * when a caller has none.
 */
export type NavQuery = {
  /** The collection path prefix the links are built with (store configuration `collectionPath`). */
  collectionUrlPrefix?: string;
  /** Which collection image the menu shows (theme `imagePlacements.collection.menuImage`). */
  imagePlacement?: string;
  /** @default 2 */
  depth?: number;
};

/** `GET /api/nav`. */
export type NavResponse = { navData: NavLink[] };

/** Sort keys of the vendor list; the footer uses PRODUCT_COUNT. */
export type VendorSortBy = 'PRODUCT_COUNT' | 'NAME';

/** Sort direction words the list calls take. */
export type SortOrder = 'ASC' | 'DESC';

/** Parameters of `GET /api/products/vendors/fullDetail`; the defaults are the footer's. */
export type VendorsQuery = {
  /** @default 0 */
  page?: number;
  /** @default 10 */
  limit?: number;
  /** @default 'PRODUCT_COUNT' */
  sortBy?: VendorSortBy;
  /** @default 'DESC' */
  order?: SortOrder;
};

/** A vendor of the footer's brand list, with the handle of its brand page. */
export type VendorSummary = Vendor & { id: number; handle: string; productCount: number };

/** `GET /api/products/vendors/fullDetail`. */
export type VendorsResponse = { vendors: VendorSummary[] };

/** Parameters of `GET /api/reviews/siteReviews/`. */
export type SiteReviewsQuery = {
  /** @default 6 */
  limit?: number;
  /** @default 0 */
  page?: number;
};

/** `GET /api/reviews/siteReviews/`: one page of reviews and the total count. */
export type SiteReviewsResponse = { siteReviews: SiteReview[]; total: number; pageInfo?: ListPageInfo };

/** Sort keys of the article list. */
export type ArticleSortBy = 'CREATED' | 'TITLE' | 'ID';

/**
 * Parameters of `GET /api/articles`. The spec notes the original built page, limit 10, sortBy
 * CREATED and order DESC but did not send them; we send only what the caller passes, so
 * `articles()` sends nothing and the server's defaults (which must be those four) apply.
 */
export type ArticlesQuery = PageQuery & { sortBy?: ArticleSortBy; order?: SortOrder };

/** `GET /api/articles` and `GET /api/articles/tags/{tag}`. */
export type ArticlesResponse = { articles: Article[]; pageInfo: ListPageInfo };

/** `GET /api/articles/handle/{handle}`. */
export type ArticleResponse = { article: Article };

/** `GET /api/products/{id}/reviews`: one page of reviews, newest first. */
export type ProductReviewsResponse = { reviews: ProductReview[]; pageInfo: ListPageInfo };

/** A brand (the spec names only the vendor `name`; the rest is the reference server's). */
export type Brand = { id: number; name: string; handle: string; description: string | null; logoUrl: string | null };

/** `GET /api/brands`. */
export type BrandsResponse = { brands: Brand[] };

/** `GET /api/brands/{name}`. */
export type BrandResponse = { brand: Brand };

/** An entry of the help index (our choice of shape). */
export type HelpAnswerSummary = { id: number; handle: string; title: string };

/** A help topic with its answers, in display order. */
export type HelpTopic = { id: number; handle: string; title: string; answers: HelpAnswerSummary[] };

/** One help answer (`/help_answer/:handle`). */
export type HelpAnswer = HelpAnswerSummary & { bodyHtml: string; topic: { id: number; handle: string; title: string } };

/** `GET /api/help`. */
export type HelpResponse = { topics: HelpTopic[] };

/** `GET /api/help/{handle}`. */
export type HelpAnswerResponse = { answer: HelpAnswer };

/** A question-and-answer topic, with how many threads it holds. */
export type QuestionTopic = { id: number; handle: string; title: string; description: string | null; threadCount: number };

/**
 * A question thread as topic lists show it. `displayableId` and `handle` build
 * `/questions/:displayableId/:handle`.
 */
export type QuestionThreadSummary = {
  id: number;
  displayableId: string;
  handle: string;
  title: string;
  author: string;
  createdAt: string;
  answerCount: number;
};

/** One answer in a thread; bodies are plain text (the storefront escapes them), staff answers marked. */
export type QuestionAnswer = { id: number; author: string; isStaff: boolean; body: string; createdAt: string };

/** A thread with its question body and answers. */
export type QuestionThread = QuestionThreadSummary & {
  body: string;
  topic: { id: number; handle: string; title: string };
  answers: QuestionAnswer[];
};

/** `GET /api/questions`: the topics. */
export type QuestionsResponse = { topics: QuestionTopic[] };

/** `GET /api/questions/topics/{id}`: a topic and one page of its threads, newest first. */
export type QuestionTopicResponse = { topic: QuestionTopic; threads: QuestionThreadSummary[]; pageInfo?: ListPageInfo };

/** `GET /api/questions/{displayableId}`. */
export type QuestionThreadResponse = { thread: QuestionThread };

/** A question asked on a product page, with its answer once there is one. */
export type ProductQuestion = {
  id: number;
  question: string;
  askedBy: string;
  answer: string | null;
  answeredBy: string | null;
  createdAt: string;
};

/** `GET /api/products/{id}/questions`: the product's Q&A area (anchor q&a). */
export type ProductQuestionsResponse = { questions: ProductQuestion[] };

/** A generic content page (`/:handle`). */
export type Page = {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  seoTitle: string | null;
  seoDescription: string | null;
  /** Where the storefront shows it: `/{handle}` or `/{handle}/{id}.htm`. */
  path: string;
};

/** `GET /api/pages/{handle}` and `GET /api/pages/id/{id}`. */
export type PageResponse = { page: Page };

/**
 * The store configuration as served: the spec's fields, plus the reference server's
 * `expertAssistanceUrl` (the page the search results' 'Click HERE' links to), optional so any
 * server that leaves it out still fits.
 */
export type ServedStoreConfig = StoreConfig & { expertAssistanceUrl?: string };

/** `GET /api/config`: the store and theme configuration the app starts with. */
export type ConfigResponse = { storeConfig: ServedStoreConfig; themeConfig: ThemeConfig };

// ---------------------------------------------------------------- equipment (parts that fit)

// The entities live in the domain (src/domain/equipment.ts, diagram.ts), whose fitment rules
// read them; they are re-exported here under the same names for the server and integrators.
export type {
  Equipment,
  EquipmentPart,
  EquipmentSummary,
  EquipmentType,
  Fitment,
  MatchedPartNumber,
  PartNumber,
  PartNumberKind,
  ProductFitmentFields,
} from '../domain/equipment.ts';
export type { Diagram, DiagramCallout } from '../domain/diagram.ts';

/**
 * `GET /api/products/filter` with a `q`: the page plus the models whose model number or alias
 * matches q (at most 5; present whenever q is non-empty) and the part number q equals, if any.
 */
export type ProductsSearchResponse<P = ProductCardData> = ProductsPageResponse<P> & {
  equipment?: EquipmentSummary[];
  matchedPartNumber?: MatchedPartNumber;
};

/** Parameters of `GET /api/equipment`. */
export type EquipmentListQuery = PageQuery & { q?: string; type?: EquipmentType; brand?: string };

/** `GET /api/equipment`: one page of models and the type and brand counts under the other filters. */
export type EquipmentListResponse = {
  equipment: EquipmentSummary[];
  pageInfo: ListPageInfo;
  facets: {
    /** Counts under q and brand, every type with models, in the EquipmentType order. */
    types: { type: EquipmentType; count: number }[];
    /** Counts under q and type, by brand name. */
    brands: { brand: string; count: number }[];
  };
};

/** `GET /api/equipment/handle/{handle}`. An unknown handle is a 404 with {@link ErrorBody}. */
export type EquipmentResponse = { equipment: Equipment };

/** `GET`, `PUT` and `DELETE /api/account/equipment`: the signed-in customer's saved models, most recent first. */
export type MyEquipmentResponse = { equipment: EquipmentSummary[] };

/** `PUT /api/account/equipment` body: models to add to My equipment (1 to 50 handles; merged). */
export type SaveMyEquipmentRequest = { handles: string[] };

// ---------------------------------------------------------------- cart and checkout

/** One line to add or set: an inventory level and a quantity. */
export type LineItemInput = { inventoryLevelId: number; quantity: number };

/** `POST /api/checkouts/lineItems` body: one line, or several at once. */
export type AddLineItemRequest = LineItemInput | { lineItems: LineItemInput[] };

/** `PUT /api/checkouts/lineItems` body. */
export type SetLineItemQuantityRequest = LineItemInput;

/** `POST /api/checkouts/products` body. */
export type AddProductsByHandlesRequest = { handles: string[] };

/**
 * Every cart answer. `checkout` may be missing or null: the cart then shows
 * "Couldn't update cart.", so the type does not promise it.
 */
export type CheckoutResponse = { checkout?: Checkout | null };

// ---------------------------------------------------------------- orders

/**
 * `POST /api/orders/{orderId}/relatedProducts/{productId}`: the spec reads only `error`, on
 * failure. A 204 gives null.
 */
export type AddToOrderResponse = { success?: boolean } | null;

/** A postal address as an order keeps it (a copy: editing the address book leaves orders alone). Our shape. */
export interface OrderAddress {
  firstName: string;
  lastName: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string | null;
  zip: string;
  phone: string | null;
  countryCode: string;
  stateCode: string | null;
}

/** One line of an order. Our shape. */
export interface OrderLine {
  id: number;
  productId: number;
  inventoryLevelId: number | null;
  title: string;
  sku: string | null;
  productHandle: string;
  imageUrl: string | null;
  quantity: number;
  /** Decimal dollars, like every amount the API carries. */
  unitPrice: number;
  /** Added after placing (POST /api/orders/{orderId}/relatedProducts/{productId}). */
  addedAfterPlacement: boolean;
}

/**
 * A placed order as the reference server answers it. The spec names only the numeric orderId;
 * the rest is our shape. Amounts are decimal dollars.
 */
export interface Order {
  orderId: number;
  checkoutId: string;
  createdAt: string;
  status: string;
  email: string;
  currencyCode: string;
  subtotalPrice: number;
  discountPrice: number;
  shippingPrice: number;
  totalPrice: number;
  discountCodes: string[];
  shippingAddress: OrderAddress;
  /** What a receipt shows of the payment, and the provider's records of it: never a card number. */
  payment: OrderPaymentInfo;
  lines: OrderLine[];
  /** Sales tax charged, in dollars: totalPrice = subtotalPrice − discountPrice + shippingPrice + taxPrice. */
  taxPrice?: number;
  /**
   * The quote the order was charged by (the domain's ShippingQuote, money in cents): its
   * shipments (what ships together, by which service, the arrival range), the tax lines and the
   * totals. Null for an order placed before the store quoted shipping.
   */
  shippingQuote?: ShippingQuote | null;
  /** What has shipped so far, each shipment with its carrier and tracking link (none before the first ships). */
  shipments?: OrderShipment[];
}

/** A shipment of an order: the carrier, the tracking number and its link, when it left and what was in it. */
export interface OrderShipment {
  id: number;
  carrierName: string;
  trackingNumber: string;
  /** The carrier's tracking page for the number; null when the carrier has none the store knows. */
  trackingUrl: string | null;
  shippedAt: string;
  lines: { lineId: number; title: string; quantity: number }[];
}

/** A capture or a refund of an order's payment, by the provider's id. Amounts are decimal dollars. */
export interface OrderMoneyMovement {
  /** The provider's id (Stripe: ch_... for a capture, re_... for a refund); null until the provider answered. */
  id: string | null;
  amount: number;
  /** Refunds: pending, succeeded or failed; a capture is always succeeded. */
  status: string;
  createdAt: string;
}

/** An order's payment: the card as a receipt shows it, and (additive) the provider's records. */
export interface OrderPaymentInfo {
  brand: string;
  last4: string;
  /** The provider that took the money: 'test' or 'stripe'. */
  provider?: string;
  /** The provider's payment id (tp_... for the test provider, Stripe's PaymentIntent pi_...). */
  paymentId?: string;
  /** Money taken under the payment (none while only authorised, as when capture waits for fulfilment). */
  captures?: OrderMoneyMovement[];
  /** Money given back, partial or whole. */
  refunds?: OrderMoneyMovement[];
}

/** `GET /api/orders`: the signed-in customer's orders, newest first (401 when signed out). */
export type OrdersResponse = { orders: Order[] };

/** `GET /api/orders/{orderId}`: one of the customer's orders (404 for anyone else's). */
export type OrderResponse = { order: Order };

// ---------------------------------------------------------------- account

/** `GET /api/customer`: an empty object when signed out. */
export type CustomerResponse = { customer: Customer };

/** `GET /api/user`: `user` is null (or absent) when signed out. */
export type UserResponse = { user?: User | null };

/**
 * `PUT /api/mailingAddresses/{id}` body: the address fields, plus `countryCode` and
 * `stateCode`, and the form's `makeDefault`. The domain's `addressUpdateRequest(values).body`
 * fits it. The client drops empty fields again before sending (empty fields are dropped from the
 * update payload), so a hand-built payload obeys the rule too.
 */
export type MailingAddressUpdate = {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  zip?: string | null;
  phone?: string | null;
  countryCode?: string | null;
  stateCode?: string | null;
  makeDefault?: boolean | null;
};

/**
 * `PUT /api/mailingAddresses/{id}`. No address back means the update did not happen
 * ('Address not updated').
 */
export type MailingAddressResponse = { mailingAddress?: MailingAddress | null };

/** `GET /api/countries/`. */
export type CountriesResponse = { countries: Country[] };

/** `GET /api/states?page=0&countryCode=`. */
export type StatesResponse = { states: State[] };

/** `GET /api/user/{id}/transactions`. */
export type TransactionsResponse = { transactions: Transaction[] };

/**
 * `GET /api/user/{id}/paymentMethods`. `_links.addPaymentMethod.href` is where the add popup
 * goes; without it the wallet says 'Cannot add payment method. Missing target URL'.
 */
export type PaymentMethodsResponse = {
  paymentMethods: PaymentMethod[];
  _links?: { addPaymentMethod?: { href: string } | null } | null;
};

/** `PUT /api/user/{id}/paymentMethods/{paymentMethodId}` body. */
export type UpdatePaymentMethodRequest = { mailingAddressId: number; isGiftCard?: boolean };

/** `PUT /api/user/recoveryEmail` body; `token` is the captcha token. */
export type SetRecoveryEmailRequest = { token: string; recoveryEmail: string };

/** `POST /api/user/recoveryEmail/verify` body; `token` is the captcha token. */
export type VerifyRecoveryEmailRequest = { token: string };

/** `GET /api/user/recoveryEmail`. */
export type RecoveryEmailResponse = { recoveryEmail: string | null };

// ---------------------------------------------------------------- newsletter

/** `POST /api/newsletterSubscriptions/subscribe?email=` body: the captcha token. */
export type NewsletterSubscribeRequest = { token: string };
