/**
 * Types of the carousel machine (`carousel.machine.ts`) and of its connect function.
 * @module
 */
import type { CarouselKind } from '../domain/carousel-motion.ts';

/** The carousel's state. */
export interface CarouselContext {
  kind: CarouselKind;
  count: number;
  /** Whether the view renders the list three times (loop mode). */
  loop: boolean;
  /** Position in the rendered list (the tripled list in loop mode). */
  index: number;
  /** The item of the original list shown (for dots). */
  item: number;
  /** False right after a loop reset: the view moves without a transition. */
  animate: boolean;
  intervalMs: number | null;
  slideMs: number;
  pauseOnHover: boolean;
  hovered: boolean;
  /** Pointer x where the drag started, or null when not dragging. */
  dragStartX: number | null;
  /** Current drag offset in px (end - start), for the view to follow the pointer. */
  dragDeltaX: number;
}

/** Which carousel, how many items, and overrides of the preset. */
export interface CarouselInput {
  kind: CarouselKind;
  count: number;
  /**
   * Auto-advance interval in ms; null turns autoplay off.
   * @default the preset: 7500 (hero), 3500 (reviews), null (blog)
   */
  intervalMs?: number | null;
  /**
   * Whether hovering pauses autoplay.
   * @default true
   */
  pauseOnHover?: boolean;
}

/** Events the view sends. 'carousel.tick' is the machine's own. */
export type CarouselEvent =
  | { type: 'carousel.next' }
  | { type: 'carousel.prev' }
  | { type: 'carousel.goTo'; item: number }
  | { type: 'carousel.count'; count: number }
  | { type: 'carousel.tick' }
  | { type: 'pointer.enter' }
  | { type: 'pointer.leave' }
  | { type: 'drag.start'; x: number }
  | { type: 'drag.move'; x: number }
  | { type: 'drag.end'; x: number; width?: number }
  | { type: 'drag.cancel' };
