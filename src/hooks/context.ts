/**
 * The provider's context and its readers, apart from the provider component so the shared-actor
 * provider and the hooks can read it without an import cycle.
 * @module
 */
import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/client.ts';
import type { StoreConfig, ThemeConfig } from '../domain/entities.ts';
import type { SkimmerEnvironment } from './environment.ts';
import type { ToastStore } from './toast-store.ts';
import type { ReadCache } from './query/index.ts';

/** What the provider hands to the hooks. */
export interface SkimmerContextValue {
  client: ApiClient;
  storeConfig: StoreConfig;
  themeConfig: ThemeConfig;
  environment: SkimmerEnvironment;
  /** The notices of every machine, shown by the toast area. */
  toasts: ToastStore;
  /** The cache of server data under the read hooks (hooks/query). */
  queryClient: ReadCache;
  /** This render is a server render: reads missing from the cache wait for their data. */
  serverRender: boolean;
}

/** The context `SkimmerProvider` fills. */
export const SkimmerContext = createContext<SkimmerContextValue | null>(null);

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
