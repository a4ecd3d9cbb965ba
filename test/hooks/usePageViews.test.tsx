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
