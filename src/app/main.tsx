/**
 * The storefront entry: reads the store and theme configuration (GET /api/config), creates the
 * API client, and mounts the SkimmerProvider and the router around the shell.
 * @module
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router-dom';
import { createClient } from '../api/client.ts';
import type { StoreConfig } from '../domain/entities.ts';
import { SHELL_MESSAGES, isMobileLayout } from '../domain/shell.ts';
import type { NavResponse } from '../api/types.ts';
import { createBrowserEnvironment } from '../hooks/environment.ts';
import { SkimmerProvider } from '../hooks/SkimmerProvider.tsx';
import { App, navigateInApp } from './App.tsx';
import type { BootRequests, ConfigResponse } from './boot.ts';
import { whenPageSettled } from './page-settled.ts';
import { PAGE_LOADERS, routeTable } from './routes.tsx';
import '../ui/styles/global.css';

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
 * Starts downloading the code of the page at the current URL now, beside the navigation call,
 * instead of after the first render (React.lazy reuses the same module request).
 */
function preloadRoutePage(storeConfig: StoreConfig): void {
  const rows = routeTable(storeConfig);
  const matches = matchRoutes(rows.map((row) => ({ path: row.path })), window.location.pathname);
  const path = matches?.[matches.length - 1]?.route.path;
  const page = rows.find((row) => row.path === path)?.page;
  const load = page ? PAGE_LOADERS[page] : undefined;
  // a failure shows later, where React.lazy loads the same module (the chunk-error handling)
  load?.().catch(() => undefined);
}

async function start(root: HTMLElement): Promise<void> {
  const known = storeConfiguration();
  const { storeConfig, themeConfig } = known instanceof Promise ? await known : known;
  setFavicon(storeConfig.storeFaviconUrl);
  preloadRoutePage(storeConfig);
  const client = createClient({ baseUrl: '' });
  // On desktop the navigation bar is visible at first paint: loading it before the first render
  // keeps the bar from growing under the shopper (no layout shift). On mobile it sits in the
  // closed menu, so the page renders at once and the menu loads it.
  let initialNav: NavResponse | undefined;
  if (!isMobileLayout({ width: window.innerWidth, userAgent: navigator.userAgent })) {
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
  const app = createRoot(root);
  startTransition(() => app.render(
    <StrictMode>
      <SkimmerProvider client={client} storeConfig={storeConfig} themeConfig={themeConfig} environment={environment}>
        <BrowserRouter>
          <App initialNav={initialNav} announcementInPage={announcementInPage} />
        </BrowserRouter>
      </SkimmerProvider>
    </StrictMode>,
  ));
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
