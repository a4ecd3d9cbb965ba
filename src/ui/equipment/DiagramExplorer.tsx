/**
 * A model's exploded-view drawings with their numbered callouts and its parts list.
 * Callouts are buttons placed over the drawing's own numbers, in number order (the tab order);
 * the arrow keys, Home and End move among them; hovering, focusing or clicking one lights up the
 * callout and its row of the parts list (and hovering a row lights up its callout). The drawing
 * zooms with the buttons, ctrl + wheel (a trackpad pinch) or a two-finger pinch, and pans with a
 * drag once zoomed in. All state is the explorer machine's (`useDiagramExplorer`).
 * @module
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { calloutMoveForKey } from '../../domain/diagram.ts';
import { partRows, partStockText, type Equipment } from '../../domain/equipment.ts';
import { DIAGRAM_ZOOM } from '../../domain/diagram.ts';
import type { DiagramExplorerApi } from '../../hooks/useDiagramExplorer.ts';
import { AddToCartButton } from '../catalog/ProductCard.tsx';
import { CatalogLink } from '../catalog/CatalogLink.tsx';
import { PriceTag } from '../catalog/PriceTag.tsx';

/** Props of {@link DiagramExplorer}. */
export interface DiagramExplorerProps {
  equipment: Equipment;
  explorer: DiagramExplorerApi;
  /** The product page link of a handle. */
  productLink(handle: string): string;
}

