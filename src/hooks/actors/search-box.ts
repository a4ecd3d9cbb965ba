/**
 * The header search box's machine with its calls (the dropdown's products and collections), over
 * the latest client of the `useSearchBox` that runs it.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { searchBoxMachine } from '../../machines/search-box.machine.ts';
import { actorValues } from '../actor-values.ts';

/** The values of each `useSearchBox`'s actor tree. */
export const searchBoxValues = actorValues<ApiClient>('useSearchBox');

/** The machine with its calls, over the latest client of the hook that runs it. */
export const providedSearchBoxMachine = searchBoxMachine.provide({
  actors: {
    searchProducts: fromPromise(({ system, input: query, signal }) => searchBoxValues.of(system).filterProducts({ ...query, fields: [...query.fields] }, { signal })),
    searchCollections: fromPromise(({ system, input: query, signal }) => searchBoxValues.of(system).searchCollections({ ...query, fields: [...query.fields] }, { signal })),
  },
});
