import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LISTING_TEXT } from '../../src/domain/listing.ts';
import { createStoreLinks } from '../../src/domain/urls.ts';
import { connectSearchBox } from '../../src/machines/search-box.connect.ts';
import { searchBoxMachine } from '../../src/machines/search-box.machine.ts';
import type { HeaderCollection, HeaderCollectionsInput, HeaderEquipment, HeaderProduct, HeaderProductsInput } from '../../src/machines/search-box.machine.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const links = createStoreLinks({ collectionPath: '/collections', productPath: '/products', articlePath: '/articles' });
const start = (products: HeaderProduct[], collections: HeaderCollection[] = []) =>
  createActor(
    searchBoxMachine.provide({
      actors: {
        searchProducts: fromPromise(async (_: { input: HeaderProductsInput }): Promise<{ products: HeaderProduct[]; equipment?: HeaderEquipment[] }> => ({ products, equipment: [] })),
        searchCollections: fromPromise(async (_: { input: HeaderCollectionsInput }) => ({ collections })),
      },
    }),
    { input: {} },
  ).start();

describe('connectSearchBox', () => {
  test('an empty box has its placeholder and cannot be submitted', () => {
    expect(connectSearchBox(start([]).getSnapshot(), links)).toMatchObject({ query: '', placeholder: LISTING_TEXT.placeholder, open: false, searching: false, canSubmit: false, noResultsText: null, pill: null });
  });

  test('while the pause runs it is searching; then the groups carry their links', async () => {
    const actor = start([{ id: 1, title: 'SuperFlo Pump', handle: 'superflo', vendor: 'Pentair' }], [{ id: 7, title: 'Pumps', handle: 'pumps' }]);
    actor.send({ type: 'input.focus' });
    actor.send({ type: 'query.changed', value: 'pump' });
    expect(connectSearchBox(actor.getSnapshot(), links)).toMatchObject({ query: 'pump', searching: true, canSubmit: true });
    await vi.advanceTimersByTimeAsync(1000);
    const view = connectSearchBox(actor.getSnapshot(), links);
    expect(view.searching).toBe(false);
    expect(view.products[0]?.href).toBe(links.product('superflo'));
    expect(view.collections[0]?.href).toBe(links.collection('pumps', { query: {} }));
  });

  test("a finished search that found nothing says 'No results found.'", async () => {
    const actor = start([]);
    actor.send({ type: 'input.focus' });
    actor.send({ type: 'query.changed', value: 'zzzz' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(connectSearchBox(actor.getSnapshot(), links).noResultsText).toBe(LISTING_TEXT.noResults);
  });
});
