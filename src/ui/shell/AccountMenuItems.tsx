/**
 * The account menu's items (Sign in and Register when signed out, Manage Account
 * and Sign Out when signed in). Their own chunk, loaded with the menu's first opening.
 * @module
 */
import { useEffect, useRef } from 'react';
import { ACCOUNT_PATH, REGISTER_PATH, SIGN_IN_PATH } from '../../domain/chrome.ts';
import { withReturnPath } from '../../domain/return-path.ts';
import { MENU_LABELS } from '../../domain/session.ts';

/** Where the menu's Sign Out goes: the page that signs out on the server. */
const SIGN_OUT_PATH = '/logout';

/** Adds the current page as `returnTo` to a sign-in link at click time (nothing read while rendering). */
function withCurrentPage(link: HTMLAnchorElement): void {
  const page = link.pathname;
  const here = window.location.pathname + window.location.search;
  link.setAttribute('href', withReturnPath(page, here));
}

/** Props of {@link AccountMenuItems}. */
export interface AccountMenuItemsProps {
  signedIn: boolean;
  /** Closes the menu (a chosen item). */
  close(): void;
  /** Set when the keyboard opened the menu before the items were there: the first one takes the focus. */
  focusFirst: { current: boolean };
}

/**
 * The menu items, as `<li role="none">` with their `role="menuitem"` links.
 * @example <ul role="menu"><AccountMenuItems signedIn={false} close={close} focusFirst={ref} /></ul>
 */
export default function AccountMenuItems({ signedIn, close, focusFirst }: AccountMenuItemsProps) {
  const first = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    first.current?.focus();
  }, [focusFirst]);
  return signedIn ? (
    <>
      <li role="none"><a ref={first} role="menuitem" href={ACCOUNT_PATH} onClick={close}>{MENU_LABELS.manageAccount}</a></li>
      <li role="none">
        {/* the /logout page ends the server session too, then forgets the visitor */}
        <a role="menuitem" href={SIGN_OUT_PATH} onClick={close}>{MENU_LABELS.signOut}</a>
      </li>
    </>
  ) : (
    <>
      {/* the page the visitor is on goes along, so signing in comes back to it */}
      <li role="none"><a ref={first} role="menuitem" href={SIGN_IN_PATH} onClick={(e) => { withCurrentPage(e.currentTarget); close(); }}>{MENU_LABELS.signIn}</a></li>
      <li role="none"><a role="menuitem" href={REGISTER_PATH} onClick={(e) => { withCurrentPage(e.currentTarget); close(); }}>{MENU_LABELS.register}</a></li>
    </>
  );
}
