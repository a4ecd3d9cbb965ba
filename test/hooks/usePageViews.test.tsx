import { describe, expect, test, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { PAGE_VIEW_EVENT } from '../../src/domain/analytics.ts';
import { usePageViews } from '../../src/hooks/usePageViews.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

function setup(scrollToTop?: boolean) {
  let title = 'Home - Skimmer';
  const env = testEnvironment({
    page: () => ({ location: 'https://shop.test/x#top', language: 'en-US', characterSet: 'UTF-8', userAgent: 'UA', title }),
  });
  const hook = renderHook(({ path }) => usePageViews(path, scrollToTop === undefined ? {} : { scrollToTop }), {
    initialProps: { path: '/' },
    wrapper: wrapper(fakeClient(), env),
  });
  return { env, hook, setTitle: (t: string) => (title = t) };
}

describe('usePageViews', () => {
  test('sends page_view with location, language, encoding, user agent and title on mount', () => {
    const { env } = setup();
    expect(env.analytics.track).toHaveBeenCalledTimes(1);
    expect(env.analytics.track).toHaveBeenCalledWith(PAGE_VIEW_EVENT, {
      page_location: 'https://shop.test/x',
      language: 'en-us',
      page_encoding: 'UTF-8',
      user_agent: 'UA',
      page_title: 'Home - Skimmer',
    });
  });

  test('sends one event per path change and none on a re-render of the same path', () => {
    const { env, hook, setTitle } = setup();
    hook.rerender({ path: '/' });
    expect(env.analytics.track).toHaveBeenCalledTimes(1);
    setTitle('Pumps - Skimmer');
    hook.rerender({ path: '/collections/pumps' });
    expect(env.analytics.track).toHaveBeenCalledTimes(2);
    expect(vi.mocked(env.analytics.track).mock.calls[1]?.[1]).toMatchObject({ page_title: 'Pumps - Skimmer' });
  });

  test('scrolls to the top on each path change, not on the first path (the page the browser loaded and placed)', () => {
    const { env, hook } = setup();
    expect(env.scrollTo).not.toHaveBeenCalled();
    hook.rerender({ path: '/a' });
    expect(vi.mocked(env.scrollTo).mock.calls).toEqual([[0, 0]]);
    hook.rerender({ path: '/a' });
    hook.rerender({ path: '/b' });
    expect(vi.mocked(env.scrollTo).mock.calls).toEqual([[0, 0], [0, 0]]);
  });

  test('leaves the scroll alone when scrollToTop is false', () => {
    const { env } = setup(false);
    expect(env.scrollTo).not.toHaveBeenCalled();
  });
});

describe('usePageViews after a client-side navigation to a page still loading', () => {
  function setupWatched() {
    let title = 'Home - Skimmer';
    const listeners = new Set<(title: string) => void>();
    const env = testEnvironment({
      page: () => ({ location: 'https://shop.test/x', language: 'en-US', characterSet: 'UTF-8', userAgent: 'UA', title }),
    });
    env.events = {
      ...env.events,
      onTitleChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const hook = renderHook(({ path }) => usePageViews(path), { initialProps: { path: '/' }, wrapper: wrapper(fakeClient(), env) });
    const retitle = (t: string) => {
      title = t;
      for (const listener of [...listeners]) listener(t);
    };
    return { env, hook, retitle, setTitle: (t: string) => (title = t), listeners };
  }
  const titles = (env: ReturnType<typeof setupWatched>['env']) => vi.mocked(env.analytics.track).mock.calls.map((c) => (c[1] as { page_title: string }).page_title);

  test('waits for the new page\'s title instead of sending an empty one, then sends it once', () => {
    const { env, hook, retitle, setTitle } = setupWatched();
    setTitle('');
    hook.rerender({ path: '/collections/pumps' });
    expect(titles(env)).toEqual(['Home - Skimmer']);
    retitle('Pumps - Skimmer');
    retitle('Pumps, page 2 - Skimmer');
    expect(titles(env)).toEqual(['Home - Skimmer', 'Pumps - Skimmer']);
  });

  test('a page left before its title arrived is not reported, and stops listening', () => {
    const { env, hook, retitle, setTitle, listeners } = setupWatched();
    setTitle('');
    hook.rerender({ path: '/products/a' });
    setTitle('Cart - Skimmer');
    hook.rerender({ path: '/shoppingcart.asp' });
    expect(listeners.size).toBe(0);
    retitle('Cart - Skimmer');
    expect(titles(env)).toEqual(['Home - Skimmer', 'Cart - Skimmer']);
  });

  test('the browser environment tells of a title React puts in the head', async () => {
    const { createBrowserEnvironment } = await import('../../src/hooks/environment.ts');
    const seen: string[] = [];
    const stop = createBrowserEnvironment().events.onTitleChange!((t) => seen.push(t));
    const title = document.createElement('title');
    title.textContent = 'Pumps - Skimmer';
    document.head.appendChild(title);
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    title.remove();
    expect(seen).toContain('Pumps - Skimmer');
  });
});
