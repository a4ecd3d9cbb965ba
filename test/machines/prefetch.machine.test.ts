import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise } from 'xstate';
import { prefetchMachine, type PrefetchEmitted, type PrefetchInput } from '../../src/machines/prefetch.machine.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function start(results: ReadonlyArray<'fail' | 'ok'>, input: PrefetchInput = {}) {
  let attempts = 0;
  const machine = prefetchMachine.provide({
    actors: {
      prefetch: fromPromise<unknown, { params: unknown }>(async () => {
        const result = results[attempts] ?? 'fail';
        attempts += 1;
        if (result === 'fail') throw new Error(`attempt ${attempts} failed`);
        return { config: attempts };
      }),
    },
  });
  const emitted: PrefetchEmitted[] = [];
  const actor = createActor(machine, { input });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, attempts: () => attempts };
}

describe('prefetch', () => {
  test('succeeds at once without retrying', async () => {
    const { actor, attempts } = start(['ok']);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.data).toEqual({ config: 1 });
    expect(attempts()).toBe(1);
  });

  test('waits 1000 ms before each retry', async () => {
    const { actor, attempts } = start(['fail', 'ok']);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(999);
    expect(attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(2);
    expect(actor.getSnapshot().value).toBe('done');
  });

  test("retries up to 3 times, then shows 'Failed to prefetch data after multiple retries.'", async () => {
    const { actor, emitted, attempts } = start([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts()).toBe(4);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ failures: 4, message: 'Failed to prefetch data after multiple retries.', error: 'attempt 4 failed' });
    expect(emitted).toEqual([{ type: 'notify', tone: 'error', message: 'Failed to prefetch data after multiple retries.' }]);
  });

  test('succeeding on the last retry shows no message', async () => {
    const { actor, emitted, attempts } = start(['fail', 'fail', 'fail', 'ok']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts()).toBe(4);
    expect(actor.getSnapshot().value).toBe('done');
    expect(emitted).toEqual([]);
  });

  test('never makes more than 1 + maxRetries attempts, and fails only when every attempt failed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom<'fail' | 'ok'>('fail', 'ok'), { maxLength: 6 }), fc.integer({ min: 0, max: 4 }), async (results, maxRetries) => {
        const { actor, attempts } = start(results, { maxRetries });
        await vi.advanceTimersByTimeAsync(20_000);
        const firstOk = results.indexOf('ok');
        const succeeds = firstOk !== -1 && firstOk <= maxRetries;
        expect(attempts()).toBe(succeeds ? firstOk + 1 : maxRetries + 1);
        expect(actor.getSnapshot().value).toBe(succeeds ? 'done' : 'failed');
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });

  test('prefetch.restart starts a new run with a fresh retry budget', async () => {
    const { actor, attempts } = start(['fail', 'fail', 'fail', 'fail', 'ok']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'prefetch.restart' });
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, message: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts()).toBe(5);
    expect(actor.getSnapshot().value).toBe('done');
  });

  test('prefetched data in the input starts done without a call', () => {
    const { actor, attempts } = start([], { data: { config: 0 } });
    expect(actor.getSnapshot().value).toBe('done');
    expect(attempts()).toBe(0);
  });
});
