/**
 * The storefront's route table, with the configured collectionPath, productPath and
 * articlePath, and route-level code splitting: each page is its own chunk (React.lazy), loaded
 * within CHUNK_LOAD_TIMEOUT_MS. Every route of the table has its page (PAGE_LOADERS); any other
 * path renders the not-found page.
 * @module
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { StoreConfig } from '../domain/entities.ts';
import { CHUNK_LOAD_TIMEOUT_MS, chunkLoadFailedMessage } from '../domain/shell.ts';

/** The pages of the route table. */
export type PageKey =
  | 'home'
  | 'collections'
  | 'vendors'
  | 'collection'
  | 'product'
  | 'search'
  | 'cart'
  | 'account'
  | 'orders'
  | 'addresses'
  | 'wallet'
  | 'recoveryEmail'
  | 'auth'
  | 'confirmSubscription'
  | 'help'
  | 'questions'
  | 'brands'
  | 'articles'
  | 'indexes'
  | 'generic'
  | 'equipment'
  | 'equipmentModel'
  | 'notFound';

/**
 * Names of the path parameters the pages read with `useParams`: `handle` (collection, product,
 * generic page), `tagFilter` (collection), `collectionHandle` (product under a collection, for
 * breadcrumbs).
 */
export const ROUTE_PARAMS = { handle: 'handle', tagFilter: 'tagFilter', collectionHandle: 'collectionHandle' } as const;

/** One row of the table. */
export interface RouteEntry {
  path: string;
  page: PageKey;
}

