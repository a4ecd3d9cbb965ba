/**
 * The first call of a listing's input, worked out once per input value.
 * @module
 */
import { useMemo } from 'react';
import { firstListingCallOf, type SearchProductsInput, type SearchResultsInput } from '../machines/search-results.machine.ts';

/**
 * The first call of a listing's input (the machine's `firstListingCallOf`: null when it would make
 * none, a 'cat' lookup or a query that cannot run), worked out once per input value.
 * @example const call = useListingCall(input); usePrefetchReads([call && listingRead(client, call)]);
 */
export function useListingCall(input: SearchResultsInput | null): SearchProductsInput | null {
  const inputKey = input ? JSON.stringify(input) : '';
  // the call depends on the input's value, not on its identity (a new object each render)
  return useMemo(() => (inputKey ? firstListingCallOf(JSON.parse(inputKey) as SearchResultsInput) : null), [inputKey]);
}
