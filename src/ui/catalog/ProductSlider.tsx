/**
 * The product slider: 5 cards per view on desktop, 2 on mobile, arrows that wrap, touch swipe
 * (on mobile or in history mode) past 15 percent of an item's width, a featured banner card first,
 * and in history mode a remove button per card.
 * @module
 */
import { useMemo } from 'react';
import { itemsPerView, SLIDER_ITEM_WIDTH_PX, sliderPositions } from '../../domain/carousel.ts';
import type { ProductCardData } from '../../domain/entities.ts';
import { useCarousel } from '../../hooks/useCarousel.ts';
import { useThemeConfig } from '../../hooks/SkimmerProvider.tsx';
import { CatalogLink } from './CatalogLink.tsx';
import { ProductCard } from './ProductCard.tsx';

/** Props of {@link ProductSlider}. */
export interface ProductSliderProps {
  /** The heading of the slider region. */
  title: string;
  products: readonly ProductCardData[];
  mobile?: boolean;
  /** History mode (recently viewed): swipe on desktop too, a remove button per card, no banner. */
  onRemove?(id: number): void;
}

/**
 * A horizontal list of cards. The motion runs on the shared carousel machine in its wrapping
 * (non-looping) mode over the slider's positions, with autoplay off; a drag's 15 percent is
 * measured against the 250 px item width. Choice: the banner card counts as an item.
 *
 * @example <ProductSlider title="Related products" products={related} mobile={mobile} />
 */
export function ProductSlider({ title, products, mobile = false, onRemove }: ProductSliderProps) {
  const theme = useThemeConfig();
  const history = onRemove !== undefined;
  const banner = !history && theme.featuredProducts.bannerUrl !== '';
  const perView = itemsPerView('slider', mobile);
  const count = products.length + (banner ? 1 : 0);
  const positions = useMemo(() => Array.from({ length: sliderPositions(count, perView) }, (_, i) => i), [count, perView]);
  const carousel = useCarousel('hero', positions, { intervalMs: null, pauseOnHover: false });
  const swipe = mobile || history;
  const offset = -(carousel.index * SLIDER_ITEM_WIDTH_PX) + (swipe ? carousel.dragDeltaX : 0);
  const headingId = `slider-${title.replace(/\W+/g, '-').toLowerCase()}`;
  if (products.length === 0) return null;
  return (
    <section className="sk-slider" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div className="sk-slider__frame">
        <button type="button" className="sk-slider__arrow sk-slider__arrow--prev" aria-label="Previous products" onClick={carousel.prev} disabled={positions.length < 2}>
          ‹
        </button>
        <div
          className="sk-slider__viewport"
          onPointerDown={swipe ? (e) => carousel.dragStart(e.clientX) : undefined}
          onPointerMove={swipe ? (e) => carousel.dragging && carousel.dragMove(e.clientX) : undefined}
          onPointerUp={swipe ? (e) => carousel.dragEnd(e.clientX, SLIDER_ITEM_WIDTH_PX) : undefined}
          onPointerCancel={swipe ? carousel.dragCancel : undefined}
        >
          <ul className="sk-slider__track" style={{ transform: `translateX(${offset}px)`, transition: carousel.dragging ? 'none' : undefined }}>
            {banner && (
              <li className="sk-slider__item sk-slider__item--banner">
                <CatalogLink to={theme.featuredProducts.url}>
                  <img src={theme.featuredProducts.bannerUrl} alt="Featured products" width={250} height={360} loading="lazy" />
                </CatalogLink>
              </li>
            )}
            {products.map((card) => (
              <li key={card.id} className="sk-slider__item">
                <ProductCard card={card} mobile={mobile} onRemove={onRemove} />
              </li>
            ))}
          </ul>
        </div>
        <button type="button" className="sk-slider__arrow sk-slider__arrow--next" aria-label="Next products" onClick={carousel.next} disabled={positions.length < 2}>
          ›
        </button>
      </div>
    </section>
  );
}
