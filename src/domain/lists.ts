/**
 * List rules of the storefront: navigation children and child
 * categories, and the name order they share with the footer's brands. Recently viewed products
 * and footer brands have their own modules (recently-viewed.ts, footer.ts).
 *
 * @module
 */
import type { Hierarchy, HierarchyEntry, NavLink } from './entities.ts';

// one collator for every comparison: `localeCompare` with a locale and options builds a new one per
// call (a sort of a collection's side list or facets makes hundreds); same order by definition
const NAME_COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Orders names as a shopper reads them: letters without case or accents, numbers by value, then
 * exactly (so the order is total).
 * @example ['b2', 'B10', 'a'].sort(byName); // ['a', 'b2', 'B10']
 */
export const byName = (a: string, b: string): number => {
  const loose = NAME_COLLATOR.compare(a, b);
  if (loose !== 0) return loose;
  return a < b ? -1 : a > b ? 1 : 0;
};

/**
 * Children a navigation dropdown shows when the link sets no cap.
 * @default 8
 */
export const NAV_CHILDREN_LIMIT = 8;

/**
 * Children the dropdown of a link shows: the first maxChildItemsToDisplay when
 * set (a number of 0 or more, fractional counts floored; 0 hides them all),
 * else the first 8.
 *
 * @example
 * visibleNavChildren({ ...link, children: twelve });                            // first 8
 * visibleNavChildren({ ...link, children: twelve, maxChildItemsToDisplay: 10 }); // first 10
 */
export function visibleNavChildren(link: Pick<NavLink, 'children' | 'maxChildItemsToDisplay'>): NavLink[] {
  const max = link.maxChildItemsToDisplay;
  const cap = typeof max === 'number' && Number.isFinite(max) && max >= 0 ? Math.floor(max) : NAV_CHILDREN_LIMIT;
  return (link.children ?? []).slice(0, cap);
}

/**
 * Level of the child categories in a collection hierarchy.
 * @default 2
 */
export const CHILD_CATEGORY_LEVEL = 2;

/**
 * The child categories of a collection: the level 2 entries of its hierarchy
 * (the 'default' list, or a plain list), sorted by title A to Z ignoring case,
 * with numbers compared as numbers ('2 HP' before '10 HP'); equal titles keep
 * a fixed order by id.
 *
 * @example
 * childCategories({ default: [{ id: 1, title: 'Pumps', handle: 'pumps', LEVEL: 1 }, { id: 2, title: 'Motors', handle: 'motors', LEVEL: 2 }] });
 * // [{ id: 2, title: 'Motors', ... }]
 */
export function childCategories(hierarchy: Hierarchy | readonly HierarchyEntry[] | null | undefined): HierarchyEntry[] {
  const entries = Array.isArray(hierarchy) ? hierarchy : ((hierarchy as Hierarchy | null | undefined)?.default ?? []);
  return entries
    .filter((entry: HierarchyEntry) => entry.LEVEL === CHILD_CATEGORY_LEVEL)
    .sort((a: HierarchyEntry, b: HierarchyEntry) => byName(a.title, b.title) || a.id - b.id);
}
