import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Collection, Hierarchy, ProductCardData } from '../../src/domain/entities.ts';
import { LISTING_TEXT } from '../../src/domain/listing.ts';
import { createStoreLinks } from '../../src/domain/urls.ts';
import { connectCollection } from '../../src/machines/collection-listing.connect.ts';
import { collectionListingMachine, type CollectionListingInput } from '../../src/machines/collection-listing.machine.ts';

const collection = (overrides: Partial<Collection> = {}): Collection => ({
  id: 42, handle: 'pool-pumps', title: 'Pool Pumps', seoTitle: null, seoDescription: null, isIndexed: true, imageUrl: null,
  descriptionHtml: '<h2>Pool Pumps</h2><p>Pumps</p>', breadcrumbs: null, childCollectionsCount: 0, ...overrides,
});
const links = createStoreLinks({ collectionPath: '/collections', productPath: '/products', articlePath: '/articles' });
const store = { storeName: 'Skimmer', links };
const never = <T,>() => new Promise<T>(() => undefined);
const start = (input: CollectionListingInput) =>
  createActor(
    collectionListingMachine.provide({
      actors: {
        fetchCollection: fromPromise((_: { input: { handle: string } }) => never<{ collection: Collection | null }>()),
        fetchFeatured: fromPromise((_: { input: { collectionId: number } }) => never<{ products: ProductCardData[] }>()),
        fetchHierarchy: fromPromise((_: { input: { collectionId: number } }) => never<{ hierarchy: Hierarchy }>()),
      },
    }),
    { input },
  ).start();

describe('connectCollection', () => {
  test('loading until the collection answers, with no title or crumbs', () => {
    expect(connectCollection(start({ handle: 'pool-pumps' }).getSnapshot(), store)).toMatchObject({ status: 'loading', collection: null, seoTitle: '', breadcrumbs: [], descriptionHtml: '' });
  });

  test('a loaded collection has its SEO title, Home > Collections > title, and its description without the repeated heading', () => {
    const view = connectCollection(start({ handle: 'pool-pumps', initial: { collection: collection() } }).getSnapshot(), store);
    expect(view).toMatchObject({ status: 'loaded', seoTitle: 'Pool Pumps - Skimmer', descriptionExpanded: false, descriptionToggleLabel: LISTING_TEXT.readMore });
    expect(view.breadcrumbs.map((c) => c.href)).toEqual(['/', links.collections(), links.collection('pool-pumps')]);
    expect(view.descriptionHtml).not.toContain('<h2>');
  });

  test('the toggle expands the description and reads Read Less', () => {
    const actor = start({ handle: 'pool-pumps', initial: { collection: collection() } });
    actor.send({ type: 'description.toggle' });
    expect(connectCollection(actor.getSnapshot(), store)).toMatchObject({ descriptionExpanded: true, descriptionToggleLabel: LISTING_TEXT.readLess });
  });

  test('a collection the store does not have is missing', () => {
    expect(connectCollection(start({ handle: 'gone', initial: { collection: null } }).getSnapshot(), store).status).toBe('missing');
  });
});
