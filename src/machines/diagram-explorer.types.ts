/**
 * Types of the diagram explorer's machine (`diagram-explorer.machine.ts`) and of its connect
 * function: which drawing of a model is shown, which callout is highlighted, and the zoom and pan
 * of the drawing.
 * @module
 */
import type { Diagram } from '../domain/diagram.ts';
import type { ZoomPan } from '../domain/diagram.ts';

/** What the machine needs of a drawing: its id, size and callouts. */
export type ExplorerDiagram = Pick<Diagram, 'id' | 'width' | 'height' | 'callouts'>;

/** Context of the diagram explorer. */
export interface DiagramExplorerContext {
  diagrams: ExplorerDiagram[];
  /** Index of the drawing shown. */
  active: number;
  /** The callout chosen (click, Enter, arrow keys), null before one. */
  selected: number | null;
  /** The callout under the pointer (on the drawing or its row in the parts list), null when none. */
  hovered: number | null;
  /** The callout button that has the keyboard focus, null when none. */
  focused: number | null;
  view: ZoomPan;
  /** The drawing's box on screen in CSS pixels (0 before it is measured: zoom buttons then centre nothing). */
  viewport: { width: number; height: number };
  /** Bumped when an arrow key moved the choice, so the view moves the focus to that button. */
  focusRequest: number;
}

/** Input of the diagram explorer. */
export interface DiagramExplorerInput {
  diagrams: ExplorerDiagram[];
  /** Index of the drawing to show first. @default 0 */
  active?: number;
}

/**
 * Events of the diagram explorer:
 * - `diagram.show`: show another drawing (the choice and the zoom start over);
 * - `callout.hover`, `callout.focus`: the pointer or the focus is on a callout (null: left it);
 * - `callout.choose`: a click or Enter on a callout (choosing it again keeps it);
 * - `callout.key`: a key on a callout button (arrows, Home, End move the choice in number order);
 * - `zoom.in`, `zoom.out`, `zoom.reset`: the buttons, around the middle of the drawing;
 * - `zoom.at`: a wheel notch or a pinch, by `factor` around a point of the viewport;
 * - `pan.by`: a drag (mouse or one finger) by `dx`, `dy` pixels;
 * - `viewport.measured`: the drawing's box on screen changed.
 */
export type DiagramExplorerEvent =
  | { type: 'diagram.show'; index: number }
  | { type: 'callout.hover'; number: number | null }
  | { type: 'callout.focus'; number: number | null }
  | { type: 'callout.choose'; number: number }
  | { type: 'callout.key'; key: string }
  | { type: 'zoom.in' }
  | { type: 'zoom.out' }
  | { type: 'zoom.reset' }
  | { type: 'zoom.at'; factor: number; x: number; y: number }
  | { type: 'pan.by'; dx: number; dy: number }
  | { type: 'viewport.measured'; width: number; height: number };
