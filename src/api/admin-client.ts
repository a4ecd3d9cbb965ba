/**
 * The back office's calls (the operators' API under `/api/admin`, src/server/modules/admin,
 * orders-admin, mail-admin, realtime):
 *
 * | function | call | answer |
 * |---|---|---|
 * | `signIn` | POST /api/admin/session {email, password, code?} | { operator, csrfToken } + the operator's cookie |
 * | `signOut` | DELETE /api/admin/session | { success } |
 * | `me` | GET /api/admin/me | { operator, csrfToken } |
 * | `setPassword` | POST /api/admin/password {token, password} | { success } |
 * | `orders` | GET /api/admin/orders?status&payment&fulfilment&from&to&q&before&limit | { orders, nextBefore } |
 * | `order` | GET /api/admin/orders/{id} | { order } |
 * | `fulfil` | POST /api/admin/orders/{id}/fulfilments (Idempotency-Key) | { fulfilment, order, warnings } |
 * | `cancel` | POST /api/admin/orders/{id}/cancel {reason} | { order, warnings } |
 * | `refund` | POST /api/admin/orders/{id}/refunds (Idempotency-Key) | { refund, order, warnings } |
 * | `mail` | GET /api/admin/mail?status&limit | { mail, nextBefore } |
 * | `liveVisitors` | GET /api/admin/live-visitors | { liveVisitors, visitsLastHour, pages } |
 * | `products` | GET /api/admin/products?q&lowStock&indexed&noImage&before&limit | { products, nextBefore } |
 * | `product` | GET /api/admin/products/{id} | { product } |
 * | `updateProduct` | PATCH /api/admin/products/{id} | { product } (409: stock changed meanwhile) |
 * | `addProductImage` | POST /api/admin/products/{id}/images | { product } (the file as the body) |
 * | `bulkEditProducts` | POST /api/admin/products/bulk-edit | { matched, changed, dryRun, sample } |
 *
 * The client keeps the session's CSRF token from the answers of `signIn` and `me` (or as given to
 * `setCsrfToken`: a page rendered on the server carries the answer of `me`) and sends it in
 * `X-CSRF-Token` with every write (the operator's cookie alone is ambient; the server refuses a
 * session's write without it). Calls are sent once, never retried: an operator's write is never
 * replayed behind their back (a fulfilment or refund carries an Idempotency-Key, so the operator's
 * own second try finds what the first did). Every function rejects with an `ApiError` whose
 * `serverMessage` is the server's `{ error }`.
 * @module
 */
import ky, { type KyInstance } from 'ky';
import type { CallOptions, ClientOptions, FetchLike } from './client.ts';
import { DEFAULT_TIMEOUT_MS } from './client.ts';
import { readResponse } from './response.ts';
import { NO_RETRY, toCallError } from './retry.ts';
import type { AdminBulkEditAnswer, AdminProductDetail, BulkEditBody, ProductPatch } from './admin-products.ts';
import type {
  AdminAuditEntry, AdminAuditQuery, AdminCustomer, AdminCustomerSummary, AdminDiscount, AdminDiscountBody, AdminDiscountPatch, AdminDiscountQuery,
  AdminOrderWithReturns, AdminReturn, AdminReturnBody,
} from './admin-office.ts';

/** An operator's role. */
export type AdminRole = 'owner' | 'staff' | 'fulfilment';

/** An operator as the API answers it. */
export interface AdminOperator {
  id: number;
  email: string;
  name: string;
  role: AdminRole;
  totpEnabled: boolean;
  hasPassword: boolean;
  disabled: boolean;
  createdAt: string;
}

/** The answer of a sign-in and of `me`. */
export interface AdminSession {
  operator: AdminOperator;
  csrfToken: string;
}

