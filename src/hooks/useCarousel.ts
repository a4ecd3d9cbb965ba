/**
 * The carousels over `carouselMachine`: the hero slideshow (7500 ms, wraps, drag of 15 percent),
 * the seller reviews (3500 ms, tripled list, swipe of 50 px) and the blog carousel (tripled list,
 * reset to the middle copy at the edges).
 * @module
 */
import { useEffect, useMemo } from 'react';
import { tripleList } from '../domain/carousel.ts';
import { connectCarousel, type CarouselView } from '../machines/carousel.connect.ts';
import { carouselMachine, type CarouselInput } from '../machines/carousel.machine.ts';
import { useMachineView } from './useMachineView.ts';

export { useItemsPerView } from './useItemsPerView.ts';

/** What {@link useCarousel} returns. */
export interface CarouselApi<T> extends Omit<CarouselView, 'loop'> {
  /** What to render: the items, tripled in loop mode (reviews, blog). */
  track: T[];
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
 * @example
 * const hero = useCarousel('hero', slides);
 * {hero.track.map((s, i) => <Slide key={i} hidden={i !== hero.index} {...s} />)}
 */
export function useCarousel<T>(kind: CarouselInput['kind'], items: readonly T[], options: Omit<CarouselInput, 'kind' | 'count'> = {}): CarouselApi<T> {
  const count = items.length;
  const { view, actor } = useMachineView(carouselMachine, connectCarousel, { input: { kind, count, ...options } });
  useEffect(() => {
    if (actor.getSnapshot().context.count !== count) actor.send({ type: 'carousel.count', count });
  }, [actor, count]);
  const { loop, ...shown } = view;
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
  return { track, ...shown, ...actions };
}
