/**
 * The provider every hook reads: the API client, the store and theme configuration, the
 * environment (browser defaults with the caller's members laid over them) and the toast store.
 * TanStack Query's model: the client is injected once, never imported as a global.
 * @module
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ApiClient } from '../api/client.ts';
import type { StoreConfig, ThemeConfig } from '../domain/entities.ts';
import { createBrowserEnvironment, mergeEnvironment, type SkimmerEnvironment } from './environment.ts';
import { createToastStore, type ToastStore } from './toast-store.ts';

/** What the provider hands to the hooks. */
export interface SkimmerContextValue {
  client: ApiClient;
  storeConfig: StoreConfig;
  themeConfig: ThemeConfig;
  environment: SkimmerEnvironment;
  /** The notices of every machine, shown by the toast area. */
  toasts: ToastStore;
}

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
  children?: ReactNode;
}

const SkimmerContext = createContext<SkimmerContextValue | null>(null);

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
export function SkimmerProvider({ client, storeConfig, themeConfig, environment, toastDurationMs, children }: SkimmerProviderProps) {
  const [env] = useState(() =>
    mergeEnvironment(createBrowserEnvironment({ recaptchaSiteKey: storeConfig.recaptchaSiteKey }), environment),
  );
  const [toasts] = useState(() => createToastStore({ now: env.now, durationMs: toastDurationMs }));
  const value = useMemo<SkimmerContextValue>(
    () => ({ client, storeConfig, themeConfig, environment: env, toasts }),
    [client, storeConfig, themeConfig, env, toasts],
  );
  return <SkimmerContext.Provider value={value}>{children}</SkimmerContext.Provider>;
}

/**
 * Everything the provider holds. Throws outside a provider: a hook without a client cannot do
 * anything useful, and a clear message beats a null dereference deep in a machine.
 */
export function useSkimmer(): SkimmerContextValue {
  const value = useContext(SkimmerContext);
  if (!value) throw new Error('Skimmer hooks must be used inside <SkimmerProvider>.');
  return value;
}

/** The API client of the provider. */
export function useClient(): ApiClient {
  return useSkimmer().client;
}

/** The environment of the provider (defaults merged with the caller's members). */
export function useEnvironment(): SkimmerEnvironment {
  return useSkimmer().environment;
}

/** The store configuration. */
export function useStoreConfig(): StoreConfig {
  return useSkimmer().storeConfig;
}

/** The theme configuration. */
export function useThemeConfig(): ThemeConfig {
  return useSkimmer().themeConfig;
}