/** A configured prefix as '/x' without trailing slashes; '' for the site root. */
function prefix(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * The route table for a store configuration. Choice: a root prefix ('' or '/') for
 * collections or products would swallow the generic '/:handle' page, so such a store gets the
 * collection and product routes first and no generic page; our seed uses '/collections',
 * '/products' and '/articles'. The table's '/:handle/:id.htm' (article or product-style page) is
 * the generic page's second row, '/:handle/:page' (see below).
 *
 * @example
 * routeTable({ collectionPath: '/collections', productPath: '/products', articlePath: '/articles' })
 *   .find((r) => r.page === 'product'); // { path: '/products/:handle', page: 'product' }
 */
export function routeTable(config: Pick<StoreConfig, 'collectionPath' | 'productPath' | 'articlePath'>): RouteEntry[] {
  const cp = prefix(config.collectionPath);
  const pp = prefix(config.productPath);
  const ap = prefix(config.articlePath);
  const rows: RouteEntry[] = [
    { path: '/', page: 'home' },
    { path: '/default.asp', page: 'home' },
    { path: cp || '/', page: 'collections' },
    { path: `${cp}/vendors`, page: 'vendors' },
    { path: `${cp}/:collectionHandle${pp}/:handle`, page: 'product' },
    { path: `${cp}/:handle/:tagFilter`, page: 'collection' },
    { path: `${cp}/:handle`, page: 'collection' },
    { path: `${pp}/:handle`, page: 'product' },
    { path: '/searchresults.asp', page: 'search' },
    { path: '/shoppingcart.asp', page: 'cart' },
    { path: '/myaccount.asp', page: 'account' },
    { path: '/account/orders/:id', page: 'orders' },
    { path: '/orders.asp', page: 'orders' },
    { path: '/address.asp', page: 'addresses' },
    { path: '/wallet', page: 'wallet' },
    { path: '/recovery-email', page: 'recoveryEmail' },
    ...['/login', '/login.asp', '/register', '/logout', '/change-password', '/reset-password', '/recover-account', '/start-verification', '/verify-account'].map(
      (path): RouteEntry => ({ path, page: 'auth' }),
    ),
    { path: '/confirm-subscription', page: 'confirmSubscription' },
    { path: '/help.asp', page: 'help' },
    { path: '/help_answer/:handle', page: 'help' },
    { path: '/questions', page: 'questions' },
    { path: '/questions/Topic/:topicHandle/:topicId', page: 'questions' },
    { path: '/questions/:displayableId/:handle', page: 'questions' },
    { path: '/brands', page: 'brands' },
    { path: '/brands/:brand', page: 'brands' },
    { path: ap || '/', page: 'articles' },
    { path: `${ap}/tags/:tagValue`, page: 'articles' },
    { path: `${ap}/:handle`, page: 'articles' },
    { path: '/blogs', page: 'articles' },
    { path: '/blogs/:handle', page: 'articles' },
    { path: '/pindex.asp', page: 'indexes' },
    { path: '/cindex.asp', page: 'indexes' },
    { path: '/productslist.asp', page: 'indexes' },
    // parts that fit: browse by equipment, a model with its diagrams
    { path: '/equipment', page: 'equipment' },
    { path: '/equipment/:handle', page: 'equipmentModel' },
  ];
  // '/:handle/:page' is the table's '/:handle/:id.htm' (React Router matches whole segments; the
  // generic page shows the not-found page unless the second segment is '{id}.htm')
  if (cp !== '' && pp !== '') rows.push({ path: '/:handle', page: 'generic' }, { path: '/:handle/:page', page: 'generic' });
  rows.push({ path: '*', page: 'notFound' });
  // a root prefix can repeat a path ('/' for home and collections): the first row wins
  const seen = new Set<string>();
  return rows.filter((row) => (seen.has(row.path) ? false : (seen.add(row.path), true)));
}

type Page = ComponentType | LazyExoticComponent<ComponentType>;

/**
 * The pages that exist, each loaded on first use (its own chunk). A key missing here renders the
 * not-found page.
 */
export const PAGE_LOADERS: Partial<Record<PageKey, () => Promise<{ default: ComponentType }>>> = {
  home: () => import('./pages/HomePage.tsx'),
  collection: () => import('./pages/CollectionPage.tsx'),
  product: () => import('./pages/ProductPage.tsx'),
  search: () => import('./pages/SearchPage.tsx'),
  cart: () => import('./pages/CartPage.tsx'),
  collections: () => import('./pages/content/CollectionsIndexPage.tsx'),
  vendors: () => import('./pages/content/VendorsPage.tsx'),
  account: () => import('./pages/account/AccountPage.tsx'),
  orders: () => import('./pages/account/OrdersPage.tsx'),
  addresses: () => import('./pages/account/AddressesPage.tsx'),
  wallet: () => import('./pages/account/WalletPage.tsx'),
  recoveryEmail: () => import('./pages/account/RecoveryEmailPage.tsx'),
  auth: () => import('./pages/account/AuthPage.tsx'),
  confirmSubscription: () => import('./pages/content/ConfirmSubscriptionPage.tsx'),
  help: () => import('./pages/content/HelpPage.tsx'),
  questions: () => import('./pages/content/QuestionsPage.tsx'),
  brands: () => import('./pages/content/BrandsPage.tsx'),
  articles: () => import('./pages/content/ArticlesPage.tsx'),
  indexes: () => import('./pages/content/IndexesPage.tsx'),
  generic: () => import('./pages/content/GenericPage.tsx'),
  equipment: () => import('./pages/EquipmentIndexPage.tsx'),
  equipmentModel: () => import('./pages/EquipmentPage.tsx'),
  // its own chunk too: imported by the entry it brought the head component and the JSON-LD
  // builders (with their domain modules) into every page's first load, about 6 KB gzipped
  notFound: () => import('./NotFound.tsx'),
};

const lazyPages = new Map<PageKey, Page>();

/**
 * Page modules already loaded by {@link preloadPage}: their component renders at once instead of
 * through `lazy()`, whose first render suspends even on a loaded module. The browser preloads the
 * first page before it hydrates, so that page hydrates in the root's first commit (with the
 * `html[data-hydrated]` mark) rather than in a later pass of its Suspense boundary, where a click
 * or a choice made in between would reach server HTML that React does not handle yet.
 */
const loadedPages = new Map<PageKey, ComponentType>();

/**
 * A page chunk that has not arrived within CHUNK_LOAD_TIMEOUT_MS (the script chunk load timeout,
 * 120 s) counts as failed: 'Loading chunk {page} failed', which the error boundary offers to cure with a reload.
 */
export function withChunkTimeout<T>(load: Promise<T>, id: string, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(chunkLoadFailedMessage(id)), { name: 'ChunkLoadError' })), ms);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The component of a page: the lazy page when it exists, else the not-found page. Lazy components
 * are created once per key, so React keeps their state across renders.
 */
