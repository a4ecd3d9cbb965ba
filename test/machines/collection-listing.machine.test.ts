import { describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  collectionListingMachine,
  collectionSideList,
  descriptionToggleLabel,
} from '../../src/machines/collection-listing.machine.ts';
import type { CollectionListingEmitted, CollectionListingInput } from '../../src/machines/collection-listing.machine.ts';
import type { Collection, Hierarchy, HierarchyEntry, ProductCardData } from '../../src/domain/entities.ts';

function collection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 42, handle: 'pool-pumps', title: 'Pool Pumps', seoTitle: null, seoDescription: null, isIndexed: true, imageUrl: null,
    descriptionHtml: '<p>Pumps</p>', breadcrumbs: null, childCollectionsCount: 0, ...overrides,
  };
}

const featuredCard = { id: 5, title: 'Featured pump', handle: 'featured-pump' } as ProductCardData;
const entries: HierarchyEntry[] = [
  { id: 1, title: 'Pumps', handle: 'pumps', LEVEL: 1 },
  { id: 3, title: 'Variable speed', handle: 'vs', LEVEL: 2 },
  { id: 2, title: 'Single speed', handle: 'ss', LEVEL: 2 },
];

interface Fakes {
  collection?: (handle: string) => Promise<{ collection: Collection | null }>;
  featured?: (id: number) => Promise<{ products: ProductCardData[] }>;
  hierarchy?: (id: number) => Promise<{ hierarchy: Hierarchy }>;
}

