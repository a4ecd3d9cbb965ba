import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import type { AdminClient, AdminProductQuery, AdminSession } from '../../src/api/admin-client.ts';
import type { AdminBulkEditAnswer, AdminProductDetail, AdminProductListItem } from '../../src/api/admin-products.ts';
import { ApiError } from '../../src/api/errors.ts';
import { AdminApp } from '../../src/admin/App.tsx';
import { AdminProvider } from '../../src/hooks/admin/AdminProvider.tsx';

const sessionOf = (role: 'owner' | 'staff' | 'fulfilment'): AdminSession => ({
  operator: { id: 1, email: 'olive@shop.test', name: 'Olive', role, totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' },
  csrfToken: 'c',
});

const item = (id: number, extra: Partial<AdminProductListItem> = {}): AdminProductListItem => ({
  id, handle: `p-${id}`, title: `Pump ${id}`, sku: `SKU-${id}`, vendor: 'Hayward', priceCents: 1000 * id, compareAtPriceCents: null, callForPrice: false,
  isIndexed: true, isFeatured: false, imageUrl: id % 2 ? `/img/${id}.png` : null, variantCount: 1, stock: id, lowestStock: id, ...extra,
});

const detail = (): AdminProductDetail => ({
  id: 5, handle: 'pump-lid', title: 'Pump lid', sku: 'PL-1', productCode: null, vendor: 'Hayward', descriptionHtml: null, seoTitle: null, seoDescription: null,
  priceCents: 2500, compareAtPriceCents: null, isIndexed: true, isFeatured: false, callForPrice: false,
  variants: [{ id: 50, title: 'Default', sku: 'PL-1', priceCents: 2500, compareAtPriceCents: null, levels: [{ id: 500, location: 'Main', quantity: 4, availableForSale: true, bypassNegativeQuantity: false, binLocation: 'A1' }] }],
  images: [], tags: [],
});

/** A client of `role` recording its product calls; `updates` answer the PATCHes in turn. */
function fakeClient(role: 'owner' | 'staff' | 'fulfilment', updates: (AdminProductDetail | ApiError)[] = []) {
  const calls: { name: string; args: unknown[] }[] = [];
  const bulkAnswers: AdminBulkEditAnswer[] = [];
  const client = {
    me: async () => sessionOf(role),
    orders: async () => ({ orders: [], nextBefore: null }),
    mail: async () => ({ mail: [], nextBefore: null }),
    liveVisitors: async () => ({ liveVisitors: 0, visitsLastHour: 0 }),
    products: async (query: AdminProductQuery) => {
      calls.push({ name: 'products', args: [query] });
      return query.before ? { products: [item(1)], nextBefore: null } : { products: [item(3), item(2, { lowestStock: 0, stock: 0 })], nextBefore: 2 };
    },
    product: async (id: number) => {
      calls.push({ name: 'product', args: [id] });
      return { product: detail() };
    },
    updateProduct: async (id: number, body: unknown) => {
      calls.push({ name: 'updateProduct', args: [id, body] });
      const next = updates.shift();
      if (next instanceof ApiError) throw next;
      return { product: next ?? detail() };
    },
    addProductImage: async (id: number, file: Blob, meta: unknown) => {
      calls.push({ name: 'addProductImage', args: [id, file, meta] });
      return { product: { ...detail(), images: [{ id: 77, url: '/media/images/77-800.png', altText: 'Lid from above' }] } };
    },
    bulkEditProducts: async (body: unknown) => {
      calls.push({ name: 'bulkEditProducts', args: [body] });
      return bulkAnswers.shift()!;
    },
    csrfToken: () => 'c',
    setCsrfToken: () => undefined,
  } as unknown as AdminClient;
  return { client, calls, bulkAnswers };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string, client: AdminClient) {
  return render(
    <AdminProvider client={client}>
      <MemoryRouter initialEntries={[path]} basename="/admin">
        <AdminApp />
        <Where />
      </MemoryRouter>
    </AdminProvider>,
  );
}

describe('the products pages', () => {
  afterEach(cleanup);

  test('the Products link is shown to owner and staff, not to the fulfilment role', async () => {
    for (const [role, shown] of [['owner', true], ['staff', true], ['fulfilment', false]] as const) {
      const view = renderAt('/admin/orders', fakeClient(role).client);
      const nav = await screen.findByRole('navigation', { name: 'Back office' });
      expect(within(nav).queryByRole('link', { name: 'Products' }) !== null, role).toBe(shown);
      view.unmount();
    }
  });

  test('lists the products with picture, price and stock, filters through the address and pages to older ones', async () => {
    const { client, calls } = fakeClient('owner');
    renderAt('/admin/products', client);
    const table = await screen.findByRole('table', { name: 'Products, newest first' });
    expect(within(table).getAllByRole('link').map((a) => a.textContent)).toEqual(['Pump 3', 'Pump 2']);
    expect(within(table).getByText('$30.00')).toBeTruthy();
    expect(within(table).getByText('No picture')).toBeTruthy();
    expect(table.querySelectorAll('img')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Stock at most'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Search engines'), { target: { value: 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/products?lowStock=5&indexed=false'));
    await waitFor(() => expect(calls.at(-1)).toEqual({ name: 'products', args: [{ lowStock: 5, indexed: false, limit: 25 }] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Older products' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ name: 'products', args: [{ lowStock: 5, indexed: false, before: 2, limit: 25 }] }));
    await screen.findByRole('link', { name: 'Pump 1' });
  });

  test('the bulk edit previews the filtered set, then applies with the preview\'s count', async () => {
    const { client, calls, bulkAnswers } = fakeClient('staff');
    bulkAnswers.push(
      { matched: 2, changed: 2, dryRun: true, sample: [{ id: 3, title: 'Pump 3', before: { priceCents: 3000, compareAtPriceCents: null, stock: 3 }, after: { priceCents: 3300, compareAtPriceCents: null, stock: 3 } }] },
      { matched: 2, changed: 2, dryRun: false, sample: [] },
    );
    renderAt('/admin/products?q=pump', client);
    const panel = await screen.findByRole('form', { name: 'Bulk edit the filtered products' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('Choose a price or a stock change.');
    fireEvent.change(within(panel).getByLabelText('Change', { selector: 'select[id$="-price-mode"]' }), { target: { value: 'percent' } });
    fireEvent.change(within(panel).getByLabelText('Percent (e.g. 10 or -12.5)'), { target: { value: '10' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    await within(panel).findByText((_, el) => el?.tagName === 'P' && el.textContent === '2 products match; 2 would change.');
    expect(within(panel).getByText(/\$30\.00, 3 in stock → \$33\.00, 3 in stock/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply to 2 products' }));
    await within(panel).findByText('Changed 2 of 2 products.');
    expect(calls.filter((c) => c.name === 'bulkEditProducts').map((c) => c.args[0])).toEqual([
      { filter: { q: 'pump' }, price: { percent: 10, compareAt: 'adjust' }, dryRun: true },
      { filter: { q: 'pump' }, price: { percent: 10, compareAt: 'adjust' }, dryRun: false, expectedCount: 2 },
    ]);
  });

  test('without a filter the bulk edit asks for one and offers no form', async () => {
    renderAt('/admin/products', fakeClient('owner').client);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
    expect(screen.getByText(/Filter the list first/)).toBeTruthy();
  });

  test('edits a product: sends the new price and the stock with the quantity shown, shows the API\'s 409 words, then saves', async () => {
    const saved = { ...detail(), priceCents: 1999, variants: [{ ...detail().variants[0]!, priceCents: 1999, levels: [{ ...detail().variants[0]!.levels[0]!, quantity: 10 }] }] };
    const { client, calls } = fakeClient('owner', [
      new ApiError('Conflict', { kind: 'http', status: 409, serverMessage: 'The stock of Main changed to 3 since you loaded the product.' }),
      saved,
    ]);
    renderAt('/admin/products/5', client);
    await screen.findByRole('heading', { level: 1, name: 'Pump lid' });
    const form = screen.getByRole('form', { name: 'Edit' });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '19.99' } });
    fireEvent.change(within(form).getByLabelText('Compare-at price (empty: none)'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save product' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The compare-at price must be above the price (or empty).');
    fireEvent.change(within(form).getByLabelText('Compare-at price (empty: none)'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText(/Units at Main/), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save product' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The stock of Main changed to 3 since you loaded the product.');
    // the operator may read the product again from the refusal
    const reads = calls.filter((c) => c.name === 'product').length;
    fireEvent.click(within(form).getByRole('button', { name: 'Reload the product' }));
    await waitFor(() => expect(calls.filter((c) => c.name === 'product').length).toBe(reads + 1));
    fireEvent.click(within(form).getByRole('button', { name: 'Save product' }));
    await screen.findByText('The product is saved. The storefront shows the change.');
    const patch = { priceCents: 1999, variants: [{ id: 50, levels: [{ id: 500, quantity: 10, expectedQuantity: 4 }] }] };
    expect(calls.filter((c) => c.name === 'updateProduct').map((c) => c.args)).toEqual([[5, patch], [5, patch]]);
    // the form starts again from the saved product
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('19.99');
    expect((screen.getByLabelText(/Units at Main/) as HTMLInputElement).value).toBe('10');
  });

  test('labels every field of the products pages', async () => {
    const { container } = renderAt('/admin/products?noImage=true', fakeClient('owner').client);
    await screen.findByRole('table');
    const check = () => {
      for (const input of container.querySelectorAll('input:not([type="checkbox"]), select')) {
        expect(container.querySelector(`label[for="${input.id}"]`), input.outerHTML).not.toBeNull();
      }
    };
    check();
    const page = renderAt('/admin/products/5', fakeClient('owner').client);
    await screen.findByRole('heading', { level: 1, name: 'Pump lid' });
    for (const box of page.container.querySelectorAll('input[type="checkbox"]')) expect(box.closest('label')).not.toBeNull();
  });

  test('adds a picture: the file is checked before anything is sent, then sent with its text, and the page shows it', async () => {
    const { client, calls } = fakeClient('staff');
    renderAt('/admin/products/5', client);
    const form = await screen.findByRole('form', { name: 'Add a picture' });
    expect(within(form.closest('section')!).getByText('No picture.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Add picture' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Choose a picture file.');
    const pdf = new File(['%PDF-1.4'], 'manual.pdf', { type: 'application/pdf' });
    fireEvent.change(within(form).getByLabelText('Picture file'), { target: { files: [pdf] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add picture' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Choose a JPEG, PNG, GIF or WebP picture.');
    expect(calls.filter((c) => c.name === 'addProductImage')).toEqual([]);
    const picture = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'lid.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(form).getByLabelText('Picture file'), { target: { files: [picture] } });
    fireEvent.change(within(form).getByLabelText('Text for shoppers who cannot see it'), { target: { value: ' Lid from above ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add picture' }));
    expect(await screen.findByText('The picture is added. The storefront shows it.')).toBeTruthy();
    expect(calls.filter((c) => c.name === 'addProductImage')).toEqual([{ name: 'addProductImage', args: [5, picture, { altText: 'Lid from above', fileName: 'lid.jpg' }] }]);
    expect((await screen.findByRole('img', { name: 'Lid from above' })).getAttribute('src')).toBe('/media/images/77-800.png');
  });
});
