/**
 * The storefront entry: reads the store and theme configuration (GET /api/config), creates the
 * API client, and mounts the SkimmerProvider and the router around the shell.
 * @module
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createClient } from '../api/client.ts';
import type { StoreConfig, ThemeConfig } from '../domain/entities.ts';
import { SHELL_MESSAGES, isMobileLayout } from '../domain/shell.ts';
import type { NavResponse } from '../api/types.ts';
import { SkimmerProvider } from '../hooks/SkimmerProvider.tsx';
import { App, navigateInApp } from './App.tsx';
import '../ui/styles/global.css';

/** The answer of GET /api/config. */
interface ConfigResponse {
  storeConfig: StoreConfig;
  themeConfig: ThemeConfig;
}

/** Sets the favicon from the store configuration. */
function setFavicon(url: string): void {
  if (!url) return;
  const link = document.createElement('link');
  link.rel = 'icon';
  link.href = url;
  document.head.appendChild(link);
}

async function start(root: HTMLElement): Promise<void> {
  const response = await fetch('/api/config', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  const { storeConfig, themeConfig } = (await response.json()) as ConfigResponse;
  setFavicon(storeConfig.storeFaviconUrl);
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
  const environment = {
    navigate: (url: string, options?: { replace?: boolean }) => navigateInApp(url, options, window.location),
  };
  createRoot(root).render(
    <StrictMode>
      <SkimmerProvider client={client} storeConfig={storeConfig} themeConfig={themeConfig} environment={environment}>
        <BrowserRouter>
          <App initialNav={initialNav} />
        </BrowserRouter>
      </SkimmerProvider>
    </StrictMode>,
  );
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
