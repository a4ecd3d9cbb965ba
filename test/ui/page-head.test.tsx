import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, useState } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { mergeHead, splitHoistedHead, type PageHeadData } from '../../src/domain/seo.ts';
import { headTags, PageHead } from '../../src/ui/shell/PageHead.tsx';
import { headRules, LazyPageHead } from '../../src/app/page-head.tsx';
import { lazyClient } from '../../src/app/lazy-client.ts';
import { RenderProvider } from '../../src/app/render-context.tsx';
import type { ApiClient } from '../../src/api/client.ts';
import { wrapper } from '../hooks/hooks.helpers.tsx';

// React's act() in a plain jsdom test
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const head: PageHeadData = {
  title: 'SuperFlo <Pump> - Skimmer',
  description: 'A quiet "pump" & more.',
  url: 'https://shop.test/products/superflo',
  siteName: 'Skimmer',
  type: 'product',
  image: { url: 'https://shop.test/media/images/7-800.png', alt: 'SuperFlo' },
  preloadImage: { href: '/media/images/7-800.png', srcSet: '/media/images/7-200.png 200w, /media/images/7-800.png 800w', sizes: '(max-width: 800px) 100vw, 600px' },
  jsonLd: [
    { '@context': 'https://schema.org', '@type': 'Product', name: 'SuperFlo </script><script>alert(1)</script>' },
    { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] },
  ],
};

function Page({ data = head }: { data?: PageHeadData }) {
  return (
    <main>
      <PageHead head={data} />
      <h1>SuperFlo</h1>
    </main>
  );
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('PageHead on the server (react-dom/server)', () => {
  test('title, description, canonical, Open Graph, Twitter and the preload come first, as one run the render moves into <head>', () => {
    const html = renderToString(<Page />);
    const { head: tags, body } = splitHoistedHead(html);
    const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${tags}</head><body>${body}</body></html>`, 'text/html');
    expect(doc.title).toBe('SuperFlo <Pump> - Skimmer');
    const meta = (selector: string) => doc.head.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[name="description"]')).toBe('A quiet "pump" & more.');
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://shop.test/products/superflo');
    expect(meta('meta[property="og:type"]')).toBe('product');
    expect(meta('meta[property="og:title"]')).toBe(head.title);
    expect(meta('meta[property="og:url"]')).toBe(head.url);
    expect(meta('meta[property="og:image"]')).toBe(head.image!.url);
    expect(meta('meta[property="og:site_name"]')).toBe('Skimmer');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    const preload = doc.head.querySelector('link[rel="preload"][as="image"]')!;
    expect(preload.getAttribute('imagesrcset')).toBe(head.preloadImage!.srcSet);
    expect(preload.getAttribute('imagesizes')).toBe(head.preloadImage!.sizes);
    expect(preload.getAttribute('fetchpriority')).toBe('high');
    // the JSON-LD stays in the body, parseable, and cannot close its element
    const scripts = [...doc.querySelectorAll('script[type="application/ld+json"]')];
    expect(scripts).toHaveLength(2);
    expect(scripts.every((s) => doc.body.contains(s))).toBe(true);
    expect(JSON.parse(scripts[0]!.textContent!)).toEqual(head.jsonLd[0]);
    expect(doc.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
  });

  test('no description, image or canonical: those tags are left out and the card is a summary', () => {
    const html = renderToString(<PageHead head={{ title: 'Cart', description: null, url: null, siteName: 'S', type: 'website', jsonLd: [], noindex: true }} />);
    expect(html).not.toContain('description');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
  });
});

describe('PageHead in the browser (jsdom)', () => {
  test('a client render puts the tags in document.head and takes them out when the page goes', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    let show!: (value: boolean) => void;
    function Toggle() {
      const [on, setOn] = useState(true);
      show = setOn;
      return on ? <Page /> : <p>other</p>;
    }
    await act(async () => root.render(<Toggle />));
    expect(document.title).toBe(head.title);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(head.url);
    expect(document.head.querySelectorAll('meta[property^="og:"]').length).toBeGreaterThanOrEqual(5);
    expect(container.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(2);
    await act(async () => show(false));
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    await act(async () => root.unmount());
  });

  test('hydration over the server head adopts its tags: no duplicate, no hydration warning', async () => {
    const { head: tags, body } = splitHoistedHead(renderToString(<Page />));
    // the template's own title and description are dropped by mergeHead
    document.head.innerHTML = mergeHead('<meta charset="UTF-8"><title>Store</title><meta name="description" content="Store things">', tags);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = body;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable: unknown[] = [];
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe(head.title);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    await act(async () => root.unmount());
  });
});

describe('LazyPageHead: the head without its rules in the first load (src/app/page-head.tsx)', () => {
  const Provider = wrapper();

  test("the browser's first view shows the server's head without loading the rules; another address builds its own once they load", async () => {
    let loads = 0;
    const rules = headRules(async () => {
      loads += 1;
      return { build: (title: string): PageHeadData => ({ ...head, title }) };
    });
    window.history.replaceState(null, '', '/products/superflo');
    const serverHead = headTags(head);
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const firstView = { url: '/products/superflo', head: serverHead };
    const view = (title: string) => (
      <Provider>
        <RenderProvider value={{ origin: 'https://shop.test', outcome: null, firstView }}>
          <LazyPageHead rules={rules} build={(m) => m.build(title)} />
        </RenderProvider>
      </Provider>
    );
    await act(async () => root.render(view('Built - Skimmer')));
    expect(document.title).toBe(head.title);
    expect(container.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(2);
    expect(loads).toBe(0);
    // a client-side navigation: the page's head is built with the rules, loaded on first use
    window.history.pushState(null, '', '/products/other');
    await act(async () => root.render(view('Other - Skimmer')));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loads).toBe(1);
    expect(document.title).toBe('Other - Skimmer');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    await act(async () => root.unmount());
    window.history.replaceState(null, '', '/');
  });
});

describe('lazyClient: the API client loaded with its first call (src/app/lazy-client.ts)', () => {
  test('loads the client once, on the first call, and passes every call and answer through', async () => {
    let created = 0;
    const calls: unknown[][] = [];
    const client = lazyClient({ baseUrl: '' }, async () => ({
      createClient: () => {
        created += 1;
        return { productByHandle: async (...args: unknown[]) => (calls.push(args), { product: { handle: args[0] } }) } as unknown as ApiClient;
      },
    }));
    expect(created).toBe(0);
    // not a thenable: awaiting the client itself does not call anything
    expect((client as unknown as { then?: unknown }).then).toBeUndefined();
    const signal = new AbortController().signal;
    await expect(client.productByHandle('pump', { signal })).resolves.toEqual({ product: { handle: 'pump' } });
    await client.productByHandle('filter');
    expect(created).toBe(1);
    expect(calls).toEqual([['pump', { signal }], ['filter']]);
    await expect(client.nav({ collectionUrlPrefix: '/c', imagePlacement: 'menu' })).rejects.toThrow('The API client has no function nav');
  });
});
