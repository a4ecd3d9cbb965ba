import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectCarousel } from '../../src/machines/carousel.connect.ts';
import { carouselMachine } from '../../src/machines/carousel.machine.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('connectCarousel', () => {
  test('the hero starts at its first slide, playing, without a loop', () => {
    const view = connectCarousel(createActor(carouselMachine, { input: { kind: 'hero', count: 3 } }).start().getSnapshot());
    expect(view).toMatchObject({ loop: false, index: 0, item: 0, dragging: false, dragDeltaX: 0, playing: true });
  });

  test('the reviews loop over the tripled list, starting in its middle copy', () => {
    const view = connectCarousel(createActor(carouselMachine, { input: { kind: 'reviews', count: 4 } }).start().getSnapshot());
    expect(view).toMatchObject({ loop: true, index: 4, item: 0 });
  });

  test('a drag shows as dragging with its offset, and pauses the autoplay', () => {
    const actor = createActor(carouselMachine, { input: { kind: 'hero', count: 3 } }).start();
    actor.send({ type: 'drag.start', x: 100 });
    actor.send({ type: 'drag.move', x: 60 });
    expect(connectCarousel(actor.getSnapshot())).toMatchObject({ dragging: true, dragDeltaX: -40, playing: false });
  });

  test('next moves to the following item', () => {
    const actor = createActor(carouselMachine, { input: { kind: 'hero', count: 3 } }).start();
    actor.send({ type: 'carousel.next' });
    expect(connectCarousel(actor.getSnapshot())).toMatchObject({ index: 1, item: 1 });
  });
});
