/**
 * The API client of the provider.
 * @module
 */
import type { ApiClient } from '../api/client.ts';
import { useSkimmer } from './useSkimmer.ts';

/**
 * The API client of the provider.
 * @example const client = useClient();
 */
export function useClient(): ApiClient {
  return useSkimmer().client;
}
