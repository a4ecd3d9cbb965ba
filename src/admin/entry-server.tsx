/**
 * The back office's server entry (built by `vite build --config vite.admin.config.ts --ssr
 * src/admin/entry-server.tsx` into dist/server/admin-entry.js; src/server/modules/admin/app.ts renders
 * every /admin page with it). The reads the page at the URL shows (the session, an order list's
 * page, an order) are asked first through the store's own API with the operator's cookie (the
 * `fetch` the server gives), into a cache of this request only; the app then renders from that
 * cache and the cache is dehydrated into the page, so the browser hydrates without asking again.
 * The dashboard's figures are asked by the browser (they count from the viewer's own midnight).
 * @module
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchPath } from 'react-router-dom';
import { createAdminClient, type AdminClient, type AdminRole } from '../api/admin-client.ts';
import type { FetchLike } from '../api/client.ts';
import { parseOrderFilters } from '../domain/admin-orders.ts';
import { AdminProvider } from '../hooks/admin/AdminProvider.tsx';
import { meRead, orderRead, ordersRead, productRead, productsRead } from '../hooks/admin/reads.ts';
import { parseProductFilters } from '../domain/admin-products.ts';
import { PRODUCTS_PAGE_SIZE } from './pages/ProductsPage.tsx';
import { fetchRead, type Read } from '../hooks/query/index.ts';
import { createQueryClient, dehydrateCache } from '../hooks/query/server.ts';
import { AdminApp } from './App.tsx';
import { HydratedMark } from './HydratedMark.tsx';
import { officePageReads } from './office-page-reads.ts';
import { ORDERS_PAGE_SIZE } from './pages/OrdersPage.tsx';

/** What the server gets back: the app's HTML and the cache to put in the page. */
export interface AdminRender {
  html: string;
  data: unknown;
}

/** The reads of the signed-in page at `pathname` (under /admin) and `search` for an operator of `role`. */
function pageReads(client: AdminClient, pathname: string, search: string, role: AdminRole): Read<unknown>[] {
  const path = pathname.replace(/^\/admin/, '') || '/';
  if (matchPath('/orders', path)) return [ordersRead(client, { ...parseOrderFilters(search), limit: ORDERS_PAGE_SIZE })];
  const order = matchPath('/orders/:id', path);
  const id = Number(order?.params.id);
  if (order && Number.isInteger(id) && id > 0) return [orderRead(client, id)];
  if (matchPath('/products', path)) return [productsRead(client, { ...parseProductFilters(search), limit: PRODUCTS_PAGE_SIZE })];
  const product = matchPath('/products/:id', path);
  const productId = Number(product?.params.id);
  if (product && Number.isInteger(productId) && productId > 0) return [productRead(client, productId)];
  return officePageReads(client, path, search, role);
}

/**
 * Renders the back office's page at `url` (path and query, under /admin).
 * @example const { html, data } = await renderAdminPage('/admin/orders?q=ann', fetchAsOperator);
 */
export async function renderAdminPage(url: string, fetch: FetchLike): Promise<AdminRender> {
  const client = createAdminClient({ baseUrl: 'http://admin.internal', fetch });
  const queryClient = createQueryClient();
  const { pathname, search } = new URL(url, 'http://admin.internal');
  const me = meRead(client);
  const session = await fetchRead(queryClient, me).catch(() => {
    // the store could not tell (not a 401): the browser asks again, so both render it pending
    queryClient.removeQueries({ queryKey: me.key });
    return null;
  });
  if (session && pathname !== '/admin/set-password') {
    const reads = pageReads(client, pathname, search, session.operator.role);
    const results = await Promise.allSettled(reads.map((read) => fetchRead(queryClient, read)));
    // a failed read is left to the browser (it asks again), so both render it pending
    results.forEach((result, i) => {
      if (result.status === 'rejected') queryClient.removeQueries({ queryKey: reads[i]!.key });
    });
  }
  // the same tree as main.tsx hydrates
  const html = renderToString(
    <StrictMode>
      <AdminProvider client={client} queryClient={queryClient}>
        <StaticRouter location={url} basename="/admin">
          <AdminApp />
          <HydratedMark />
        </StaticRouter>
      </AdminProvider>
    </StrictMode>,
  );
  return { html, data: dehydrateCache(queryClient) };
}
