/**
 * The exit-intent popup's rules: its texts, when a desktop pointer or a
 * mobile scroll means the shopper is leaving, and whether it may show. A module of its own: the
 * popup's code loads once the page has settled.
 * @module
 */

/** The exit-intent popup's fixed texts. */
export const EXIT_POPUP_TEXT = {
  title: 'FIRST ORDER SPECIAL',
  note: 'Note: One Redemption Per Account/IP Address Only',
} as const;

/** The exit-intent popup's constants. */
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
