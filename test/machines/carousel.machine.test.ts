import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { carouselMachine, type CarouselInput } from '../../src/machines/carousel.machine.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const start = (input: CarouselInput) => createActor(carouselMachine, { input }).start();
type Actor = ReturnType<typeof start>;
const at = (actor: Actor) => {
  const { index, item } = actor.getSnapshot().context;
  return { index, item };
};

describe('hero slideshow', () => {
  test('advances every 7500 ms, wrapping from the last slide to the first', async () => {
    const hero = start({ kind: 'hero', count: 3 });
    expect(at(hero)).toEqual({ index: 0, item: 0 });
    await vi.advanceTimersByTimeAsync(7499);
    expect(at(hero).index).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(at(hero).index).toBe(1);
    await vi.advanceTimersByTimeAsync(7500 * 2);
    expect(at(hero).index).toBe(0);
  });

  test('next and prev wrap', () => {
    const hero = start({ kind: 'hero', count: 3 });
    hero.send({ type: 'carousel.prev' });
    expect(at(hero).index).toBe(2);
    hero.send({ type: 'carousel.next' });
    expect(at(hero).index).toBe(0);
  });

  test.each([
    [-150, 1],
    [-149, 0],
    [150, 2],
    [100, 0],
  ])('a drag of %s px on a 1000 px slide moves to slide %s (threshold 15 percent, inclusive)', (delta, expected) => {
    const hero = start({ kind: 'hero', count: 3 });
    hero.send({ type: 'drag.start', x: 500 });
    hero.send({ type: 'drag.move', x: 500 + delta });
    expect(hero.getSnapshot().context.dragDeltaX).toBe(delta);
    hero.send({ type: 'drag.end', x: 500 + delta, width: 1000 });
    expect(at(hero).index).toBe(expected);
    expect(hero.getSnapshot().context.dragStartX).toBeNull();
  });

  test('a manual move restarts the interval', async () => {
    const hero = start({ kind: 'hero', count: 3 });
    await vi.advanceTimersByTimeAsync(5000);
    hero.send({ type: 'carousel.next' });
    await vi.advanceTimersByTimeAsync(7499);
    expect(at(hero).index).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(at(hero).index).toBe(2);
  });

  test('autoplay pauses while hovered and while dragging, and resumes after', async () => {
    const hero = start({ kind: 'hero', count: 3 });
    hero.send({ type: 'pointer.enter' });
    expect(hero.getSnapshot().matches({ autoplay: 'paused' })).toBe(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(at(hero).index).toBe(0);
    hero.send({ type: 'pointer.leave' });
    hero.send({ type: 'drag.start', x: 0 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(at(hero).index).toBe(0);
    hero.send({ type: 'drag.end', x: 10, width: 1000 });
    expect(hero.getSnapshot().matches({ autoplay: 'running' })).toBe(true);
    await vi.advanceTimersByTimeAsync(7500);
    expect(at(hero).index).toBe(1);
  });

  test('hover does not pause when pauseOnHover is off', () => {
    const hero = start({ kind: 'hero', count: 3, pauseOnHover: false });
    hero.send({ type: 'pointer.enter' });
    expect(hero.getSnapshot().matches({ autoplay: 'running' })).toBe(true);
  });

  test('a single slide never moves', async () => {
    const hero = start({ kind: 'hero', count: 1 });
    expect(hero.getSnapshot().matches({ autoplay: 'paused' })).toBe(true);
    hero.send({ type: 'carousel.next' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(at(hero).index).toBe(0);
  });
});

describe('seller review carousel', () => {
  test('starts at the middle copy of the tripled list and auto-advances every 3500 ms', async () => {
    const reviews = start({ kind: 'reviews', count: 6 });
    expect(at(reviews)).toEqual({ index: 6, item: 0 });
    await vi.advanceTimersByTimeAsync(3500);
    expect(at(reviews)).toEqual({ index: 7, item: 1 });
  });

  test('moving past the middle copy resets to it after the 200 ms slide, without animation', async () => {
    const reviews = start({ kind: 'reviews', count: 3 });
    reviews.send({ type: 'carousel.prev' });
    expect(at(reviews)).toEqual({ index: 2, item: 2 });
    expect(reviews.getSnapshot().context.animate).toBe(true);
    await vi.advanceTimersByTimeAsync(199);
    expect(at(reviews).index).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(at(reviews)).toEqual({ index: 5, item: 2 });
    expect(reviews.getSnapshot().context.animate).toBe(false);
  });

  test.each([
    [-51, 1],
    [-50, 0],
    [51, -1],
  ])('a swipe of %s px steps %s (threshold 50 px)', (delta, step) => {
    const reviews = start({ kind: 'reviews', count: 6 });
    reviews.send({ type: 'drag.start', x: 300 });
    reviews.send({ type: 'drag.end', x: 300 + delta });
    expect(at(reviews).index).toBe(6 + step);
  });

  test('the items arriving later restart at the middle copy and start autoplay', async () => {
    const reviews = start({ kind: 'reviews', count: 0 });
    expect(reviews.getSnapshot().matches({ autoplay: 'paused' })).toBe(true);
    reviews.send({ type: 'carousel.count', count: 6 });
    expect(at(reviews)).toEqual({ index: 6, item: 0 });
    await vi.advanceTimersByTimeAsync(3500);
    expect(at(reviews).index).toBe(7);
  });

  test('dots go to an item of the middle copy', () => {
    const reviews = start({ kind: 'reviews', count: 6 });
    reviews.send({ type: 'carousel.goTo', item: 4 });
    expect(at(reviews)).toEqual({ index: 10, item: 4 });
  });
});

describe('blog carousel', () => {
  test('loops through the tripled list and does not advance by itself', async () => {
    const blog = start({ kind: 'blog', count: 4 });
    expect(at(blog).index).toBe(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(at(blog).index).toBe(4);
    for (let i = 0; i < 4; i += 1) {
      blog.send({ type: 'carousel.next' });
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(at(blog)).toEqual({ index: 4, item: 0 });
  });

  test('an interval in the input turns autoplay on', async () => {
    const blog = start({ kind: 'blog', count: 4, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(at(blog).index).toBe(5);
  });
});

describe('laws', () => {
  test('whatever the events, the index stays in the rendered list and the item matches it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('hero', 'reviews', 'blog' as const),
        fc.integer({ min: 0, max: 8 }),
        fc.array(
          fc.oneof(
            fc.constant({ type: 'carousel.next' as const }),
            fc.constant({ type: 'carousel.prev' as const }),
            fc.integer({ min: -3, max: 10 }).map((item) => ({ type: 'carousel.goTo' as const, item })),
            fc.integer({ min: -400, max: 400 }).map((dx) => ({ type: 'swipe' as const, dx })),
            fc.integer({ min: 0, max: 8000 }).map((ms) => ({ type: 'wait' as const, ms })),
          ),
          { maxLength: 25 },
        ),
        (kind, count, steps) => {
          const actor = start({ kind, count });
          for (const step of steps) {
            if (step.type === 'wait') vi.advanceTimersByTime(step.ms);
            else if (step.type === 'swipe') {
              actor.send({ type: 'drag.start', x: 500 });
              actor.send({ type: 'drag.end', x: 500 + step.dx, width: 1000 });
            } else actor.send(step);
            const { index, item, loop } = actor.getSnapshot().context;
            const size = loop ? 3 * count : count;
            if (count === 0) expect(index).toBe(0);
            else {
              expect(index).toBeGreaterThanOrEqual(0);
              expect(index).toBeLessThan(size);
              expect(item).toBe(index % count);
            }
          }
          actor.stop();
        },
      ),
      { numRuns: 150 },
    );
  });
});
