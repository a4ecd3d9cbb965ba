/**
 * The listing sidebar: a price range slider, a section per tag prefix with radio options ('None'
 * plus values with counts, 'Show more'/'Show less' beyond 8) and a Vendors select ('All' plus each
 * vendor with its count).
 * @module
 */
import { useId, useState } from 'react';
import { SIDEBAR_TEXT, priceRangeView, tagOptions, tagSections, withTagChoice } from '../../domain/filters.ts';
import type { PageInfo, SearchQuery } from '../../domain/entities.ts';

/** Props of {@link SearchSidebar}. */
export interface SearchSidebarProps {
  pageInfo: PageInfo | null;
  query: SearchQuery;
  /** The slider's values while its pause runs. */
  priceDraft: { minPrice: number | null; maxPrice: number | null } | null;
  setFilters(patch: Partial<SearchQuery>): void;
  setPrice(minPrice: number | null, maxPrice: number | null): void;
}

function TagSection({ prefix, facets, chosen, onChoose }: { prefix: string; facets: PageInfo['availableTagFilters']; chosen: string; onChoose(value: string): void }) {
  const [expanded, setExpanded] = useState(false);
  const { options, hasMore } = tagOptions(facets, expanded, chosen);
  const name = useId();
  return (
    <fieldset className="sk-sidebar__section">
      <legend>{prefix}</legend>
      {options.map((o) => (
        <label key={o.value} className="sk-radio">
          <input type="radio" name={name} value={o.value} checked={o.value === chosen} onChange={() => onChoose(o.value)} /> {o.label}
        </label>
      ))}
      {hasMore && (
        <button type="button" className="sk-linkbtn" aria-expanded={expanded} onClick={() => setExpanded((x) => !x)}>
          {expanded ? SIDEBAR_TEXT.showLess : SIDEBAR_TEXT.showMore}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The filters of a listing; every change goes to the listing hook (which resets the page).
 * @example <SearchSidebar pageInfo={r.pageInfo} query={r.query} priceDraft={r.priceDraft} setFilters={r.setFilters} setPrice={r.setPrice} />
 */
export function SearchSidebar({ pageInfo, query, priceDraft, setFilters, setPrice }: SearchSidebarProps) {
  const vendorId = useId();
  const minId = useId();
  const maxId = useId();
  if (!pageInfo) return null;
  const bounds = priceDraft ?? { minPrice: query.minPrice ?? null, maxPrice: query.maxPrice ?? null };
  const range = priceRangeView(pageInfo.productMaxPrice, bounds);
  return (
    <aside className="sk-sidebar" aria-label="Filters">
      {range && (
        <fieldset className="sk-sidebar__section">
          <legend>{SIDEBAR_TEXT.price}</legend>
          <label htmlFor={minId}>Minimum price</label>
          <input id={minId} type="range" min={0} max={range.ceiling} step={1} value={range.min} onChange={(e) => setPrice(Number(e.target.value), bounds.maxPrice)} />
          <label htmlFor={maxId}>Maximum price</label>
          <input id={maxId} type="range" min={0} max={range.ceiling} step={1} value={range.max} onChange={(e) => setPrice(bounds.minPrice, Number(e.target.value))} />
          <p aria-live="polite">{range.text}</p>
        </fieldset>
      )}
      {tagSections(pageInfo.availableTagPrefixes, pageInfo.availableTagFilters).map((s) => (
        <TagSection
          key={s.prefix}
          prefix={s.prefix}
          facets={s.facets}
          chosen={query.t?.find(([p]) => p === s.prefix)?.[1] ?? ''}
          onChoose={(value) => setFilters({ t: withTagChoice(query.t, s.prefix, value) })}
        />
      ))}
      <div className="sk-sidebar__section">
        <label htmlFor={vendorId}>{SIDEBAR_TEXT.vendors}</label>
        <select id={vendorId} value={query.v ?? ''} onChange={(e) => setFilters({ v: e.target.value === '' ? undefined : e.target.value })}>
          <option value="">{SIDEBAR_TEXT.all}</option>
          {pageInfo.availableVendors.map((v) => (
            <option key={v.vendor} value={v.vendor}>
              {`${v.vendor} (${v.vendorCount})`}
            </option>
          ))}
        </select>
      </div>
    </aside>
  );
}
