import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ProductQuestion } from '../../src/api/types.ts';
import ProductPage from '../../src/app/pages/ProductPage.tsx';
import type { Product } from '../../src/domain/entities.ts';
import { PDF_DOWNLOAD_ERROR, usePdfDownload } from '../../src/hooks/usePdfDownload.ts';
import { PdfCard } from '../../src/ui/product/PdfCard.tsx';
import { ModelViewer, MODEL_VIEWER_TEXT } from '../../src/ui/product/ModelViewer.tsx';
import { Toasts } from '../../src/ui/shell/Toasts.tsx';
import { fakeClient, fakeViewport, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';
import { pump } from '../hooks/product.helpers.ts';
import { listInfo } from './content.helpers.tsx';
import { renderAt } from './pages.helpers.tsx';

// the 3D viewer's package: recorded, never really loaded in jsdom (it needs WebGL)
const viewerPackage = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('@google/model-viewer', () => {
  viewerPackage.loaded += 1;
  return {};
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MODEL = { id: 9, url: '/media/models/9.gltf', posterUrl: '/media/models/9/poster-800.png' };
const IMAGES = [
  { id: 1, url: '/media/images/1-800.png', altText: 'Pump, front' },
  { id: 2, url: '/media/images/2-800.png', altText: 'Pump, side' },
];

function question(id: number, answer: string | null): ProductQuestion {
  return { id, question: `Does it fit model ${id}?`, askedBy: 'Sam', answer, answeredBy: answer ? 'Skimmer staff' : null, createdAt: '2025-03-04T10:00:00.000Z' };
}

function client(product: Product, questions: ProductQuestion[] = []) {
  return fakeClient({
    productByHandle: vi.fn(async () => ({ product })),
    relatedProducts: vi.fn(async () => ({ products: [] })),
    productsByIds: vi.fn(async () => ({ products: [] })),
    productReviews: vi.fn(async () => ({ reviews: [], pageInfo: listInfo(0, 10) })),
    productQuestions: vi.fn(async () => ({ questions })),
  });
}

function renderProduct(product: Product, options: { questions?: ProductQuestion[]; width?: number; url?: string } = {}) {
  const api = client(product, options.questions);
  const environment = testEnvironment({ viewport: fakeViewport(options.width ?? 1280) });
  const view = renderAt(
    <>
      <ProductPage />
      <Toasts />
    </>,
    { url: options.url ?? '/products/superflo', path: '/products/:handle', client: api, environment },
  );
  return { ...view, api, environment };
}

describe('product page gallery and 3D model viewer', () => {
  test('the main picture loads eagerly with high priority and a srcset of 200 to 800, in a reserved square', async () => {
    renderProduct(pump({ Images: IMAGES, imageUrl: IMAGES[0]?.url ?? null }));
    const main = await screen.findByRole('button', { name: 'Open SuperFlo Pump in the media viewer' });
    const img = within(main).getByRole('img', { name: 'Pump, front' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('800');
    const widths = (img.getAttribute('srcset') ?? '').split(', ').map((s) => s.split(' ')[1]);
    expect(widths).toEqual(['200w', '300w', '400w', '500w', '600w', '700w', '800w']);
  });

  test('shows the theme placeholder when the product has no picture', async () => {
    const { container } = renderProduct(pump({ Images: [], imageUrl: null }));
    await screen.findByRole('heading', { level: 1, name: 'SuperFlo Pump' });
    expect(container.querySelector('.sk-pp-gallery__img')?.getAttribute('src')).toBe('/no-image.png');
  });

  test('an image thumbnail changes the main picture; the main picture opens the media viewer', async () => {
    renderProduct(pump({ Images: IMAGES }));
    fireEvent.click(await screen.findByRole('button', { name: 'Image 2' }));
    // (a click sent before the page's actor has started, in an effect, is handled when it starts)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Image 2' }).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Open SuperFlo Pump in the media viewer' }));
    // the viewer's code loads when it first opens
    const dialog = await screen.findByRole('dialog', { name: 'SuperFlo Pump' });
    expect(within(dialog).getByRole('img', { name: 'Pump, side' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Image 1 of 2')).toBeTruthy();
  });

  test('the 3D viewer code loads only when the shopper opens the 3D model, which then shows in <model-viewer>', async () => {
    const before = viewerPackage.loaded;
    const { container } = renderProduct(pump({ Images: IMAGES, Model3Ds: [MODEL] }));
    const thumb = await screen.findByRole('button', { name: 'Open 3D model 1 in the media viewer' });
    expect(viewerPackage.loaded).toBe(before);
    expect(container.querySelector('model-viewer')).toBeNull();
    fireEvent.click(thumb);
    const dialog = await screen.findByRole('dialog', { name: 'SuperFlo Pump' });
    const viewer = await waitFor(() => {
      const el = dialog.querySelector('model-viewer');
      if (!el) throw new Error('no model-viewer yet');
      return el;
    });
    expect(viewerPackage.loaded).toBe(before + 1);
    expect(viewer.getAttribute('src')).toBe('/media/models/9.gltf');
    expect(viewer.getAttribute('poster')).toBe('/media/models/9/poster-800.png');
    expect(viewer.hasAttribute('camera-controls')).toBe(true);
    expect(viewer.getAttribute('alt')).toBe('3D model of SuperFlo Pump');
    // its place among all the items (two images, then the model), not '3D model 1 of 3'
    expect(within(dialog).getByText('3D model (3 of 3)')).toBeTruthy();
  });
});

describe('ModelViewer', () => {
  test('shows a spinner until the model is drawn', async () => {
    const load = vi.fn(async () => undefined);
    const { container } = render(<ModelViewer model={MODEL} alt="3D model of a pump" load={load} />);
    expect(screen.getByRole('status').textContent).toBe(MODEL_VIEWER_TEXT.loading);
    const viewer = await waitFor(() => {
      const el = container.querySelector('model-viewer');
      if (!el) throw new Error('no model-viewer yet');
      return el;
    });
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => void viewer.dispatchEvent(new Event('load')));
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('when the viewer cannot load, shows the poster, the reason and a download link of the model', async () => {
    render(<ModelViewer model={MODEL} alt="3D model of a pump" load={() => Promise.reject(new Error('no WebGL'))} />);
    expect((await screen.findByRole('alert')).textContent).toBe(MODEL_VIEWER_TEXT.failed);
    expect(screen.getByRole('img', { name: '3D model of a pump' }).getAttribute('src')).toBe(MODEL.posterUrl);
    expect(screen.getByRole('link', { name: MODEL_VIEWER_TEXT.download }).getAttribute('href')).toBe(MODEL.url);
  });
});

describe('PDFs pane', () => {
  const PDF = { url: '/media/pdfs/1a2b-3c4d-5e6f-0001-Owner-Manual.pdf', Attachment: { localFilename: '1a2b-3c4d-5e6f-0001-Owner-Manual.pdf' } };

  test('the preview shows a spinner until the file has loaded', async () => {
    renderProduct(pump({ PDFs: [PDF] }));
    fireEvent.click(await screen.findByRole('tab', { name: 'PDFs' }));
    expect(await screen.findByText('Owner-Manual.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Owner-Manual.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Owner-Manual.pdf' });
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(PDF.url);
    expect(within(dialog).getByRole('status')).toBeTruthy();
    fireEvent.load(frame as HTMLIFrameElement);
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  test('download fetches the file URL and saves it under its display name', async () => {
    const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const fetchFile = vi.fn(async () => ({ ok: true, blob: async () => file }));
    const saveFile = vi.fn();
    function Pane() {
      const downloader = usePdfDownload({ fetchFile, saveFile });
      return <ul><PdfCard pdf={{ url: PDF.url, name: 'Owner-Manual.pdf' }} downloader={downloader} /></ul>;
    }
    const Wrapper = wrapper();
    render(<Wrapper><Pane /></Wrapper>);
    fireEvent.click(screen.getByRole('button', { name: 'Download Owner-Manual.pdf' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(file, 'Owner-Manual.pdf'));
    expect(fetchFile).toHaveBeenCalledWith(PDF.url);
  });

  test("a failed download shows 'Network response was not ok' as a danger notice", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: false, blob: async () => new Blob() })));
    renderProduct(pump({ PDFs: [PDF] }));
    fireEvent.click(await screen.findByRole('tab', { name: 'PDFs' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download Owner-Manual.pdf' }));
    expect(await screen.findByText(PDF_DOWNLOAD_ERROR)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(PDF.url, expect.objectContaining({ credentials: 'same-origin' }));
    expect(PDF_DOWNLOAD_ERROR).toBe('Network response was not ok');
  });
});

describe('product page sections', () => {
  test('the Q&A area (anchor q&a) lists the questions with their answers', async () => {
    const { container, api } = renderProduct(pump(), { questions: [question(1, 'Yes, it fits.'), question(2, null)] });
    expect(await screen.findByText('Does it fit model 1?')).toBeTruthy();
    const area = container.querySelector('[id="q&a"]') as HTMLElement;
    expect(within(area).getByRole('heading', { level: 2, name: 'Questions & Answers' })).toBeTruthy();
    expect(within(area).getByText('Yes, it fits.')).toBeTruthy();
    expect(within(area).getByText('Answered by Skimmer staff')).toBeTruthy();
    expect(within(area).getByText('Not answered yet.')).toBeTruthy();
    expect(within(area).getByRole('link', { name: 'Ask a question about this product' }).getAttribute('href')).toBe('/questions');
    expect(api.productQuestions).toHaveBeenCalledWith(501, undefined, expect.anything());
  });

  test('a product without questions says so', async () => {
    renderProduct(pump());
    expect(await screen.findByText('No questions about this product yet.')).toBeTruthy();
  });

  test('sections follow the spec order on desktop: breadcrumbs, title, vendor, stars, price, details, gallery, form, share, tabs, reviews, sliders, Q&A, widget', async () => {
    const { container } = renderProduct(pump({ Images: IMAGES }));
    await screen.findByRole('heading', { level: 1 });
    const order = [
      'nav[aria-label="Breadcrumb"]',
      'h1',
      '.sk-pp-vendor',
      '.sk-stars',
      '.sk-pp-price',
      '.sk-pp-details',
      '.sk-pp-gallery',
      'form',
      'section[aria-label="Share"]',
      '[role="tablist"]',
      '#reviews',
      '[data-lazy-section="Related products"]',
      '[data-lazy-section="Recently viewed"]',
      '[id="q&a"]',
      '.sk-widget',
    ].map((selector) => {
      const el = container.querySelector(selector);
      expect(el, selector).not.toBeNull();
      return el as Element;
    });
    // on desktop the gallery is the left column, drawn before the right column's header
    const [crumbs, h1, ...rest] = order as [Element, Element, ...Element[]];
    expect(crumbs.compareDocumentPosition(h1) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const gallery = container.querySelector('.sk-pp-gallery') as Element;
    expect(gallery.compareDocumentPosition(h1 as Element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (let i = 1; i < rest.length; i++) {
      if (rest[i] === gallery || rest[i - 1] === gallery) continue;
      expect((rest[i - 1] as Element).compareDocumentPosition(rest[i] as Element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  test('on mobile, title, price and details come before the gallery and the top banner is not shown', async () => {
    const { container } = renderProduct(pump({ Images: IMAGES }), { width: 390 });
    const h1 = await screen.findByRole('heading', { level: 1 });
    const gallery = container.querySelector('.sk-pp-gallery') as Element;
    for (const el of [h1, container.querySelector('.sk-pp-price'), container.querySelector('.sk-pp-details')]) {
      expect((el as Element).compareDocumentPosition(gallery) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(container.querySelector('.sk-pp-topbanner')).toBeNull();
  });

  test('the JSON-LD carries the dashed SKU, the price valid for a week and the rating to two decimals', async () => {
    const product = pump({ sku: 'SF 100 X', avgRating: 4.333, Reviews: [{ id: 1, starsRating: 4 }, { id: 2, starsRating: 5 }, { id: 3, starsRating: 4 }] as Product['Reviews'] });
    const { container } = renderProduct(product);
    await screen.findByRole('heading', { level: 1 });
    // the structured data's rules load once the page has settled (the shopper's first scroll here)
    fireEvent.scroll(window);
    await waitFor(() => expect(container.querySelector('script[type="application/ld+json"]')).not.toBeNull());
    const ld = JSON.parse(container.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as Record<string, unknown>;
    expect(ld.sku).toBe('SF-100-X');
    const offers = ld.offers as Record<string, unknown> | Record<string, unknown>[];
    const offer = Array.isArray(offers) ? offers[0] : offers;
    expect(offer?.priceValidUntil).toBe('2025-06-08');
    expect((offer?.hasMerchantReturnPolicy as Record<string, unknown>).applicableCountry).toBe('US');
    expect(String((ld.aggregateRating as Record<string, unknown>).ratingValue)).toBe('4.33');
    expect(JSON.stringify(ld)).not.toContain('<');
  });

  test('the variant query parameter preselects the variant, its SKU and price', async () => {
    renderProduct(pump(), { url: '/products/superflo?variant=4' });
    expect(await screen.findByText('$460.00')).toBeTruthy();
    expect(screen.getByText('SF-4')).toBeTruthy();
    expect((screen.getByLabelText('Voltage') as HTMLSelectElement).value).toBe('230V');
  });

  test('the third-party widget slot carries the product data', async () => {
    const { container } = renderProduct(pump({ imageUrl: '/media/images/1-800.png' }), { url: '/products/superflo?variant=3' });
    await screen.findByText('$450.00');
    const slot = container.querySelector('.sk-widget') as HTMLElement;
    expect(slot.dataset).toMatchObject({ productId: '501', productHandle: 'superflo', productTitle: 'SuperFlo Pump', productSku: 'SF', productPrice: '450', productVendor: 'Pentair', productImage: '/media/images/1-800.png', productRating: '4.5', productReviews: '2' });
  });
});
