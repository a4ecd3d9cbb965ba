import { act, renderHook, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import type { Equipment, EquipmentRef, EquipmentSummary } from '../../src/domain/equipment.ts';
import { MY_EQUIPMENT_STORAGE_KEY, serializeMyEquipment } from '../../src/domain/equipment.ts';
import { createMemoryStorage } from '../../src/hooks/environment.ts';
import { useDiagramExplorer } from '../../src/hooks/useDiagramExplorer.ts';
import { useEquipment } from '../../src/hooks/useEquipment.ts';
import { useEquipmentSearch } from '../../src/hooks/useEquipmentSearch.ts';
import { useMyEquipment } from '../../src/hooks/useMyEquipment.ts';
import { useClient } from '../../src/hooks/context.ts';
import { myEquipmentRead } from '../../src/hooks/query/equipment-reads.ts';
import { useRead } from '../../src/hooks/query/useRead.ts';
import { USER } from './account.helpers.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

const A: EquipmentRef = { handle: 'hayward-sp2607x10', brand: 'Hayward', model: 'Super Pump 1 HP' };
const B: EquipmentRef = { handle: 'pentair-ccp320', brand: 'Pentair', model: 'Clean & Clear Plus 320' };
const summary = (ref: EquipmentRef): EquipmentSummary => ({
  ...ref,
  id: 1,
  series: 'Super Pump',
  title: `${ref.brand} ${ref.model}`,
  type: 'pump',
  modelNumber: 'SP2607X10',
  aliases: [],
  yearFrom: 2010,
  yearTo: null,
  imageUrl: '/media/equipment/1.svg',
  partCount: 3,
});
const MODEL: Equipment = {
  ...summary(A),
  diagrams: [
    {
      id: 7,
      title: 'Exploded view',
      imageUrl: '/media/diagrams/7.svg',
      width: 400,
      height: 200,
      calloutRadius: 10,
      callouts: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ number: n, productId: n * 10, handle: `p${n}`, title: `Part ${n}`, quantity: 1, x: n * 40, y: 100 })),
    },
  ],
  parts: [],
};

