import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import fc from 'fast-check';
import { App, isAppUrl, navigateInApp, routerNavigation } from '../../src/app/App.tsx';
import { resetPageSettled, whenPageSettled } from '../../src/app/page-settled.ts';
import { isPageAvailable, pageComponent, pageRoutes, routeCandidates, routeTable, type PageKey } from '../../src/app/routes.tsx';
import { fakeClient, fakeViewport, storeConfig, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';

afterEach(cleanup);

const CONFIG = { collectionPath: '/collections', productPath: '/products', articlePath: '/articles' };

describe('routeTable', () => {
  const pageOf = (path: string) => routeTable(CONFIG).find((r) => r.path === path)?.page;

  test.each<[string, PageKey]>([
    ['/', 'home'],
    ['/default.asp', 'home'],
    ['/collections', 'collections'],
    ['/collections/vendors', 'vendors'],
    ['/collections/:handle', 'collection'],
    ['/collections/:handle/:tagFilter', 'collection'],
    ['/products/:handle', 'product'],
    ['/collections/:collectionHandle/products/:handle', 'product'],
    ['/searchresults.asp', 'search'],
    ['/shoppingcart.asp', 'cart'],
    ['/myaccount.asp', 'account'],
    ['/orders.asp', 'orders'],
    ['/login.asp', 'auth'],
    ['/brands/:brand', 'brands'],
    ['/articles/tags/:tagValue', 'articles'],
    ['/pindex.asp', 'indexes'],
    ['/:handle', 'generic'],
    ['*', 'notFound'],
  ])('routes %s to the %s page', (path, page) => {
    expect(pageOf(path)).toBe(page);
  });

  test('uses the configured collectionPath, productPath and articlePath', () => {
    const paths = routeTable({ collectionPath: 'shop/', productPath: '/item', articlePath: '/news' }).map((r) => r.path);
    expect(paths).toContain('/shop/:handle/:tagFilter');
    expect(paths).toContain('/shop/:collectionHandle/item/:handle');
    expect(paths).toContain('/item/:handle');
    expect(paths).toContain('/news/tags/:tagValue');
  });

  test('never repeats a path, ends with the catch-all, and a root collectionPath gives /:handle to collections', () => {
    const rows = routeTable({ collectionPath: '/', productPath: '/p', articlePath: '/a' });
    const paths = rows.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.at(-1)).toBe('*');
    expect(rows.find((r) => r.path === '/:handle')?.page).toBe('collection');
    expect(rows.some((r) => r.page === 'generic')).toBe(false);
  });

  test('every page of the route table has a page module', () => {
    const keys = new Set(routeTable({ collectionPath: '/collections', productPath: '/products', articlePath: '/articles' }).map((r) => r.page));
    for (const page of keys) expect(isPageAvailable(page as PageKey), page).toBe(true);
  });
});

describe('routeCandidates', () => {
  const CONFIGS = [
    CONFIG,
    { collectionPath: '/', productPath: '/p', articlePath: '/a' },
    { collectionPath: 'shop/', productPath: '/item', articlePath: '/news' },
    { collectionPath: '/c', productPath: '/', articlePath: '/' },
  ];
  const SEGMENTS = [
    'products', 'PRODUCTS', 'collections', 'Collections', 'articles', 'vendors', 'brands', 'help_answer', 'questions', 'Topic', 'equipment',
    'account', 'orders', 'tags', 'blogs', 'default.asp', 'searchresults.asp', 'shop', 'item', 'news', 'p', 'a', 'c', 'x', '12.htm', '%20', '', 'pump',
  ];
  const matchedPath = (rows: readonly { path: string }[], pathname: string) => {
    const matches = matchRoutes(rows as { path: string }[], pathname);
    return matches?.[matches.length - 1]?.route.path;
  };

  test('React Router picks the same row among the candidates as in the whole table, for any path', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONFIGS),
        fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 5 }),
        fc.boolean(),
        (config, segments, trailingSlash) => {
          const rows = routeTable(config);
          const pathname = `/${segments.join('/')}${trailingSlash && segments.length > 0 ? '/' : ''}`;
          expect(matchedPath(routeCandidates(rows)(pathname), pathname)).toBe(matchedPath(rows, pathname));
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('a path gets only the rows that start with its first segment and those that match any start', () => {
    const candidates = routeCandidates(routeTable(CONFIG));
    expect(candidates('/products/pump').map((r) => r.path)).toEqual(['/products/:handle', '/:handle', '/:handle/:page', '*']);
    expect(candidates('/Collections/pumps').map((r) => r.path)).toContain('/collections/:handle');
    expect(candidates('/nothing-here').map((r) => r.path)).toEqual(['/:handle', '/:handle/:page', '*']);
    // text React Router reads differently from its letters: the whole table
    expect(candidates('/products/a%20b')).toHaveLength(routeTable(CONFIG).length);
  });
});

