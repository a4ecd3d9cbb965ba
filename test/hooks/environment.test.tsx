import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { MESSAGES } from '../../src/domain/account.ts';
import {
  createBrowserEnvironment,
  createBrowserStorage,
  createMemoryEnvironment,
  createMemoryStorage,
  mergeEnvironment,
} from '../../src/hooks/environment.ts';
import { useClient, useEnvironment, useSkimmer, useStoreConfig, useThemeConfig } from '../../src/hooks/SkimmerProvider.tsx';
import { DEV_CAPTCHA_SCRIPT_URL, useCaptchaScript } from '../../src/hooks/useCaptchaScript.ts';
import { fakeClient, storeConfig, testEnvironment, themeConfig, wrapper } from './hooks.helpers.tsx';

/** jsdom has no geolocation: define one for a test (removed after each). */
function setGeolocation(value: unknown) {
  Object.defineProperty(window.navigator, 'geolocation', { value, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(window.navigator, 'geolocation');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('browser environment', () => {
  test('building it reads no browser global (server rendering and import are safe)', () => {
    const width = vi.spyOn(window, 'innerWidth', 'get');
    const storage = vi.spyOn(window, 'localStorage', 'get');
    createBrowserEnvironment();
    expect(width).not.toHaveBeenCalled();
    expect(storage).not.toHaveBeenCalled();
  });

  test('storage reads and writes localStorage', () => {
    const storage = createBrowserStorage();
    storage.set('view', 'list');
    expect(window.localStorage.getItem('view')).toBe('list');
    expect(storage.get('view')).toBe('list');
    storage.remove('view');
    expect(storage.get('view')).toBeNull();
  });

  test('storage falls back to memory when localStorage throws', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const storage = createBrowserStorage();
    storage.set('view', 'grid');
    expect(storage.get('view')).toBe('grid');
  });

  test('captcha rejects with the reCAPTCHA message when grecaptcha is missing', async () => {
    await expect(createBrowserEnvironment().captcha.getToken('newsletter')).rejects.toThrow(MESSAGES.captchaNotLoaded);
    expect(MESSAGES.captchaNotLoaded).toBe('reCAPTCHA is not loaded. Make sure JavaScript is enabled in your browser.');
  });

  test('captcha asks grecaptcha for a token with the site key and the action', async () => {
    const execute = vi.fn(async () => 'tok');
    vi.stubGlobal('grecaptcha', { ready: (cb: () => void) => cb(), execute });
    await expect(createBrowserEnvironment({ recaptchaSiteKey: 'k' }).captcha.getToken('recovery_email')).resolves.toBe('tok');
    expect(execute).toHaveBeenCalledWith('k', { action: 'recovery_email' });
  });

  test('geolocation answers null on denial and coordinates on success', async () => {
    const geo = {
      getCurrentPosition: vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError)),
    };
    setGeolocation(geo);
    await expect(createBrowserEnvironment().geolocation.getCurrentPosition()).resolves.toBeNull();
    geo.getCurrentPosition.mockImplementation((ok: PositionCallback) =>
      ok({ coords: { latitude: 47.6, longitude: -122.3, accuracy: 10 } } as GeolocationPosition),
    );
    await expect(createBrowserEnvironment().geolocation.getCurrentPosition()).resolves.toEqual({ latitude: 47.6, longitude: -122.3, accuracy: 10 });
  });

  test('geolocation answers null where the browser has none', async () => {
    setGeolocation(undefined);
    await expect(createBrowserEnvironment().geolocation.getCurrentPosition()).resolves.toBeNull();
  });

  test('the add-payment popup opens at 600x400', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    createBrowserEnvironment().openPopup('https://pay.test/add');
    expect(open).toHaveBeenCalledWith('https://pay.test/add', '_blank', expect.stringContaining('width=600,height=400'));
  });

  test('analytics sends through gtag when present, and does nothing without it', () => {
    const env = createBrowserEnvironment();
    expect(() => env.analytics.track('page_view', {})).not.toThrow();
    const gtag = vi.fn();
    vi.stubGlobal('gtag', gtag);
    env.analytics.track('begin_checkout', { value: 1 });
    expect(gtag).toHaveBeenCalledWith('event', 'begin_checkout', { value: 1 });
  });

  test('pointer leave reports clientY only when the pointer leaves the document', () => {
    const listener = vi.fn();
    const stop = createBrowserEnvironment().events.onPointerLeave(listener);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 4, relatedTarget: null }));
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 300, relatedTarget: document.body }));
    stop();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 2, relatedTarget: null }));
    expect(listener.mock.calls).toEqual([[4]]);
  });

  test('the page facts come from the document and navigator', () => {
    document.title = 'Pumps - Skimmer';
    const page = createBrowserEnvironment().page();
    expect(page.title).toBe('Pumps - Skimmer');
    expect(page.location).toBe(window.location.href);
    expect(page.userAgent).toBe(window.navigator.userAgent);
  });

  // last in this describe: the captcha script's load is kept once it has run (one per page)
  test('captcha waits for the script still loading (a submit as soon as the footer hydrated), then asks it', async () => {
    const execute = vi.fn(async () => 'tok');
    const load = vi.fn(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            vi.stubGlobal('grecaptcha', { ready: (cb: () => void) => cb(), execute });
            resolve();
          }, 30),
        ),
    );
    renderHook(() => useCaptchaScript(load), { wrapper: wrapper() });
    expect(load).toHaveBeenCalledWith(DEV_CAPTCHA_SCRIPT_URL);
    expect((globalThis as { grecaptcha?: unknown }).grecaptcha).toBeUndefined();
    await expect(createBrowserEnvironment({ recaptchaSiteKey: 'k' }).captcha.getToken('newsletter_subscribe')).resolves.toBe('tok');
    expect(execute).toHaveBeenCalledWith('k', { action: 'newsletter_subscribe' });
  });
});

describe('memory environment and merging', () => {
  test('memory storage starts from the given entries', () => {
    expect(createMemoryStorage({ exitIntentPopUpShown: 'true' }).get('exitIntentPopUpShown')).toBe('true');
  });

  test('a partial environment replaces whole members and keeps the rest', () => {
    const base = createMemoryEnvironment();
    const storage = createMemoryStorage();
    const merged = mergeEnvironment(base, { storage, now: undefined });
    expect(merged.storage).toBe(storage);
    expect(merged.now).toBe(base.now);
    expect(merged.viewport).toBe(base.viewport);
  });
});

describe('SkimmerProvider', () => {
  test('hands the client, configurations and merged environment to the hooks', () => {
    const client = fakeClient();
    const env = testEnvironment();
    const { result } = renderHook(
      () => ({ all: useSkimmer(), client: useClient(), env: useEnvironment(), store: useStoreConfig(), theme: useThemeConfig() }),
      { wrapper: wrapper(client, { storage: env.storage, now: env.now }) },
    );
    expect(result.current.client).toBe(client);
    expect(result.current.env.storage).toBe(env.storage);
    expect(result.current.env.now()).toBe(env.now());
    // members not given are the browser defaults
    expect(typeof result.current.env.createSocket).toBe('function');
    expect(result.current.store).toBe(storeConfig);
    expect(result.current.theme).toBe(themeConfig);
    expect(result.current.all.toasts.getSnapshot()).toEqual([]);
  });

  test('a hook outside the provider fails with a clear message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useClient())).toThrow('Skimmer hooks must be used inside <SkimmerProvider>.');
  });
});
