import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { EXIT_INTENT } from '../../src/domain/exit-intent.ts';
import { createMemoryStorage } from '../../src/hooks/environment.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { EXIT_POPUP_TEXT, useExitIntent } from '../../src/hooks/useExitIntent.ts';
import { fakeClient, fakeEvents, fakeViewport, testEnvironment, themeConfig, wrapper } from './hooks.helpers.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const SIGNED_OUT: InitialData = { auth: { user: null, customer: {} } };
const SIGNED_IN: InitialData = { auth: { user: { firstName: 'A', lastName: 'B', recoveryEmail: null, recoveryEmailVerified: false }, customer: {} } };

function setup({ width = 1280, stored = {}, initialData = SIGNED_OUT }: { width?: number; stored?: Record<string, string>; initialData?: InitialData } = {}) {
  const events = fakeEvents();
  const storage = createMemoryStorage(stored);
  const viewport = fakeViewport(width);
  const hook = renderHook(() => useExitIntent(), {
    wrapper: wrapper(fakeClient(), testEnvironment({ events, storage, viewport }), { initialData }),
  });
  return { events, storage, viewport, ...hook };
}

describe('useExitIntent', () => {
  test('desktop: the pointer leaving near the top opens the popup 250 ms later and stores the shown flag', async () => {
    const { events, storage, result } = setup();
    act(() => events.pointerLeave(10));
    expect(result.current.open).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(result.current.open).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.open).toBe(true);
    expect(storage.get(EXIT_INTENT.storageKey)).toBe('true');
  });

  test('the pointer leaving lower than 10 px does not trigger', async () => {
    const { events, result } = setup();
    act(() => events.pointerLeave(11));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.open).toBe(false);
  });

  test('mobile: scrolling up by more than 10 px after 5% of the page depth triggers', async () => {
    const { events, result } = setup({ width: 400 });
    const page = { pageHeight: 5000, viewportHeight: 800 };
    act(() => {
      events.scroll({ scrollY: 400, ...page });
      events.scroll({ scrollY: 385, ...page });
    });
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(result.current.open).toBe(true);
  });

  test('Escape closes it, the listeners are removed, and it never opens again', async () => {
    const { events, result } = setup();
    act(() => events.pointerLeave(0));
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(result.current.open).toBe(true);
    act(() => events.key('Escape'));
    expect(result.current.open).toBe(false);
    expect(events.listenerCount()).toBe(0);
    act(() => events.pointerLeave(0));
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(result.current.open).toBe(false);
  });

  test('the close button closes it', async () => {
    const { events, result } = setup();
    act(() => events.pointerLeave(0));
    await act(() => vi.advanceTimersByTimeAsync(250));
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
  });

  test('a visitor who saw it before (flag stored) never gets it, and no listener is attached', async () => {
    const { events, result } = setup({ stored: { [EXIT_INTENT.storageKey]: 'true' } });
    expect(events.listenerCount()).toBe(0);
    act(() => events.pointerLeave(0));
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(result.current.open).toBe(false);
  });

  test('a signed-in visitor never gets it', async () => {
    const { events, result, storage } = setup({ initialData: SIGNED_IN });
    act(() => events.pointerLeave(0));
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(result.current.open).toBe(false);
    expect(storage.get(EXIT_INTENT.storageKey)).toBeNull();
  });

  test('shows the fixed texts and the theme configuration', () => {
    const { result } = setup();
    expect(result.current).toMatchObject({
      title: 'FIRST ORDER SPECIAL',
      note: 'Note: One Redemption Per Account/IP Address Only',
      ...themeConfig.exitIntentPopUp,
    });
    expect(EXIT_POPUP_TEXT.title).toBe('FIRST ORDER SPECIAL');
  });
});
