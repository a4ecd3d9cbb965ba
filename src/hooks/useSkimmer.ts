/**
 * Everything the provider holds.
 * @module
 */
import { useContext } from 'react';
import { SkimmerContext, type SkimmerContextValue } from './skimmer-context.ts';

/**
 * Everything the provider holds. Throws outside a provider: a hook without a client cannot do
 * anything useful, and a clear message beats a null dereference deep in a machine.
 * @example const { client, queryClient } = useSkimmer();
 */
export function useSkimmer(): SkimmerContextValue {
  const value = useContext(SkimmerContext);
  if (!value) throw new Error('Skimmer hooks must be used inside <SkimmerProvider>.');
  return value;
}
