/**
 * Everything the hooks need from a browser, behind one small interface (DESIGN convention 4,
 * Downshift's `environment` option): storage, the clock of the toasts, the viewport, geolocation,
 * the realtime socket, analytics, captcha, navigation, popups, scrolling and the window events of
 * the exit-intent popup.
 *
 * Nothing here touches `window`, `document` or `navigator` at import time: the browser default is
 * built by {@link createBrowserEnvironment} (the provider calls it on first render) and every one
 * of its functions looks the global up when it is called, so the hooks render on a server and in
 * tests. {@link createMemoryEnvironment} is the inert twin for server rendering and tests.
 * @module
 */
import { CAPTCHA_NOT_LOADED, PAYMENT_POPUP } from '../domain/session.ts';
import { captchaScriptLoading } from './useCaptchaScript.ts';
import type { PageViewEnvironment } from '../domain/analytics.ts';

/** Key-value storage of strings (localStorage in a browser). Never throws. */
export interface StorageLike {
  /** The stored value, or null when absent or when storage is unavailable. */
  get(key: string): string | null;
  /** Stores a value; a full or disabled storage drops it silently (the stored lists are conveniences). */
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Viewport facts the mobile layout reads. */
export interface ViewportLike {
  /** Width in CSS pixels, or null while unknown (server render). */
  width(): number | null;
  /** The user-agent string, '' when unknown. */
  userAgent(): string;
  /** Calls `onChange` when the width may have changed; returns the unsubscribe function. */
  subscribe(onChange: () => void): () => void;
}

/** A position from geolocation. */
export interface Coordinates {
  latitude: number;
  longitude: number;
  /** Accuracy radius in metres, when the device reports one. */
  accuracy?: number;
}

/** Geolocation that never rejects: a denial, a timeout or no support all give null. */
export interface GeolocationLike {
  getCurrentPosition(): Promise<Coordinates | null>;
}

/** The part of a socket.io client socket the visit tracking uses. */
export interface SocketLike {
  emit(event: string, payload?: unknown): void;
  disconnect(): void;
}

/** Creates the realtime socket of a namespace ('/customer'). Async so the socket library loads lazily. */
export type SocketFactory = (namespace: string) => Promise<SocketLike>;

/** An analytics sink (gtag in the browser). */
export interface AnalyticsLike {
  track(event: string, payload: Record<string, unknown>): void;
}

/** A captcha token source (reCAPTCHA v3 in the browser). */
export interface CaptchaLike {
  /** A token for `action`; rejects with the spec's message when reCAPTCHA is not loaded. */
  getToken(action: string): Promise<string>;
}

/** A popup window handle: enough to poll whether it closed. */
export interface PopupLike {
  readonly closed: boolean;
  close(): void;
}

/** Scroll position of the page, as the mobile exit-intent rule reads it. */
export interface ScrollPosition {
  scrollY: number;
  pageHeight: number;
  viewportHeight: number;
}

/** Window and document events the hooks listen to; each returns its unsubscribe function. */
export interface EventsLike {
  /** The pointer left the page (desktop exit intent); gets its clientY. */
  onPointerLeave(listener: (clientY: number) => void): () => void;
  /** The page scrolled (mobile exit intent). */
  onScroll(listener: (position: ScrollPosition) => void): () => void;
  /** A key was pressed anywhere (Escape closes the exit popup). */
  onKeyDown(listener: (key: string) => void): () => void;
  /**
   * The document's title changed (a page's head arrived after its path: its code or data were
   * still loading); gets the new title. Optional: without it a page view is sent at once.
   */
  onTitleChange?(listener: (title: string) => void): () => void;
}

/** The whole environment. Every member is replaceable through the provider's `environment` prop. */
export interface SkimmerEnvironment {
  storage: StorageLike;
  /** Milliseconds since the epoch; the toasts' local time. */
  now(): number;
  viewport: ViewportLike;
  geolocation: GeolocationLike;
  /** Socket factory; the browser default imports socket.io-client on first use. */
  createSocket: SocketFactory;
  analytics: AnalyticsLike;
  captcha: CaptchaLike;
  /** What a page-view event reads: location, language, encoding, user agent and title. */
  page(): PageViewEnvironment;
  /**
   * Goes to a URL: the checkout webUrl, the login redirect, a listing's new query. An app with a
   * client-side router supplies its router's push/replace here; `replace` replaces the history
   * entry (the price slider) instead of adding one.
   * @default location.assign, or location.replace with `replace`
   */
  navigate(url: string, options?: { replace?: boolean }): void;
  /** One page back in history (the recovery email Back button, the 404 Go Back). */
  back(): void;
  /**
   * Opens a popup (the add-payment-method page), or null when blocked.
   * @default width 600, height 400
   */
  openPopup(url: string, width?: number, height?: number): PopupLike | null;
  /** Scrolls the page (to the top on each path change). */
  scrollTo(x: number, y: number): void;
  /** A blocking alert (address update and delete failures 'in an alert'). */
  alert(message: string): void;
  /**
   * Where the failures that are logged only, never shown, go (set quantity, fetch cart, countries).
   * @default console.error
   */
  log(source: string, message: string, error?: unknown): void;
  events: EventsLike;
}

/** Options of the browser environment. */
export interface BrowserEnvironmentOptions {
  /** The reCAPTCHA v3 site key (store configuration `recaptchaSiteKey`). @default '' */
  recaptchaSiteKey?: string;
  /**
   * Where the realtime server lives; the namespace is appended. '' means the page's origin.
   * @default ''
   */
  socketUrl?: string;
}

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

/** The browser globals, looked up at call time; undefined on a server. */
function browser(): (Window & typeof globalThis) | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

/**
 * Storage over `window.localStorage`, falling back to memory when storage is missing or throws
 * (Safari private mode, a disabled-cookies policy, server rendering).
 */
export function createBrowserStorage(): StorageLike {
  const fallback = createMemoryStorage();
  const local = (): Storage | undefined => {
    try {
      return browser()?.localStorage;
    } catch {
      return undefined;
    }
  };
  return {
    get(key) {
      try {
        const store = local();
        return store ? store.getItem(key) : fallback.get(key);
      } catch {
        return fallback.get(key);
      }
    },
    set(key, value) {
      try {
        const store = local();
        if (store) store.setItem(key, value);
        else fallback.set(key, value);
      } catch {
        fallback.set(key, value);
      }
    },
    remove(key) {
      try {
        local()?.removeItem(key);
      } catch {
        // storage refused: nothing stored to remove
      }
      fallback.remove(key);
    },
  };
}

/**
 * Storage in a Map: server rendering, tests, and integrators who persist elsewhere.
 * @example
 * const storage = createMemoryStorage({ exitIntentPopUpShown: 'true' });
 */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike & { readonly data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

/**
 * The browser environment. Building it reads no global; each function reads `window`,
 * `document` or `navigator` when called and does nothing (or answers null) where they are absent.
 *
 * @example
 * const env = createBrowserEnvironment({ recaptchaSiteKey: storeConfig.recaptchaSiteKey });
 * const token = await env.captcha.getToken('newsletter');
 */
export function createBrowserEnvironment(options: BrowserEnvironmentOptions = {}): SkimmerEnvironment {
  const siteKey = options.recaptchaSiteKey ?? '';
  const socketUrl = (options.socketUrl ?? '').replace(/\/+$/, '');
  return {
    storage: createBrowserStorage(),
    now: () => Date.now(),
    viewport: {
      width: () => browser()?.innerWidth ?? null,
      userAgent: () => browser()?.navigator.userAgent ?? '',
      subscribe(onChange) {
        const w = browser();
        if (!w) return () => {};
        // the media query fires exactly at the breakpoint; resize covers widths the query misses
        const query = typeof w.matchMedia === 'function' ? w.matchMedia('(max-width: 800px)') : undefined;
        query?.addEventListener?.('change', onChange);
        w.addEventListener('resize', onChange);
        return () => {
          query?.removeEventListener?.('change', onChange);
          w.removeEventListener('resize', onChange);
        };
      },
    },
    geolocation: {
      getCurrentPosition: () =>
        new Promise((resolve) => {
          const geo = browser()?.navigator.geolocation;
          if (!geo) return resolve(null);
          geo.getCurrentPosition(
            ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
            () => resolve(null),
          );
        }),
    },
    createSocket: async (namespace) => {
      const { io } = await import('socket.io-client');
      return io(`${socketUrl}${namespace}`);
    },
    analytics: {
      track(event, payload) {
        const gtag = (browser() as { gtag?: Gtag } | undefined)?.gtag;
        if (typeof gtag === 'function') gtag('event', event, payload);
      },
    },
    captcha: {
      getToken: async (action) => {
        const found = (): Grecaptcha | undefined => {
          const grecaptcha = (browser() as { grecaptcha?: Grecaptcha } | undefined)?.grecaptcha;
          return grecaptcha && typeof grecaptcha.execute === 'function' ? grecaptcha : undefined;
        };
        // the script may still be on its way (useCaptchaScript): wait for it, then ask
        let grecaptcha = found();
        const loading = grecaptcha === undefined ? captchaScriptLoading() : null;
        if (loading !== null) {
          await loading;
          grecaptcha = found();
        }
        if (grecaptcha === undefined) throw new Error(CAPTCHA_NOT_LOADED);
        const ready = grecaptcha;
        return new Promise<string>((resolve, reject) => {
          ready.ready(() => {
            ready.execute(siteKey, { action }).then(resolve, reject);
          });
        });
      },
    },
    page() {
      const w = browser();
      return {
        location: w?.location.href ?? '',
        language: w?.navigator.language ?? '',
        characterSet: w?.document.characterSet ?? '',
        userAgent: w?.navigator.userAgent ?? '',
        title: w?.document.title ?? '',
      };
    },
    navigate(url, navigation) {
      const location = browser()?.location;
      if (navigation?.replace) location?.replace(url);
      else location?.assign(url);
    },
    back() {
      browser()?.history.back();
    },
    openPopup(url, width = PAYMENT_POPUP.width, height = PAYMENT_POPUP.height) {
      const w = browser();
      if (!w) return null;
      const left = Math.max(0, Math.round((w.screen.width - width) / 2));
      const top = Math.max(0, Math.round((w.screen.height - height) / 2));
      return w.open(url, '_blank', `width=${width},height=${height},left=${left},top=${top}`);
    },
    scrollTo(x, y) {
      browser()?.scrollTo(x, y);
    },
    alert(message) {
      browser()?.alert(message);
    },
    log(source, message, error) {
      console.error(`[skimmer] ${source}: ${message}`, error);
    },
    events: {
      onPointerLeave(listener) {
        const w = browser();
        if (!w) return () => {};
        // mouseout with no relatedTarget: the pointer left the document, not one element for another
        const handler = (event: MouseEvent) => {
          if (event.relatedTarget === null) listener(event.clientY);
        };
        w.document.addEventListener('mouseout', handler);
        return () => w.document.removeEventListener('mouseout', handler);
      },
      onScroll(listener) {
        const w = browser();
        if (!w) return () => {};
        const handler = () =>
          listener({ scrollY: w.scrollY, pageHeight: w.document.documentElement.scrollHeight, viewportHeight: w.innerHeight });
        w.addEventListener('scroll', handler, { passive: true });
        return () => w.removeEventListener('scroll', handler);
      },
      onKeyDown(listener) {
        const w = browser();
        if (!w) return () => {};
        const handler = (event: KeyboardEvent) => listener(event.key);
        w.document.addEventListener('keydown', handler);
        return () => w.document.removeEventListener('keydown', handler);
      },
      onTitleChange(listener) {
        const w = browser();
        if (!w || typeof w.MutationObserver === 'undefined') return () => {};
        // React puts a page's <title> in the head (and takes the last page's out): any change there
        const observer = new w.MutationObserver(() => listener(w.document.title));
        observer.observe(w.document.head, { childList: true, subtree: true, characterData: true });
        return () => observer.disconnect();
      },
    },
  };
}

/**
 * An inert environment: memory storage, a fixed clock, unknown viewport width, geolocation
 * denied, sockets that emit nowhere, analytics, alerts, logs and navigation that do nothing, a
 * captcha that answers `'test-token'`. For server rendering and tests; any member can be replaced.
 *
 * @example
 * const env = createMemoryEnvironment({ viewport: { width: () => 400, userAgent: () => '', subscribe: () => () => {} } });
 */
export function createMemoryEnvironment(overrides: Partial<SkimmerEnvironment> = {}): SkimmerEnvironment {
  const noop = () => {};
  return {
    storage: createMemoryStorage(),
    now: () => 0,
    viewport: { width: () => null, userAgent: () => '', subscribe: () => noop },
    geolocation: { getCurrentPosition: async () => null },
    createSocket: async () => ({ emit: noop, disconnect: noop }),
    analytics: { track: noop },
    captcha: { getToken: async () => 'test-token' },
    page: () => ({ location: '', language: '', characterSet: '', userAgent: '', title: '' }),
    navigate: noop,
    back: noop,
    openPopup: () => null,
    scrollTo: noop,
    alert: noop,
    log: noop,
    events: { onPointerLeave: () => noop, onScroll: () => noop, onKeyDown: () => noop },
    ...overrides,
  };
}

/**
 * Lays a partial environment over a base one. Members are replaced whole (a custom `storage`
 * replaces the default storage), so an integrator never gets half of one and half of another.
 */
export function mergeEnvironment(base: SkimmerEnvironment, overrides: Partial<SkimmerEnvironment> | undefined): SkimmerEnvironment {
  if (!overrides) return base;
  const merged = { ...base };
  for (const [key, value] of Object.entries(overrides) as [keyof SkimmerEnvironment, unknown][]) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}
