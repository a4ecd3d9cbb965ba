import { describe, expect, test } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useMobileLayout } from '../../src/hooks/useMobileLayout.ts';
import { fakeViewport, testEnvironment, wrapper, fakeClient } from './hooks.helpers.tsx';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

function render(width: number | null, userAgent = DESKTOP) {
  const viewport = fakeViewport(width, userAgent);
  const hook = renderHook(() => useMobileLayout(), { wrapper: wrapper(fakeClient(), testEnvironment({ viewport })) });
  return { viewport, ...hook };
}

describe('useMobileLayout', () => {
  test.each([
    [320, true],
    [800, true],
    [801, false],
    [1440, false],
  ])('a width of %i px is mobile: %s (mobile at 800 px or less)', (width, mobile) => {
    expect(render(width).result.current).toBe(mobile);
  });

  test('the width wins over a mobile user agent once known', () => {
    expect(render(801, IPHONE).result.current).toBe(false);
  });

  test.each([
    [IPHONE, true],
    [DESKTOP, false],
  ])('before the width is known, the user agent decides (%s)', (userAgent, mobile) => {
    expect(render(null, userAgent).result.current).toBe(mobile);
  });

  test('follows the viewport across the breakpoint', () => {
    const { viewport, result } = render(1024);
    expect(result.current).toBe(false);
    act(() => viewport.resize(800));
    expect(result.current).toBe(true);
    act(() => viewport.resize(801));
    expect(result.current).toBe(false);
  });

  test('a server render reads the user agent only', () => {
    const viewport = fakeViewport(1440, IPHONE);
    const Wrapper = wrapper(fakeClient(), testEnvironment({ viewport }));
    function Probe() {
      return <span>{useMobileLayout() ? 'mobile' : 'desktop'}</span>;
    }
    expect(renderToString(<Wrapper><Probe /></Wrapper>)).toContain('mobile');
  });
});
