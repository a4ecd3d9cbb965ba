import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { usePrefetch } from '../../src/hooks/usePrefetch.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { wrapper } from './hooks.helpers.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('usePrefetch', () => {
  test("retries a failure up to 3 times, then shows 'Failed to prefetch data after multiple retries.'", async () => {
    const fetch = vi.fn(async () => {
      throw new Error('offline');
    });
    const { result } = renderHook(() => ({ pre: usePrefetch(fetch), toasts: useToasts() }), { wrapper: wrapper() });
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(result.current.pre.status).toBe('waiting');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(result.current.pre).toMatchObject({ status: 'failed', message: 'Failed to prefetch data after multiple retries.' });
    expect(result.current.toasts.toasts.map((t) => t.message)).toEqual(['Failed to prefetch data after multiple retries.']);
  });

  test('a success after a failure gives the data', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error('blip')).mockResolvedValue({ ok: 1 });
    const { result } = renderHook(() => usePrefetch(fetch), { wrapper: wrapper() });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toMatchObject({ status: 'done', data: { ok: 1 }, failures: 1 });
  });
});
