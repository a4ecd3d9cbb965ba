/**
 * Loading placeholders: the listing's skeleton cards (8 while loading, from the hook's count).
 * @module
 */

/**
 * `count` grey cards in the grid's layout, hidden from assistive technology (the region is
 * marked busy instead).
 * @example <Skeletons count={results.skeletonCount} />
 */
export function Skeletons({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    // a status region, named by its text: a bare div may not carry aria-label (axe-core's
    // aria-prohibited-attr, serious, on the search page while its results load)
    <div className="sk-grid" role="status" aria-busy="true">
      <span className="sk-visually-hidden">Loading products</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="sk-card sk-card--skeleton" aria-hidden="true" data-testid="skeleton-card">
          <div className="sk-skel sk-skel--img" />
          <div className="sk-skel sk-skel--line" />
          <div className="sk-skel sk-skel--line sk-skel--short" />
        </div>
      ))}
    </div>
  );
}
