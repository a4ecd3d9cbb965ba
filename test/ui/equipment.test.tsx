import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import EquipmentIndexPage from '../../src/app/pages/EquipmentIndexPage.tsx';
import EquipmentPage from '../../src/app/pages/EquipmentPage.tsx';
import ProductPage from '../../src/app/pages/ProductPage.tsx';
import { MY_EQUIPMENT_STORAGE_KEY, serializeMyEquipment, type Equipment, type EquipmentSummary } from '../../src/domain/equipment.ts';
import { createMemoryStorage } from '../../src/hooks/environment.ts';
import { fakeClient, testEnvironment } from '../hooks/hooks.helpers.tsx';
import { pump } from '../hooks/product.helpers.ts';
import { listInfo } from './content.helpers.tsx';
import { card, renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

const summary: EquipmentSummary = {
  id: 1,
  handle: 'hayward-super-pump',
  brand: 'Hayward',
  series: 'Super Pump',
  model: 'Super Pump 1 HP',
  title: 'Hayward Super Pump 1 HP',
  type: 'pump',
  modelNumber: 'SP2607X10',
  aliases: ['SP2607X10AZ'],
  yearFrom: 2008,
  yearTo: null,
  imageUrl: '/media/equipment/1.svg',
  partCount: 3,
};
const callout = (number: number, productId: number) => ({ number, productId, handle: `part-${productId}`, title: `Part ${productId}`, quantity: 1, x: number * 40, y: 100 });
const MODEL: Equipment = {
  ...summary,
  diagrams: [
    { id: 7, title: 'Exploded view', imageUrl: '/media/diagrams/7.svg', width: 400, height: 200, calloutRadius: 10, callouts: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => callout(n, n)) },
    { id: 8, title: 'Motor assembly', imageUrl: '/media/diagrams/8.svg', width: 400, height: 400, calloutRadius: 10, callouts: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => callout(n, n + 10)) },
  ],
  parts: [1, 2, 3].map((id) => ({ product: card(id), partNumber: `SPX${id}`, quantity: 1, callouts: [{ diagramId: 7, number: id }], universal: false })),
};

