/**
 * Types of the search box machine (`search-box.machine.ts`) and of its connect function.
 * @module
 */
import type { EquipmentSummary } from '../domain/equipment.ts';
import type { HEADER_SEARCH_LIMIT, QUERY_FIELDS } from '../domain/urls.ts';
import type { PricePill } from '../domain/price-phrase.ts';
import type { Collection, ProductCardData, SearchQuery } from '../domain/entities.ts';

/** A product of the dropdown's 'Products' group: the fields the header call asks for. */
export type HeaderProduct = Pick<ProductCardData, 'title' | 'handle' | 'id' | 'vendor'>;

/** A model of the dropdown's 'Equipment' group (the query is a model number). */
export type HeaderEquipment = Pick<EquipmentSummary, 'handle' | 'title' | 'modelNumber'>;

/** A collection of the dropdown's 'Categories' group. */
export type HeaderCollection = Pick<Collection, 'title' | 'handle' | 'id'>;

/** The parameters of the header's products call (GET /api/products/filter). */
export interface HeaderProductsInput extends SearchQuery {
  limit: typeof HEADER_SEARCH_LIMIT;
  page: 0;
  fields: typeof QUERY_FIELDS.withVendor;
}

/** The parameters of the header's collections call (GET /api/collections). */
export interface HeaderCollectionsInput extends SearchQuery {
  limit: typeof HEADER_SEARCH_LIMIT;
  page: 0;
  fields: typeof QUERY_FIELDS.basic;
}

/** Context of {@link searchBoxMachine}. */
export interface SearchBoxContext {
  /** The text in the box. */
  query: string;
  /** On the search results page the debounce is 400 ms instead of 600 ms. */
  onSearchPage: boolean;
  /** The minimum price applied (from the page, or an accepted pill), or null. */
  minPrice: number | null;
  /** The maximum price applied, or null. */
  maxPrice: number | null;
  /** The 'Products' group (up to 4). */
  products: HeaderProduct[];
  /** The 'Categories' group (up to 4). */
  collections: HeaderCollection[];
  /** The 'Equipment' group (up to 4): models whose number the query matches, from the products call's answer. */
  equipment: HeaderEquipment[];
  /** A search for the current results has finished (so an empty result means 'No results found.'). */
  resultsLoaded: boolean;
  /** Whether the dropdown is open. */
  open: boolean;
  /** The price-phrase pill, when the typed query has a consistent price phrase. */
  pill: PricePill | null;
}

/** Events of {@link searchBoxMachine}. */
export type SearchBoxEvent =
  | { type: 'query.changed'; value: string }
  | { type: 'input.focus' }
  | { type: 'click.outside' }
  /** A result was chosen; with a url the machine also emits the navigation. */
  | { type: 'result.chosen'; url?: string }
  /** Enter or the search button. */
  | { type: 'search.submit' }
  | { type: 'pill.pointer.enter' }
  | { type: 'pill.pointer.leave' }
  | { type: 'pill.accept' }
  /** The price bounds the page applies changed (the search results page's filters). */
  | { type: 'bounds.changed'; minPrice?: number | null; maxPrice?: number | null }
  /** The route changed: whether the box now sits on the search results page. */
  | { type: 'route.changed'; onSearchPage: boolean };

/** Input of {@link searchBoxMachine}. */
export interface SearchBoxInput {
  /** The text to start with (the search page's q). @default '' */
  query?: string;
  /** Whether the box sits on the search results page. @default false */
  onSearchPage?: boolean;
  /** The applied minimum price (checked with the maximum by the price input rules). @default null */
  minPrice?: number | null;
  /** The applied maximum price. @default null */
  maxPrice?: number | null;
}

/** What the machine emits: go to a URL (the search results page, or a chosen result). */
export type SearchBoxEmitted = { type: 'navigate'; url: string };
