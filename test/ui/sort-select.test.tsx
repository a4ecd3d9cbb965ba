/** The listing's sort and page-size selects: a choice made in the server's HTML before hydration reaches the listing. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PageSizeSelect, SortSelect } from '../../src/ui/catalog/SortSelect.tsx';

afterEach(cleanup);

/** Hydrates `element` over its server HTML, in which the select was set to `chosen` first. */
async function hydrateChosen(element: React.ReactElement, chosen: string) {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(element);
  container.querySelector('select')!.value = chosen;
  const root = await act(async () => hydrateRoot(container, element));
  return () => {
    act(() => root.unmount());
    container.remove();
  };
}

describe('the listing selects', () => {
  test('a sort chosen before hydration is sent once hydrated', async () => {
    const onChange = vi.fn();
    const done = await hydrateChosen(<SortSelect value="" onChange={onChange} />, 'price_asc');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('price_asc');
    done();
  });

  test('a page size chosen before hydration is sent as a number; Default as no size', async () => {
    const onChange = vi.fn();
    let done = await hydrateChosen(<PageSizeSelect value={undefined} onChange={onChange} />, '48');
    expect(onChange).toHaveBeenLastCalledWith(48);
    done();
    done = await hydrateChosen(<PageSizeSelect value={48} onChange={onChange} />, '');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(onChange).toHaveBeenCalledTimes(2);
    done();
  });

  test('rendered in the browser, they send nothing until the shopper chooses', () => {
    const onSort = vi.fn();
    const onSize = vi.fn();
    render(
      <>
        <SortSelect value="title_asc" onChange={onSort} />
        <PageSizeSelect value={37} onChange={onSize} />
      </>,
    );
    expect(onSort).not.toHaveBeenCalled();
    expect(onSize).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_desc' } });
    expect(onSort).toHaveBeenCalledWith('price_desc');
  });
});
