/**
 * What the collection page shows around its product list, from a snapshot of its machine: a pure
 * function, tested without React; `useCollection` returns it with the description toggle and
 * the listing.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { descriptionWithoutTitle } from '../domain/catalog-text.ts';
import type { Collection, CollectionCrumb, ProductCardData } from '../domain/entities.ts';
import { pageTitle } from '../domain/page-title.ts';
import type { StoreLinks } from '../domain/urls.ts';
import { collectionSideList, descriptionToggleLabel, type collectionListingMachine } from './collection-listing.machine.ts';
import type { CollectionSideList } from './collection-listing.types.ts';

/** What the collection page shows. */
export interface CollectionView {
  status: 'loading' | 'loaded' | 'missing';
  collection: Collection | null;
  /** The SEO title: seoTitle or title, with the store name appended when missing. */
  seoTitle: string;
  /** Home > Collections > title, or the collection's own breadcrumbs (each with a link). */
  breadcrumbs: (CollectionCrumb & { href: string })[];
  featured: ProductCardData[];
  /** Child categories (childCollectionsCount > 0) or the hierarchy. */
  sideList: CollectionSideList;
  /** The collection's description HTML without a first heading that repeats its title (the h1 shows it), or ''. */
  descriptionHtml: string;
  descriptionExpanded: boolean;
  /** 'Read More' or 'Read Less'. */
  descriptionToggleLabel: string;
}

/** What the view needs of the store: its name (the title) and its links (the breadcrumbs). */
export interface CollectionStore {
  storeName: string;
  links: Pick<StoreLinks, 'collection' | 'collections'>;
}

function breadcrumbsOf(collection: Collection | null, links: CollectionStore['links']): (CollectionCrumb & { href: string })[] {
  if (!collection) return [];
  const home = { title: 'Home', handle: '', href: '/' };
  const own = collection.breadcrumbs;
  if (own && own.length > 0) return [home, ...own.map((c) => ({ ...c, href: links.collection(c.handle) }))];
  return [home, { title: 'Collections', handle: '', href: links.collections() }, { title: collection.title, handle: collection.handle, href: links.collection(collection.handle) }];
}

/**
 * The view of a snapshot.
 * @example connectCollection(actor.getSnapshot(), { storeName: 'Skimmer', links }).status; // 'loading'
 */
export function connectCollection(snapshot: SnapshotFrom<typeof collectionListingMachine>, store: CollectionStore): CollectionView {
  const { collection, featured, hierarchy } = snapshot.context;
  const expanded = snapshot.matches({ loaded: { description: 'expanded' } });
  return {
    status: snapshot.matches('loaded') ? 'loaded' : snapshot.matches('missing') ? 'missing' : 'loading',
    collection,
    seoTitle: collection ? pageTitle(collection.seoTitle?.trim() || collection.title, store.storeName) : '',
    breadcrumbs: breadcrumbsOf(collection, store.links),
    featured,
    sideList: collectionSideList({ collection, hierarchy }),
    descriptionHtml: collection?.descriptionHtml ? descriptionWithoutTitle(collection.descriptionHtml, collection.title) : '',
    descriptionExpanded: expanded,
    descriptionToggleLabel: descriptionToggleLabel(expanded),
  };
}
