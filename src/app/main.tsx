/**
 * The storefront entry: reads the store and theme configuration (GET /api/config), creates the
 * API client, and mounts the SkimmerProvider and the router around the shell.
 * @module
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SHELL_MESSAGES, isMobileLayout } from '../domain/shell.ts';
import type { NavResponse } from '../api/types.ts';
import { createBrowserEnvironment } from '../hooks/environment.ts';
import { SkimmerProvider } from '../hooks/SkimmerProvider.tsx';
import { createReadCache } from '../hooks/query/index.ts';
import { App, navigateInApp } from './App.tsx';
import type { BootRequests, ConfigResponse } from './boot.ts';
import type { SkimmerPageData } from './entry-server.tsx';
import { whenPageHydrated, whenPageSettled } from './page-settled.ts';
import { lazyClient } from './lazy-client.ts';
import { RenderProvider, type RenderContextValue } from './render-context.tsx';
import { preloadPage } from './routes.tsx';
import '../ui/styles/global.css';
// the styles of the product and content pages come with the first HTML's stylesheet:
// loaded with their page's chunk, they arrived after the server's HTML had painted and
// moved it (a layout shift of 0.023 on a product page on mobile); together about 4 KB gzipped
import '../ui/product/product.css';
import '../ui/content/content.css';
// and the catalogue's (cards, listings, the page frame's padding): with the page's chunk it was
// applied when the scripts ran, after the server's HTML had painted, and moved a collection's
// whole page on a slow phone (a layout shift of 0.211 in Lighthouse mobile); about 3 KB gzipped
import '../ui/catalog/catalog.css';

/** Sets the favicon from the store configuration. */
function setFavicon(url: string): void {
  if (!url) return;
  const link = document.createElement('link');
  link.rel = 'icon';
  link.href = url;
  document.head.appendChild(link);
}

/**
 * The store configuration: the one the server wrote into the page (no wait), else the answer of
 * the request index.html started while the scripts downloaded, else a new request.
 */
function storeConfiguration(): ConfigResponse | Promise<ConfigResponse> {
  const boot = (window as { __SKIMMER_BOOT__?: BootRequests }).__SKIMMER_BOOT__;
  if (boot?.configData) return boot.configData;
  const request = () => fetch('/api/config', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  return (boot?.config ? boot.config.catch(request) : request()).then(async (response) => {
    if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
    return (await response.json()) as ConfigResponse;
  });
}

/**
 * The server render's data block (`<script type="application/json" id="skimmer-data">`), when
 * the page has one for this address and the app's HTML is in the root: the page hydrates from it.
 */
function serverPageData(root: HTMLElement): SkimmerPageData | null {
  const block = document.getElementById('skimmer-data');
  if (!block || !root.firstElementChild) return null;
  try {
    const data = JSON.parse(block.textContent ?? '') as SkimmerPageData;
    return data.url === window.location.pathname + window.location.search ? data : null;
  } catch {
    return null;
  }
}

/**
 * The head the server rendered for this page (page-head.tsx), with its JSON-LD texts read from the
 * page's own scripts (the data block leaves them out rather than carry them twice).
 */
function firstViewHead(root: HTMLElement, data: SkimmerPageData | null): RenderContextValue['firstView'] {
  if (!data?.head) return null;
  const jsonLd = [...root.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? '');
  return { url: data.url, head: { ...data.head, jsonLd } };
}

async function start(root: HTMLElement): Promise<void> {
  const known = storeConfiguration();
  const { storeConfig, themeConfig } = known instanceof Promise ? await known : known;
  setFavicon(storeConfig.storeFaviconUrl);
  // the page's code starts downloading now, beside the calls (React.lazy reuses the request)
  const pageCode = preloadPage(storeConfig, window.location.pathname);
  // one cache for the page session, started from the server render's data when there is one
  const serverData = serverPageData(root);
  // the client's code (and ky) loads with its first call (lazy-client.ts); over server HTML, not
  // before the page has hydrated: the shell's start-up calls (cart, session) then wait for it
  const client = serverData
    ? lazyClient({ baseUrl: '' }, () => whenPageHydrated(window).then(() => import('../api/client.ts')))
    : lazyClient({ baseUrl: '' });
  const queryClient = createReadCache(serverData?.queries);
  // On desktop the navigation bar is visible at first paint: loading it before the first render
  // keeps the bar from growing under the shopper (no layout shift). On mobile it sits in the
  // closed menu, so the page renders at once and the menu loads it.
  let initialNav: NavResponse | undefined;
  if (!serverData && !isMobileLayout({ width: window.innerWidth, userAgent: navigator.userAgent })) {
    initialNav = await client
      .nav({ collectionUrlPrefix: storeConfig.collectionPath, imagePlacement: themeConfig.imagePlacements.collection.menuImage })
      .catch(() => undefined);
  }
  const browser = createBrowserEnvironment({ recaptchaSiteKey: storeConfig.recaptchaSiteKey });
  const environment = {
    navigate: (url: string, options?: { replace?: boolean }) => navigateInApp(url, options, window.location),
    // visit tracking starts once the page has settled: socket.io-client (about 13 KB gzipped)
    // and its connection never compete with the page's first load
    createSocket: async (namespace: string) => {
      await whenPageSettled(window);
      return browser.createSocket(namespace);
    },
  };
  // the first render is a transition: React renders the shell and the page in slices of a few
  // milliseconds, yielding to the browser between them (no long task on a slow phone), while the
  // page shows the announcement bar the server put in the HTML. That bar stays: the app does
  // not draw its own over it (a node replaced before the browser first presents the page would
  // leave that first paint without its largest content). Unfilled (vite dev), it goes.
  const serverBar = document.querySelector('#announcement .announcement-bar');
  const announcementInPage = serverBar !== null && (serverBar.textContent ?? '').trim() !== '';
  if (serverBar !== null && !announcementInPage) serverBar.remove();
  const tree = (
    <StrictMode>
      <RenderProvider value={{ origin: window.location.origin, outcome: null, firstView: firstViewHead(root, serverData) }}>
        <SkimmerProvider client={client} storeConfig={storeConfig} themeConfig={themeConfig} environment={environment} queryClient={queryClient}>
          <BrowserRouter>
            <App initialNav={initialNav} announcementInPage={announcementInPage} />
          </BrowserRouter>
        </SkimmerProvider>
      </RenderProvider>
    </StrictMode>
  );
  if (serverData) {
    // the server's HTML is the first render: the page's code first, so hydration does not wait
    // on it inside the page's Suspense boundary
    await pageCode;
    hydrateRoot(root, tree);
    return;
  }
  const app = createRoot(root);
  startTransition(() => app.render(tree));
}

const root = document.getElementById('root');
if (root) {
  start(root).catch((error: unknown) => {
    console.error(error);
    root.innerHTML = '';
    const box = document.createElement('section');
    box.className = 'error-fallback';
    box.setAttribute('role', 'alert');
    const h1 = document.createElement('h1');
    h1.textContent = SHELL_MESSAGES.oops;
    const p = document.createElement('p');
    p.textContent = SHELL_MESSAGES.somethingWentWrong;
    box.append(h1, p);
    root.append(box);
  });
}