describe('useEquipment and useEquipmentSearch', () => {
  test('a model by handle: loading, then ready; an unknown handle is missing', async () => {
    const equipmentByHandle = vi.fn(async (handle: string) => {
      if (handle === A.handle) return { equipment: MODEL };
      throw new ApiError('Equipment not found', { kind: 'http', status: 404 });
    });
    const w = wrapper(fakeClient({ equipmentByHandle }));
    const { result } = renderHook(() => useEquipment(A.handle), { wrapper: w });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.equipment?.diagrams[0]?.callouts).toHaveLength(8);
    const missing = renderHook(() => useEquipment('nope'), { wrapper: w });
    await waitFor(() => expect(missing.result.current.status).toBe('missing'));
  });

  test('a search sends only the fields given, trimmed, and returns models and facets', async () => {
    const equipmentList = vi.fn(async () => ({
      equipment: [summary(A)],
      pageInfo: { limitPerPage: 24, totalObjects: 1, totalPages: 1, pages: 1, count: 1 },
      facets: { types: [{ type: 'pump' as const, count: 1 }], brands: [{ brand: 'Hayward', count: 1 }] },
    }));
    const { result } = renderHook(() => useEquipmentSearch({ q: ' sp2607 ', brand: '' }), { wrapper: wrapper(fakeClient({ equipmentList })) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(equipmentList).toHaveBeenCalledWith({ q: 'sp2607' }, expect.anything());
    expect(result.current.equipment.map((m) => m.handle)).toEqual([A.handle]);
    expect(result.current.facets.brands).toEqual([{ brand: 'Hayward', count: 1 }]);
  });
});

describe('useDiagramExplorer', () => {
  test('an arrow key chooses the next callout and lights up its product', () => {
    const { result } = renderHook(() => useDiagramExplorer(MODEL.diagrams), { wrapper: wrapper() });
    act(() => result.current.send({ type: 'callout.key', key: 'ArrowRight' }));
    act(() => result.current.send({ type: 'callout.key', key: 'ArrowRight' }));
    expect([result.current.selected, result.current.highlightedProductId]).toEqual([2, 20]);
  });
});

describe('useMyEquipment', () => {
  test('the first render has no list (the server has no browser storage), so a page hydrates without a mismatch', () => {
    const storage = createMemoryStorage();
    storage.set(MY_EQUIPMENT_STORAGE_KEY, serializeMyEquipment([A]));
    const Wrapper = wrapper(fakeClient(), testEnvironment({ storage }));
    function Saved() {
      return <p>{useMyEquipment().handles.join(',') || 'none'}</p>;
    }
    expect(renderToString(<Wrapper><Saved /></Wrapper>)).toContain('none');
    const { result } = renderHook(() => useMyEquipment(), { wrapper: Wrapper });
    expect(result.current.handles).toEqual([A.handle]);
  });

  test('signed out: the list lives in the storage, and two views of it stay in step', () => {
    const storage = createMemoryStorage();
    const w = wrapper(fakeClient(), testEnvironment({ storage }));
    const { result } = renderHook(() => ({ one: useMyEquipment(), two: useMyEquipment() }), { wrapper: w });
    act(() => result.current.one.save(A));
    act(() => result.current.one.save(B));
    expect(result.current.two.handles).toEqual([B.handle, A.handle]);
    expect(JSON.parse(storage.get(MY_EQUIPMENT_STORAGE_KEY) ?? '[]')).toEqual([B, A]);
    act(() => result.current.two.remove(B.handle));
    expect(result.current.one.handles).toEqual([A.handle]);
    expect(result.current.one.storedIn).toBe('browser');
  });

  test("signed in: the browser's models are merged into the account, then the browser's copy is emptied", async () => {
    const storage = createMemoryStorage();
    storage.set(MY_EQUIPMENT_STORAGE_KEY, serializeMyEquipment([B]));
    let saved: EquipmentSummary[] = [summary(A)];
    const client = fakeClient({
      myEquipment: vi.fn(async () => ({ equipment: saved })),
      saveMyEquipment: vi.fn(async (handles: readonly string[]) => {
        saved = [...handles.map(() => summary(B)), ...saved];
        return { equipment: saved };
      }),
    });
    const { result } = renderHook(() => useMyEquipment(), {
      wrapper: wrapper(client, testEnvironment({ storage }), { initialData: { auth: { user: USER, customer: {} }, checkout: null } }),
    });
    await waitFor(() => expect(result.current.handles).toEqual([B.handle, A.handle]));
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(client.saveMyEquipment).toHaveBeenCalledWith([B.handle]);
    expect(storage.get(MY_EQUIPMENT_STORAGE_KEY)).toBe('[]');
    expect(result.current.storedIn).toBe('account');
  });

  test('signed in: a removal re-renders the readers of the saved models with the account\'s answer', async () => {
    let saved: EquipmentSummary[] = [summary(A), summary(B)];
    const client = fakeClient({
      myEquipment: vi.fn(async () => ({ equipment: saved })),
      removeMyEquipment: vi.fn(async (handle: string) => {
        saved = saved.filter((m) => m.handle !== handle);
        return { equipment: saved };
      }),
    });
    const { result } = renderHook(() => ({ mine: useMyEquipment(), reader: useRead(myEquipmentRead(useClient())) }), {
      wrapper: wrapper(client, testEnvironment({ storage: createMemoryStorage() }), { initialData: { auth: { user: USER, customer: {} }, checkout: null } }),
    });
    await waitFor(() => expect(result.current.reader.data?.map((m) => m.handle)).toEqual([A.handle, B.handle]));
    await waitFor(() => expect(result.current.mine.busy).toBe(false));
    act(() => result.current.mine.remove(B.handle));
    await waitFor(() => expect(result.current.reader.data?.map((m) => m.handle)).toEqual([A.handle]));
    expect(client.myEquipment).toHaveBeenCalledTimes(1);
  });
});
