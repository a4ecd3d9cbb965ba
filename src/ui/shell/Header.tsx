/**
 * The header (top bar with the contact phone and store email, logo, search box,
 * account menu, cart button, main navigation with children capped, the equipment index and the
 * additionalHeaderLinks appended, a mobile menu).
 * @module
 */
import { useEffect, useRef, type RefObject } from 'react';
import { headerNavigation, HOME_PATH, CHROME_TEXT, navGroups, type NavGroup } from '../../domain/chrome.ts';
import type { NavLink } from '../../domain/entities.ts';
import { telHref } from '../../domain/money.ts';
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
  /** The current path: tunes the search box. */
  pathname: string;
}

/**
 * The equipment index (browse parts by the equipment they fit), a page of the app's own
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


/**
 * One top-level entry: a plain link, or a `<details>` disclosure whose panel lists collections
 * with their children. Native `<details>` opens without JavaScript (a phone with scripts off still
 * reaches every category); with scripts, Escape closes it and returns the focus to its summary.
 */
function NavEntry({ group }: { group: NavGroup }) {
  if (group.kind === 'link') {
    return (
      <li className="nav-item">
        <a href={group.link.url}>{group.link.title}</a>
      </li>
    );
  }
  return (
    <li className="nav-item">
      {/* one name: the browser keeps one category panel open at a time */}
      <details className="nav-group" name="nav-group">
        <summary>{group.title}</summary>
        <div className="nav-panel">
          <ul className="nav-columns">
            {group.columns.map((column) => (
              <li key={`${column.id}-${column.url}`} className="nav-column">
                <a className="nav-column-title" href={column.url}>{column.title}</a>
                {column.children.length > 0 && (
                  <ul className="nav-children">
                    {column.children.map((child) => (
                      <li key={`${child.id}-${child.url}`}><a href={child.url}>{child.title}</a></li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      </details>
    </li>
  );
}

/**
 * The header's disclosures with scripts: Escape closes the innermost open one and gives the focus
 * back to its summary (the disclosure pattern); a click outside an open one, or on a link in it,
 * closes it (the header stays on screen across client-side navigations).
 */
function useDisclosures(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = header.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      const link = target.closest?.('a');
      root.querySelectorAll('details[open]').forEach((details) => {
        if (link || !details.contains(target)) (details as HTMLDetailsElement).open = false;
      });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const details = event.key === 'Escape' ? (event.target as Element).closest?.('details[open]') : null;
      if (!(details instanceof HTMLDetailsElement)) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('click', onClick);
    root.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKeyDown);
    };
  }, [header]);
}

/**
 * The site header. The navigation is one row of a few entries (see navGroups): the catalogue's
 * collections in one 'Shop by Category' panel, then the page links. On mobile it moves into a
 * Menu disclosure, a native `<details>` that opens without JavaScript; it traps nothing (it is
 * part of the page), and closes on Escape, on a click outside it and on a link followed.
 *
 * @example <Header navData={links} pathname={pathname} />
 */
export function Header({ navData, pathname }: HeaderProps) {
  const { storeConfig, themeConfig, environment } = useSkimmer();
  const mobile = useMobileLayout();
  const header = useRef<HTMLElement>(null);
  const groups = navGroups(headerLinks(navData, themeConfig.additionalHeaderLinks ?? []), storeConfig.collectionPath);
  useDisclosures(header);

  const list = (
    <ul className="container nav-bar">
      {groups.map((group) => (
        <NavEntry key={group.key} group={group} />
      ))}
    </ul>
  );

  return (
    <header ref={header} className={`site-header${mobile ? ' is-mobile' : ''}`}>
      <div className="top-bar">
        <div className="container top-bar-inner">
          {storeConfig.contactPhoneNumber && <a href={telHref(storeConfig.contactPhoneNumber)}>{storeConfig.contactPhoneNumber}</a>}
          {storeConfig.storeEmail && <a href={`mailto:${storeConfig.storeEmail}`}>{storeConfig.storeEmail}</a>}
        </div>
      </div>
      <div className="container header-main">
        {mobile && (
          // the phone's menu is a native disclosure: it opens without JavaScript
          <details className="nav-menu">
            <summary className="icon-button menu-button">
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className="visually-hidden">{CHROME_TEXT.menuButton}</span>
            </summary>
            <nav className="main-nav nav-drawer" aria-label="Main">{list}</nav>
          </details>
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
      {!mobile && <nav className="main-nav" aria-label="Main">{list}</nav>}
    </header>
  );
}