/** The order list's filters (every one optional; `before` is the previous page's `nextBefore`). */
export interface AdminOrderQuery {
  status?: 'open' | 'cancelled';
  payment?: 'authorised' | 'paid' | 'partially_refunded' | 'refunded' | 'voided';
  fulfilment?: 'unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'partially_returned' | 'returned';
  /** Placed at or after (YYYY-MM-DD or an ISO date-time). */
  from?: string;
  /** Placed before (YYYY-MM-DD: before the end of that day). */
  to?: string;
  /** An order number, part of an email or a name, or a SKU. */
  q?: string;
  before?: string;
  /** @default 50 (at most 200) */
  limit?: number;
}

/** One order of the list. */
export interface AdminOrderSummary {
  id: number;
  createdAt: string;
  email: string;
  name: string;
  units: number;
  totalCents: number;
  currency: string;
  status: string;
  state: string;
  paymentStatus: string;
  fulfilmentStatus: string;
}

/** A page of the order list. */
export interface AdminOrderPage {
  orders: AdminOrderSummary[];
  nextBefore: string | null;
}

/** Who did something to an order. */
export interface AdminActor {
  kind: string;
  id: number | null;
  name: string | null;
}

/** A line of an order with what happened to its units. */
export interface AdminOrderLine {
  id: number;
  productId: number;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  productHandle: string;
  imageUrl: string | null;
  quantity: number;
  unitCents: number;
  fulfilled: number;
  returning: number;
  returned: number;
  refunded: number;
  restocked: number;
  shipClass: string;
  notReturnableOnceOpened: boolean;
  location: string | null;
  bin: string | null;
}

/** Units of a line in a fulfilment, refund or return. */
export interface AdminLineAmount {
  lineId: number;
  quantity: number;
  amountCents?: number;
}

/** A shipment. */
export interface AdminFulfilment {
  id: number;
  carrier: string;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: string;
  by: AdminActor;
  lines: AdminLineAmount[];
}

/** A refund. */
export interface AdminRefund {
  id: number;
  kind: string;
  amountCents: number;
  reason: string | null;
  status: string;
  failure: string | null;
  createdAt: string;
  by: AdminActor;
  lines: AdminLineAmount[];
}

/** One event of an order's timeline. */
export interface AdminTimelineEvent {
  at: string;
  kind: string;
  text: string;
  by: AdminActor | null;
}

/** One order with what the back office shows of it. */
export interface AdminOrder {
  id: number;
  createdAt: string;
  email: string;
  customerId: number | null;
  status: string;
  state: string;
  paymentStatus: string;
  fulfilmentStatus: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  discountCodes: string[];
  shippingAddress: Record<string, unknown> | null;
  capturedCents: number;
  refundedCents: number;
  refundableCents: number;
  lines: AdminOrderLine[];
  fulfilments: AdminFulfilment[];
  refunds: AdminRefund[];
  timeline: AdminTimelineEvent[];
}

/** The carriers the API knows (others go as 'other' with a name). */
export type AdminCarrier = 'ups' | 'usps' | 'fedex' | 'dhl' | 'other';

/** POST .../fulfilments. */
export interface AdminFulfilBody {
  carrier: AdminCarrier;
  carrierName?: string;
  trackingNumber: string;
  trackingUrl?: string;
  /** The units to ship; every unit not shipped yet when absent. */
  lines?: { lineId: number; quantity: number }[];
  /** @default true */
  notify?: boolean;
}

/** POST .../refunds: lines or an amount (cents). */
export interface AdminRefundBody {
  lines?: { lineId: number; quantity: number }[];
  amountCents?: number;
  reason?: string;
}

/** What a write answers: the order as it is now, and what went wrong after the write itself. */
export interface AdminWriteAnswer {
  order: AdminOrder;
  warnings: string[];
}

