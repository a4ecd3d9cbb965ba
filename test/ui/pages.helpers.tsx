/** Fixtures of the page tests: cards, a listing answer, and a render inside a memory router. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ApiClient } from '../../src/api/client.ts';
import type { PageInfo, ProductCardData } from '../../src/domain/entities.ts';
import type { SkimmerEnvironment } from '../../src/hooks/environment.ts';
import { fakeClient, testEnvironment, wrapper, type WrapperOptions } from '../hooks/hooks.helpers.tsx';

export function card(id: number, overrides: Partial<ProductCardData> = {}): ProductCardData {
  return {
    id,
    title: `Part ${id}`,
    handle: `part-${id}`,
    imageUrl: `/media/images/${id}-800.png`,
    price: 10,
    compareAtPrice: null,
    availableForSale: true,
    avgRating: null,
    totalReviews: 0,
    isFeatured: false,
    inventoryLevelId: id * 10,
    availableQuantity: 5,
    bypassNegativeQuantity: false,
    vendor: 'Hayward',
    ...overrides,
  };
}

export function pageInfo(total: number, limit = 24, overrides: Partial<PageInfo> = {}): PageInfo {
  const pages = Math.ceil(total / limit);
  return {
    limitPerPage: limit,
    totalObjects: total,
    totalPages: pages,
    pages,
    count: Math.min(total, limit),
    availableTagPrefixes: [],
    availableTagFilters: [],
    availableVendors: [],
    productMaxPrice: 500,
    ...overrides,
  };
}

/** Renders `element` at `url` under `path`, inside the provider over `client`. */
export function renderAt(
  element: ReactNode,
  { url, path, client = fakeClient(), environment = testEnvironment(), options = {} }: { url: string; path: string; client?: ApiClient; environment?: SkimmerEnvironment; options?: WrapperOptions },
) {
  const Wrapper = wrapper(client, environment, options);
  return render(
    <Wrapper>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </MemoryRouter>
    </Wrapper>,
  );
}
