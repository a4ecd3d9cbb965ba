/**
 * The header search box over `searchBoxMachine`: the debounced products and collections calls on
 * the provider's client, the dropdown, the price-phrase pill and its popover, and the submission
 * (a navigation through the environment).
 * @module
 */
import { useCallback, useEffect, useMemo } from 'react';
import { createStoreLinks } from '../domain/urls.ts';
import { connectSearchBox, type SearchBoxView } from '../machines/search-box.connect.ts';
import type { SearchBoxInput } from '../machines/search-box.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useMachineView } from './useMachineView.ts';
import { useMachineNotices } from './useToasts.ts';
import { providedSearchBoxMachine, searchBoxValues } from './actors/search-box.ts';

export type { Linked } from '../machines/search-box.connect.ts';

/** What {@link useSearchBox} returns: the box's view and its events. */
export interface SearchBoxApi extends SearchBoxView {
  change(value: string): void;
  focus(): void;
  clickOutside(): void;
  /** A result was chosen: closes the dropdown and navigates to `href` when given. */
  choose(href?: string): void;
  /** Enter or the search button: to /searchresults.asp with page=0. */
  submit(): void;
  pillEnter(): void;
  pillLeave(): void;
  acceptPill(): void;
}

/**
 * The header search box. Pass `onSearchPage` (and the page's q and bounds) on the search results
 * page, where the pause is 400 ms instead of 600 ms; a change of `onSearchPage` is forwarded.
 * @example
 * const box = useSearchBox({ onSearchPage: pathname === '/searchresults.asp' });
 * <input placeholder={box.placeholder} value={box.query} onFocus={box.focus} onChange={(e) => box.change(e.target.value)} />
 */
export function useSearchBox(input: SearchBoxInput = {}): SearchBoxApi {
  const { client, storeConfig } = useSkimmer();
  const api = useLatest(client);
  const links = useMemo(() => createStoreLinks(storeConfig), [storeConfig]);
  const connect = useCallback((s: Parameters<typeof connectSearchBox>[0]) => connectSearchBox(s, links), [links]);
  const { view, actor } = useMachineView(providedSearchBoxMachine, connect, { input, values: [searchBoxValues, api] });
  useMachineNotices(actor);
  const onSearchPage = input.onSearchPage ?? false;
  useEffect(() => actor.send({ type: 'route.changed', onSearchPage }), [actor, onSearchPage]);
  return {
    ...view,
    change: (value) => actor.send({ type: 'query.changed', value }),
    focus: () => actor.send({ type: 'input.focus' }),
    clickOutside: () => actor.send({ type: 'click.outside' }),
    choose: (href) => actor.send(href === undefined ? { type: 'result.chosen' } : { type: 'result.chosen', url: href }),
    submit: () => actor.send({ type: 'search.submit' }),
    pillEnter: () => actor.send({ type: 'pill.pointer.enter' }),
    pillLeave: () => actor.send({ type: 'pill.pointer.leave' }),
    acceptPill: () => actor.send({ type: 'pill.accept' }),
  };
}
