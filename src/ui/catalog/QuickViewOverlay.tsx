/**
 * The Quick View overlay of a search card: a modal dialog with the card's picture, price, rating,
 * a link to the product page and the card's add button. Focus moves into it and stays there, Escape and
 * the Close button close it, and focus goes back to the opener.
 * @module
 */
import { useRef } from 'react';
import type { ProductCardData } from '../../domain/entities.ts';
import { createStoreLinks } from '../../domain/urls.ts';
import { useStoreConfig, useThemeConfig } from '../../hooks/SkimmerProvider.tsx';
import { useDialogFocus } from '../shell/Modal.tsx';
import { CatalogLink } from './CatalogLink.tsx';
import { PriceTag } from './PriceTag.tsx';
import { AddToCartButton } from './ProductCard.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { StarRating } from './StarRating.tsx';

/**
 * The overlay for `card`, or nothing when `card` is null.
 * @example <QuickViewOverlay card={quick} onClose={() => setQuick(null)} />
 */
export function QuickViewOverlay({ card, onClose }: { card: ProductCardData | null; onClose(): void }) {
  const store = useStoreConfig();
  const theme = useThemeConfig();
  const boxRef = useRef<HTMLDivElement>(null);
  // the shell's dialog focus: in on open, Tab kept inside, Escape closes, focus back on close
  useDialogFocus(card !== null, boxRef, onClose);
  if (!card) return null;
  const titleId = `quick-view-${card.id}`;
  return (
    <div className="sk-overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={boxRef} className="sk-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <button type="button" className="sk-dialog__close" onClick={onClose}>
          Close
        </button>
        <ResponsiveImage src={card.imageUrl} placeholder={theme.productNoImageUrl} alt={card.title} index={0} />
        <h2 id={titleId}>{card.title}</h2>
        <PriceTag item={card} context="search" />
        <StarRating average={card.avgRating} count={card.totalReviews} />
        <AddToCartButton card={card} />{' '}
        <CatalogLink to={createStoreLinks(store).product(card.handle)} onClick={onClose}>
          View product details
        </CatalogLink>
      </div>
    </div>
  );
}
