import { afterEach, describe, expect, test, vi } from 'vitest';
import { markPageHydrated, resetPageSettled, SETTLE_DELAY_MS, SETTLE_EVENTS, whenPageHydrated, whenPageSettled, type SettleWindow } from '../../src/app/page-settled.ts';

afterEach(() => {
  resetPageSettled();
  vi.useRealTimers();
});

/** A window whose events and timers the test fires by hand. */
function fakeWindow(readyState = 'loading') {
  const listeners = new Map<string, Set<() => void>>();
  const timers: (() => void)[] = [];
  const idle: (() => void)[] = [];
  const win: SettleWindow = {
    document: { readyState },
    addEventListener: (type, listener) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener),
    removeEventListener: (type, listener) => void listeners.get(type)?.delete(listener),
    setTimeout: (handler, ms) => {
      expect(ms).toBe(SETTLE_DELAY_MS);
      timers.push(handler);
    },
    requestIdleCallback: (callback) => void idle.push(callback),
  };
  const fire = (type: string) => [...(listeners.get(type) ?? [])].forEach((l) => l());
  return { win, fire, timers, idle, listeners };
}

async function settledYet(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('whenPageSettled', () => {
  test.each(SETTLE_EVENTS)('settles at the first %s, and every caller shares it', async (type) => {
    const { win, fire, listeners } = fakeWindow();
    const first = whenPageSettled(win);
    expect(await settledYet(first)).toBe(false);
    fire(type);
    expect(await settledYet(first)).toBe(true);
    expect(whenPageSettled(win)).toBe(first);
    // the listeners are gone once it has settled
    for (const t of SETTLE_EVENTS) expect(listeners.get(t)?.size ?? 0).toBe(0);
  });

  test('without any interaction, settles after the load event, the delay and an idle moment', async () => {
    const { win, fire, timers, idle } = fakeWindow();
    const settled = whenPageSettled(win);
    expect(timers).toHaveLength(0);
    fire('load');
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(await settledYet(settled)).toBe(false);
    idle[0]!();
    expect(await settledYet(settled)).toBe(true);
  });

  test('a page already loaded starts the delay at once', () => {
    const { win, timers } = fakeWindow('complete');
    void whenPageSettled(win);
    expect(timers).toHaveLength(1);
  });
});

describe('whenPageHydrated', () => {
  test('waits for the page hydration mark, not for the page to settle', async () => {
    const { win } = fakeWindow();
    const hydrated = whenPageHydrated(win);
    expect(await settledYet(hydrated)).toBe(false);
    markPageHydrated();
    expect(await settledYet(hydrated)).toBe(true);
    // later callers are answered at once
    expect(await settledYet(whenPageHydrated(win))).toBe(true);
  });

  test('a page that never hydrates still gets its later work once it has settled', async () => {
    const { win, fire } = fakeWindow();
    const hydrated = whenPageHydrated(win);
    expect(await settledYet(hydrated)).toBe(false);
    fire('keydown');
    expect(await settledYet(hydrated)).toBe(true);
  });
});