function start(input: CollectionListingInput = { handle: 'pool-pumps' }, fakes: Fakes = {}) {
  const fetchCollection = vi.fn(fakes.collection ?? (async (handle: string) => ({ collection: collection({ handle }) })));
  const fetchFeatured = vi.fn(fakes.featured ?? (async () => ({ products: [featuredCard] })));
  const fetchHierarchy = vi.fn(fakes.hierarchy ?? (async () => ({ hierarchy: { default: entries } })));
  const machine = collectionListingMachine.provide({
    actors: {
      fetchCollection: fromPromise(async ({ input: i }: { input: { handle: string } }) => fetchCollection(i.handle)),
      fetchFeatured: fromPromise(async ({ input: i }: { input: { collectionId: number } }) => fetchFeatured(i.collectionId)),
      fetchHierarchy: fromPromise(async ({ input: i }: { input: { collectionId: number } }) => fetchHierarchy(i.collectionId)),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: CollectionListingEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const settled = () =>
    waitFor(actor, (s) => s.matches('missing') || (s.matches({ loaded: { featured: 'loaded' } }) || s.matches({ loaded: { featured: 'failed' } })) && (s.matches({ loaded: { hierarchy: 'loaded' } }) || s.matches({ loaded: { hierarchy: 'failed' } })));
  return { actor, emitted, fetchCollection, fetchFeatured, fetchHierarchy, settled };
}

describe('collection', () => {
  test('loads the collection by handle, then its featured products and hierarchy by id', async () => {
    const { actor, fetchCollection, fetchFeatured, fetchHierarchy, settled } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    await settled();
    expect(fetchCollection).toHaveBeenCalledWith('pool-pumps');
    expect(fetchFeatured).toHaveBeenCalledWith(42);
    expect(fetchHierarchy).toHaveBeenCalledWith(42);
    expect(actor.getSnapshot().context.featured).toEqual([featuredCard]);
    expect(actor.getSnapshot().context.hierarchy).toEqual(entries);
  });

  test.each([
    ['no collection is returned', async () => ({ collection: null })],
    ['the call fails', async () => Promise.reject(new Error('Something went wrong. Please try again.'))],
  ])('is missing (the fallback shows) when %s', async (_why, fake) => {
    const { actor, fetchFeatured, settled } = start(undefined, { collection: fake });
    await settled();
    expect(actor.getSnapshot().value).toBe('missing');
    expect(fetchFeatured).not.toHaveBeenCalled();
  });

  test.each([
    ['featured products', 'fetchFeatured', { featured: async () => Promise.reject(new Error('down')) }],
    ['hierarchy', 'fetchHierarchy', { hierarchy: async () => Promise.reject(new Error('down')) }],
  ] as const)('a %s failure is logged only and leaves its list empty', async (_what, source, fakes) => {
    const { actor, emitted, settled } = start(undefined, fakes);
    await settled();
    expect(emitted).toEqual([{ type: 'log', source, message: 'down', error: expect.any(Error) }]);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context[source === 'fetchFeatured' ? 'featured' : 'hierarchy']).toEqual([]);
  });

  test('the default actors reject with a message naming the actor to provide', async () => {
    const actor = createActor(collectionListingMachine, { input: { handle: 'x' } });
    const logs: string[] = [];
    actor.on('log', (e) => logs.push(e.message));
    actor.start();
    await waitFor(actor, (s) => s.matches('missing'));
    expect(logs).toEqual(["Provide the 'fetchCollection' actor"]);
  });

  test('starts loaded from server-rendered data and fetches nothing given', async () => {
    const { actor, fetchCollection, fetchFeatured, fetchHierarchy } = start({
      handle: 'pool-pumps',
      initial: { collection: collection(), featured: [featuredCard], hierarchy: { default: entries } },
    });
    expect(actor.getSnapshot().matches({ loaded: { featured: 'loaded', hierarchy: 'loaded' } })).toBe(true);
    await Promise.resolve();
    expect(fetchCollection).not.toHaveBeenCalled();
    expect(fetchFeatured).not.toHaveBeenCalled();
    expect(fetchHierarchy).not.toHaveBeenCalled();
  });

  test('a server-rendered missing collection starts missing', () => {
    const { actor, fetchCollection } = start({ handle: 'gone', initial: { collection: null } });
    expect(actor.getSnapshot().value).toBe('missing');
    expect(fetchCollection).not.toHaveBeenCalled();
  });

  test('a new handle loads everything again with the description collapsed; the same handle is ignored', async () => {
    const { actor, fetchCollection, settled } = start();
    await settled();
    actor.send({ type: 'description.toggle' });
    actor.send({ type: 'collection.changed', handle: 'pool-pumps' });
    expect(fetchCollection).toHaveBeenCalledTimes(1);
    actor.send({ type: 'collection.changed', handle: 'heaters' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settled();
    expect(fetchCollection).toHaveBeenLastCalledWith('heaters');
    expect(actor.getSnapshot().matches({ loaded: { description: 'collapsed' } })).toBe(true);
  });
});

describe('description', () => {
  test('toggles between collapsed (Read More) and expanded (Read Less); collapsing scrolls back to the top', async () => {
    const { actor, emitted, settled } = start();
    await settled();
    expect(actor.getSnapshot().matches({ loaded: { description: 'collapsed' } })).toBe(true);
    actor.send({ type: 'description.toggle' });
    expect(actor.getSnapshot().matches({ loaded: { description: 'expanded' } })).toBe(true);
    expect(emitted).toEqual([]);
    actor.send({ type: 'description.toggle' });
    expect(actor.getSnapshot().matches({ loaded: { description: 'collapsed' } })).toBe(true);
    expect(emitted).toEqual([{ type: 'scroll', to: 'top' }]);
  });

  test.each([
    [false, 'Read More'],
    [true, 'Read Less'],
  ])('the toggle label when expanded is %s: %s', (expanded, label) => {
    expect(descriptionToggleLabel(expanded)).toBe(label);
  });

  test('any number of toggles ends expanded exactly when the count is odd, with one scroll per collapse (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 20 }), async (n) => {
        const { actor, emitted, settled } = start({ handle: 'p', initial: { collection: collection(), featured: [], hierarchy: { default: [] } } });
        await settled();
        for (let i = 0; i < n; i += 1) actor.send({ type: 'description.toggle' });
        expect(actor.getSnapshot().matches({ loaded: { description: 'expanded' } })).toBe(n % 2 === 1);
        expect(emitted.filter((e) => e.type === 'scroll')).toHaveLength(Math.floor(n / 2));
        actor.stop();
      }),
    );
  });
});

describe('side list', () => {
  test('shows the child categories (level 2, sorted by title) when the collection has children', () => {
    const list = collectionSideList({ collection: collection({ childCollectionsCount: 2 }), hierarchy: entries });
    expect(list).toEqual({ kind: 'children', items: [entries[2], entries[1]] });
  });

  test('shows the hierarchy when it has none', () => {
    expect(collectionSideList({ collection: collection(), hierarchy: entries })).toEqual({ kind: 'hierarchy', items: entries });
  });
});
