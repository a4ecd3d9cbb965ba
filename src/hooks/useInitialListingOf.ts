/**
 * The first page of a listing from the read cache, by its first call.
 * @module
 */
import type { ResultsPage, SearchProductsInput } from '../machines/search-results.machine.ts';
import { useSkimmer } from './context.ts';
import { useCachedRead } from './query/index.ts';
import { listingRead } from './query/reads.ts';

/**
 * The first page of the listing whose first call is `call`, from the cache (a server render waits
 * for it): results the machine can start from, or null (none cached, or a page past the last one,
 * which the machine corrects itself).
 * @example const first = useInitialListingOf(useListingCall(input));
 */
export function useInitialListingOf(call: SearchProductsInput | null): ResultsPage | null {
  const { client } = useSkimmer();
  const results = useCachedRead(call ? listingRead(client, call) : null);
  if (!results || !call) return null;
  const page = call.page ?? 0;
  return page > 0 && page >= results.pageInfo.pages ? null : results;
}
