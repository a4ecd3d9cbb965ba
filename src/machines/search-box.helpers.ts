/**
 * What the header search box's view reads from a {@link searchBoxMachine} snapshot, derived once
 * here so the hook and the view compute nothing (DESIGN convention 3): the dropdown's groups and
 * 'No results found.', the pill's text and whether its popover shows, and whether the search
 * button does anything.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { LISTING_TEXT } from '../domain/listing.ts';
import { PRICE_PILL_HINT } from '../domain/price-phrase.ts';
import type { HeaderCollection, HeaderEquipment, HeaderProduct, searchBoxMachine } from './search-box.machine.ts';

/** A snapshot of the search box machine. */
export type SearchBoxSnapshot = SnapshotFrom<typeof searchBoxMachine>;

/** The dropdown as the view renders it. */
export interface SearchDropdownView {
  /** The dropdown is open (focus, or results loaded; not yet closed). */
  open: boolean;
  /** Open and there is something to render: a finished search for the text on screen. */
  visible: boolean;
  /** A search is waiting for its debounce or its answer. */
  searching: boolean;
  /** The 'Categories' group: its label and up to 4 collections; null when empty. */
  categories: { label: typeof LISTING_TEXT.categories; items: HeaderCollection[] } | null;
  /** The 'Products' group: its label and up to 4 products; null when empty. */
  products: { label: typeof LISTING_TEXT.products; items: HeaderProduct[] } | null;
  /** The 'Equipment' group: models whose number the query matches; null when empty. */
  equipment: { label: 'Equipment'; items: HeaderEquipment[] } | null;
  /** 'No results found.' when a finished search found nothing, else null. */
  noResults: typeof LISTING_TEXT.noResults | null;
}

/** The price-phrase pill as the view renders it. */
export interface PricePillView {
  /** 'Price filter: under $500.00'. */
  text: string;
  /** 'Accept suggestion?'. */
  hint: typeof PRICE_PILL_HINT;
  /** Whether the hint popover shows (250 ms after hovering, until 400 ms after leaving). */
  popoverVisible: boolean;
}

/**
 * The dropdown of a search box snapshot.
 *
 * @example
 * const dropdown = useSelector(actorRef, selectSearchDropdown);
 * dropdown.visible && dropdown.noResults; // 'No results found.'
 */
export function selectSearchDropdown(snapshot: SearchBoxSnapshot): SearchDropdownView {
  const { open, resultsLoaded, products, collections, equipment } = snapshot.context;
  const empty = products.length === 0 && collections.length === 0 && equipment.length === 0;
  return {
    open,
    visible: open && resultsLoaded,
    searching: !snapshot.matches({ search: 'idle' }),
    categories: collections.length > 0 ? { label: LISTING_TEXT.categories, items: collections } : null,
    products: products.length > 0 ? { label: LISTING_TEXT.products, items: products } : null,
    equipment: equipment.length > 0 ? { label: 'Equipment', items: equipment } : null,
    noResults: resultsLoaded && empty ? LISTING_TEXT.noResults : null,
  };
}

/**
 * The pill of a search box snapshot, or null when none shows.
 * @example useSelector(actorRef, selectPricePill)?.text; // 'Price filter: under $500.00'
 */
export function selectPricePill(snapshot: SearchBoxSnapshot): PricePillView | null {
  const { pill } = snapshot.context;
  if (pill === null || !snapshot.matches({ pill: 'shown' })) return null;
  const popoverVisible = snapshot.matches({ pill: { shown: 'popoverShown' } }) || snapshot.matches({ pill: { shown: 'popoverClosing' } });
  return { text: pill.text, hint: PRICE_PILL_HINT, popoverVisible };
}

/**
 * Whether Enter or the search button would do anything (false with an empty query), for a
 * disabled state that comes from the machine rather than the view.
 */
export function selectCanSubmitSearch(snapshot: SearchBoxSnapshot): boolean {
  return snapshot.can({ type: 'search.submit' });
}
