import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { orMissing } from '../../src/api/content.ts';
import { ApiError } from '../../src/api/errors.ts';
import { useContentLoad } from '../../src/hooks/useContent.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

const notFound = () => new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 404, serverMessage: 'Page not found.' });

describe('useContentLoad', () => {
  test('a 404 through orMissing is missing, with no message', async () => {
    const { result } = renderHook(() => useContentLoad('a', 'a', () => orMissing(Promise.reject(notFound()))), { wrapper: wrapper(fakeClient()) });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('missing'));
    expect(result.current.data).toBeNull();
    expect(result.current.message).toBeNull();
  });

  test('any other failure is failed, with the generic text, and is logged', async () => {
    const environment = testEnvironment({ log: vi.fn() });
    const { result } = renderHook(() => useContentLoad('a', 'a', () => orMissing(Promise.reject(new ApiError('offline', { kind: 'network' })))), {
      wrapper: wrapper(fakeClient(), environment),
    });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.message).toBe('Something went wrong. Please try again.');
    expect(environment.log).toHaveBeenCalled();
  });

  test('an empty list is loaded (the page shows its own empty text), not missing', async () => {
    const { result } = renderHook(() => useContentLoad('a', 'a', async () => ({ topics: [] })), { wrapper: wrapper(fakeClient()) });
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(result.current.data).toEqual({ topics: [] });
  });

  test('a new key loads again with the new parameters; the same key does not', async () => {
    const load = vi.fn(async (_client: unknown, page: number) => ({ page }));
    const { result, rerender } = renderHook(({ page }) => useContentLoad(String(page), page, load), {
      wrapper: wrapper(fakeClient()),
      initialProps: { page: 0 },
    });
    await waitFor(() => expect(result.current.data).toEqual({ page: 0 }));
    rerender({ page: 0 });
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.data).toEqual({ page: 2 }));
    expect(load.mock.calls.map((c) => c[1])).toEqual([0, 2]);
  });
});
