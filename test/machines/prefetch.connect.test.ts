import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { connectPrefetch } from '../../src/machines/prefetch.connect.ts';
import { prefetchMachine } from '../../src/machines/prefetch.machine.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const failing = prefetchMachine.provide({
  actors: {
    prefetch: fromPromise<unknown, { params: unknown }>(async () => {
      throw new Error('down');
    }),
  },
});

describe('connectPrefetch', () => {
  test('given data it is done at once', () => {
    expect(connectPrefetch(createActor(prefetchMachine, { input: { data: { a: 1 } } }).start().getSnapshot())).toEqual({ status: 'done', data: { a: 1 }, failures: 0, message: null });
  });

  test('a first failure waits to retry; spent retries fail with the message', async () => {
    const actor = createActor(failing, { input: {} }).start();
    expect(connectPrefetch(actor.getSnapshot()).status).toBe('fetching');
    await vi.advanceTimersByTimeAsync(0);
    expect(connectPrefetch(actor.getSnapshot())).toMatchObject({ status: 'waiting', failures: 1, message: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connectPrefetch(actor.getSnapshot())).toMatchObject({ status: 'failed', message: 'Failed to prefetch data after multiple retries.' });
  });
});
