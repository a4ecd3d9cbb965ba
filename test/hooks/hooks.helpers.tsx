/**
 * Fixtures of the hook tests: a fake client (only the calls a test gives; any other call fails
 * loudly), a memory environment with recording fakes, configurations, and a wrapper mounting the
 * provider.
 */
import type { ReadCache } from '../../src/hooks/query/index.ts';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import type { StoreConfig, ThemeConfig } from '../../src/domain/entities.ts';
import {
  createMemoryEnvironment,
  createMemoryStorage,
  type ScrollPosition,
  type SkimmerEnvironment,
  type SocketLike,
} from '../../src/hooks/environment.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { SkimmerProvider } from '../../src/hooks/SkimmerProvider.tsx';

export const storeConfig: StoreConfig = {
  storeName: 'Skimmer',
  storeLogoUrl: '/logo.png',
  storeFaviconUrl: '/favicon.ico',
  storefrontAnnouncement: '',
  contactPhoneNumber: '555-0100',
  storeEmail: 'help@skimmer.test',
  gTagId: null,
  appTimeZone: 'America/Los_Angeles',
  merchantReturnDays: 30,
  recaptchaSiteKey: 'site-key',
  collectionPath: '/collections',
  productPath: '/products',
  articlePath: '/articles',
};

export const themeConfig: ThemeConfig = {
  storeCurrency: '$',
  productTopBannerUrl: null,
  productNoImageUrl: '/no-image.png',
  defaultLimitPerPage: 24,
  infoCards: [],
  heroSection: { images: [] },
  seoTitle: 'Skimmer',
  seoDescription: 'Pool and spa parts',
  featuredProducts: { url: '/collections/featured', bannerUrl: '/banner.png' },
  imagePlacements: { collection: { menuImage: 'thumbnail' } },
  additionalHeaderLinks: [],
  exitIntentPopUp: { bgImageUrl: '/bg.png', discountMessage: '10% off', discountCode: 'FIRST10' },
  blogDescription: 'News',
};

/**
 * A client built from the calls a test gives, typed: each given call is checked against the
 * client's own signature (a fake answer of the wrong shape does not compile), and every call not
 * given rejects with a message naming it. A fixture object of calls is written
 * `{ ... } satisfies Partial<ApiClient>`, so its mocks keep their own types for assertions.
 * @example fakeClient({ user: vi.fn(async () => ({ user: USER })), customer: vi.fn(unanswered) });
 */
export function fakeClient(calls: Partial<ApiClient> = {}): ApiClient {
  return new Proxy(calls as ApiClient, {
    get(target, key: string) {
      if (key in target) return target[key as keyof ApiClient];
      if (key === 'then') return undefined;
      return () => Promise.reject(new Error(`fake client: no '${key}'`));
    },
  });
}

/** The answer of a call still in flight: it never settles, so it fits any call (`customer: vi.fn(unanswered)`). */
export function unanswered(): Promise<never> {
  return new Promise<never>(() => {});
}

/**
 * An answer the call's type does not allow, as a server that breaks its contract might send it
 * (`{ product: null }`), for the tests of the views' defences: the one place a test says so, typed
 * as the call's answer.
 * @example productByHandle: vi.fn(async () => offContract<ProductResponse>({ product: null }))
 */
export function offContract<T>(answer: unknown): T {
  return answer as T;
}

/** A socket that records what it emits. */
export interface FakeSocket extends SocketLike {
  emitted: { event: string; payload: unknown }[];
  disconnected: boolean;
}

export function fakeSocket(): FakeSocket {
  const socket: FakeSocket = {
    emitted: [],
    disconnected: false,
    emit(event, payload) {
      socket.emitted.push({ event, payload });
    },
    disconnect() {
      socket.disconnected = true;
    },
  };
  return socket;
}

/** A viewport whose width and user agent a test sets, firing its listeners on change. */
export function fakeViewport(width: number | null, userAgent = '') {
  const listeners = new Set<() => void>();
  const viewport = {
    current: { width, userAgent },
    width: () => viewport.current.width,
    userAgent: () => viewport.current.userAgent,
    subscribe(onChange: () => void) {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    resize(next: number | null) {
      viewport.current = { ...viewport.current, width: next };
      for (const l of [...listeners]) l();
    },
  };
  return viewport;
}

/** Window events a test fires by hand. */
export function fakeEvents() {
  const leave = new Set<(clientY: number) => void>();
  const scroll = new Set<(p: ScrollPosition) => void>();
  const keys = new Set<(key: string) => void>();
  const sub = <T,>(set: Set<T>) => (listener: T) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  return {
    onPointerLeave: sub(leave),
    onScroll: sub(scroll),
    onKeyDown: sub(keys),
    pointerLeave: (clientY: number) => [...leave].forEach((l) => l(clientY)),
    scroll: (p: ScrollPosition) => [...scroll].forEach((l) => l(p)),
    key: (key: string) => [...keys].forEach((l) => l(key)),
    listenerCount: () => leave.size + scroll.size + keys.size,
  };
}

/** A memory environment with spies on the members a test reads. */
export function testEnvironment(overrides: Partial<SkimmerEnvironment> = {}): SkimmerEnvironment {
  return createMemoryEnvironment({
    storage: createMemoryStorage(),
    now: () => Date.UTC(2025, 5, 1, 14, 5),
    analytics: { track: vi.fn() },
    navigate: vi.fn(),
    back: vi.fn(),
    scrollTo: vi.fn(),
    ...overrides,
  });
}

/** Options of {@link wrapper}. */
export interface WrapperOptions {
  toastDurationMs?: number;
  /** @default a signed-out visitor and no cart, already fetched (no user, customer or checkout call) */
  initialData?: InitialData;
  /** The read cache. @default the provider's own */
  queryClient?: ReadCache;
}

/** A wrapper for renderHook/render mounting the provider over a fake client and environment. */
export function wrapper(client: ApiClient = fakeClient(), environment: Partial<SkimmerEnvironment> = testEnvironment(), options: WrapperOptions = {}) {
  const initialData = options.initialData ?? { auth: { user: null, customer: {} }, checkout: null };
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <SkimmerProvider
        client={client}
        storeConfig={storeConfig}
        themeConfig={themeConfig}
        environment={environment}
        toastDurationMs={options.toastDurationMs}
        initialData={initialData}
        queryClient={options.queryClient}
      >
        {children}
      </SkimmerProvider>
    );
  };
}
