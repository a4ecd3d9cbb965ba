/**
 * The provider's context and its readers, under the path the hooks and views have always imported
 * them from: the context in skimmer-context.ts, each reader in a file of its own.
 * @module
 */
export { SkimmerContext, type SkimmerContextValue } from './skimmer-context.ts';
export { useSkimmer } from './useSkimmer.ts';
export { useClient } from './useClient.ts';
export { useEnvironment } from './useEnvironment.ts';
export { useStoreConfig } from './useStoreConfig.ts';
export { useThemeConfig } from './useThemeConfig.ts';
