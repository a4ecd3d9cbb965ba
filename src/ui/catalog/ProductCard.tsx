/**
 * The product card: image (placeholder if none), badges, price ('FREE' at 0; 'Call for price'
 * for a product quoted by phone), compare-at and Save, title, vendor link, rating and the add
 * button (label and disabled state from the domain's `addButtonState` over the shared cart; the
 * store's phone or contact page for a product quoted by phone), plus Quick View on search cards
 * and a remove button in history mode.
 * @module
 */
import { useMemo } from 'react';
import { isCallForPrice } from '../../domain/call-for-price.ts';
import { PRODUCT_SECTION_TEXT } from '../../domain/catalog-text.ts';
import type { ProductCardData } from '../../domain/entities.ts';
import { createStoreLinks, vendorLink } from '../../domain/urls.ts';
import { useQuickAdd } from '../../hooks/useQuickAdd.ts';
import { useStoreConfig, useThemeConfig } from '../../hooks/SkimmerProvider.tsx';
import { CatalogLink } from './CatalogLink.tsx';
import { CallForPriceAction } from './CallForPrice.tsx';
import { PriceTag } from './PriceTag.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { StarRating } from './StarRating.tsx';

/**
 * The card's add button over `useQuickAdd`: label and disabled state from the domain's
 * `addButtonState` over the card's units in the shared cart and its updating flag; a click
 * quick-adds the product, and the cart opens its overlay on success. A call-for-price product
 * has no add button: the store's phone or contact page is offered in its place.
 * @example <AddToCartButton card={card} />
 */
export function AddToCartButton({ card }: { card: ProductCardData }) {
  const button = useQuickAdd(card);
  if (isCallForPrice(card)) return <CallForPriceAction />;
  return (
    <button type="button" className="sk-btn sk-btn--primary" disabled={button.disabled} onClick={() => void button.add()}>
      {button.label}
    </button>
  );
}

/** Props of {@link ProductCard}. */
export interface ProductCardProps {
  card: ProductCardData;
  /** Position in its list (the first 5 images load eagerly on desktop). */
  index?: number;
  mobile?: boolean;
  /** Opens the Quick View overlay (search cards). */
  onQuickView?(card: ProductCardData): void;
  /** History mode: removes the product from the recently viewed list. */
  onRemove?(id: number): void;
  /** The collection the card is listed in, for the product link's breadcrumbs. */
  collectionHandle?: string;
  /** List layout (wider, details beside the image). @default false */
  list?: boolean;
}

/**
 * One product in a grid, list or slider.
 * @example <ProductCard card={card} index={i} onQuickView={setQuick} />
 */
export function ProductCard({ card, index, mobile, onQuickView, onRemove, collectionHandle, list = false }: ProductCardProps) {
  const store = useStoreConfig();
  const theme = useThemeConfig();
  const href = useMemo(() => createStoreLinks(store).product(card.handle, collectionHandle ? { collection: collectionHandle } : {}), [store, card.handle, collectionHandle]);
  return (
    <article className={list ? 'sk-card sk-card--list' : 'sk-card'} aria-label={card.title}>
      {onRemove && (
        <button type="button" className="sk-card__remove" aria-label={`Remove ${card.title} from recently viewed`} onClick={() => onRemove(card.id)}>
          ×
        </button>
      )}
      <CatalogLink to={href} className="sk-card__image" tabIndex={-1} aria-hidden="true">
        <ResponsiveImage src={card.imageUrl} placeholder={theme.productNoImageUrl} alt="" index={index} mobile={mobile} />
      </CatalogLink>
      <div className="sk-card__body">
        {card.isFeatured && <span className="sk-badge">{PRODUCT_SECTION_TEXT.featured}</span>}
        <PriceTag item={card} context="list" />
        <h3 className="sk-card__title">
          <CatalogLink to={href}>{card.title}</CatalogLink>
        </h3>
        {card.vendor && (
          <CatalogLink className="sk-card__vendor" to={vendorLink(card.vendor)}>
            {card.vendor}
          </CatalogLink>
        )}
        <StarRating average={card.avgRating} count={card.totalReviews} />
        <div className="sk-card__actions">
          <AddToCartButton card={card} />
          {onQuickView && (
            <button type="button" className="sk-btn" onClick={() => onQuickView(card)}>
              {PRODUCT_SECTION_TEXT.quickView}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
