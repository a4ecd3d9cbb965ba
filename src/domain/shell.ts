/**
 * Rules of the app shell: the mobile layout and the shell-wide
 * messages (the exit-intent rules, the read time and the footer's content have modules of their
 * own).
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

/** The shell-wide messages the shopper reads when a page fails or a call cannot be made, word for word. */
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

/** Texts of the not-found page. */
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

/**
 * Stacking level of modal dialogs.
 * @default 10000
 */
export const MODAL_Z_INDEX = 10000;

/**
 * Share of a lazy section that must be visible before it loads (0.1 = 10 percent).
 * @default 0.1
 */
export const LAZY_SECTION_VISIBLE_RATIO = 0.1;
