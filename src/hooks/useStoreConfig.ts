/**
 * The store configuration.
 * @module
 */
import type { StoreConfig } from '../domain/entities.ts';
import { useSkimmer } from './useSkimmer.ts';

/**
 * The store configuration.
 * @example const storeConfig = useStoreConfig();
 */
export function useStoreConfig(): StoreConfig {
  return useSkimmer().storeConfig;
}
