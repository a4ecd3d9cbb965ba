/**
 * Types of the collection listing machine (`collection-listing.machine.ts`) and of its connect function.
 * @module
 */
import type { Collection, Hierarchy, HierarchyEntry, ProductCardData } from '../domain/entities.ts';

/** Context of {@link collectionListingMachine}. */
export interface CollectionListingContext {
  /** The collection handle of the route. */
  handle: string;
  /** The collection, once loaded. */
  collection: Collection | null;
  /** Its featured products (empty until loaded, or after a failure). */
  featured: ProductCardData[];
  /** Its hierarchy's 'default' list (empty until loaded, or after a failure). */
  hierarchy: HierarchyEntry[];
  /** The server-rendered parts still to use (cleared when the handle changes). */
  initial: CollectionListingInitial | null;
}

/** Events of {@link collectionListingMachine}. */
export type CollectionListingEvent =
  /** The route's handle changed: everything loads again, the description collapsed. The same handle is ignored. */
  | { type: 'collection.changed'; handle: string }
  /** Read More / Read Less. */
  | { type: 'description.toggle' };

/** Data rendered on the server; each part given here is not fetched again. */
export interface CollectionListingInitial {
  /** The collection (null: known to be missing). */
  collection?: Collection | null;
  featured?: ProductCardData[];
  hierarchy?: Hierarchy;
}

/** Input of {@link collectionListingMachine}. */
export interface CollectionListingInput {
  handle: string;
  /** Server-rendered data. @default undefined */
  initial?: CollectionListingInitial;
}

/** A failure the spec says is logged only; the hook sends it to its logger. */
export interface CollectionListingLog {
  type: 'log';
  source: 'fetchCollection' | 'fetchFeatured' | 'fetchHierarchy';
  message: string;
  error: unknown;
}

/** What the machine emits: scroll the page back up (after collapsing), or a logged failure. */
export type CollectionListingEmitted = { type: 'scroll'; to: 'top' } | CollectionListingLog;

/** The side list of the collection page. */
export type CollectionSideList =
  | { kind: 'children'; items: HierarchyEntry[] }
  | { kind: 'hierarchy'; items: HierarchyEntry[] };
