/**
 * Shapes facet counts into the lists of the answer, in one documented order.
 * @module
 */
import { TAG_KEY_SEPARATOR } from './query.ts';
import type { IndexResult } from './types.ts';

/** The facet lists of an answer. */
export type FacetLists = Pick<IndexResult, 'availableTagPrefixes' | 'availableTagFilters' | 'availableVendors'>;

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Orders facets the way the sidebar lists them:
 * - vendors by count descending, then by case-insensitive name (code-unit order of the
 *   folded name, which is stable across locales);
 * - tag filters grouped by prefix (prefixes in folded-name order), values by count
 *   descending, then by folded value;
 * - tag prefixes in folded-name order, only those with at least one counted value.
 * Only entries with a count above 0 appear. Names are shown as the document with the
 * lowest id spells them (the maps passed in), so a stray 'HAYWARD' does not split
 * 'Hayward' in two.
 * @param vendorCounts counts by vendor key
 * @param tagCounts counts by tag key (prefix key, separator, value key)
 */
export function orderFacets(
  vendorCounts: ReadonlyMap<string, number>,
  tagCounts: ReadonlyMap<string, number>,
  vendorNames: ReadonlyMap<string, string>,
  prefixNames: ReadonlyMap<string, string>,
  valueNames: ReadonlyMap<string, string>,
): FacetLists {
  const vendors = [...vendorCounts].filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || byKey(a[0], b[0]))
    .map(([key, n]) => ({ vendor: vendorNames.get(key) ?? key, vendorCount: n }));
  const tags = [...tagCounts].filter(([, n]) => n > 0).map(([key, n]) => {
    const cut = key.indexOf(TAG_KEY_SEPARATOR);
    return { prefixKey: key.slice(0, cut), valueKey: key.slice(cut + 1), key, n };
  }).sort((a, b) => byKey(a.prefixKey, b.prefixKey) || b.n - a.n || byKey(a.valueKey, b.valueKey));
  const prefixes: { tagPrefixValue: string }[] = [];
  let last: string | null = null;
  for (const t of tags) {
    if (t.prefixKey !== last) prefixes.push({ tagPrefixValue: prefixNames.get(t.prefixKey) ?? t.prefixKey });
    last = t.prefixKey;
  }
  return {
    availableTagPrefixes: prefixes,
    availableTagFilters: tags.map((t) => ({
      tagPrefix: prefixNames.get(t.prefixKey) ?? t.prefixKey,
      tagValue: valueNames.get(t.key) ?? t.valueKey,
      tagCount: t.n,
    })),
    availableVendors: vendors,
  };
}
