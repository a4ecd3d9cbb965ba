/**
 * The first page of a listing from the read cache, by its input.
 * @module
 */
import type { ResultsPage, SearchResultsInput } from '../machines/search-results.machine.ts';
import { useInitialListingOf } from './useInitialListingOf.ts';
import { useListingCall } from './useListingCall.ts';

/**
 * The first page of a listing from the cache (a server render waits for it): results the
 * machine can start from, or null (none cached, or a page past the last one, which the machine
 * corrects itself).
 * @example const first = useInitialListing(input);
 */
export function useInitialListing(input: SearchResultsInput | null): ResultsPage | null {
  return useInitialListingOf(useListingCall(input));
}
