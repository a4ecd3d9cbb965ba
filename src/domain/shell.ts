/**
 * Rules of the app shell (spec sections 2, 4, 8 and 9): the mobile layout, the
 * exit-intent triggers, the read-time estimate, and the shell-wide messages.
 *
 * Every input that a browser would provide (width, user agent, scroll position,
 * stored flag) is an argument, so the rules run the same on the server, in tests
 * and in the browser.
 *
 * @module
 */

/**
 * Widest viewport, in CSS pixels, that still gets the mobile layout (inclusive).
 * @default 800
 */
export const MOBILE_BREAKPOINT_PX = 800;

/**
 * User agents treated as mobile before the viewport width is known (server
 * render, first paint). Tablets count as mobile: their portrait width is under
 * the breakpoint, and the width replaces the guess as soon as it is known.
 */
export const MOBILE_USER_AGENT_RE = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Windows Phone|Opera Mini|Mobi/i;

/** What the shell knows about the device when it picks a layout. */
export interface LayoutInput {
  /** Viewport width in CSS pixels; null or undefined while unknown. */
  width?: number | null;
  /** The browser's user-agent string; empty or missing when unknown. */
  userAgent?: string | null;
}

/**
 * Whether the mobile layout applies: width of 800 px or less, or, before the
 * width is known (null, undefined or not a finite number), a mobile user agent.
 *
 * @example
 * isMobileLayout({ width: 800 });                               // true
 * isMobileLayout({ width: 801, userAgent: 'iPhone' });          // false: the width wins
 * isMobileLayout({ width: null, userAgent: 'Mozilla/5.0 (iPhone ...)' }); // true
 */
export function isMobileLayout({ width, userAgent }: LayoutInput): boolean {
  if (typeof width === 'number' && Number.isFinite(width)) return width <= MOBILE_BREAKPOINT_PX;
  return MOBILE_USER_AGENT_RE.test(userAgent ?? '');
}

/** The exit-intent popup's fixed texts (spec section 2). */
export const EXIT_POPUP_TEXT = {
  title: 'FIRST ORDER SPECIAL',
  note: 'Note: One Redemption Per Account/IP Address Only',
} as const;

/** The exit-intent popup's constants (spec section 9). */
export const EXIT_INTENT = {
  /** Wait between a trigger and the popup opening. */
  delayMs: 250,
  /** Desktop: the pointer must leave at or above this clientY. */
  topEdgePx: 10,
  /** Mobile: an upward scroll must be longer than this. */
  scrollUpPx: 10,
  /** Mobile: the visitor must have scrolled through this fraction of the page first. */
  depthRatio: 0.05,
  /** Local-storage key of the 'shown' flag. */
  storageKey: 'exitIntentPopUpShown',
  /** Value stored under the key once the popup has shown. */
  shownValue: 'true',
} as const;

/**
 * Desktop exit intent: the pointer left the page near the top edge
 * (clientY of 10 px or less, towards the tab bar and the close button).
 *
 * @example
 * isDesktopExitTrigger(4);   // true
 * isDesktopExitTrigger(300); // false
 */
export function isDesktopExitTrigger(clientY: number): boolean {
  return Number.isFinite(clientY) && clientY <= EXIT_INTENT.topEdgePx;
}

/** One scroll step on a phone, as the exit-intent rule reads it. */
export interface ScrollStep {
  /** scrollY before this step. */
  previousScrollY: number;
  /** scrollY after this step. */
  scrollY: number;
  /** Full height of the page (scrollHeight), in px. */
  pageHeight: number;
  /** Height of the viewport (innerHeight), in px. */
  viewportHeight: number;
}

/**
 * How far down the page a scroll position is, from 0 (top) to 1 (bottom).
 *
 * Depth is the scroll position over the scrollable distance
 * (`scrollY / (pageHeight - viewportHeight)`), clamped to 0..1: the share of the
 * page the visitor has scrolled through, independent of screen size. A page
 * that does not scroll has depth 0.
 *
 * @example
 * scrollDepth(100, 3000, 1000); // 0.05
 */
export function scrollDepth(scrollY: number, pageHeight: number, viewportHeight: number): number {
  const scrollable = pageHeight - viewportHeight;
  if (!Number.isFinite(scrollable) || !Number.isFinite(scrollY) || scrollable <= 0) return 0;
  return Math.min(1, Math.max(0, scrollY / scrollable));
}

/**
 * Mobile exit intent: a scroll up by more than 10 px that starts at or past 5%
 * of the page depth (see {@link scrollDepth}).
 *
 * The depth is read at the previous position, where the upward scroll began:
 * a visitor who went past 5% and then flicks back to the very top still
 * triggers. A page too short to scroll never triggers.
 *
 * @example
 * isMobileExitTrigger({ previousScrollY: 400, scrollY: 380, pageHeight: 5000, viewportHeight: 800 }); // true
 * isMobileExitTrigger({ previousScrollY: 400, scrollY: 395, pageHeight: 5000, viewportHeight: 800 }); // false: 5 px
 */
export function isMobileExitTrigger({ previousScrollY, scrollY, pageHeight, viewportHeight }: ScrollStep): boolean {
  if (!Number.isFinite(previousScrollY) || !Number.isFinite(scrollY)) return false;
  if (pageHeight - viewportHeight <= 0) return false;
  const scrolledUp = previousScrollY - scrollY;
  return scrolledUp > EXIT_INTENT.scrollUpPx && scrollDepth(previousScrollY, pageHeight, viewportHeight) >= EXIT_INTENT.depthRatio;
}

/**
 * Whether the stored value under `exitIntentPopUpShown` means the popup has
 * already shown. Any stored value other than '' and 'false' counts as shown,
 * so a flag written by an older release ('1', a timestamp) still holds.
 *
 * @example
 * wasExitPopupShown(null);   // false
 * wasExitPopupShown('true'); // true
 */
