/**
 * The carousels (spec sections 2, 4 and 9) over `carouselMachine`: the hero slideshow (7500 ms,
 * wraps, drag of 15 percent), the seller reviews (3500 ms, tripled list, swipe of 50 px) and the
 * blog carousel (tripled list, reset to the middle copy at the edges).
 * @module
 */
import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { itemsPerView, tripleList, type SliderKind } from '../domain/carousel.ts';
import { carouselMachine, type CarouselInput } from '../machines/carousel.machine.ts';
import { useMobileLayout } from './useMobileLayout.ts';

/** What {@link useCarousel} returns. */
export interface CarouselApi<T> {
  /** What to render: the items, tripled in loop mode (reviews, blog). */
  track: T[];
  /** Position in `track` to show. */
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
  next(): void;
  prev(): void;
  goTo(item: number): void;
  /** Pointer handlers: pass `width` (the slide's width in px) on release for the hero's 15 percent rule. */
  pointerEnter(): void;
  pointerLeave(): void;
  dragStart(x: number): void;
  dragMove(x: number): void;
  dragEnd(x: number, width?: number): void;
  dragCancel(): void;
}

/**
 * A carousel over `items`. A change in the number of items restarts it at the first item.
 *
 * @example
 * const hero = useCarousel('hero', slides);
 * <div onPointerDown={(e) => hero.dragStart(e.clientX)} onPointerUp={(e) => hero.dragEnd(e.clientX, el.offsetWidth)}>
 *   {hero.track.map((s, i) => <Slide key={i} hidden={i !== hero.index} {...s} />)}
 * </div>
 */
export function useCarousel<T>(kind: CarouselInput['kind'], items: readonly T[], options: Omit<CarouselInput, 'kind' | 'count'> = {}): CarouselApi<T> {
  const actor = useActorRef(carouselMachine, { input: { kind, count: items.length, ...options } });
  const count = items.length;
  useEffect(() => {
    if (actor.getSnapshot().context.count !== count) actor.send({ type: 'carousel.count', count });
  }, [actor, count]);

  const loop = useSelector(actor, (s) => s.context.loop);
  const index = useSelector(actor, (s) => s.context.index);
  const item = useSelector(actor, (s) => s.context.item);
  const animate = useSelector(actor, (s) => s.context.animate);
  const dragDeltaX = useSelector(actor, (s) => s.context.dragDeltaX);
  const dragging = useSelector(actor, (s) => s.context.dragStartX !== null);
  const playing = useSelector(actor, (s) => s.matches({ autoplay: 'running' }));
  const track = useMemo(() => (loop ? tripleList(items) : [...items]), [loop, items]);
  const actions = useMemo(
    () => ({
      next: () => actor.send({ type: 'carousel.next' }),
      prev: () => actor.send({ type: 'carousel.prev' }),
      goTo: (to: number) => actor.send({ type: 'carousel.goTo', item: to }),
      pointerEnter: () => actor.send({ type: 'pointer.enter' }),
      pointerLeave: () => actor.send({ type: 'pointer.leave' }),
      dragStart: (x: number) => actor.send({ type: 'drag.start', x }),
      dragMove: (x: number) => actor.send({ type: 'drag.move', x }),
      dragEnd: (x: number, width?: number) => actor.send(width === undefined ? { type: 'drag.end', x } : { type: 'drag.end', x, width }),
      dragCancel: () => actor.send({ type: 'drag.cancel' }),
    }),
    [actor],
  );
  return { track, index, item, animate, dragDeltaX, dragging, playing, ...actions };
}

/**
 * How many items a slider or the seller reviews show at once for the current layout
 * (`itemsPerView`: reviews 3 on desktop and 1 on mobile; product sliders 5 and 2). Needs the
 * SkimmerProvider (the layout comes from its environment).
 *
 * @example
 * const perView = useItemsPerView('reviews');
 * <li style={{ flexBasis: `${100 / perView}%` }}>...</li>
 */
export function useItemsPerView(kind: SliderKind): number {
  return itemsPerView(kind, useMobileLayout());
}