/** The drawing with its callouts, the zoom buttons and the parts list. */
export function DiagramExplorer({ equipment, explorer, productLink }: DiagramExplorerProps) {
  const diagram = equipment.diagrams[explorer.active];
  const box = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const { send } = explorer;

  // the box's size on screen: the pan bounds follow it
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => send({ type: 'viewport.measured', width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
    // measured again when another drawing (another aspect ratio) is shown
  }, [send, explorer.active]);

  // ctrl + wheel (and a trackpad pinch) zooms around the pointer; a plain wheel scrolls the page.
  // Registered by hand: React's wheel listener is passive, so it could not keep the page still.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const r = el.getBoundingClientRect();
      send({ type: 'zoom.at', factor: e.deltaY < 0 ? DIAGRAM_ZOOM.step : 1 / DIAGRAM_ZOOM.step, x: e.clientX - r.left, y: e.clientY - r.top });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [send, explorer.active]);

  // an arrow key moved the choice: the focus follows to that callout's button
  useEffect(() => {
    if (explorer.focusRequest === 0 || explorer.selected === null) return;
    box.current?.querySelector<HTMLButtonElement>(`[data-callout="${explorer.selected}"]`)?.focus();
  }, [explorer.focusRequest, explorer.selected]);

  const point = (e: ReactPointerEvent) => {
    const r = box.current?.getBoundingClientRect();
    return { x: e.clientX - (r?.left ?? 0), y: e.clientY - (r?.top ?? 0) };
  };
  const onPointerDown = (e: ReactPointerEvent) => {
    pointers.current.set(e.pointerId, point(e));
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const before = pointers.current.get(e.pointerId);
    if (!before) return;
    const now = point(e);
    if (pointers.current.size >= 2) {
      // a pinch: the distance between two fingers scales the zoom around their middle
      const a = [...pointers.current.entries()].find(([id]) => id !== e.pointerId)?.[1];
      if (a) {
        const was = Math.hypot(before.x - a.x, before.y - a.y);
        const is = Math.hypot(now.x - a.x, now.y - a.y);
        if (was > 0 && is > 0) send({ type: 'zoom.at', factor: is / was, x: (now.x + a.x) / 2, y: (now.y + a.y) / 2 });
      }
    } else if (explorer.zoomed && (e.buttons & 1 || e.pointerType !== 'mouse')) {
      send({ type: 'pan.by', dx: now.x - before.x, dy: now.y - before.y });
    }
    pointers.current.set(e.pointerId, now);
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    pointers.current.delete(e.pointerId);
  };

  const rows = diagram ? partRows(equipment.parts, diagram.id) : [];
  return (
    <div className="sk-eq-explorer">
      {equipment.diagrams.length > 1 && (
        <div className="sk-eq-tabs" role="group" aria-label="Diagrams">
          {equipment.diagrams.map((d, i) => (
            <button key={d.id} type="button" className="sk-btn" aria-pressed={i === explorer.active} onClick={() => send({ type: 'diagram.show', index: i })}>
              {d.title}
            </button>
          ))}
        </div>
      )}
      {diagram && (
        <figure className="sk-eq-figure">
          <figcaption>
            <h2 id="sk-eq-diagram-h">{diagram.title}</h2>
            <span className="sk-eq-zoom" role="group" aria-label="Zoom">
              <button type="button" className="sk-btn" onClick={() => send({ type: 'zoom.out' })} disabled={!explorer.canZoomOut} aria-label="Zoom out">
                −
              </button>
              <button type="button" className="sk-btn" onClick={() => send({ type: 'zoom.reset' })} disabled={!explorer.zoomed}>
                Reset
              </button>
              <button type="button" className="sk-btn" onClick={() => send({ type: 'zoom.in' })} disabled={!explorer.canZoomIn} aria-label="Zoom in">
                +
              </button>
            </span>
          </figcaption>
          <div
            ref={box}
            className="sk-eq-box"
            style={{ aspectRatio: `${diagram.width} / ${diagram.height}`, touchAction: explorer.zoomed ? 'none' : 'pan-y', cursor: explorer.zoomed ? 'grab' : undefined }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onPointerLeave={onPointerUp}
          >
            <div className="sk-eq-layer" style={{ transform: explorer.transform }}>
              <img src={diagram.imageUrl} alt={`${equipment.title}: ${diagram.title}`} width={diagram.width} height={diagram.height} draggable={false} />
              {explorer.callouts.map((c) => {
                const callout = diagram.callouts.find((x) => x.number === c.number);
                return (
                  <button
                    key={c.number}
                    type="button"
                    data-callout={c.number}
                    className={`sk-eq-callout${c.highlighted ? ' is-highlighted' : ''}`}
                    style={{ left: `${c.left}%`, top: `${c.top}%`, width: `${((diagram.calloutRadius * 2) / diagram.width) * 100}%` }}
                    aria-label={`${c.number}: ${callout?.title ?? ''}`}
                    aria-pressed={c.selected}
                    onPointerEnter={() => send({ type: 'callout.hover', number: c.number })}
                    onPointerLeave={() => send({ type: 'callout.hover', number: null })}
                    onFocus={() => send({ type: 'callout.focus', number: c.number })}
                    onBlur={() => send({ type: 'callout.focus', number: null })}
                    onClick={() => send({ type: 'callout.choose', number: c.number })}
                    onKeyDown={(e) => {
                      if (calloutMoveForKey(e.key) === null) return;
                      e.preventDefault();
                      send({ type: 'callout.key', key: e.key });
                    }}
                  >
                    {c.number}
                  </button>
                );
              })}
            </div>
          </div>
        </figure>
      )}
      <section className="sk-eq-parts" aria-labelledby="sk-eq-parts-h">
        <h2 id="sk-eq-parts-h">Parts</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">No.</th>
              <th scope="col">Part</th>
              <th scope="col">Part number</th>
              <th scope="col">Price</th>
              <th scope="col">Stock</th>
              <th scope="col">
                <span className="visually-hidden">Add</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ part, numbers }) => {
              const lit = part.product.id === explorer.highlightedProductId;
              return (
                <tr
                  key={part.product.id}
                  className={lit ? 'is-highlighted' : undefined}
                  data-product={part.product.handle}
                  onPointerEnter={() => numbers[0] !== undefined && send({ type: 'callout.hover', number: numbers[0] })}
                  onPointerLeave={() => numbers[0] !== undefined && send({ type: 'callout.hover', number: null })}
                >
                  <td>{numbers.length > 0 ? numbers.join(', ') : part.universal ? 'All' : '–'}</td>
                  <td>
                    <CatalogLink to={productLink(part.product.handle)}>{part.product.title}</CatalogLink>
                    {part.quantity > 1 && <span className="sk-eq-qty"> ({part.quantity} per unit)</span>}
                  </td>
                  <td>{part.partNumber ?? '–'}</td>
                  <td>
                    <PriceTag item={part.product} />
                  </td>
                  <td>{partStockText(part.product)}</td>
                  <td>
                    <AddToCartButton card={part.product} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}
