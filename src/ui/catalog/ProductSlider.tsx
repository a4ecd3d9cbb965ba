/**
 * The product slider: 5 cards per view on desktop, 2 on mobile, arrows that wrap, touch swipe
 * (on mobile or in history mode) past 15 percent of an item's width, a featured banner card first,
 * and in history mode a remove button per card.
 * @module
 */
import { useMemo, useRef, type CSSProperties, type MouseEvent, type PointerEvent } from 'react';
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

/** A pointer that moved further than this between press and release was a swipe, not a click. */
const CLICK_SLOP_PX = 6;

/**
 * A horizontal list of cards. The motion runs on the shared carousel machine in its 'slider'
 * preset (wrapping, no autoplay) over the slider's positions, one item per step.
 *
 * Choices: the banner card counts as an item. Each item takes a fifth (desktop) or half (mobile)
 * of the slider's width, so exactly 5 or 2 show whatever the screen; 250 px is the item width
 * wherever the frame is wide enough (its maximum), and the swipe threshold is 15 percent of the
 * item's measured width (250 px before layout). A swipe that moved the track does not also follow
 * the link under the finger.
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
  const carousel = useCarousel('slider', positions);
  const viewport = useRef<HTMLDivElement>(null);
  const press = useRef<{ x: number; moved: boolean }>({ x: 0, moved: false });
  const swipe = mobile || history;
  const drag = swipe ? carousel.dragDeltaX : 0;
  const headingId = `slider-${title.replace(/\W+/g, '-').toLowerCase()}`;
  if (products.length === 0) return null;

  const itemWidth = () => (viewport.current?.offsetWidth ?? 0) / perView || SLIDER_ITEM_WIDTH_PX;
  const onDown = (e: PointerEvent) => {
    press.current = { x: e.clientX, moved: false };
    carousel.dragStart(e.clientX);
  };
  const onUp = (e: PointerEvent) => {
    press.current.moved = Math.abs(e.clientX - press.current.x) > CLICK_SLOP_PX;
    carousel.dragEnd(e.clientX, itemWidth());
  };
  const onClickCapture = (e: MouseEvent) => {
    if (!press.current.moved) return;
    press.current.moved = false;
    e.preventDefault();
    e.stopPropagation();
  };
  const style = { '--sk-slider-per-view': perView } as CSSProperties;
  const arrow = (dir: 'prev' | 'next') => (
    <button
      type="button"
      className={`sk-slider__arrow sk-slider__arrow--${dir}`}
      aria-label={dir === 'prev' ? 'Previous products' : 'Next products'}
      onClick={dir === 'prev' ? carousel.prev : carousel.next}
      disabled={positions.length < 2}
    >
      {dir === 'prev' ? '‹' : '›'}
    </button>
  );
  return (
    <section className={`sk-slider${mobile ? ' sk-slider--mobile' : ''}`} aria-labelledby={headingId} style={style}>
      {/* on a phone the arrows sit beside the heading, so the cards get the whole width */}
      <div className="sk-slider__head">
        <h2 id={headingId}>{title}</h2>
        {mobile && (
          <span className="sk-slider__arrows">
            {arrow('prev')}
            {arrow('next')}
          </span>
        )}
      </div>
      <div className="sk-slider__frame">
        {!mobile && arrow('prev')}
        <div
          ref={viewport}
          className="sk-slider__viewport"
          onPointerDown={swipe ? onDown : undefined}
          onPointerMove={swipe ? (e) => carousel.dragging && carousel.dragMove(e.clientX) : undefined}
          onPointerUp={swipe ? onUp : undefined}
          onPointerLeave={swipe ? (e) => carousel.dragging && onUp(e) : undefined}
          onPointerCancel={swipe ? carousel.dragCancel : undefined}
          onClickCapture={swipe ? onClickCapture : undefined}
        >
          <ul
            className="sk-slider__track"
            data-position={carousel.index}
            style={{ transform: `translateX(calc(${(-carousel.index * 100) / perView}% + ${drag}px))`, transition: carousel.dragging ? 'none' : undefined }}
          >
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
        {!mobile && arrow('next')}
      </div>
    </section>
  );
}
