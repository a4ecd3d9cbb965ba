/**
 * The provider's context, apart from the provider component so the shared-actor provider and the
 * hooks can read it without an import cycle.
 * @module
 */
import { createContext } from 'react';
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
