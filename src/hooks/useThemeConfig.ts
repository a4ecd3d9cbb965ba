/**
 * The theme configuration.
 * @module
 */
import type { ThemeConfig } from '../domain/entities.ts';
import { useSkimmer } from './useSkimmer.ts';

/**
 * The theme configuration.
 * @example const themeConfig = useThemeConfig();
 */
export function useThemeConfig(): ThemeConfig {
  return useSkimmer().themeConfig;
}
