/**
 * The back office's reads (keys and calls) over the read cache, and the keys its writes refresh.
 * @module
 */
import type {
  AdminClient, AdminLiveVisitors, AdminMail, AdminOrder, AdminOrderPage, AdminOrderQuery, AdminOrderSummary, AdminProductQuery, AdminProductSummary, AdminSession,
} from '../../api/admin-client.ts';
import type { AdminProductDetail, AdminProductPage } from '../../api/admin-products.ts';
import { LOW_STOCK_THRESHOLD, lowestStockFirst, oldestFirst, ordersSummary } from '../../domain/admin-orders.ts';
import type { Read } from '../query/index.ts';

/** The keys of the back office's reads (prefixes invalidate every read under them). */
export const ADMIN_KEYS = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  orders: ['admin', 'orders'] as const,
  order: (id: number) => ['admin', 'order', id] as const,
  dashboard: ['admin', 'dashboard'] as const,
  products: ['admin', 'products'] as const,
  product: (id: number) => ['admin', 'product', id] as const,
};

/** The signed-in operator, or null when there is none (401). */
export function meRead(client: AdminClient): Read<AdminSession | null> {
  return {
    key: ADMIN_KEYS.me,
    fetch: async (signal) => {
      try {
        return await client.me({ signal });
      } catch (error) {
        if ((error as { status?: unknown }).status === 401) return null;
        throw error;
      }
    },
  };
}

/** A page of the order list. */
export function ordersRead(client: AdminClient, query: AdminOrderQuery): Read<AdminOrderPage> {
  return { key: [...ADMIN_KEYS.orders, query], fetch: (signal) => client.orders(query, { signal }) };
}

/** One order. */
export function orderRead(client: AdminClient, id: number): Read<AdminOrder> {
  return { key: ADMIN_KEYS.order(id), fetch: async (signal) => (await client.order(id, { signal })).order };
}

/** A page of the product list. */
export function productsRead(client: AdminClient, query: AdminProductQuery): Read<AdminProductPage> {
  return { key: [...ADMIN_KEYS.products, query], fetch: (signal) => client.products(query, { signal }) };
}

/** One product for editing. */
export function productRead(client: AdminClient, id: number): Read<AdminProductDetail> {
  return { key: ADMIN_KEYS.product(id), fetch: async (signal) => (await client.product(id, { signal })).product };
}

/** What the dashboard shows. */
export interface AdminDashboard {
  today: { count: number; revenueCents: number; currency: string };
  /** Open orders not shipped in full, oldest first (at most {@link DASHBOARD_LIST}). */
  waiting: AdminOrderSummary[];
  /** Whether more orders wait than are listed. */
  moreWaiting: boolean;
  /** The failed mails (at most {@link DASHBOARD_LIST}), or null when the role may not read the mail. */
  failedMail: AdminMail[] | null;
  /** The live-visitors figure, or null when the operator's role may not read it. */
  live: AdminLiveVisitors | null;
  /** Products at or under the low-stock threshold, fewest units first (at most {@link DASHBOARD_LIST}), or null when the role may not read the catalogue. */
  lowStock: AdminProductSummary[] | null;
}

/** How many orders and mails the dashboard lists. @default 10 */
export const DASHBOARD_LIST = 10;
/** Pages of 200 the dashboard reads at most per sum. @default 10 */
const DASHBOARD_PAGES = 10;

/** Every order of a query, newest first, up to DASHBOARD_PAGES pages. */
async function allOrders(client: AdminClient, query: AdminOrderQuery, signal: AbortSignal): Promise<{ orders: AdminOrderSummary[]; complete: boolean }> {
  const orders: AdminOrderSummary[] = [];
  let before: string | undefined;
  for (let page = 0; page < DASHBOARD_PAGES; page += 1) {
    const answer = await client.orders({ ...query, limit: 200, ...(before ? { before } : {}) }, { signal });
    orders.push(...answer.orders);
    if (answer.nextBefore === null) return { orders, complete: true };
    before = answer.nextBefore;
  }
  return { orders, complete: false };
}

/**
 * The dashboard: today's orders and revenue (from `since`, the start of the viewer's day), the
 * orders waiting to ship oldest first, the failed mails, the live visitors and the products low
 * in stock (of the newest 200 at or under the threshold, the fewest units first). A figure the
 * operator's role may not read (403) is left out, not an error of the whole page.
 */
export function dashboardRead(client: AdminClient, since: string): Read<AdminDashboard> {
  return {
    key: [...ADMIN_KEYS.dashboard, since],
    fetch: async (signal) => {
      const forbidden = <T,>(fallback: T) => (error: unknown): T => {
        if ((error as { status?: unknown }).status === 403) return fallback;
        throw error;
      };
      const [today, unfulfilled, partial, mail, live, low] = await Promise.all([
        allOrders(client, { from: since }, signal),
        allOrders(client, { status: 'open', fulfilment: 'unfulfilled' }, signal),
        allOrders(client, { status: 'open', fulfilment: 'partially_fulfilled' }, signal),
        client.mail({ status: 'failed', limit: DASHBOARD_LIST }, { signal }).catch(forbidden(null)),
        client.liveVisitors({ signal }).catch(forbidden(null)),
        client.products({ lowStock: LOW_STOCK_THRESHOLD, limit: 200 }, { signal }).catch(forbidden(null)),
      ]);
      const waiting = oldestFirst([...unfulfilled.orders, ...partial.orders]);
      return {
        today: { ...ordersSummary(today.orders), currency: today.orders[0]?.currency ?? 'USD' },
        waiting: waiting.slice(0, DASHBOARD_LIST),
        moreWaiting: waiting.length > DASHBOARD_LIST || !unfulfilled.complete || !partial.complete,
        failedMail: mail === null ? null : mail.mail,
        live,
        lowStock: low === null ? null : lowestStockFirst(low.products).slice(0, DASHBOARD_LIST),
      };
    },
  };
}
