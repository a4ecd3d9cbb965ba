/**
 * What a carousel shows, from a snapshot of its machine: a pure function, tested without React;
 * `useCarousel` returns it with the track it renders and its events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { carouselMachine } from './carousel.machine.ts';

/** What a carousel shows. */
export interface CarouselView {
  /** The view renders the list three times (reviews, blog). */
  loop: boolean;
  /** Position in the rendered list to show. */
  index: number;
  /** The item of the original list shown (for dots). */
  item: number;
  /** False right after a loop reset: move without a transition. */
  animate: boolean;
  /** The current drag offset in px, for the track to follow the pointer. */
  dragDeltaX: number;
  dragging: boolean;
  /** Autoplay is running (not paused by hover or drag, and more than one item). */
  playing: boolean;
}

/**
 * The view of a snapshot.
 * @example connectCarousel(actor.getSnapshot()).item; // 0
 */
export function connectCarousel(snapshot: SnapshotFrom<typeof carouselMachine>): CarouselView {
  const c = snapshot.context;
  return {
    loop: c.loop,
    index: c.index,
    item: c.item,
    animate: c.animate,
    dragDeltaX: c.dragDeltaX,
    dragging: c.dragStartX !== null,
    playing: snapshot.matches({ autoplay: 'running' }),
  };
}
