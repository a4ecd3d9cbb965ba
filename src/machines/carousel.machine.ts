/**
 * Timers and gestures of the hero slideshow (7500 ms, wraps, drag of 15
 * percent), the seller-review carousel (3500 ms, tripled list, swipe of
 * 50 px) and the blog carousel (tripled list, reset to the middle copy).
 * Index arithmetic comes from
 * `src/domain/carousel.ts` and `src/domain/carousel-motion.ts`.
 *
 * Autoplay pauses while the pointer is over the carousel and while a drag is
 * in progress (our choice: a slide should not move under the shopper's
 * hand), and any manual move restarts the interval.
 * @module
 */
import { assign, raise, setup } from 'xstate';
import { CAROUSEL_PRESETS, carouselGestureStep, carouselIndexOfItem, carouselItemOfIndex, carouselStartIndex, carouselStep } from '../domain/carousel-motion.ts';
import { loopNeedsReset, loopResetIndex } from '../domain/carousel.ts';
import type { CarouselContext, CarouselInput, CarouselEvent } from './carousel.types.ts';

export type { CarouselContext, CarouselInput, CarouselEvent } from './carousel.types.ts';

const moveTo = (context: CarouselContext, index: number) => ({ index, item: carouselItemOfIndex(index, context.count), animate: true });

/**
 * The carousel machine. No actors: only the named delays 'carousel.interval'
 * (the preset or input interval) and 'carousel.slide' (the slide animation,
 * after which a loop-mode index returns to the middle copy).
 *
 * @example
 * const hero = createActor(carouselMachine, { input: { kind: 'hero', count: slides.length } }).start();
 * hero.send({ type: 'drag.start', x: 400 });
 * hero.send({ type: 'drag.end', x: 200, width: 1000 }); // 20 percent: next slide
 */
export const carouselMachine = setup({
  types: {
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
    input: {} as CarouselInput,
  },
  delays: {
    'carousel.interval': ({ context }) => context.intervalMs ?? 0,
    'carousel.slide': ({ context }) => context.slideMs,
  },
  guards: {
    canPlay: ({ context }) =>
      context.intervalMs !== null && context.intervalMs > 0 && context.count > 1 && !context.hovered && context.dragStartX === null,
    needsReset: ({ context }) => context.loop && loopNeedsReset(context.index, context.count),
  },
}).createMachine({
  id: 'carousel',
  type: 'parallel',
  context: ({ input }) => {
    const preset = CAROUSEL_PRESETS[input.kind];
    const count = Math.max(0, Math.trunc(input.count) || 0);
    const index = carouselStartIndex(count, preset.loop);
    return {
      kind: input.kind,
      count,
      loop: preset.loop,
      index,
      item: 0,
      animate: true,
      intervalMs: input.intervalMs === undefined ? preset.intervalMs : input.intervalMs,
      slideMs: preset.slideMs,
      pauseOnHover: input.pauseOnHover ?? true,
      hovered: false,
      dragStartX: null,
      dragDeltaX: 0,
    };
  },
  states: {
    autoplay: {
      initial: 'check',
      states: {
        check: { always: [{ guard: 'canPlay', target: 'running' }, { target: 'paused' }] },
        running: {
          after: { 'carousel.interval': { target: 'running', reenter: true, actions: raise({ type: 'carousel.tick' }) } },
        },
        paused: {},
      },
      // Any manual move restarts the interval; hover and drag pause it.
      on: {
        'carousel.next': '.check',
        'carousel.prev': '.check',
        'carousel.goTo': '.check',
        'carousel.count': {
          target: '.check',
          actions: assign(({ context, event }) => {
            const count = Math.max(0, Math.trunc(event.count) || 0);
            const index = carouselStartIndex(count, context.loop);
            return { count, index, item: 0, animate: false };
          }),
        },
        'pointer.enter': { target: '.check', actions: assign({ hovered: ({ context }) => context.pauseOnHover }) },
        'pointer.leave': { target: '.check', actions: assign({ hovered: false }) },
        'drag.start': { target: '.check', actions: assign({ dragStartX: ({ event }) => event.x, dragDeltaX: 0 }) },
        'drag.cancel': { target: '.check', actions: assign({ dragStartX: null, dragDeltaX: 0 }) },
      },
    },
    motion: {
      initial: 'still',
      states: {
        still: {},
        sliding: {
          after: {
            'carousel.slide': [
              {
                guard: 'needsReset',
                target: 'still',
                actions: assign(({ context }) => ({ index: loopResetIndex(context.index, context.count), animate: false })),
              },
              { target: 'still' },
            ],
          },
        },
      },
      on: {
        'carousel.next': { guard: ({ context }) => context.count > 1, target: '.sliding', actions: assign(({ context }) => moveTo(context, carouselStep(context.index, context.count, 1, context.loop))) },
        'carousel.tick': { guard: ({ context }) => context.count > 1, target: '.sliding', actions: assign(({ context }) => moveTo(context, carouselStep(context.index, context.count, 1, context.loop))) },
        'carousel.prev': { guard: ({ context }) => context.count > 1, target: '.sliding', actions: assign(({ context }) => moveTo(context, carouselStep(context.index, context.count, -1, context.loop))) },
        'carousel.goTo': { guard: ({ context }) => context.count > 0, target: '.sliding', actions: assign(({ context, event }) => moveTo(context, carouselIndexOfItem(event.item, context.count, context.loop))) },
        'drag.move': { guard: ({ context }) => context.dragStartX !== null, actions: assign({ dragDeltaX: ({ context, event }) => event.x - (context.dragStartX ?? event.x) }) },
        'drag.end': [
          {
            guard: ({ context, event }) => context.count > 1 && context.dragStartX !== null && carouselGestureStep(context.kind, event.x - context.dragStartX, event.width) !== 0,
            target: '.sliding',
            actions: [
              assign(({ context, event }) => moveTo(context, carouselStep(context.index, context.count, carouselGestureStep(context.kind, event.x - (context.dragStartX ?? event.x), event.width), context.loop))),
              // Clears the drag and lets autoplay resume (handled by the autoplay region).
              raise({ type: 'drag.cancel' }),
            ],
          },
          { actions: raise({ type: 'drag.cancel' }) },
        ],
      },
    },
  },
});
