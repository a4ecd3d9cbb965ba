import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { createActor, emit, setup } from 'xstate';
import { createToastStore, formatToastTime, isNotifyEvent } from '../../src/hooks/toast-store.ts';
import { useMachineNotices, useToasts } from '../../src/hooks/useToasts.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

const NOW = Date.UTC(2025, 5, 1, 14, 5);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const noticeMachine = setup({
  types: { events: {} as { type: 'say'; message: string }, emitted: {} as { type: 'notify'; tone: 'success'; message: string } },
}).createMachine({
  on: { say: { actions: emit(({ event }) => ({ type: 'notify' as const, tone: 'success' as const, message: event.message })) } },
});

describe('useToasts', () => {
  test('shows a notice with the local time and hides it automatically', () => {
    const { result } = renderHook(() => useToasts(), { wrapper: wrapper(fakeClient(), testEnvironment({ now: () => NOW }), { toastDurationMs: 5000 }) });
    act(() => void result.current.notify('success', 'Product added to cart'));
    expect(result.current.toasts).toEqual([
      { id: 1, tone: 'success', message: 'Product added to cart', time: NOW, timeText: formatToastTime(NOW) },
    ]);
    act(() => void vi.advanceTimersByTime(4999));
    expect(result.current.toasts).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.toasts).toEqual([]);
  });

  test('dismiss hides one toast at once; clear hides all', () => {
    const { result } = renderHook(() => useToasts(), { wrapper: wrapper() });
    act(() => {
      result.current.notify('danger', 'Address not updated');
      result.current.notify('info', 'b');
    });
    act(() => result.current.dismiss(1));
    expect(result.current.toasts.map((t) => t.message)).toEqual(['b']);
    act(() => result.current.clear());
    expect(result.current.toasts).toEqual([]);
  });

  test("collects a machine's emitted 'notify' events while mounted", () => {
    const actor = createActor(noticeMachine).start();
    const { result, unmount } = renderHook(
      () => {
        useMachineNotices(actor);
        return useToasts();
      },
      { wrapper: wrapper() },
    );
    act(() => actor.send({ type: 'say', message: 'Product added to cart' }));
    expect(result.current.toasts.map((t) => [t.tone, t.message])).toEqual([['success', 'Product added to cart']]);
    unmount();
    expect(() => actor.send({ type: 'say', message: 'after' })).not.toThrow();
  });
});

describe('toast store', () => {
  test('a duration of 0 keeps toasts until dismissed', () => {
    const store = createToastStore({ durationMs: 0, now: () => NOW });
    store.push({ tone: 'info', message: 'x' });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  test('the snapshot is stable between changes (no re-render loop)', () => {
    const store = createToastStore();
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  test('ids grow and every pushed toast hides after the duration, whatever the order of dismissals', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant('push' as const), fc.nat(10)), { maxLength: 30 }), (ops) => {
        const store = createToastStore({ durationMs: 100, now: () => NOW });
        for (const op of ops) {
          if (op === 'push') store.push({ tone: 'info', message: 'm' });
          else store.dismiss(op);
          const ids = store.getSnapshot().map((t) => t.id);
          expect(ids).toEqual([...ids].sort((a, b) => a - b));
        }
        vi.advanceTimersByTime(100);
        expect(store.getSnapshot()).toEqual([]);
      }),
    );
  });

  test.each([
    [{ type: 'notify', tone: 'danger', message: 'x' }, true],
    [{ type: 'notify', tone: 'danger' }, false],
    [{ type: 'other', tone: 'danger', message: 'x' }, false],
    [null, false],
  ])('recognises notify events (%j: %s)', (event, ok) => {
    expect(isNotifyEvent(event)).toBe(ok);
  });
});
