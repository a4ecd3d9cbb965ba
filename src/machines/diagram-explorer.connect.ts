/**
 * What the diagram explorer shows, from a snapshot of its machine: a pure function, tested without
 * React; `useDiagramExplorer` returns it with the actions.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { DIAGRAM_ZOOM, calloutOrder } from '../domain/diagram.ts';
import type { diagramExplorerMachine } from './diagram-explorer.machine.ts';

/** One callout button as the drawing places it. */
export interface CalloutView {
  number: number;
  productId: number;
  /** Left and top of the button's centre as percentages of the drawing. */
  left: number;
  top: number;
  highlighted: boolean;
  selected: boolean;
}

/** What the explorer shows. */
export interface DiagramExplorerView {
  /** Index of the drawing shown. */
  active: number;
  /** The drawing's callouts in keyboard (number) order. */
  callouts: CalloutView[];
  /** The callout lit up: the one under the pointer, else the focused one, else the chosen one. */
  highlighted: number | null;
  /** The chosen callout, null before one. */
  selected: number | null;
  /** The product whose row in the parts list is lit up (the highlighted callout's), null when none. */
  highlightedProductId: number | null;
  /** The CSS transform of the drawing's layer (translate, then scale, origin top left). */
  transform: string;
  zoom: number;
  canZoomIn: boolean;
  canZoomOut: boolean;
  /** The drawing is zoomed in (a drag pans it rather than scrolling the page). */
  zoomed: boolean;
  /** Bumped when an arrow key moved the choice: the view then focuses `selected`'s button. */
  focusRequest: number;
}

/**
 * The view of a snapshot.
 * @example connectDiagramExplorer(actor.getSnapshot()).highlighted; // 3
 */
export function connectDiagramExplorer(snapshot: SnapshotFrom<typeof diagramExplorerMachine>): DiagramExplorerView {
  const c = snapshot.context;
  const diagram = c.diagrams[c.active];
  const highlighted = c.hovered ?? c.focused ?? c.selected;
  const callouts = diagram
    ? calloutOrder(diagram.callouts).map((callout) => ({
        number: callout.number,
        productId: callout.productId,
        left: (callout.x / diagram.width) * 100,
        top: (callout.y / diagram.height) * 100,
        highlighted: callout.number === highlighted,
        selected: callout.number === c.selected,
      }))
    : [];
  return {
    active: c.active,
    callouts,
    highlighted,
    selected: c.selected,
    highlightedProductId: callouts.find((x) => x.highlighted)?.productId ?? null,
    transform: `translate(${c.view.x}px, ${c.view.y}px) scale(${c.view.zoom})`,
    zoom: c.view.zoom,
    canZoomIn: c.view.zoom < DIAGRAM_ZOOM.max,
    canZoomOut: c.view.zoom > DIAGRAM_ZOOM.min,
    zoomed: c.view.zoom > DIAGRAM_ZOOM.min,
    focusRequest: c.focusRequest,
  };
}
