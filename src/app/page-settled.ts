/**
 * When the storefront may start work that the shopper does not see at first (the visit-tracking
 * socket, the exit-intent popup's code): after the first load, so it never competes with the
 * page's own scripts, data and pictures for a slow connection or a slow CPU.
 * @module
 */
import { useEffect, useState } from 'react';

/** How long after the load event deferred work waits when the shopper does nothing. @default 3000 */
export const SETTLE_DELAY_MS = 3000;

/** The part of `window` {@link whenPageSettled} uses. */
export interface SettleWindow {
  document: { readyState: string };
  addEventListener(type: string, listener: () => void, options?: { once?: boolean; passive?: boolean; capture?: boolean }): void;
  removeEventListener(type: string, listener: () => void, options?: { capture?: boolean }): void;
  setTimeout(handler: () => void, ms: number): unknown;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => unknown;
}

/**
 * Events that show the shopper is using the page: deferred work may start at once. A moving
 * pointer counts (on a desktop the exit-intent popup watches it).
 */
export const SETTLE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll'] as const;

let settled: Promise<void> | null = null;

/**
 * Resolves once, at the first of: the shopper interacts with the page (pointer, key, touch,
 * scroll), or {@link SETTLE_DELAY_MS} after the window's load event followed by an idle moment.
 * Every caller shares the same promise.
 *
 * @example
 * await whenPageSettled(window);
 * const { io } = await import('socket.io-client');
 */
export function whenPageSettled(win: SettleWindow): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const type of SETTLE_EVENTS) win.removeEventListener(type, finish, { capture: true });
      resolve();
    };
    for (const type of SETTLE_EVENTS) win.addEventListener(type, finish, { once: true, passive: true, capture: true });
    const afterLoad = () =>
      win.setTimeout(() => {
        if (win.requestIdleCallback) win.requestIdleCallback(finish, { timeout: SETTLE_DELAY_MS });
        else finish();
      }, SETTLE_DELAY_MS);
    if (win.document.readyState === 'complete') afterLoad();
    else win.addEventListener('load', afterLoad, { once: true });
  });
  return settled;
}

/**
 * Whether the page has settled ({@link whenPageSettled}): false on the server and in the first
 * browser render (so the page hydrates without a mismatch), true from the render after it settles.
 * @example
 * const settled = usePageSettled();
 * return <Suspense fallback={null}>{settled && <LaterWidget />}</Suspense>;
 */
export function usePageSettled(): boolean {
  const [isSettled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void whenPageSettled(window).then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return isSettled;
}

let hydrated: { promise: Promise<void>; resolve(): void } | null = null;

function hydration(): { promise: Promise<void>; resolve(): void } {
  if (!hydrated) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    hydrated = { promise, resolve };
  }
  return hydrated;
}

/** Records that the routed page has hydrated (the app's hydration mark calls it once). */
export function markPageHydrated(): void {
  hydration().resolve();
}

/**
 * Resolves once the routed page has hydrated ({@link markPageHydrated}), or when the page has
 * settled ({@link whenPageSettled}) if that comes first (a page that never hydrates, an error
 * page, still gets its later work). React hydrates a Suspense boundary's content in a pass after
 * the root's: work started by the shell's effects waits for this, so it does not compete with the
 * page becoming interactive.
 *
 * @example
 * const client = lazyClient({ baseUrl: '' }, () => whenPageHydrated(window).then(() => import('../api/client.ts')));
 */
export function whenPageHydrated(win: SettleWindow): Promise<void> {
  return Promise.race([hydration().promise, whenPageSettled(win)]);
}

/** Forgets the shared promises (tests). */
export function resetPageSettled(): void {
  settled = null;
  hydrated = null;
}
