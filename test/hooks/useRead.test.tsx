import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { SkimmerProvider } from '../../src/hooks/SkimmerProvider.tsx';
import { createReadCache, type Read, type ReadCache } from '../../src/hooks/query/index.ts';
import { useRead } from '../../src/hooks/query/useRead.ts';
import { invalidateReads } from '../../src/hooks/query/watch.ts';
import { fakeClient, storeConfig, testEnvironment, themeConfig } from './hooks.helpers.tsx';

function withCache(cache: ReadCache) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <SkimmerProvider client={fakeClient()} storeConfig={storeConfig} themeConfig={themeConfig} environment={testEnvironment()} queryClient={cache} initialData={{ auth: { user: null, customer: {} }, checkout: null }}>
        {children}
      </SkimmerProvider>
    );
  };
}

const countRead = (fetch: (signal: AbortSignal) => Promise<number>): Read<number> => ({ key: ['count', { of: 'pumps' }], fetch });

describe('useRead', () => {
  test('a cache write re-renders its readers, every one of them', async () => {
    const cache = createReadCache();
    const fetch = vi.fn(async () => 1);
    function Reader({ name }: { name: string }) {
      const read = useRead(countRead(fetch));
      return <p>{`${name}: ${read.status} ${read.data ?? '-'}`}</p>;
    }
    render(
      <>
        <Reader name="a" />
        <Reader name="b" />
      </>,
      { wrapper: withCache(cache) },
    );
    await screen.findByText('a: success 1');
    expect(screen.getByText('b: success 1')).toBeTruthy();
    // two readers of one key make one request
    expect(fetch).toHaveBeenCalledTimes(1);
    act(() => void cache.setQueryData(['count', { of: 'pumps' }], 5));
    expect(screen.getByText('a: success 5')).toBeTruthy();
    expect(screen.getByText('b: success 5')).toBeTruthy();
  });

  test('an invalidated key is asked again and its readers show the new answer', async () => {
    const cache = createReadCache();
    let answer = 1;
    const fetch = vi.fn(async () => answer);
    const { result } = renderHook(() => useRead(countRead(fetch)), { wrapper: withCache(cache) });
    await waitFor(() => expect(result.current.data).toBe(1));
    answer = 2;
    act(() => invalidateReads(cache, ['count']));
    await waitFor(() => expect(result.current.data).toBe(2));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('an invalidation of another key leaves the reader alone', async () => {
    const cache = createReadCache();
    const fetch = vi.fn(async () => 1);
    const { result } = renderHook(() => useRead(countRead(fetch)), { wrapper: withCache(cache) });
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => invalidateReads(cache, ['counter']));
    expect(result.current.data).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('a failure is the error status; refetch asks again and shows pending meanwhile', async () => {
    const cache = createReadCache();
    let fail = true;
    let release: (n: number) => void = () => undefined;
    const fetch = vi.fn((): Promise<number> => (fail ? Promise.reject(new Error('down')) : new Promise((resolve) => (release = resolve))));
    const { result } = renderHook(() => useRead(countRead(fetch)), { wrapper: withCache(cache) });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect((result.current.error as Error).message).toBe('down');
    fail = false;
    act(() => result.current.refetch());
    expect(result.current.status).toBe('pending');
    act(() => release(3));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 3, error: null }));
  });
});