describe('pageRoutes', () => {
  test('for any path, the routes given to React Router match the row the whole table matches, asked once or again (remembered)', () => {
    const configs = [CONFIG, { collectionPath: '/', productPath: '/p', articlePath: '/a' }, { collectionPath: 'shop/', productPath: '/item', articlePath: '/news' }];
    const segments = ['products', 'PRODUCTS', 'collections', 'articles', 'vendors', 'brands', 'help_answer', 'questions', 'Topic', 'shop', 'item', 'p', 'a', 'x', '12.htm', '%20', '', 'pump'];
    const matched = (rows: readonly { path?: string }[], pathname: string) => {
      const matches = matchRoutes(rows as RouteObject[], pathname);
      return matches?.[matches.length - 1]?.route.path;
    };
    fc.assert(
      fc.property(fc.constantFrom(...configs), fc.array(fc.constantFrom(...segments), { maxLength: 4 }), (config, parts) => {
        const pathname = `/${parts.join('/')}`;
        const expected = matched(routeTable(config), pathname);
        for (let i = 0; i < 2; i++) {
          const given = pageRoutes(config)(pathname);
          expect(matched(given, pathname)).toBe(expected);
          if (expected !== undefined) expect(given).toHaveLength(1);
        }
      }),
      { numRuns: 1500 },
    );
  });

  test("the page table's route objects are built once per set of paths and match as the table does, each row rendering its page", () => {
    const routes = pageRoutes(CONFIG);
    // another configuration object with the same paths (each page's render reads its own) shares them
    expect(pageRoutes({ ...CONFIG })).toBe(routes);
    expect(pageRoutes({ ...CONFIG, productPath: '/item' })).not.toBe(routes);
    const rows = routeTable(CONFIG);
    for (const pathname of ['/', '/products/pump', '/collections/pumps', '/collections/pumps/products/pump', '/searchresults.asp', '/help_answer/x', '/nothing-here']) {
      const matches = matchRoutes(routes(pathname) as RouteObject[], pathname);
      const route = matches?.[matches.length - 1]?.route;
      const row = rows.find((r) => r.path === route?.path);
      expect(row, pathname).toBeDefined();
      expect((route?.element as { type?: unknown } | undefined)?.type, pathname).toBe(pageComponent(row!.page));
    }
  });
});

describe('isAppUrl', () => {
  test.each([
    ['http://shop.test/collections/pumps', true],
    ['http://other.test/collections/pumps', false],
    ['http://shop.test/api/nav', false],
    ['http://shop.test/media/images/1-200.png', false],
  ])('%s belongs to the app: %s', (url, expected) => {
    expect(isAppUrl(new URL(url), 'http://shop.test')).toBe(expected);
  });
});

