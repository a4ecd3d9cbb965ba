/**
 * The header (spec section 2: top bar with the contact phone and store email, logo, search box,
 * account menu, cart button, main navigation with children capped, the equipment index and the
 * additionalHeaderLinks appended, a mobile menu).
 * @module
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { headerNavigation, HOME_PATH, CHROME_TEXT } from '../../domain/chrome.ts';
import type { NavLink } from '../../domain/entities.ts';
import { SHELL_MESSAGES } from '../../domain/shell.ts';
import { useSkimmer } from '../../hooks/context.ts';
import { useMobileLayout } from '../../hooks/useMobileLayout.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { CartButton } from './CartOverlay.tsx';
import { SearchBox } from './SearchBox.tsx';

/** Props of {@link Header}. */
export interface HeaderProps {
  /** The main navigation links (from `useNavigation`). */
  navData: readonly NavLink[];
  /** The current path: closes the mobile menu on navigation and tunes the search box. */
  pathname: string;
}

/**
 * The equipment index (issue 15: browse parts by the equipment they fit), a page of the app's own
 * route table, so every store's menu offers it after the catalogue's links; a store whose
 * navigation or additionalHeaderLinks already has '/equipment' keeps its own link. The path is
 * domain/equipment.ts's EQUIPMENT_PATH, written here so the header does not bring the equipment
 * rules into every page's first load.
 */
export const EQUIPMENT_NAV_LINK: NavLink = { id: -15, title: 'Shop by Equipment', url: '/equipment', children: [] };

/** The header's links: the navigation, the equipment index unless a link has its path, the theme's links. */
function headerLinks(navData: readonly NavLink[], additional: readonly NavLink[]) {
  const listed = navData.some((link) => link.url === EQUIPMENT_NAV_LINK.url) || additional.some((link) => link.url === EQUIPMENT_NAV_LINK.url);
  return headerNavigation(navData, listed ? additional : [EQUIPMENT_NAV_LINK, ...additional]);
}

/** Strips a phone number to what a tel: link takes. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * One top-level link with its dropdown: opens on hover and on focus within (so Tab reaches the
 * children), closes on Escape.
 */
function NavEntry({ link }: { link: ReturnType<typeof headerNavigation>[number] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const hasChildren = link.children.length > 0;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
    if (event.key === 'ArrowDown' && hasChildren) {
      event.preventDefault();
      setOpen(true);
    }
  };
  return (
    <li
      className={`nav-item${open ? ' is-open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
      onClick={() => setOpen(false)}
    >
      <a href={link.url} aria-haspopup={hasChildren ? 'true' : undefined} aria-expanded={hasChildren ? open : undefined} aria-controls={hasChildren ? id : undefined}>
        {link.title}
      </a>
      {hasChildren && (
        <ul id={id} className="nav-children">
          {link.children.map((child) => (
            <li key={child.id}><a href={child.url}>{child.title}</a></li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The site header. On mobile the navigation moves into a menu opened by the Menu button; it
 * traps nothing (it is part of the page), closes on Escape and on every path change.
 *
 * @example <Header navData={links} pathname={pathname} />
 */
export function Header({ navData, pathname }: HeaderProps) {
  const { storeConfig, themeConfig, environment } = useSkimmer();
  const mobile = useMobileLayout();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const links = headerLinks(navData, themeConfig.additionalHeaderLinks ?? []);

  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const navHidden = mobile && !menuOpen;

  return (
    <header className={`site-header${mobile ? ' is-mobile' : ''}`}>
      <div className="top-bar">
        <div className="container top-bar-inner">
          {storeConfig.contactPhoneNumber && <a href={telHref(storeConfig.contactPhoneNumber)}>{storeConfig.contactPhoneNumber}</a>}
          {storeConfig.storeEmail && <a href={`mailto:${storeConfig.storeEmail}`}>{storeConfig.storeEmail}</a>}
        </div>
      </div>
      <div className="container header-main">
        {mobile && (
          <button
            ref={menuButton}
            type="button"
            className="icon-button menu-button"
            aria-label={CHROME_TEXT.menuButton}
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((v) => !v)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
        <a className="logo" href={HOME_PATH} aria-label={storeConfig.storeName}>
          <img src={storeConfig.storeLogoUrl} alt={storeConfig.storeName} width={180} height={48} onContextMenu={(e) => {
              e.preventDefault();
              environment.alert(SHELL_MESSAGES.imagesCopyrighted);
            }} />
        </a>
        <div className="header-search">
          <SearchBox onSearchPage={pathname === '/searchresults.asp'} />
        </div>
        <div className="header-actions">
          <AccountMenu />
          <CartButton />
        </div>
      </div>
      <nav id={navId} className={`main-nav${menuOpen ? ' is-open' : ''}`} aria-label="Main" hidden={navHidden}>
        <ul className="container nav-list">
          {links.map((link) => (
            <NavEntry key={`${link.id}-${link.url}`} link={link} />
          ))}
        </ul>
      </nav>
    </header>
  );
}