export function pageComponent(key: PageKey): Page {
  const cached = lazyPages.get(key);
  if (cached) return cached;
  const loader = PAGE_LOADERS[key] ?? PAGE_LOADERS.notFound!;
  const page: Page = loadedPages.get(PAGE_LOADERS[key] ? key : 'notFound') ?? lazy(() => withChunkTimeout(loader(), key));
  lazyPages.set(key, page);
  return page;
}

/** Whether a page of the table has its own component yet (the others render not-found). */
export function isPageAvailable(key: PageKey): boolean {
  return key === 'notFound' || PAGE_LOADERS[key] !== undefined;
}

/**
 * The rows of a route table that can match a path, found by the path's first segment: a row whose
 * first segment is a literal ('products') can only match paths that start with it; rows that
 * start with a parameter or a splat ('/:handle', '*') can match any path. React Router's
 * `matchRoutes` flattens, scores and compiles every route it is given on every call (~45 rows
 * here: 7 % of a server render's CPU, twice per page); given only these candidates, in the
 * table's order, it ranks them as it would in the whole table, so it picks the same row.
 * Paths it would read differently from the plain text (percent-escapes, empty segments) get the
 * whole table.
 *
 * @example
 * const candidates = routeCandidates(routeTable(config));
 * candidates('/products/pump').map((r) => r.path); // ['/products/:handle', '/:handle/:page', '*']
 */