export function wasExitPopupShown(stored: string | null | undefined): boolean {
  return stored != null && stored !== '' && stored !== 'false';
}

/**
 * Whether an exit-intent trigger may open the popup: only for signed-out
 * visitors, and only once. A login state still unknown (null, the user call
 * has not answered) does not show it: better to miss one visitor than to offer
 * a first-order discount to a signed-in customer.
 *
 * @example
 * mayShowExitPopup({ loggedIn: false, alreadyShown: false }); // true
 * mayShowExitPopup({ loggedIn: null, alreadyShown: false });  // false
 */
export function mayShowExitPopup({ loggedIn, alreadyShown }: { loggedIn: boolean | null; alreadyShown: boolean }): boolean {
  return loggedIn === false && !alreadyShown;
}

/**
 * Reading speed of the read-time estimate (spec section 9).
 * @default 225
 */
export const WORDS_PER_MINUTE = 225;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Plain text of an HTML fragment: script and style bodies removed, tags turned
 * into spaces (so `a<br>b` stays two words), the common entities and numeric
 * character references decoded, whitespace collapsed and trimmed.
 * Not a sanitizer: use it for counting and for plain-text descriptions only.
 *
 * @example
 * htmlToText('<p>Pump&nbsp;<b>basket</b></p>'); // 'Pump basket'
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[ref.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Number of words in a text: whitespace-separated tokens holding at least one
 * letter or digit (a lone dash or bullet is not a word).
 *
 * @example
 * countWords('Replace the O-ring - then prime'); // 5
 */
export function countWords(text: string): number {
  let words = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) words += 1;
  return words;
}

/**
 * Minutes to read an article at 225 words per minute, rounded up, at least 1.
 *
 * Accepts HTML or plain text: tags are stripped first (see {@link htmlToText}),
 * which leaves plain text unchanged apart from whitespace. An empty article
 * still reads '1 min': a zero-minute estimate looks like a bug.
 *
 * @example
 * readTimeMinutes('<p>' + 'word '.repeat(450) + '</p>'); // 2
 * readTimeMinutes('');                                   // 1
 */
export function readTimeMinutes(htmlOrText: string | null | undefined): number {
  return readTimeFromWords(countWords(htmlToText(htmlOrText)));
}

/**
 * Minutes to read a number of words at 225 words per minute, rounded up, at least 1 (lists carry
 * an article's word count instead of its body).
 *
 * @example
 * readTimeFromWords(226); // 2
 * readTimeFromWords(0);   // 1
 */
export function readTimeFromWords(words: number): number {
  return Math.max(1, Math.ceil(Math.max(0, words) / WORDS_PER_MINUTE));
}

/** The shell-wide messages of spec section 8. */
export const SHELL_MESSAGES = {
  /** Error fallback heading. */
  oops: 'Oops.',
  /** Error fallback text. */
  somethingWentWrong: 'Something went wrong.',
  /** Render error, heading and text on one line. */
  renderError: 'Oops. Something went wrong.',
  /** Generic failure. */
  generic: 'Something went wrong. Please try again.',
  /** Copyright notice for right-clicks on the seal badge. */
  imagesCopyrighted: 'Sorry, our images are copyrighted.',
} as const;

/** Texts of the not-found page (spec section 2, Other shared pieces). */
export const NOT_FOUND_TEXT = {
  title: '404 Not Found',
  message: 'This page does not exist.',
  back: 'Go Back',
} as const;

/**
 * How long a script chunk may take to load before it counts as failed, in ms.
 * @default 120000
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120000;

/** Error code of a stylesheet chunk that failed to load. */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/**
 * Message of a script chunk that failed to load.
 *
 * @example
 * chunkLoadFailedMessage(42); // 'Loading chunk 42 failed'
 */
export function chunkLoadFailedMessage(chunkId: string | number): string {
  return `Loading chunk ${chunkId} failed`;
}

/**
 * Whether an error is a failed chunk load (script or CSS), the one error a
 * fresh page load usually cures after a deploy. Recognises the error name
 * 'ChunkLoadError', the code CSS_CHUNK_LOAD_FAILED, and the messages
 * 'Loading chunk {id} failed' / 'Loading CSS chunk {id} failed'.
 *
 * @example
 * isChunkLoadError(new Error('Loading chunk 7 failed')); // true
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'ChunkLoadError' || code === CSS_CHUNK_LOAD_FAILED) return true;
  return typeof message === 'string' && /^Loading (CSS )?chunk \S+ failed/.test(message);
}

/** Opening hours shown in the footer's CONNECT WITH US block, one line each. */
export const FOOTER_HOURS = ['Mon-Fri 6AM-8PM PST', 'Sat-Sun 6AM-3PM PST'] as const;

/** The footer hours as one line, for places with no room for two. */
export const FOOTER_HOURS_TEXT = FOOTER_HOURS.join(' and ');

/**
 * The footer copyright line. The year is an argument (the domain reads no
 * clock); the wording around it is our choice, as the spec only asks for the
 * current year.
 *
 * @example
 * copyrightLine(2025, 'Skimmer'); // '© 2025 Skimmer. All rights reserved.'
 */
export function copyrightLine(year: number, storeName: string): string {
  const name = storeName.trim();
  return name ? `© ${year} ${name}. All rights reserved.` : `© ${year}. All rights reserved.`;
}

/**
 * Stacking level of modal dialogs (spec section 9).
 * @default 10000
 */
export const MODAL_Z_INDEX = 10000;

/**
 * Share of a lazy section that must be visible before it loads (0.1 = 10 percent).
 * @default 0.1
 */
export const LAZY_SECTION_VISIBLE_RATIO = 0.1;
