/**
 * Exploded-view diagrams: each drawing of a model numbers its parts with callouts; a
 * shopper moves through the callouts with the keyboard in their number order, and zooms and pans
 * the drawing. Pure rules: the order of callouts, the next one for a key, the zoom and pan bounds.
 * @module
 */

/** A numbered callout on a diagram. */
export interface DiagramCallout {
  /** 1..n, unique within the diagram; callout order is keyboard order. */
  number: number;
  productId: number;
  /** The product's handle. */
  handle: string;
  /** The product's title (the callout button's accessible name). */
  title: string;
  /** Units of the part per unit of equipment (at least 1). */
  quantity: number;
  /** Centre of the numbered circle in the diagram's viewBox units (0 <= x <= width, 0 <= y <= height). */
  x: number;
  y: number;
}

/** An exploded-view diagram of a model. */
export interface Diagram {
  id: number;
  /** 'Exploded view', 'Motor assembly' ... */
  title: string;
  /** URL of the SVG drawing ('/media/diagrams/{id}.svg'). */
  imageUrl: string;
  /** The SVG's viewBox is `0 0 width height`. */
  width: number;
  height: number;
  /** Radius of the numbered circles the SVG draws (viewBox units). */
  calloutRadius: number;
  /** 3 to 30, sorted by number. */
  callouts: DiagramCallout[];
}

/**
 * Fewest and most callouts a diagram has: one per line of the model's bill of materials, and a
 * light's or a valve's has three (its lens gasket, face ring and niche; its o-rings and actuator).
 */
export const DIAGRAM_CALLOUTS = { min: 3, max: 30 } as const;

/**
 * What is wrong with a diagram, [] when nothing: callout count within {@link DIAGRAM_CALLOUTS},
 * numbers unique positive integers, quantities positive integers, positions inside the drawing,
 * a positive size and callout radius.
 */
export function diagramProblems(diagram: Diagram): string[] {
  const problems: string[] = [];
  const n = diagram.callouts.length;
  if (n < DIAGRAM_CALLOUTS.min || n > DIAGRAM_CALLOUTS.max) problems.push(`has ${n} callouts`);
  if (!(diagram.width > 0 && diagram.height > 0)) problems.push('has no size');
  if (!(diagram.calloutRadius > 0)) problems.push('has no callout radius');
  const numbers = new Set<number>();
  for (const c of diagram.callouts) {
    if (!Number.isInteger(c.number) || c.number < 1) problems.push(`callout number ${c.number}`);
    if (numbers.has(c.number)) problems.push(`callout ${c.number} twice`);
    numbers.add(c.number);
    if (!Number.isInteger(c.quantity) || c.quantity < 1) problems.push(`callout ${c.number} quantity ${c.quantity}`);
    if (!(c.x >= 0 && c.x <= diagram.width && c.y >= 0 && c.y <= diagram.height)) problems.push(`callout ${c.number} outside the drawing`);
  }
  return problems;
}

/**
 * The callouts in keyboard order: by number (the order a shopper reads them on the drawing),
 * whatever order the server listed them in.
 */
export function calloutOrder<T extends Pick<DiagramCallout, 'number'>>(callouts: readonly T[]): T[] {
  return [...callouts].sort((a, b) => a.number - b.number);
}

/** A key's move among the callouts. */
export type CalloutMove = 'next' | 'previous' | 'first' | 'last';

/**
 * The callout number a move lands on, in number order: next and previous wrap around; from no
 * callout, next is the first and previous the last; null when there are no callouts.
 *
 * @example moveCallout([1, 2, 3], 3, 'next'); // 1
 */
export function moveCallout(numbers: readonly number[], current: number | null, move: CalloutMove): number | null {
  const order = [...new Set(numbers)].sort((a, b) => a - b);
  if (order.length === 0) return null;
  const first = order[0] as number;
  const last = order[order.length - 1] as number;
  if (move === 'first') return first;
  if (move === 'last') return last;
  const at = current === null ? -1 : order.indexOf(current);
  if (at < 0) return move === 'next' ? first : last;
  const step = move === 'next' ? 1 : -1;
  return order[(at + step + order.length) % order.length] as number;
}

/** The move of a keyboard key on the drawing, null for other keys. */
export function calloutMoveForKey(key: string): CalloutMove | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return 'next';
    case 'ArrowLeft':
    case 'ArrowUp':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

// ---------------------------------------------------------------- zoom and pan

/** Zoom bounds and the step of a button press or a wheel notch. */
export const DIAGRAM_ZOOM = { min: 1, max: 4, step: 1.5 } as const;

/** How the drawing is shown: scale, then an offset in viewport pixels (translate then scale, origin top left). */
export interface ZoomPan {
  zoom: number;
  x: number;
  y: number;
}

/** The drawing as first shown: whole, in place. */
export const INITIAL_ZOOM_PAN: ZoomPan = { zoom: 1, x: 0, y: 0 };

/** A zoom within {@link DIAGRAM_ZOOM}; anything not a number is 1. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return DIAGRAM_ZOOM.min;
  return Math.min(DIAGRAM_ZOOM.max, Math.max(DIAGRAM_ZOOM.min, zoom));
}

function clampAxis(offset: number, size: number, zoom: number): number {
  // the scaled drawing always covers the viewport: no gap opens on either side
  const min = size - size * zoom;
  if (!Number.isFinite(offset)) return 0;
  return Math.min(0, Math.max(min, offset));
}

/**
 * A view within bounds for a viewport of `width` x `height`: zoom clamped, and the offset such
 * that the scaled drawing still covers the viewport (no empty band at any side).
 */
export function clampZoomPan(view: ZoomPan, width: number, height: number): ZoomPan {
  const zoom = clampZoom(view.zoom);
  return { zoom, x: clampAxis(view.x, width, zoom), y: clampAxis(view.y, height, zoom) };
}

/**
 * Zooms by `factor` around a point of the viewport (the pointer, a pinch's centre, the middle for
 * buttons): the drawing's point under it stays under it, unless a bound stops it.
 *
 * @example zoomAround(INITIAL_ZOOM_PAN, 2, { x: 100, y: 50 }, 400, 300); // { zoom: 2, x: -100, y: -50 }
 */
export function zoomAround(view: ZoomPan, factor: number, point: { x: number; y: number }, width: number, height: number): ZoomPan {
  const zoom = clampZoom(view.zoom * factor);
  const ratio = zoom / view.zoom;
  return clampZoomPan({ zoom, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio }, width, height);
}

/** Pans by a drag of `dx`, `dy` pixels, within bounds. */
export function panBy(view: ZoomPan, dx: number, dy: number, width: number, height: number): ZoomPan {
  return clampZoomPan({ zoom: view.zoom, x: view.x + dx, y: view.y + dy }, width, height);
}

/**
 * The view that brings a point of the drawing (fractions `fx`, `fy` of its width and height: a
 * callout's x / diagram width) into the viewport's middle at the current zoom, within bounds: a
 * callout chosen with the keyboard while zoomed in must not sit off screen.
 */
export function centreOn(view: ZoomPan, fx: number, fy: number, width: number, height: number): ZoomPan {
  return clampZoomPan({ zoom: view.zoom, x: width / 2 - fx * width * view.zoom, y: height / 2 - fy * height * view.zoom }, width, height);
}
