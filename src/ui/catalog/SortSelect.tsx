/**
 * The sort select (the nine sort options, `SORT_OPTIONS`) and the page-size select ('Default' or
 * 'N per page'), and the grid/list toggle.
 * @module
 */
import { useId } from 'react';
import type { SortBy } from '../../domain/entities.ts';
import type { ViewMode } from '../../domain/listing.ts';
import { PAGE_SIZE_OPTIONS, SORT_OPTIONS } from '../../domain/search.ts';

/**
 * The sort select.
 * @example <SortSelect value={query.sortBy ?? ''} onChange={(sortBy) => setFilters({ sortBy })} />
 */
export function SortSelect({ value, onChange }: { value: SortBy | ''; onChange(value: SortBy): void }) {
  const id = useId();
  return (
    <span className="sk-field">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as SortBy)}>
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * The page-size select: '' is Default (no limit in the URL).
 * @example <PageSizeSelect value={query.limit} onChange={(limit) => setFilters({ limit })} />
 */
export function PageSizeSelect({ value, onChange }: { value: number | undefined; onChange(value: number | undefined): void }) {
  const id = useId();
  return (
    <span className="sk-field">
      <label htmlFor={id}>Per page</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}>
        {PAGE_SIZE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * Grid/list buttons; the pressed one shows the current view.
 * @example <ViewToggle view={results.view} onChange={results.setView} />
 */
export function ViewToggle({ view, onChange }: { view: ViewMode; onChange(view: ViewMode): void }) {
  return (
    <span className="sk-viewtoggle" role="group" aria-label="View">
      <button type="button" aria-pressed={view === 'grid'} onClick={() => onChange('grid')}>
        Grid
      </button>
      <button type="button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        List
      </button>
    </span>
  );
}
