/**
 * The header search box as the page first shows it: the same form, input and button as the box
 * at work (`SearchBoxLive.tsx`), without its machine, calls and dropdown, so they stay out of
 * every page's first load. The first sign that the shopper reaches for the box (the pointer over
 * it, a touch, the focus, typing) loads the box at work, which takes over with what was typed,
 * the focus and a submit made meanwhile.
 *
 * The input is uncontrolled: on a slow device the shopper types into the server's input before the
 * page hydrates, and a controlled input would be set back to its first render's empty value (the
 * characters typed meanwhile lost). The DOM input's value is the truth until the box at work reads
 * it.
 * @module
 */
import { useLayoutEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { CHROME_TEXT } from '../../domain/chrome.ts';
import { LISTING_TEXT } from '../../domain/listing.ts';
import { SEARCH_RESULTS_PATH } from '../../domain/urls.ts';
import type { LiveSearchBoxProps, SearchBoxSeed } from './SearchBoxLive.tsx';

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  /** Whether the page is the search results page (shorter pause, see useSearchBox). @default false */
  onSearchPage?: boolean;
}

const loadLive = () => import('./SearchBoxLive.tsx');

/** Nothing changes whether the page runs its scripts: no subscription. */
const noSubscription = () => () => {};

/** The magnifier of the search button. */
export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The search form of the header. Until the box at work has loaded, the input keeps what is typed
 * and the button is disabled while the input is empty (the box at work then applies the search
 * rules: a submit it cannot run does nothing).
 *
 * @example <SearchBox onSearchPage={pathname === '/searchresults.asp'} />
 */
export function SearchBox({ onSearchPage = false }: SearchBoxProps) {
  const seed = useRef<SearchBoxSeed>({ text: '', focused: false, submitted: false, field: null });
  const [text, setText] = useState('');
  // the box at work once its module has loaded. Not a lazy component under a Suspense boundary:
  // an update reaching a boundary the page has not hydrated yet makes React drop the server's
  // input and render the boundary again on the client, and on a slow device the keystrokes and
  // the focus of that moment were lost. Here this form stays, usable, until the module is here;
  // then one synchronous render swaps the two inputs and the box at work takes the text and focus.
  const [Live, setLive] = useState<ComponentType<LiveSearchBoxProps> | null>(null);
  const waking = useRef(false);
  // the empty-box rule needs the scripts: the server's HTML (and a page without JavaScript) keeps
  // the button enabled so the plain form submits; it applies once the page has hydrated
  const scripted = useSyncExternalStore(noSubscription, () => true, () => false);
  const wake = () => {
    if (waking.current) return;
    waking.current = true;
    loadLive().then(
      (module) => setLive(() => module.LiveSearchBox),
      // offline or a new deployment: the plain form still submits to the results page
      () => void (waking.current = false),
    );
  };

  // what the shopper did before hydration (typed, focused the box) has fired no React handler:
  // read it from the DOM once hydrated and hand it on
  useLayoutEffect(() => {
    const field = seed.current.field;
    if (!field) return;
    const focused = field.ownerDocument.activeElement === field;
    if (field.value !== '') {
      seed.current.text = field.value;
      setText(field.value);
    }
    if (focused) seed.current.focused = true;
    if (focused || field.value !== '') wake();
  }, []);

  const first = (
    <form
      className="search-box"
      role="search"
      // without JavaScript the form is a plain GET of the search results page
      action={SEARCH_RESULTS_PATH}
      method="get"
      onPointerEnter={wake}
      onTouchStart={wake}
      onSubmit={(event) => {
        event.preventDefault();
        seed.current.submitted = true;
        wake();
      }}
    >
      <div className="search-field">
        <input
          ref={(field) => {
            // kept after the swap: the box at work reads the last value this input held
            if (field) seed.current.field = field;
          }}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={false}
          aria-label={LISTING_TEXT.placeholder}
          placeholder={LISTING_TEXT.placeholder}
          defaultValue=""
          autoComplete="off"
          onFocus={() => {
            seed.current.focused = true;
            wake();
          }}
          onBlur={(event) => {
            // the shopper moved on to another element; a blur to nothing (this input leaving the
            // page in the swap) keeps the focus for the box at work
            if (event.currentTarget.isConnected && event.relatedTarget !== null) seed.current.focused = false;
          }}
          onChange={(event) => {
            seed.current.text = event.target.value;
            setText(event.target.value);
            wake();
          }}
        />
        <button type="submit" className="search-button" aria-label={CHROME_TEXT.searchButton} disabled={scripted && text.trim() === ''}>
          <SearchIcon />
        </button>
      </div>
    </form>
  );

  return Live ? <Live onSearchPage={onSearchPage} seed={seed} /> : first;
}