/** One mail of the outbox. */
export interface AdminMail {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: 'pending' | 'retrying' | 'failed' | 'sent';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** The live-visitors figure. */
export interface AdminLiveVisitors {
  liveVisitors: number;
  visitsLastHour: number;
}

/** A product of the operators' product list. */
export interface AdminProductSummary {
  id: number;
  handle: string;
  title: string;
  sku: string | null;
  vendor: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  callForPrice: boolean;
  /** Shown to search engines, the sitemap and the feeds. */
  isIndexed: boolean;
  isFeatured: boolean;
  stock: number;
  /** The fewest units of its levels for sale, or null when none is counted. */
  lowestStock: number | null;
  imageUrl: string | null;
  variantCount: number;
}

/** The product list's filters. */
export interface AdminProductQuery {
  q?: string;
  /** Only products with a level for sale holding this many units or fewer. */
  lowStock?: number;
  /** Only products shown to search engines (true) or kept out of them (false). */
  indexed?: boolean;
  /** Only products without a picture (true) or with one (false). */
  noImage?: boolean;
  before?: number;
  /** @default the server's (at most 200) */
  limit?: number;
}

/** A write's options: the call's signal and the Idempotency-Key of one operator action. */
export interface AdminWriteOptions extends CallOptions {
  /** One key per operator action, the same for its second try. @default a new random key */
  idempotencyKey?: string;
}

/** The back office's calls. */
export interface AdminClient {
  signIn(body: { email: string; password: string; code?: string }, call?: CallOptions): Promise<AdminSession>;
  signOut(call?: CallOptions): Promise<{ success: boolean }>;
  me(call?: CallOptions): Promise<AdminSession>;
  setPassword(body: { token: string; password: string }, call?: CallOptions): Promise<{ success: boolean }>;
  orders(query: AdminOrderQuery, call?: CallOptions): Promise<AdminOrderPage>;
  order(id: number, call?: CallOptions): Promise<{ order: AdminOrder }>;
  fulfil(id: number, body: AdminFulfilBody, call?: AdminWriteOptions): Promise<AdminWriteAnswer & { fulfilment: AdminFulfilment }>;
  cancel(id: number, body: { reason: string }, call?: CallOptions): Promise<AdminWriteAnswer>;
  refund(id: number, body: AdminRefundBody, call?: AdminWriteOptions): Promise<AdminWriteAnswer & { refund: AdminRefund }>;
  mail(query: { status?: AdminMail['status']; limit?: number }, call?: CallOptions): Promise<{ mail: AdminMail[]; nextBefore: number | null }>;
  liveVisitors(call?: CallOptions): Promise<AdminLiveVisitors>;
  products(query: AdminProductQuery, call?: CallOptions): Promise<{ products: AdminProductSummary[]; nextBefore: number | null }>;
  /** A product for editing, with its variants, stock levels, pictures and tags. */
  product(id: number, call?: CallOptions): Promise<{ product: AdminProductDetail }>;
  /** Edits a product (409 when a level's expectedQuantity is not what it holds now). */
  updateProduct(id: number, body: ProductPatch, call?: CallOptions): Promise<{ product: AdminProductDetail }>;
  /** Adds a picture to a product (the file as the body; owner, staff): the product as it is now. */
  addProductImage(id: number, file: Blob, meta: { altText?: string | null; fileName?: string }, call?: CallOptions): Promise<{ product: AdminProductDetail }>;
  /** Bulk edit of a filtered set: a preview with `dryRun`, then the change with the preview's `expectedCount`. */
  bulkEditProducts(body: BulkEditBody, call?: CallOptions): Promise<AdminBulkEditAnswer>;
  /** The CSRF token the client sends with writes (null before a sign-in or `me`). */
  csrfToken(): string | null;
  /** Takes the session's CSRF token from elsewhere (a page rendered on the server carries the answer of `me`). */
  setCsrfToken(token: string | null): void;
  /** Orders and revenue per day of the last `days` days and the `days` before, in a time zone (GET /api/admin/reports/sales?days&tz; owner, staff). */
  sales(query: { days?: number; tz?: string }, call?: CallOptions): Promise<import('../domain/admin-reports.ts').SalesReport>;
  /** Authorise the return of shipped lines (the store's return rules answer 409). */
  authoriseReturn(id: number, body: AdminReturnBody, call?: AdminWriteOptions): Promise<{ return: AdminReturn; order: AdminOrderWithReturns; warnings: string[] }>;
  /** Receive a return: restock or not, and refund it less the restocking fee. */
  receiveReturn(id: number, returnId: number, body: { restock: boolean; refund?: boolean }, call?: CallOptions): Promise<{ order: AdminOrderWithReturns; warnings: string[] }>;
  /** Add a note to the order's timeline. */
  addNote(id: number, body: { body: string }, call?: CallOptions): Promise<{ order: AdminOrderWithReturns; warnings: string[] }>;
  discounts(query: AdminDiscountQuery, call?: CallOptions): Promise<{ discounts: AdminDiscount[]; nextAfter: string | null }>;
  createDiscount(body: AdminDiscountBody, call?: CallOptions): Promise<{ discount: AdminDiscount }>;
  /** Pause, resume or expire a code, and/or change its fields. */
  updateDiscount(code: string, body: AdminDiscountPatch, call?: CallOptions): Promise<{ discount: AdminDiscount }>;
  customers(query: { q?: string; before?: number; limit?: number }, call?: CallOptions): Promise<{ customers: AdminCustomerSummary[]; nextBefore: number | null }>;
  customer(id: number, call?: CallOptions): Promise<{ customer: AdminCustomer }>;
  /** Send the customer the storefront's password-reset mail. */
  customerPasswordReset(id: number, call?: CallOptions): Promise<{ success: boolean; email: string }>;
  /** The audit log, newest first (owners). */
  audit(query: AdminAuditQuery, call?: CallOptions): Promise<{ entries: AdminAuditEntry[]; nextBefore: number | null }>;
  /** Every operator (owners): the audit log's operator filter. */
  operators(call?: CallOptions): Promise<{ operators: AdminOperator[] }>;
  /** Uploads a catalogue file (multipart, with its pictures) and queues its import (owner, staff): the job's id. */
  startImport(upload: import('./admin-imports.ts').AdminImportUpload, call?: CallOptions): Promise<import('./admin-imports.ts').AdminImportStarted>;
  /** An import's progress, then its report or its error. */
  importJob(id: string, call?: CallOptions): Promise<import('./admin-imports.ts').AdminImportJob>;
  /** Invites an operator (owners): answers their one-time set-password link. */
  createOperator(body: import('./admin-imports.ts').AdminOperatorBody, call?: CallOptions): Promise<import('./admin-imports.ts').AdminOperatorInvited>;
  /** Renames an operator, changes their role, disables or enables them (owners). */
  updateOperator(id: number, body: import('./admin-imports.ts').AdminOperatorPatch, call?: CallOptions): Promise<{ operator: AdminOperator }>;
  /** Removes an operator (owners; never the last owner). */
  removeOperator(id: number, call?: CallOptions): Promise<{ success: boolean }>;
  /** A new one-time set-password link for an operator (owners). */
  operatorPasswordLink(id: number, call?: CallOptions): Promise<{ link: string }>;
  /** Every API token, never its value (owners). */
  tokens(call?: CallOptions): Promise<{ tokens: import('./admin-imports.ts').AdminApiToken[] }>;
  /** Creates a scoped API token (owners): its value is answered this once. */
  createToken(body: { name: string; scopes: import('./admin-imports.ts').AdminTokenScope[] }, call?: CallOptions): Promise<import('./admin-imports.ts').AdminTokenCreated>;
  /** Revokes an API token (owners). */
  revokeToken(id: number, call?: CallOptions): Promise<{ apiToken: import('./admin-imports.ts').AdminApiToken }>;
}

/** Options of {@link createAdminClient}: those of `createClient` that apply to calls sent once. */
export type AdminClientOptions = Pick<ClientOptions, 'baseUrl' | 'fetch' | 'headers' | 'hooks' | 'credentials' | 'timeout' | 'idempotencyKey'>;

/** The query string of a call (undefined and '' left out). */
export function adminQueryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function randomKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Creates the back office's client.
 * @example
 * const admin = createAdminClient({ baseUrl: '' });
 * await admin.signIn({ email, password });
 * const { orders } = await admin.orders({ fulfilment: 'unfulfilled' });
 */
export function createAdminClient(options: AdminClientOptions): AdminClient {
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
  const base = options.baseUrl.replace(/\/+$/, '');
  const newKey = options.idempotencyKey ?? randomKey;
  let csrf: string | null = null;

  async function send<T>(method: string, path: string, json: unknown, call: AdminWriteOptions | undefined, key?: string): Promise<T> {
    try {
      const headers = new Headers(options.headers);
      headers.set('Accept', 'application/json');
      if (json !== undefined) headers.set('Content-Type', 'application/json');
      if (method !== 'GET' && csrf !== null) headers.set('X-CSRF-Token', csrf);
      if (key !== undefined) headers.set('Idempotency-Key', key);
      const response = await http(base + path, {
        method,
        headers,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
        retry: NO_RETRY,
        signal: call?.signal,
      });
      return (await readResponse(response)) as T;
    } catch (error) {
      throw toCallError(error);
    }
  }

  const keepToken = (session: AdminSession): AdminSession => {
    csrf = session.csrfToken;
    return session;
  };

  return {
    signIn: async (body, call) => keepToken(await send<AdminSession>('POST', '/api/admin/session', body, call)),
    signOut: async (call) => {
      const answer = await send<{ success: boolean }>('DELETE', '/api/admin/session', undefined, call);
      csrf = null;
      return answer;
    },
    me: async (call) => keepToken(await send<AdminSession>('GET', '/api/admin/me', undefined, call)),
    setPassword: (body, call) => send('POST', '/api/admin/password', body, call),
    orders: (query, call) => send('GET', `/api/admin/orders${adminQueryString({ ...query })}`, undefined, call),
    order: (id, call) => send('GET', `/api/admin/orders/${encodeURIComponent(String(id))}`, undefined, call),
    fulfil: (id, body, call) => send('POST', `/api/admin/orders/${encodeURIComponent(String(id))}/fulfilments`, body, call, call?.idempotencyKey ?? newKey()),
    cancel: (id, body, call) => send('POST', `/api/admin/orders/${encodeURIComponent(String(id))}/cancel`, body, call),
    refund: (id, body, call) => send('POST', `/api/admin/orders/${encodeURIComponent(String(id))}/refunds`, body, call, call?.idempotencyKey ?? newKey()),
    mail: (query, call) => send('GET', `/api/admin/mail${adminQueryString({ ...query })}`, undefined, call),
    liveVisitors: (call) => send('GET', '/api/admin/live-visitors', undefined, call),
    products: (query, call) => send('GET', `/api/admin/products${adminQueryString({ ...query, indexed: query.indexed === undefined ? undefined : String(query.indexed), noImage: query.noImage === undefined ? undefined : String(query.noImage) })}`, undefined, call),
    product: (id, call) => send('GET', `/api/admin/products/${encodeURIComponent(String(id))}`, undefined, call),
    updateProduct: (id, body, call) => send('PATCH', `/api/admin/products/${encodeURIComponent(String(id))}`, body, call),
    bulkEditProducts: (body, call) => send('POST', '/api/admin/products/bulk-edit', body, call),
    addProductImage: async (id, file, meta, call) => {
      // the file itself is the body, with its own type; it may take longer than a call's timeout to send
      try {
        const headers = new Headers(options.headers);
        headers.set('Accept', 'application/json');
        headers.set('Content-Type', file.type);
        if (csrf !== null) headers.set('X-CSRF-Token', csrf);
        const query = adminQueryString({ altText: meta.altText ?? undefined, fileName: meta.fileName });
        const response = await http(`${base}/api/admin/products/${encodeURIComponent(String(id))}/images${query}`, { method: 'POST', headers, body: file, retry: NO_RETRY, timeout: false, signal: call?.signal });
        return (await readResponse(response)) as { product: AdminProductDetail };
      } catch (error) {
        throw toCallError(error);
      }
    },
    csrfToken: () => csrf,
    setCsrfToken: (token) => {
      csrf = token;
    },
    sales: (query, call) => send('GET', `/api/admin/reports/sales${adminQueryString({ ...query })}`, undefined, call),
    authoriseReturn: (id, body, call) => send('POST', `/api/admin/orders/${encodeURIComponent(String(id))}/returns`, body, call, call?.idempotencyKey ?? newKey()),
    receiveReturn: (id, returnId, body, call) => send('POST', `/api/admin/orders/${encodeURIComponent(String(id))}/returns/${encodeURIComponent(String(returnId))}/receive`, body, call),
    addNote: (id, body, call) => send('POST', `/api/admin/orders/${encodeURIComponent(String(id))}/notes`, body, call),
    discounts: (query, call) => send('GET', `/api/admin/discounts${adminQueryString({ ...query })}`, undefined, call),
    createDiscount: (body, call) => send('POST', '/api/admin/discounts', body, call),
    updateDiscount: (code, body, call) => send('PATCH', `/api/admin/discounts/${encodeURIComponent(code)}`, body, call),
    customers: (query, call) => send('GET', `/api/admin/customers${adminQueryString({ ...query })}`, undefined, call),
    customer: (id, call) => send('GET', `/api/admin/customers/${encodeURIComponent(String(id))}`, undefined, call),
    customerPasswordReset: (id, call) => send('POST', `/api/admin/customers/${encodeURIComponent(String(id))}/password-reset`, undefined, call),
    audit: (query, call) => send('GET', `/api/admin/audit${adminQueryString({ ...query })}`, undefined, call),
    operators: (call) => send('GET', '/api/admin/operators', undefined, call),
    startImport: async (upload, call) => {
      // multipart: the browser writes the boundary, so no Content-Type of ours; the file may take
      // longer than a call's timeout to send
      try {
        const form = new FormData();
        form.set('format', upload.format);
        form.set('dryRun', upload.dryRun === true ? 'true' : 'false');
        form.set('file', upload.file, upload.file.name ?? 'catalogue');
        if (upload.categories) form.set('categories', upload.categories, upload.categories.name ?? 'categories.csv');
        for (const picture of upload.images ?? []) form.append('images', picture, picture.name ?? 'picture');
        const headers = new Headers(options.headers);
        headers.set('Accept', 'application/json');
        if (csrf !== null) headers.set('X-CSRF-Token', csrf);
        const response = await http(`${base}/api/admin/imports`, { method: 'POST', headers, body: form, retry: NO_RETRY, timeout: false, signal: call?.signal });
        return (await readResponse(response)) as import('./admin-imports.ts').AdminImportStarted;
      } catch (error) {
        throw toCallError(error);
      }
    },
    importJob: (id, call) => send('GET', `/api/admin/imports/${encodeURIComponent(id)}`, undefined, call),
    createOperator: (body, call) => send('POST', '/api/admin/operators', body, call),
    updateOperator: (id, body, call) => send('PATCH', `/api/admin/operators/${encodeURIComponent(String(id))}`, body, call),
    removeOperator: (id, call) => send('DELETE', `/api/admin/operators/${encodeURIComponent(String(id))}`, undefined, call),
    operatorPasswordLink: (id, call) => send('POST', `/api/admin/operators/${encodeURIComponent(String(id))}/password-link`, undefined, call),
    tokens: (call) => send('GET', '/api/admin/tokens', undefined, call),
    createToken: (body, call) => send('POST', '/api/admin/tokens', body, call),
    revokeToken: (id, call) => send('DELETE', `/api/admin/tokens/${encodeURIComponent(String(id))}`, undefined, call),
  };
}
