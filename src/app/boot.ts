/**
 * What index.html's inline script leaves on `window.__SKIMMER_BOOT__`: the store configuration
 * the server wrote into the page, or, without it (vite dev), the configuration call it started.
 * The pages' own data comes with the server render (hooks/query), not from here.
 * @module
 */
import type { StoreConfig, ThemeConfig } from '../domain/entities.ts';

/** The answer of GET /api/config. */
export interface ConfigResponse {
  storeConfig: StoreConfig;
  themeConfig: ThemeConfig;
}

/** What index.html's inline script leaves on `window.__SKIMMER_BOOT__`. */
export interface BootRequests {
  /** The configuration the server filled into the page. */
  configData?: ConfigResponse;
  /** GET /api/config, when the page came without the configuration (vite dev). */
  config?: Promise<Response>;
}
