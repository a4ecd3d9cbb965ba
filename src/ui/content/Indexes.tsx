/**
 * Index views: an A-Z list with a letter jump bar (product, category, vendor and brand indexes),
 * brand tiles, and the collection tiles of the collections root.
 * @module
 */
import type { ReactNode } from 'react';
import type { LetterGroup, TopCollection } from '../../domain/content.ts';
import type { BrandView } from '../../hooks/useContentIndexes.ts';
import { CatalogLink } from '../catalog/CatalogLink.tsx';

/** Props of {@link LetterIndex}. */
export interface LetterIndexProps<T> {
  groups: readonly LetterGroup<T>[];
  /** Accessible name of the jump bar. */
  label: string;
  /** Prefix of the group ids (two indexes on a page need different ones). @default 'letter' */
  idPrefix?: string;
  keyOf(item: T): string | number;
  renderItem(item: T): ReactNode;
  /** Renders a whole group's items instead of the default list of `renderItem`. */
  renderGroup?(items: readonly T[]): ReactNode;
  /** Extra class of the groups' container ('ct-index--wide': one column of wide groups). */
  className?: string;
}

function letterId(prefix: string, letter: string): string {
  return `${prefix}-${letter === '#' ? 'num' : letter}`;
}

/**
 * An A-Z index: a jump bar of the letters present, then a section per letter (an h2) with its
 * items in columns.
 * @example <LetterIndex groups={index.groups} label="Products by letter" keyOf={(e) => e.id} renderItem={(e) => <a href={e.href}>{e.title}</a>} />
 */
export function LetterIndex<T>({ groups, label, idPrefix = 'letter', keyOf, renderItem, renderGroup, className }: LetterIndexProps<T>) {
  return (
    <div className="ct-index-wrap">
      {groups.length > 1 && (
        <nav className="ct-jump" aria-label={label}>
          <ul>
            {groups.map((g) => (
              <li key={g.letter}>
                <a href={`#${letterId(idPrefix, g.letter)}`}>{g.letter}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className={`ct-index${className ? ` ${className}` : ''}`}>
        {groups.map((g) => (
          <section key={g.letter} className="ct-index__group" aria-labelledby={letterId(idPrefix, g.letter)}>
            <h2 id={letterId(idPrefix, g.letter)} className="ct-index__letter" tabIndex={-1}>
              {g.letter}
            </h2>
            {renderGroup ? (
              renderGroup(g.items)
            ) : (
              <ul className="ct-links">
                {g.items.map((item) => (
                  <li key={keyOf(item)}>{renderItem(item)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}

/**
 * Brand tiles: logo, name (an h3 under the letter's h2) and description, linking to the brand page.
 * @example <BrandTiles brands={group.items} />
 */
export function BrandTiles({ brands }: { brands: readonly BrandView[] }) {
  return (
    <ul className="ct-tiles">
      {brands.map((b) => (
        <li key={b.id} className="ct-tile">
          <CatalogLink to={b.href} className="ct-tile__link">
            {b.logoUrl ? <img src={b.logoUrl} alt="" width={200} height={100} loading="lazy" className="ct-tile__logo" /> : null}
            <h3 className="ct-tile__title">{b.name}</h3>
          </CatalogLink>
          {b.description && <p className="ct-tile__text">{b.description}</p>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The top collections as tiles: picture, title (an h2) and up to the child collections' links.
 * @example <CollectionTiles collections={index.collections} />
 */
export function CollectionTiles({ collections }: { collections: readonly TopCollection[] }) {
  return (
    <ul className="ct-tiles ct-tiles--collections">
      {collections.map((c, i) => (
        <li key={c.id} className="ct-tile">
          <CatalogLink to={c.url} className="ct-tile__link">
            {c.imageUrl ? (
              <img src={c.imageUrl} alt="" width={300} height={300} loading={i < 4 ? 'eager' : 'lazy'} className="ct-tile__image" />
            ) : null}
            <h2 className="ct-tile__title">{c.title}</h2>
          </CatalogLink>
          {c.children.length > 0 && (
            <ul className="ct-links ct-links--small" aria-label={`In ${c.title}`}>
              {c.children.map((child) => (
                <li key={child.id}>
                  <CatalogLink to={child.url}>{child.title}</CatalogLink>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
