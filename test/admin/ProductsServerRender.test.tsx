import { describe, expect, test } from 'vitest';
import { renderAdminPage } from '../../src/admin/entry-server.tsx';

const operator = { id: 1, email: 'olive@shop.test', name: 'Olive', role: 'staff', totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' };

/** The store's API as the server render asks it in process: answers by path, every URL asked kept. */
function storeApi(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    asked.push(`${url.pathname}${url.search}`);
    const body = url.pathname === '/api/admin/me' ? { operator, csrfToken: 'c' } : answers[url.pathname];
    return new Response(JSON.stringify(body ?? { error: 'Not found.' }), { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, asked };
}

const listed = {
  id: 4, handle: 'skimmer-lid', title: 'Skimmer lid', sku: 'SL-4', vendor: 'Hayward', priceCents: 1299, compareAtPriceCents: 1599, callForPrice: false,
  isIndexed: false, isFeatured: false, imageUrl: null, variantCount: 1, stock: 2, lowestStock: 2,
};

describe('the server render of the products pages', () => {
  test('the list arrives with the products of its filters, and the cache for the browser', async () => {
    const { fetch, asked } = storeApi({ '/api/admin/products': { products: [listed], nextBefore: 4 } });
    const { html, data } = await renderAdminPage('/admin/products?indexed=false&lowStock=5&junk=1', fetch);
    expect(asked).toContain('/api/admin/products?lowStock=5&indexed=false&limit=25');
    expect(html).toContain('Skimmer lid');
    expect(html).toContain('Older products');
    expect(JSON.stringify(data)).toContain('skimmer-lid');
  });

  test('a product\'s page arrives with its form filled', async () => {
    const product = {
      ...listed, productCode: null, descriptionHtml: null, seoTitle: null, seoDescription: null,
      variants: [{ id: 40, title: 'Default', sku: 'SL-4', priceCents: 1299, compareAtPriceCents: 1599, levels: [{ id: 400, location: 'Main', quantity: 2, availableForSale: true, bypassNegativeQuantity: false, binLocation: null }] }],
      images: [], tags: [{ prefix: 'Brand', value: 'Hayward' }],
    };
    const { fetch, asked } = storeApi({ '/api/admin/products/4': { product } });
    const { html } = await renderAdminPage('/admin/products/4', fetch);
    expect(asked).toContain('/api/admin/products/4');
    expect(html).toContain('Skimmer lid</h1>');
    expect(html).toContain('value="12.99"');
    expect(html).toContain('value="15.99"');
    expect(html).toMatch(/Brand(<!-- -->)?: (<!-- -->)?Hayward/);
  });
});
