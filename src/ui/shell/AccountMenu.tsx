/**
 * The account menu (Sign in and Register when signed out, Manage Account and
 * Sign Out when signed in; the mobile user icon goes to the account page), over `useAuth`.
 * @module
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MENU_LABELS } from '../../domain/session.ts';
import { ACCOUNT_PATH, CHROME_TEXT } from '../../domain/chrome.ts';

import { useAuth } from '../../hooks/useAuth.ts';
import { useMobileLayout } from '../../hooks/useMobileLayout.ts';

const AccountMenuItems = lazy(() => import('./AccountMenuItems.tsx'));

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M4 21c1-4.5 4.5-6.5 8-6.5s7 2 8 6.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A disclosure menu: the button toggles it, Escape and a click outside close it, the arrow keys
 * move between items. On mobile it is only the user icon, a link to /myaccount.asp.
 *
 * @example <AccountMenu />
 */
export function AccountMenu() {
  const auth = useAuth();
  const mobile = useMobileLayout();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  // an ArrowDown that opened the menu focuses its first item once the items are there
  const focusFirst = useRef(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  if (mobile) {
    return (
      <a className="icon-button" href={ACCOUNT_PATH} aria-label={MENU_LABELS.manageAccount}>
        <UserIcon />
      </a>
    );
  }

  const items = () => Array.from(wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    const all = items();
    if (all.length === 0) focusFirst.current = true;
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (at + 1) % Math.max(all.length, 1) : at <= 0 ? all.length - 1 : at - 1;
    all[next]?.focus();
  };
  const close = () => setOpen(false);

  return (
    <div className="account-menu" ref={wrap} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={CHROME_TEXT.accountButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <UserIcon />
      </button>
      <ul id={menuId} role="menu" className="dropdown-menu" hidden={!open} aria-label={CHROME_TEXT.accountButton}>
        {/* the items (and the sign-in links' return path) load with the menu's first opening */}
        {used && (
          <Suspense fallback={null}>
            <AccountMenuItems signedIn={auth.signedIn} close={close} focusFirst={focusFirst} />
          </Suspense>
        )}
      </ul>
    </div>
  );
}
