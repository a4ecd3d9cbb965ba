/**
 * The header search box at work (placeholder, search button, dropdown with
 * 'Categories' and 'Products' and 'No results found.', price-filter pill with 'Accept
 * suggestion?'), over `useSearchBox`. The header shows `SearchBox`, which loads this module when
 * the shopper first reaches for the box.
 * @module
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { CHROME_TEXT } from '../../domain/chrome.ts';
import { LISTING_TEXT } from '../../domain/listing.ts';
import { useSearchBox } from '../../hooks/useSearchBox.ts';
import { SearchIcon } from './SearchBox.tsx';

/** Props of {@link LiveSearchBox}. */
export interface LiveSearchBoxProps {
  /** Whether the page is the search results page (shorter pause, see useSearchBox). @default false */
  onSearchPage?: boolean;
  /**
   * What the shopper did in the box before this one took over: the text typed, whether the input
   * had the focus, whether the form was submitted. Read when the box mounts; the box then keeps its
   * text in it (and clears `field` and `submitted`), so a box mounted again starts where this one
   * was.
   * @default nothing typed, not focused, not submitted
   */
  seed?: { readonly current: SearchBoxSeed };
}

/** See {@link LiveSearchBoxProps.seed}. */
export interface SearchBoxSeed {
  text: string;
  focused: boolean;
  submitted: boolean;
  /**
   * The first box's input. Its value is read when this box takes over: a keystroke the first box
   * had no time to handle (on a slow device) is in the DOM, not yet in `text`.
   * @default null
   */
  field?: HTMLInputElement | null;
}

/** What the shopper typed in the first box: its input's value, else the text its handlers saw. */
function seededText(seed: SearchBoxSeed | undefined): string {
  return seed?.field?.value ?? seed?.text ?? '';
}

/** A plain left click that the app may handle itself (no new tab, no modifier). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The search form. Results are links (Tab and the arrow keys reach them; a plain click goes
 * through the hook, which closes the dropdown and navigates). A mouse down outside the box tells
 * the hook, which closes the dropdown; Escape does the same.
 *
 * @example <LiveSearchBox onSearchPage={pathname === '/searchresults.asp'} />
 */
export function LiveSearchBox({ onSearchPage = false, seed }: LiveSearchBoxProps) {
  // the machine starts with what was typed, so the first render of this input already shows it
  const [query] = useState(() => seededText(seed?.current));
  const box = useSearchBox({ onSearchPage, query });
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hintId = useId();
  const { clickOutside, change, submit } = box;

  // takes over from the box the page first showed: its text, focus and a pending submit (once,
  // also under StrictMode's second run of effects). A layout effect: it runs before the browser
  // handles the next keystroke, so no key falls between the two inputs; the first input's value
  // is read again for a keystroke it received while this box rendered.
  const seeded = useRef(false);
  useLayoutEffect(() => {
    const start = seed?.current;
    if (!start || seeded.current) return;
    seeded.current = true;
    const text = seededText(start);
    if (text) change(text);
    if (start.focused) input.current?.focus();
    if (start.submitted) submit();
    // taken over: the first box's input is gone and its value frozen, and its submit is spent. A
    // box at work mounted again (a remount of the header) starts from this box's text, kept
    // below, and submits nothing by itself
    start.field = null;
    start.submitted = false;
  }, []);
  // what this box holds, for a box at work mounted after it
  useLayoutEffect(() => {
    if (seed && seeded.current) seed.current.text = box.query;
  }, [seed, box.query]);

  useEffect(() => {
    if (!box.open) return;
    const onDown = (event: globalThis.MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) clickOutside();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [box.open, clickOutside]);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('.search-dropdown a') ?? []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      clickOutside();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    if (all.length === 0) return;
    event.preventDefault();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? (at + 1) % all.length : at <= 0 ? all.length - 1 : at - 1;
    all[next]?.focus();
  };
  const chooseLink = (href: string) => (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    box.choose(href);
  };
  const hasResults = box.products.length > 0 || box.collections.length > 0 || box.equipment.length > 0;
  const showDropdown = box.open && (hasResults || box.noResultsText !== null);

  return (
    <form
      ref={root}
      className="search-box"
      role="search"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        box.submit();
      }}
    >
      <div className="search-field">
        <input
          ref={input}
          type="search"
          // a combobox (not a plain searchbox) may say whether its list of suggestions is open
          role="combobox"
          aria-autocomplete="list"
          aria-label={box.placeholder}
          placeholder={box.placeholder}
          value={box.query}
          autoComplete="off"
          aria-expanded={showDropdown}
          aria-controls={listId}
          onFocus={box.focus}
          onChange={(event) => box.change(event.target.value)}
        />
        <button type="submit" className="search-button" aria-label={CHROME_TEXT.searchButton} disabled={!box.canSubmit}>
          <SearchIcon />
        </button>
      </div>
      {box.pill && (
        <div className="price-pill-wrap" onMouseEnter={box.pillEnter} onMouseLeave={box.pillLeave}>
          <button type="button" className="price-pill" aria-describedby={hintId} onClick={box.acceptPill} onFocus={box.pillEnter} onBlur={box.pillLeave}>
            {box.pill.text}
          </button>
          <span id={hintId} role="tooltip" className={`price-pill-hint${box.popoverShown ? ' is-shown' : ''}`}>
            {box.pill.hint}
          </span>
        </div>
      )}
      <div id={listId} className="search-dropdown" hidden={!showDropdown} aria-live="polite">
        {box.equipment.length > 0 && (
          <section aria-label={EQUIPMENT_GROUP}>
            <h2 className="search-group">{EQUIPMENT_GROUP}</h2>
            <ul>
              {box.equipment.map((m) => (
                <li key={`e${m.handle}`}>
                  <a href={m.href} onClick={chooseLink(m.href)}>
                    <span className="search-title">{m.title}</span>
                    <span className="search-vendor">{m.modelNumber}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {box.collections.length > 0 && (
          <section aria-label={LISTING_TEXT.categories}>
            <h2 className="search-group">{LISTING_TEXT.categories}</h2>
            <ul>
              {box.collections.map((c) => (
                <li key={`c${c.id}`}><a href={c.href} onClick={chooseLink(c.href)}>{c.title}</a></li>
              ))}
            </ul>
          </section>
        )}
        {box.products.length > 0 && (
          <section aria-label={LISTING_TEXT.products}>
            <h2 className="search-group">{LISTING_TEXT.products}</h2>
            <ul>
              {box.products.map((p) => (
                <li key={`p${p.id}`}>
                  <a href={p.href} onClick={chooseLink(p.href)}>
                    <span className="search-title">{p.title}</span>
                    {p.vendor && <span className="search-vendor">{p.vendor}</span>}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {box.noResultsText && <p className="search-empty">{box.noResultsText}</p>}
      </div>
    </form>
  );
}

/** The heading of the dropdown's equipment models, beside 'Categories' and 'Products'. */
const EQUIPMENT_GROUP = 'Equipment';

export default LiveSearchBox;
