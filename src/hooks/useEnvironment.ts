/**
 * The environment of the provider (defaults merged with the caller's members).
 * @module
 */
import type { SkimmerEnvironment } from './environment.ts';
import { useSkimmer } from './useSkimmer.ts';

/**
 * The environment of the provider (defaults merged with the caller's members).
 * @example const environment = useEnvironment();
 */
export function useEnvironment(): SkimmerEnvironment {
  return useSkimmer().environment;
}
