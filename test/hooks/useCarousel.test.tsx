import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useCarousel } from '../../src/hooks/useCarousel.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const SLIDES = ['a', 'b', 'c'];

describe('useCarousel', () => {
  test('the hero advances every 7500 ms and wraps from the last slide to the first', async () => {
    const { result } = renderHook(() => useCarousel('hero', SLIDES));
    expect(result.current).toMatchObject({ index: 0, track: SLIDES, playing: true });
    await act(() => vi.advanceTimersByTimeAsync(7499));
    expect(result.current.index).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.index).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(7500 * 2));
    expect(result.current.index).toBe(0);
  });

  test('a hero drag of 15 percent of the width moves a slide; less does not', () => {
    const { result } = renderHook(() => useCarousel('hero', SLIDES));
    act(() => result.current.dragStart(500));
    act(() => result.current.dragMove(420));
    expect(result.current).toMatchObject({ dragging: true, dragDeltaX: -80, playing: false });
    act(() => result.current.dragEnd(420, 1000));
    expect(result.current.index).toBe(0);
    act(() => result.current.dragStart(500));
    act(() => result.current.dragEnd(350, 1000));
    expect(result.current.index).toBe(1);
    act(() => result.current.dragStart(300));
    act(() => result.current.dragEnd(500, 1000));
    expect(result.current.index).toBe(0);
  });

  test('previous from the first hero slide goes to the last', () => {
    const { result } = renderHook(() => useCarousel('hero', SLIDES));
    act(() => result.current.prev());
    expect(result.current).toMatchObject({ index: 2, item: 2 });
  });

  test('the review carousel triples the list, advances every 3500 ms and pauses on hover', async () => {
    const { result } = renderHook(() => useCarousel('reviews', SLIDES));
    expect(result.current.track).toHaveLength(9);
    expect(result.current.index).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(3500));
    expect(result.current.item).toBe(1);
    act(() => result.current.pointerEnter());
    expect(result.current.playing).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(result.current.item).toBe(1);
  });

  test('the blog carousel resets to the middle copy at the edges, without animation', async () => {
    const { result } = renderHook(() => useCarousel('blog', SLIDES));
    expect(result.current.playing).toBe(false);
    act(() => result.current.prev());
    expect(result.current.index).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toMatchObject({ index: 5, item: 2, animate: false });
  });

  test('a new number of items restarts at the first', () => {
    const { result, rerender } = renderHook(({ items }) => useCarousel('hero', items), { initialProps: { items: SLIDES } });
    act(() => result.current.next());
    rerender({ items: ['x', 'y'] });
    expect(result.current).toMatchObject({ index: 0, track: ['x', 'y'] });
  });
});
