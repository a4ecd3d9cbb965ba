/** Fixtures of the page tests: cards, a listing answer, and a render inside a memory router. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ApiClient } from '../../src/api/client.ts';
import type { SkimmerEnvironment } from '../../src/hooks/environment.ts';
import { fakeClient, testEnvironment, wrapper, type WrapperOptions } from '../hooks/hooks.helpers.tsx';

export { card, pageInfo } from '../hooks/product.helpers.ts';

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