export function routeCandidates<T extends { path: string }>(rows: readonly T[]): (pathname: string) => readonly T[] {
  const firstSegment = (path: string): string | null => {
    const segment = path.replace(/^\/+/, '').split('/')[0] ?? '';
    // a parameter, a splat or an optional segment can match any first segment
    return segment.startsWith(':') || segment.includes('*') || segment.endsWith('?') ? null : segment.toLowerCase();
  };
  const keys = rows.map((row) => firstSegment(row.path));
  const anyFirst = rows.filter((_row, i) => keys[i] === null);
  const byFirst = new Map<string, T[]>();
  for (const key of new Set(keys)) {
    if (key !== null) byFirst.set(key, rows.filter((_row, i) => keys[i] === key || keys[i] === null));
  }
  const all = [...rows];
  return (pathname) => {
    if (pathname.includes('%') || pathname.includes('//')) return all;
    const segment = (pathname.replace(/^\//, '').split('/')[0] ?? '').toLowerCase();
    return byFirst.get(segment) ?? anyFirst;
  };
}

/** How many paths' matches a page table remembers (a crawler's paths must not grow it without bound). */
const REMEMBERED_MATCHES = 1000;

/** A configuration's route table, its candidates, and the rows its paths matched. */
interface PageTable {
  rows: RouteEntry[];
  candidates: (pathname: string) => readonly RouteEntry[];
  /** The index of the row each path matched (-1: none), for the last paths asked. */
  matched: Map<string, number>;
  /** The rows as React Router's route objects, by path (built at the first render: see {@link pageRoutes}). */
  routes: PageRoutes | null;
}

/** The page tables, per set of paths. */
const pageTables = new Map<string, PageTable>();

function pageTable(storeConfig: Pick<StoreConfig, 'collectionPath' | 'productPath' | 'articlePath'>): PageTable {
  const key = `${storeConfig.collectionPath}\n${storeConfig.productPath}\n${storeConfig.articlePath}`;
  let table = pageTables.get(key);
  if (!table) {
    const rows = routeTable(storeConfig);
    table = { rows, candidates: routeCandidates(rows), matched: new Map(), routes: null };
    pageTables.set(key, table);
  }
  return table;
}

/**
 * The index of the row React Router matches at `pathname` (among the candidates, as in the whole
 * table), or -1. Remembered per path: React Router flattens, ranks and compiles every route it is
 * given on each call, and a server render matched each page's path twice (its code's preload and
 * the routed page), a thirtieth of the render.
 */
function matchedRow(table: PageTable, pathname: string): number {
  const known = table.matched.get(pathname);
  if (known !== undefined) return known;
  const matches = matchRoutes(table.candidates(pathname) as RouteEntry[], pathname);
  const route = matches?.[matches.length - 1]?.route as RouteEntry | undefined;
  const index = route ? table.rows.indexOf(route) : -1;
  if (table.matched.size >= REMEMBERED_MATCHES) table.matched.clear();
  table.matched.set(pathname, index);
  return index;
}

/** The routes of the page table as React Router takes them that can match a path ({@link routeCandidates}). */
export type PageRoutes = (pathname: string) => readonly RouteObject[];

/**
 * The page table of a configuration's paths as React Router's route objects (each row's element
 * its page, {@link pageComponent}), for a path: the one row that matches it (React Router matches
 * it again, among one route), else the candidates. Built once per set of paths: a page's component
 * is the same for the process's life, and a React element is a plain immutable value, so every
 * render shares them (the server built the 45 rows and their candidates for every page).
 *
 * @example useRoutes(pageRoutes(storeConfig)(location.pathname) as RouteObject[]);
 */
export function pageRoutes(storeConfig: Pick<StoreConfig, 'collectionPath' | 'productPath' | 'articlePath'>): PageRoutes {
  const table = pageTable(storeConfig);
  if (table.routes) return table.routes;
  const objects: RouteObject[] = table.rows.map((row) => {
    const Page = pageComponent(row.page) as ComponentType;
    return { path: row.path, element: <Page /> };
  });
  table.routes = (pathname) => {
    const index = matchedRow(table, pathname);
    if (index >= 0) return [objects[index] as RouteObject];
    const rows = new Set(table.candidates(pathname));
    return objects.filter((_object, i) => rows.has(table.rows[i] as RouteEntry));
  };
  return table.routes;
}

/** The page of the route table at a path, or undefined. */
function pageAt(storeConfig: Pick<StoreConfig, 'collectionPath' | 'productPath' | 'articlePath'>, pathname: string): PageKey | undefined {
  const table = pageTable(storeConfig);
  return table.rows[matchedRow(table, pathname)]?.page;
}

/**
 * Loads the code of the page at `pathname` (the route table's row that matches it): the browser
 * starts it beside its first calls, the server render before it renders. A failure is left to
 * the page's lazy component, which loads the same module and shows the chunk error.
 *
 * @example await preloadPage(storeConfig, '/products/pump');
 */
export function preloadPage(storeConfig: StoreConfig, pathname: string): Promise<void> {
  const page = pageAt(storeConfig, pathname);
  const load = page ? PAGE_LOADERS[page] : undefined;
  if (!page || !load) return Promise.resolve();
  // loaded once per process: the server renders every page after this call, and an import() per
  // request went through the module loader (its hooks, under tsx) each time
  if (loadedPages.has(page)) return Promise.resolve();
  return load().then(
    (module) => {
      loadedPages.set(page, module.default);
      // the code of the page's parts that render with it (ProductPage's preloadParts): in the
      // browser those its server HTML holds
      const parts = (module as { preloadParts?: (root: ParentNode | null) => Promise<void> }).preloadParts;
      return parts?.(typeof document === 'undefined' ? null : document);
    },
    () => undefined,
  );
}
