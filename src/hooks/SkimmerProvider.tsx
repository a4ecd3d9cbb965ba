/**
 * The provider every hook reads: the API client, the store and theme configuration, the
 * environment (browser defaults with the caller's members laid over them), the toast store, and
 * the app-wide actors (login state, cart) of `SharedActorsProvider`.
 * TanStack Query's model: the client is injected once, never imported as a global.
 * @module
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { ApiClient } from '../api/client.ts';
import type { StoreConfig, ThemeConfig } from '../domain/entities.ts';
import { SkimmerContext, type SkimmerContextValue } from './context.ts';
import { createBrowserEnvironment, mergeEnvironment, type SkimmerEnvironment } from './environment.ts';
import { SharedActorsProvider, type InitialData } from './SharedActorsProvider.tsx';
import { createToastStore } from './toast-store.ts';
import { createReadCache, type ReadCache } from './query/index.ts';

/** Props of {@link SkimmerProvider}. */
export interface SkimmerProviderProps {
  /** The API client (`createClient` from skimmer/api, or any object with the same functions). */
  client: ApiClient;
  storeConfig: StoreConfig;
  themeConfig: ThemeConfig;
  /**
   * Members replacing the browser defaults (storage, clock, viewport, geolocation, socket,
   * analytics, captcha, navigation ...). Read on the first render only, like the client.
   * @default the browser environment of `createBrowserEnvironment`
   */
  environment?: Partial<SkimmerEnvironment>;
  /**
   * How long a toast stays, in ms (0: until dismissed).
   * @default 5000
   */
  toastDurationMs?: number;
  /**
   * What a server render already fetched (user, customer, checkout): the shared actors start
   * from it instead of calling the API again. Read on the first render only.
   */
  initialData?: InitialData;
  /**
   * The cache of server data (hooks/query): the server render passes a new one per request, the
   * storefront one per page session (hydrated from the server's). Read on the first render only.
   * @default a new cache
   */
  queryClient?: ReadCache;
  /**
   * A server render: reads missing from the cache suspend until they are in it, so the HTML
   * carries the first view's data. @default false
   */
  serverRender?: boolean;
  children?: ReactNode;
}

/**
 * Mounts the headless library. The environment and toast store are built once, on the first
 * render (so nothing touches `window` before React renders, and a server render never does);
 * later changes to `environment` are ignored, as a new storage mid-session would lose state.
 * `client`, `storeConfig` and `themeConfig` may change (a configuration reload).
 *
 * @example
 * <SkimmerProvider client={createClient({ baseUrl: '' })} storeConfig={store} themeConfig={theme}>
 *   <App />
 * </SkimmerProvider>
 */
export function SkimmerProvider({ client, storeConfig, themeConfig, environment, toastDurationMs, initialData, queryClient, serverRender = false, children }: SkimmerProviderProps) {
  const [env] = useState(() =>
    mergeEnvironment(createBrowserEnvironment({ recaptchaSiteKey: storeConfig.recaptchaSiteKey }), environment),
  );
  const [toasts] = useState(() => createToastStore({ now: env.now, durationMs: toastDurationMs }));
  const [cache] = useState(() => queryClient ?? createReadCache());
  const value = useMemo<SkimmerContextValue>(
    () => ({ client, storeConfig, themeConfig, environment: env, toasts, queryClient: cache, serverRender }),
    [client, storeConfig, themeConfig, env, toasts, cache, serverRender],
  );
  return (
    <SkimmerContext.Provider value={value}>
      <SharedActorsProvider initialData={initialData}>{children}</SharedActorsProvider>
    </SkimmerContext.Provider>
  );
}

export { useClient, useEnvironment, useSkimmer, useStoreConfig, useThemeConfig } from './context.ts';
export type { SkimmerContextValue } from './context.ts';
