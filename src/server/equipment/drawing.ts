/**
 * Pictures of "parts that fit" (issue 15), drawn on request like the catalogue's pictures
 * (media/drawing.ts, whose shaded part drawings they reuse): an equipment model's product shot,
 * and the exploded-view diagram of a model, where each callout's part sits in its own spot
 * with a leader line to its numbered circle. The storefront overlays its callout buttons on the
 * circles (same centres, same radius), so the numbers must be where the API says they are.
 * @module
 */
import { hsl, partArt, renderPartSvg } from '../media/drawing.ts';
import type { Shape } from '../seed/catalogue-data.ts';
import { SHAPES } from '../seed/catalogue-data.ts';
import { CALLOUT_RADIUS } from '../seed/equipment.ts';
import type { EquipmentType } from '../../api/types.ts';
import type { DiagramRow } from '../repositories/equipment.ts';

/** What the product shot of each type of equipment draws. */
const TYPE_SHAPES: Record<EquipmentType, Shape> = {
  pump: 'pump', filter: 'filter', heater: 'heater', 'heat-pump': 'heater', 'salt-system': 'cell',
  cleaner: 'cleaner', automation: 'controller', light: 'light', valve: 'valve', skimmer: 'skimmer',
};

/** The product shot of a model (SVG, 400 wide). */
export function renderEquipmentSvg(o: { type: EquipmentType; hue: number }): string {
  return renderPartSvg({ shape: TYPE_SHAPES[o.type], hue: o.hue, width: 400 });
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Side of the square a part is drawn in, from the spacing of the callouts. */
function partSize(d: DiagramRow): number {
  const n = Math.max(1, d.callouts.length);
  const cols = Math.max(2, Math.ceil(Math.sqrt((n * d.width) / d.height)));
  const rows = Math.ceil(n / cols);
  return Math.max(28, Math.min((d.width - 80) / cols, (d.height - 80) / rows) * 0.62);
}

/**
 * The exploded view of a diagram (SVG, viewBox `0 0 width height`): a light technical backdrop,
 * the assembly's centre line, each part shaded in the model's colour, a leader line from each
 * part to its numbered circle. `title` becomes the SVG's accessible name.
 */
export function renderDiagramSvg(d: DiagramRow, o: { hue: number; title: string }): string {
  const size = partSize(d);
  const scale = size / 400;
  const { defs } = partArt('kit', o.hue, 'd');
  const bodies = new Map<string, string>();
  const bodyOf = (shape: string): string => {
    const known: Shape = (SHAPES as readonly string[]).includes(shape) ? (shape as Shape) : 'kit';
    let b = bodies.get(known);
    if (b === undefined) bodies.set(known, (b = partArt(known, o.hue, 'd').body));
    return b;
  };
  const ink = '#1d2a36';
  let parts = '';
  let leaders = '';
  let circles = '';
  for (const c of d.callouts) {
    parts += `<g transform="translate(${(c.partX - size / 2).toFixed(1)} ${(c.partY - size / 2).toFixed(1)}) scale(${scale.toFixed(4)})">${bodyOf(c.shape)}</g>`;
    leaders += `<line x1="${c.partX}" y1="${c.partY}" x2="${c.x}" y2="${c.y}" stroke="${ink}" stroke-width="1.2" stroke-dasharray="4 3"/>`;
    circles += `<g><circle cx="${c.x}" cy="${c.y}" r="${CALLOUT_RADIUS}" fill="#fff" stroke="${ink}" stroke-width="2"/>` +
      `<text x="${c.x}" y="${c.y}" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="13" font-weight="700" fill="${ink}">${c.number}</text></g>`;
  }
  // the grid of a parts sheet, drawn as one path
  let grid = '';
  for (let x = 40; x < d.width; x += 40) grid += `M${x} 0V${d.height}`;
  for (let y = 40; y < d.height; y += 40) grid += `M0 ${y}H${d.width}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${d.width} ${d.height}" width="${d.width}" height="${d.height}" role="img">` +
    `<title>${escapeXml(o.title)}</title><defs>${defs}</defs>` +
    `<rect width="${d.width}" height="${d.height}" fill="${hsl(o.hue, 20, 97)}"/>` +
    `<path d="${grid}" stroke="${hsl(o.hue, 25, 88)}" stroke-width="1" fill="none"/>` +
    `<line x1="20" y1="${d.height / 2}" x2="${d.width - 20}" y2="${d.height / 2}" stroke="${hsl(o.hue, 20, 70)}" stroke-width="1" stroke-dasharray="18 6 3 6"/>` +
    `<g>${leaders}</g><g>${parts}</g><g>${circles}</g></svg>`;
}
