/**
 * How many items a slider shows at once for the current layout.
 * @module
 */
import { itemsPerView, type SliderKind } from '../domain/carousel.ts';
import { useMobileLayout } from './useMobileLayout.ts';

/**
 * How many items a slider or the seller reviews show at once for the current layout
 * (`itemsPerView`: reviews 3 on desktop and 1 on mobile; product sliders 5 and 2). Needs the
 * SkimmerProvider (the layout comes from its environment).
 * @example
 * const perView = useItemsPerView('reviews');
 * <li style={{ flexBasis: `${100 / perView}%` }}>...</li>
 */
export function useItemsPerView(kind: SliderKind): number {
  return itemsPerView(kind, useMobileLayout());
}