describe('the model page', () => {
  const open = () =>
    renderAt(<EquipmentPage />, { url: '/equipment/hayward-super-pump', path: '/equipment/:handle', client: fakeClient({ equipmentByHandle: vi.fn(async () => ({ equipment: MODEL })) }) });

  test('shows the model, its drawings as buttons, callouts as buttons in number order and the parts list', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hayward Super Pump 1 HP' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Motor assembly' })).toBeTruthy();
    const callouts = screen.getAllByRole('button', { name: /^\d+: Part/ });
    expect(callouts.map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 5).map((c) => c.textContent))).toEqual([
      ['1', 'Part 1', 'SPX1', '$10.00', '5 in stock'],
      ['2', 'Part 2', 'SPX2', '$10.00', '5 in stock'],
      ['3', 'Part 3', 'SPX3', '$10.00', '5 in stock'],
    ]);
    expect(screen.getByRole('link', { name: /Shop all 3 parts that fit/ }).getAttribute('href')).toBe('/searchresults.asp?fits=hayward-super-pump');
  });

  test('focus, click and the arrow keys highlight a callout and its row', async () => {
    open();
    const first = await screen.findByRole('button', { name: '1: Part 1' });
    fireEvent.focus(first);
    // the explorer's actor starts in an effect after the commit that shows the buttons (React may
    // run it a moment after findByRole returns): an event sent before is handled once it starts
    await waitFor(() => expect(first.className).toContain('is-highlighted'));
    expect(screen.getByRole('link', { name: 'Part 1' }).closest('tr')?.className).toBe('is-highlighted');
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const second = screen.getByRole('button', { name: '2: Part 2' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(second.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Part 2' }).closest('tr')?.className).toBe('is-highlighted');
    fireEvent.click(screen.getByRole('button', { name: '3: Part 3' }));
    expect(screen.getByRole('button', { name: '3: Part 3' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('the zoom buttons scale the drawing and disable at the bounds', async () => {
    open();
    const zoomIn = await screen.findByRole('button', { name: 'Zoom in' });
    expect((screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 5; i++) fireEvent.click(zoomIn);
    // clicks sent before the explorer's actor has started (an effect) are handled when it starts
    await waitFor(() => expect((zoomIn as HTMLButtonElement).disabled).toBe(true));
    expect((document.querySelector('.sk-eq-layer') as HTMLElement).style.transform).toContain('scale(4)');
  });

  test('saving the model keeps it in browser storage when signed out', async () => {
    const storage = createMemoryStorage();
    renderAt(<EquipmentPage />, { url: '/equipment/hayward-super-pump', path: '/equipment/:handle', environment: testEnvironment({ storage }), client: fakeClient({ equipmentByHandle: vi.fn(async () => ({ equipment: MODEL })) }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Save to My equipment' }));
    // (a click sent before My equipment's actor has started, in an effect, is handled when it starts)
    expect(await screen.findByText('Saved in My equipment')).toBeTruthy();
    expect(JSON.parse(storage.get(MY_EQUIPMENT_STORAGE_KEY) ?? '[]')).toEqual([{ handle: summary.handle, brand: 'Hayward', model: 'Super Pump 1 HP' }]);
  });
});

describe('the equipment page', () => {
  test("browses by type, then brand, then model, and finds a model by the number typed in 'Enter your equipment model'", async () => {
    const equipmentList = vi.fn(async (query: { q?: string; type?: string; brand?: string } = {}) => ({
      equipment: query.brand || query.q ? [summary] : [],
      pageInfo: { limitPerPage: 24, totalObjects: 1, totalPages: 1, pages: 1, count: 1 },
      facets: { types: [{ type: 'pump' as const, count: 1 }, { type: 'heat-pump' as const, count: 2 }], brands: [{ brand: 'Hayward', count: 1 }] },
    }));
    renderAt(<EquipmentIndexPage />, { url: '/equipment', path: '/equipment', client: fakeClient({ equipmentList }) });
    expect((await screen.findByRole('link', { name: 'Heat pumps (2)' })).getAttribute('href')).toBe('/equipment?type=heat-pump');
    fireEvent.change(screen.getByLabelText('Enter your equipment model'), { target: { value: 'sp2607' } });
    const found = await screen.findByRole('list', { name: 'Models matching sp2607' });
    expect(within(found).getByRole('link').getAttribute('href')).toBe('/equipment/hayward-super-pump');
    expect(equipmentList).toHaveBeenCalledWith({ q: 'sp2607', limit: 12 }, expect.anything());
    cleanup();
    renderAt(<EquipmentIndexPage />, { url: '/equipment?type=pump', path: '/equipment', client: fakeClient({ equipmentList }) });
    expect((await screen.findByRole('link', { name: 'Hayward (1)' })).getAttribute('href')).toBe('/equipment?type=pump&brand=Hayward');
    cleanup();
    renderAt(<EquipmentIndexPage />, { url: '/equipment?type=pump&brand=Hayward', path: '/equipment', client: fakeClient({ equipmentList }) });
    expect(await screen.findByRole('link', { name: /Hayward Super Pump 1 HP/ })).toBeTruthy();
  });
});

describe('the product page fitment', () => {
  const product = {
    ...pump(),
    Fitments: [{ id: 1, handle: summary.handle, brand: 'Hayward', model: 'Super Pump 1 HP', modelNumber: 'SP2607X10', type: 'pump' as const, title: 'Hayward Super Pump 1 HP' }],
    PartNumbers: [
      { number: 'SPX2607C', kind: 'oem' as const },
      { number: 'SPX1600R', kind: 'supersedes' as const },
    ],
    SupersededBy: card(9, { title: 'Impeller Kit 2' }),
    SupersededByNumber: 'SPX2607D',
  };

  test("says which saved models it fits, lists 'Fits these models' and 'Part numbers', and names its replacement", async () => {
    const storage = createMemoryStorage();
    storage.set(MY_EQUIPMENT_STORAGE_KEY, serializeMyEquipment([{ handle: 'other', brand: 'Pentair', model: 'WhisperFlo' }, { handle: summary.handle, brand: 'Hayward', model: 'Super Pump 1 HP' }]));
    renderAt(<ProductPage />, {
      url: '/products/superflo',
      path: '/products/:handle',
      environment: testEnvironment({ storage }),
      client: fakeClient({
        productByHandle: vi.fn(async () => ({ product })),
        relatedProducts: vi.fn(async () => ({ products: [] })),
        productsByIds: vi.fn(async () => ({ products: [] })),
        productReviews: vi.fn(async () => ({ reviews: [], pageInfo: listInfo(0, 10) })),
      }),
    });
    expect(await screen.findByText('Fits your Hayward Super Pump 1 HP')).toBeTruthy();
    expect(screen.getByText('Does not fit your Pentair WhisperFlo')).toBeTruthy();
    const fits = screen.getByRole('region', { name: 'Fits these models' });
    expect(within(fits).getByRole('link', { name: 'Hayward Super Pump 1 HP' }).getAttribute('href')).toBe('/equipment/hayward-super-pump');
    const numbers = screen.getByRole('region', { name: 'Part numbers' });
    expect(numbers.textContent).toContain('OEMSPX2607C');
    expect(numbers.textContent).toContain('ReplacesSPX1600R');
    // the page says 'Part X was replaced by Y' at its top (server-rendered), and the buy box offers the replacement
    const replaced = screen.getAllByRole('note').find((n) => n.textContent?.startsWith('Part '))!;
    expect(replaced.textContent).toBe(`Part ${product.productCode ?? 'SPX2607C'} was replaced by SPX2607D (Impeller Kit 2)`);
    expect(within(replaced).getByRole('link', { name: 'SPX2607D' }).getAttribute('href')).toBe('/products/part-9');
    const notice = screen.getAllByRole('note').find((n) => n.textContent?.includes('This part has been replaced by'))!;
    expect(notice.textContent).toContain('This part has been replaced by Impeller Kit 2');
    expect(within(notice).getByRole('link', { name: 'Impeller Kit 2' }).getAttribute('href')).toBe('/products/part-9');
    expect(within(notice).getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });
});
