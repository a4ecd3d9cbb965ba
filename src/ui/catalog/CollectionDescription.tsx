/**
 * A collection's description, collapsed to its maximum height (catalog.css) with the Read More /
 * Read Less toggle, which shows only when the text is taller than that cap: a short description
 * is shown whole, without a toggle that would do nothing and without the fade of a cut text.
 * Whether it overflows is measured in the browser (its width decides it), again whenever its box
 * is resized; the server's HTML has no toggle yet, and a page without JavaScript shows the whole
 * text (see the collection page).
 * @module
 */
import { useLayoutEffect, useRef, useState } from 'react';

/** Props of {@link CollectionDescription}. */
export interface CollectionDescriptionProps {
  /** The element's id (the toggle's aria-controls). */
  id: string;
  /** The description HTML, sanitised by the server. */
  html: string;
  expanded: boolean;
  /** 'Read More' or 'Read Less'. */
  toggleLabel: string;
  onToggle(): void;
}

/**
 * The description and its toggle.
 * @example <CollectionDescription id="collection-description" html={page.descriptionHtml} expanded={page.descriptionExpanded} toggleLabel={page.descriptionToggleLabel} onToggle={page.toggleDescription} />
 */
export function CollectionDescription({ id, html, expanded, toggleLabel, onToggle }: CollectionDescriptionProps) {
  const box = useRef<HTMLDivElement>(null);
  // undefined until measured (the server's render and the first one in the browser)
  const [more, setMore] = useState<boolean>();
  useLayoutEffect(() => {
    const element = box.current!;
    // expanded, the box shows everything: the answer measured while collapsed stands; a pixel
    // of rounding is not more text
    const measure = () => expanded || setMore(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded, html]);
  return (
    <section className="sk-description" aria-label="About this collection">
      {/* the description HTML is sanitised by the server */}
      <div id={id} ref={box} className={expanded ? '' : more === false ? 'sk-description--collapsed sk-description--whole' : 'sk-description--collapsed'} dangerouslySetInnerHTML={{ __html: html }} />
      {(expanded || more) && (
        <button type="button" className="sk-linkbtn" aria-expanded={expanded} aria-controls={id} onClick={onToggle}>
          {toggleLabel}
        </button>
      )}
    </section>
  );
}
