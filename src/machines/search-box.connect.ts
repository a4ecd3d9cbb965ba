/**
 * What the header search box shows, from a snapshot of its machine: a pure function, tested
 * without React; `useSearchBox` returns it with the box's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { equipmentLink } from '../domain/equipment.ts';
import { LISTING_TEXT } from '../domain/listing.ts';
import type { StoreLinks } from '../domain/urls.ts';
import type { searchBoxMachine } from './search-box.machine.ts';
import type { HeaderCollection, HeaderEquipment, HeaderProduct } from './search-box.types.ts';

/** A dropdown entry with its link. */
export type Linked<T> = T & { href: string };

/** What the search box shows. */
export interface SearchBoxView {
  query: string;
  /** 'Enter Keyword or Part Number...'. */
  placeholder: string;
  /** The dropdown is open. */
  open: boolean;
  /** A search is waiting for its pause or in flight. */
  searching: boolean;
  /** The 'Products' group, up to 4, with product links. */
  products: Linked<HeaderProduct>[];
  /** The 'Categories' group, up to 4, with collection links carrying the applied price bounds. */
  collections: Linked<HeaderCollection>[];
  /** The 'Equipment' group, up to 4: models whose number the query matches, with model page links. */
  equipment: Linked<HeaderEquipment>[];
  /** 'No results found.' when a finished search found nothing, else null. */
  noResultsText: string | null;
  /** The pill ('Price filter: ...') and its hover hint ('Accept suggestion?'), or null. */
  pill: { text: string; hint: string } | null;
  /** The pill's popover shows (after 250 ms of hover; hides 400 ms after leaving). */
  popoverShown: boolean;
  /** Whether the search button does anything now (a query of 3 characters or more, or bounds). */
  canSubmit: boolean;
}

/**
 * The view of a snapshot, with the store's `links` for the dropdown's entries.
 * @example connectSearchBox(actor.getSnapshot(), createStoreLinks(storeConfig)).canSubmit; // false
 */
export function connectSearchBox(snapshot: SnapshotFrom<typeof searchBoxMachine>, links: Pick<StoreLinks, 'product' | 'collection'>): SearchBoxView {
  const c = snapshot.context;
  const bounds: { minPrice?: number; maxPrice?: number } = {};
  if (c.minPrice !== null) bounds.minPrice = c.minPrice;
  if (c.maxPrice !== null) bounds.maxPrice = c.maxPrice;
  const empty = c.resultsLoaded && c.products.length === 0 && c.collections.length === 0 && c.equipment.length === 0;
  return {
    query: c.query,
    placeholder: LISTING_TEXT.placeholder,
    open: c.open,
    searching: !snapshot.matches({ search: 'idle' }),
    products: c.products.map((p) => ({ ...p, href: links.product(p.handle) })),
    collections: c.collections.map((col) => ({ ...col, href: links.collection(col.handle, { query: bounds }) })),
    equipment: c.equipment.map((m) => ({ ...m, href: equipmentLink(m.handle) })),
    noResultsText: empty ? LISTING_TEXT.noResults : null,
    pill: c.pill && { text: c.pill.text, hint: c.pill.hint },
    popoverShown: snapshot.matches({ pill: { shown: 'popoverShown' } }) || snapshot.matches({ pill: { shown: 'popoverClosing' } }),
    canSubmit: snapshot.can({ type: 'search.submit' }),
  };
}
