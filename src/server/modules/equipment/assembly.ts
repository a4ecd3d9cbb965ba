/**
 * The geometry of an equipment model's exploded view, shared by the generator (which places the
 * parts and their numbered callouts, seed/equipment.ts) and the drawing (which draws them,
 * equipment/drawing.ts): every part is a {@link Glyph} of a known size, exploded along one of the
 * lines of its assembly (a pump's shaft, a filter's tank, a heater's header ...) in the order it
 * goes together, with its callout circle beside it, on the same side for every part of a line,
 * the way a manufacturer's parts sheet reads.
 *
 * A part's glyph is drawn in its own frame: its axis along x, centred on 0, `len` long and `dia`
 * across. A part on a vertical line is the same drawing turned a quarter, its +x end up.
 * @module
 */

/** Width and height of every diagram's viewBox. */
export const DIAGRAM_WIDTH = 800;
/** @see DIAGRAM_WIDTH */
export const DIAGRAM_HEIGHT = 600;
/** Radius of the numbered circles on a diagram. */
export const CALLOUT_RADIUS = 14;

/** How far a callout circle stands off the widest part of its line. */
const CALLOUT_OFFSET = 34;
/** The least space between two parts of a line, so their circles never touch. */
const MIN_GAP = 22;

/** Size of each kind of drawn part: `len` along its axis, `dia` across it (viewBox units). */
export const GLYPHS = {
  motor: { len: 170, dia: 140 },
  plate: { len: 18, dia: 150 },
  gasket: { len: 8, dia: 130 },
  'gasket-s': { len: 8, dia: 70 },
  oring: { len: 12, dia: 120 },
  'oring-s': { len: 10, dia: 48 },
  'oring-l': { len: 14, dia: 190 },
  seal: { len: 34, dia: 66 },
  impeller: { len: 40, dia: 130 },
  diffuser: { len: 44, dia: 150 },
  basket: { len: 100, dia: 110 },
  lid: { len: 44, dia: 140 },
  cartridge: { len: 220, dia: 120 },
  valve: { len: 80, dia: 150 },
  exchanger: { len: 190, dia: 130 },
  igniter: { len: 70, dia: 30 },
  board: { len: 24, dia: 150 },
  switch: { len: 36, dia: 44 },
  sensor: { len: 80, dia: 22 },
  cell: { len: 230, dia: 110 },
  cord: { len: 110, dia: 40 },
  actuator: { len: 90, dia: 100 },
  panel: { len: 26, dia: 120 },
  module: { len: 50, dia: 60 },
  niche: { len: 110, dia: 160 },
  ring: { len: 18, dia: 170 },
  track: { len: 160, dia: 60 },
  tire: { len: 30, dia: 70 },
  bag: { len: 140, dia: 100 },
  hose: { len: 180, dia: 38 },
  weir: { len: 30, dia: 120 },
  'skimmer-lid': { len: 20, dia: 150 },
} as const satisfies Record<string, { len: number; dia: number }>;

/** A kind of drawn part. */
export type Glyph = keyof typeof GLYPHS;

/** True when `name` is a glyph. */
export const isGlyph = (name: string): name is Glyph => Object.prototype.hasOwnProperty.call(GLYPHS, name);

/**
 * A line of an assembly the parts are exploded along, from its first part to its last (a single
 * point holds one part). `axis` says how the parts lie on it; `side` where their callouts stand:
 * -1 above (a horizontal line) or left (a vertical one), 1 below or right.
 */
export interface AssemblyLine {
  from: readonly [number, number];
  to: readonly [number, number];
  axis: 'h' | 'v';
  side: -1 | 1;
}

/** A part placed on the drawing. */
export interface PlacedPart {
  glyph: Glyph;
  axis: 'h' | 'v';
  /** Centre of the part. */
  partX: number;
  partY: number;
  /** Centre of its numbered circle. */
  x: number;
  y: number;
}

/** The part's box on the drawing: half its width and height (a vertical part is turned). */
export function partExtent(glyph: Glyph, axis: 'h' | 'v'): { halfW: number; halfH: number } {
  const g = GLYPHS[glyph];
  return axis === 'h' ? { halfW: g.len / 2, halfH: g.dia / 2 } : { halfW: g.dia / 2, halfH: g.len / 2 };
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/**
 * Places parts on their lines in the order given (the order they go together): spread evenly
 * over the line, each part's circle on the line's side, past the widest part of the line, so the
 * circles of a line stand in one row like a parts sheet's.
 * @example
 * layoutAssembly({ shaft: { from: [80, 380], to: [560, 380], axis: 'h', side: -1 } }, [{ glyph: 'motor', line: 'shaft' }]);
 */
export function layoutAssembly(lines: Readonly<Record<string, AssemblyLine>>, parts: readonly { glyph: Glyph; line: string }[]): PlacedPart[] {
  const out: PlacedPart[] = new Array<PlacedPart>(parts.length);
  const byLine = new Map<string, number[]>();
  parts.forEach((p, i) => {
    let list = byLine.get(p.line);
    if (!list) byLine.set(p.line, (list = []));
    list.push(i);
  });
  for (const [name, indexes] of byLine) {
    const line = lines[name];
    if (!line) throw new Error(`no assembly line ${name}`);
    const [x0, y0] = line.from;
    const [x1, y1] = line.to;
    const length = Math.hypot(x1 - x0, y1 - y0);
    const ux = length === 0 ? 0 : (x1 - x0) / length;
    const uy = length === 0 ? 0 : (y1 - y0) / length;
    const lens = indexes.map((i) => GLYPHS[parts[i]!.glyph].len);
    const total = lens.reduce((a, b) => a + b, 0);
    const gap = indexes.length > 1 ? Math.max(MIN_GAP, (length - total) / (indexes.length - 1)) : 0;
    // a single part, or parts shorter than the line with the least gap, sit centred on it
    const used = total + gap * (indexes.length - 1);
    let along = indexes.length > 1 && used > length ? (length - used) / 2 : indexes.length === 1 ? length / 2 - total / 2 : 0;
    const widest = Math.max(...indexes.map((i) => GLYPHS[parts[i]!.glyph].dia));
    for (const [k, i] of indexes.entries()) {
      const centre = along + lens[k]! / 2;
      along += lens[k]! + gap;
      const partX = Math.round(x0 + ux * centre);
      const partY = Math.round(y0 + uy * centre);
      const off = widest / 2 + CALLOUT_OFFSET;
      const x = line.axis === 'h' ? partX : partX + line.side * off;
      const y = line.axis === 'h' ? partY + line.side * off : partY;
      out[i] = {
        glyph: parts[i]!.glyph,
        axis: line.axis,
        partX,
        partY,
        x: Math.round(clamp(x, CALLOUT_RADIUS + 2, DIAGRAM_WIDTH - CALLOUT_RADIUS - 2)),
        y: Math.round(clamp(y, CALLOUT_RADIUS + 2, DIAGRAM_HEIGHT - CALLOUT_RADIUS - 2)),
      };
    }
  }
  return out;
}

/** A callout's stored shape: the glyph, with ':v' for a part on a vertical line. */
export const shapeOf = (glyph: Glyph, axis: 'h' | 'v'): string => (axis === 'v' ? `${glyph}:v` : glyph);

/** The glyph and axis of a stored shape; null for a shape of another drawing. */
export function parseShape(shape: string): { glyph: Glyph; axis: 'h' | 'v' } | null {
  const [name = '', axis] = shape.split(':');
  return isGlyph(name) ? { glyph: name, axis: axis === 'v' ? 'v' : 'h' } : null;
}
