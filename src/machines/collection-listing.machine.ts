/**
 * The collection page around its product list (a failed product list, featured list or hierarchy
 * is logged only): the collection itself (loading, loaded, or missing: the fallback component),
 * its featured products and its hierarchy (the side list), and the description's Read More /
 * Read Less toggle, which scrolls back up after collapsing.
 *
 * The product list of the page is {@link searchResultsMachine} with the collection's id as
 * `collectionId`, started once this machine has the collection.
 * @module
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { childCategories } from '../domain/lists.ts';
import { LISTING_TEXT } from '../domain/listing.ts';
import type { Collection, Hierarchy, ProductCardData } from '../domain/entities.ts';
import type { CollectionListingContext, CollectionListingEvent, CollectionListingInput, CollectionListingLog, CollectionListingEmitted, CollectionSideList } from './collection-listing.types.ts';

export type { CollectionListingContext, CollectionListingEvent, CollectionListingInitial, CollectionListingInput, CollectionListingLog, CollectionListingEmitted, CollectionSideList } from './collection-listing.types.ts';

function logged(source: CollectionListingLog['source'], error: unknown): CollectionListingLog {
  return { type: 'log', source, message: error instanceof Error ? error.message : String(error), error };
}

/**
 * The collection page machine: `loading`, `missing`, or `loaded` with three parallel regions
 * (`featured`, `hierarchy`: loading, loaded, failed; `description`: collapsed, expanded).
 *
 * Choices: a collection call that fails counts as missing (the spec has no message for it; the
 * failure is also logged), so the fallback shows rather than an empty page; featured products and
 * the hierarchy start only once the collection's id is known; a failed featured or hierarchy call
 * leaves its list empty (logged only).
 *
 * @example
 * const actor = createActor(collectionListingMachine.provide({ actors: {
 *   fetchCollection: fromPromise(({ input, signal }) => client.collectionByHandle(input.handle, { signal })),
 *   fetchFeatured: fromPromise(({ input, signal }) => client.featuredProducts(input.collectionId, {}, { signal })),
 *   fetchHierarchy: fromPromise(({ input, signal }) => client.hierarchy(input.collectionId, { signal })),
 * } }), { input: { handle: 'pool-pumps' } });
 */
export const collectionListingMachine = setup({
  types: {
    context: {} as CollectionListingContext,
    events: {} as CollectionListingEvent,
    input: {} as CollectionListingInput,
    emitted: {} as CollectionListingEmitted,
  },
  actors: {
    fetchCollection: fromPromise<{ collection: Collection | null }, { handle: string }>(async () => {
      throw new Error("Provide the 'fetchCollection' actor");
    }),
    fetchFeatured: fromPromise<{ products: ProductCardData[] }, { collectionId: number }>(async () => {
      throw new Error("Provide the 'fetchFeatured' actor");
    }),
    fetchHierarchy: fromPromise<{ hierarchy: Hierarchy }, { collectionId: number }>(async () => {
      throw new Error("Provide the 'fetchHierarchy' actor");
    }),
  },
  guards: {
    initialCollection: ({ context }) => context.initial?.collection !== undefined,
    initialFeatured: ({ context }) => context.initial?.featured !== undefined,
    initialHierarchy: ({ context }) => context.initial?.hierarchy !== undefined,
  },
}).createMachine({
  id: 'collectionListing',
  context: ({ input }) => ({
    handle: input.handle,
    collection: input.initial?.collection ?? null,
    featured: input.initial?.featured ?? [],
    hierarchy: input.initial?.hierarchy?.default ?? [],
    initial: input.initial ?? null,
  }),
  initial: 'start',
  on: {
    'collection.changed': {
      guard: ({ context, event }) => event.handle !== context.handle,
      target: '.loading',
      actions: assign({ handle: ({ event }) => event.handle, collection: null, featured: [], hierarchy: [], initial: null }),
    },
  },
  states: {
    start: {
      always: [
        { guard: ({ context }) => context.initial?.collection === null, target: 'missing' },
        { guard: 'initialCollection', target: 'loaded' },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        src: 'fetchCollection',
        input: ({ context }) => ({ handle: context.handle }),
        onDone: [
          { guard: ({ event }) => event.output?.collection != null, target: 'loaded', actions: assign({ collection: ({ event }) => event.output.collection }) },
          { target: 'missing' },
        ],
        onError: { target: 'missing', actions: emit(({ event }) => logged('fetchCollection', event.error)) },
      },
    },
    missing: {},
    loaded: {
      type: 'parallel',
      states: {
        featured: {
          initial: 'start',
          states: {
            start: { always: [{ guard: 'initialFeatured', target: 'loaded' }, { target: 'loading' }] },
            loading: {
              invoke: {
                src: 'fetchFeatured',
                input: ({ context }) => ({ collectionId: context.collection?.id ?? 0 }),
                onDone: { target: 'loaded', actions: assign({ featured: ({ event }) => event.output?.products ?? [] }) },
                onError: { target: 'failed', actions: emit(({ event }) => logged('fetchFeatured', event.error)) },
              },
            },
            loaded: {},
            failed: {},
          },
        },
        hierarchy: {
          initial: 'start',
          states: {
            start: { always: [{ guard: 'initialHierarchy', target: 'loaded' }, { target: 'loading' }] },
            loading: {
              invoke: {
                src: 'fetchHierarchy',
                input: ({ context }) => ({ collectionId: context.collection?.id ?? 0 }),
                onDone: { target: 'loaded', actions: assign({ hierarchy: ({ event }) => event.output?.hierarchy?.default ?? [] }) },
                onError: { target: 'failed', actions: emit(({ event }) => logged('fetchHierarchy', event.error)) },
              },
            },
            loaded: {},
            failed: {},
          },
        },
        description: {
          initial: 'collapsed',
          states: {
            collapsed: { on: { 'description.toggle': 'expanded' } },
            expanded: { on: { 'description.toggle': { target: 'collapsed', actions: emit({ type: 'scroll', to: 'top' }) } } },
          },
        },
      },
    },
  },
});

/**
 * The side list: the child categories (level 2 entries sorted by title) when the collection has
 * children (childCollectionsCount > 0), else the hierarchy as loaded.
 * @example collectionSideList(actor.getSnapshot().context).kind; // 'children'
 */
export function collectionSideList(context: Pick<CollectionListingContext, 'collection' | 'hierarchy'>): CollectionSideList {
  if ((context.collection?.childCollectionsCount ?? 0) > 0) return { kind: 'children', items: childCategories(context.hierarchy) };
  return { kind: 'hierarchy', items: context.hierarchy };
}

/**
 * The description toggle's label: 'Read More' while collapsed, 'Read Less' while expanded.
 * @example descriptionToggleLabel(true); // 'Read Less'
 */
export function descriptionToggleLabel(expanded: boolean): typeof LISTING_TEXT.readMore | typeof LISTING_TEXT.readLess {
  return expanded ? LISTING_TEXT.readLess : LISTING_TEXT.readMore;
}