describe('App shell', () => {
  function mountApp(path: string) {
    const client = fakeClient({
      nav: vi.fn().mockResolvedValue({ navData: [{ id: 1, title: 'Pumps', url: '/collections/pumps', children: [], maxChildItemsToDisplay: null }] }),
      vendors: vi.fn().mockResolvedValue({ vendors: [] }),
      siteReviews: vi.fn().mockResolvedValue({ siteReviews: [], total: 0 }),
    });
    const environment = testEnvironment({ viewport: fakeViewport(1280) });
    const Wrapper = wrapper(client, environment);
    render(
      <Wrapper>
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
      </Wrapper>,
    );
    return { client, environment };
  }

  test('an unknown path renders the not-found page inside the header and footer, with one h1', async () => {
    mountApp('/no/such/page/here');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  test('loads the navigation with the configured collection path and shows it in the header and CATEGORIES', async () => {
    const { client } = mountApp('/nowhere');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Pumps' })).toHaveLength(2));
    expect(client.nav).toHaveBeenCalledWith(expect.objectContaining({ collectionUrlPrefix: storeConfig.collectionPath }), expect.anything());
  });

  test("over the server's footer, the footer's code waits until the page has settled, then takes its place", { timeout: 60_000 }, async () => {
    resetPageSettled();
    // the footer's module ready, so only the wait for the page to settle can hold it back
    await import('../../src/ui/shell/Footer.tsx');
    // the server's footer HTML on the page (hydration is not run here: its place stands for it)
    const serverFooter = document.body.appendChild(document.createElement('footer'));
    serverFooter.className = 'site-footer';
    // Rendered as a browser renders, outside act(): under act, React 19 does not retry a
    // boundary whose lazy module or promise has resolved while another boundary waits on use()
    // of a pending promise (the footer's wait here), so the page and the footer never came, or
    // came late on a loaded machine. A bare root with the same two boundaries shows both at once
    // in the browser and in jsdom without act.
    const reactGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactGlobal.IS_REACT_ACT_ENVIRONMENT;
    reactGlobal.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      const client = fakeClient({
        nav: vi.fn().mockResolvedValue({ navData: [] }),
        vendors: vi.fn().mockResolvedValue({ vendors: [] }),
        siteReviews: vi.fn().mockResolvedValue({ siteReviews: [], total: 0 }),
      });
      const Wrapper = wrapper(client, testEnvironment({ viewport: fakeViewport(1280) }));
      root.render(
        <Wrapper>
          <MemoryRouter initialEntries={['/x/y/z']}>
            <App />
          </MemoryRouter>
        </Wrapper>,
      );
      const inApp = within(container);
      await inApp.findByRole('heading', { level: 1, name: '404 Not Found' }, { timeout: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(inApp.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
      window.dispatchEvent(new Event('pointerdown'));
      await whenPageSettled(window);
      expect(await inApp.findByRole('link', { name: 'Privacy Policy' }, { timeout: 20_000 })).toBeTruthy();
    } finally {
      root.unmount();
      container.remove();
      serverFooter.remove();
      resetPageSettled();
      reactGlobal.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  test('rendered in the browser alone (no server footer), the footer comes with the page', async () => {
    mountApp('/x/y/z');
    expect(await screen.findByRole('link', { name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help.asp');
  });

  test('a navigation loaded by the entry is shown without a second call', () => {
    const nav = vi.fn();
    const Wrapper = wrapper(fakeClient({ nav, vendors: vi.fn().mockResolvedValue({ vendors: [] }), siteReviews: vi.fn().mockResolvedValue({ siteReviews: [], total: 0 }) }), testEnvironment({ viewport: fakeViewport(1280) }));
    const initialNav = { navData: [{ id: 5, title: 'Heaters', url: '/collections/heaters', children: [], maxChildItemsToDisplay: null }] };
    render(<Wrapper><MemoryRouter initialEntries={['/x/y/z']}><App initialNav={initialNav} /></MemoryRouter></Wrapper>);
    expect(screen.getAllByRole('link', { name: 'Heaters' })).toHaveLength(2);
    expect(nav).not.toHaveBeenCalled();
  });

  test('tracks a page view and scrolls to the top on each path change (links go through the router)', async () => {
    const { environment } = mountApp('/x/y/z');
    await screen.findByRole('heading', { level: 1, name: '404 Not Found' });
    expect(environment.analytics.track).toHaveBeenCalledTimes(1);
    // the first page is where the browser put it (a shopper may have scrolled the server's HTML)
    expect(environment.scrollTo).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('link', { name: 'Brands' }));
    await waitFor(() => expect(environment.analytics.track).toHaveBeenCalledTimes(2));
    expect(environment.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(environment.scrollTo).toHaveBeenCalledTimes(1);
  });
});

describe('navigateInApp', () => {
  const location = () => ({ href: 'http://shop.test/', origin: 'http://shop.test', assign: vi.fn(), replace: vi.fn() });

  afterEach(() => {
    routerNavigation.current = null;
  });

  test('sends the app’s own URLs through the router, keeping replace', () => {
    const router = vi.fn();
    routerNavigation.current = router;
    const page = location();
    navigateInApp('/searchresults.asp?q=pump&page=1', { replace: true }, page);
    expect(router).toHaveBeenCalledWith('/searchresults.asp?q=pump&page=1', { replace: true });
    expect(page.assign).not.toHaveBeenCalled();
  });

  test.each([
    ['https://checkout.test/checkouts/1', undefined, 'assign'],
    ['/api/logout', undefined, 'assign'],
    ['https://checkout.test/checkouts/1', { replace: true }, 'replace'],
  ] as const)('loads %s as a page (%o -> %s)', (url, options, method) => {
    routerNavigation.current = vi.fn();
    const page = location();
    navigateInApp(url, options, page);
    expect(page[method]).toHaveBeenCalledWith(url);
    expect(routerNavigation.current).not.toHaveBeenCalled();
  });

  test('loads the page when the router is not mounted yet', () => {
    const page = location();
    navigateInApp('/shoppingcart.asp', undefined, page);
    expect(page.assign).toHaveBeenCalledWith('/shoppingcart.asp');
  });
});
