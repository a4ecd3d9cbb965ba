/**
 * Pictures of "parts that fit", drawn on request: an equipment model's product shot (the
 * catalogue's shaded drawings, media/drawing.ts), and a model's exploded view as a parts sheet
 * draws it: the housing the parts go into in dashed outline, each part in line drawing at its
 * place along the lines of the assembly (equipment/assembly.ts), the centre lines through them,
 * and a leader from each part to its numbered circle. The storefront overlays its callout
 * buttons on the circles (same centres, same radius), so the numbers must be where the API says
 * they are.
 * @module
 */
import { hsl, renderPartSvg } from '../media/drawing.ts';
import type { Shape } from '../media/shapes.ts';
import type { EquipmentType } from '../../../api/types.ts';
import type { DiagramRow } from './repository.ts';
import { CALLOUT_RADIUS, GLYPHS, parseShape, partExtent, type Glyph } from './assembly.ts';

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

const INK = '#1d2a36';

interface Paint { light: string; mid: string; dark: string; metal: string }

const n = (v: number): string => String(Math.round(v * 10) / 10);
const rect = (x0: number, y0: number, x1: number, y1: number, fill: string, extra = ''): string =>
  `<rect x="${n(Math.min(x0, x1))}" y="${n(Math.min(y0, y1))}" width="${n(Math.abs(x1 - x0))}" height="${n(Math.abs(y1 - y0))}" fill="${fill}"${extra}/>`;
const line = (x0: number, y0: number, x1: number, y1: number, w = 1.2, color = INK): string =>
  `<line x1="${n(x0)}" y1="${n(y0)}" x2="${n(x1)}" y2="${n(y1)}" stroke="${color}" stroke-width="${w}"/>`;
const repeat = (count: number, f: (i: number) => string): string => Array.from({ length: count }, (_, i) => f(i)).join('');

/**
 * Each part in its own frame: its axis along x, centred on 0, `l` long and `d` across (the
 * drawing's stroke is set on the group).
 */
const GLYPH_ART: Record<Glyph, (l: number, d: number, c: Paint) => string> = {
  motor: (l, d, c) => {
    const a = -l / 2;
    return rect(a, -d * 0.36, a + 18, d * 0.36, c.dark, ' rx="6"') + rect(a + 14, -d / 2, l / 2 - 24, d / 2, c.mid, ' rx="14"')
      + repeat(7, (i) => line(a + 34 + i * ((l - 70) / 7), -d / 2 + 6, a + 34 + i * ((l - 70) / 7), d / 2 - 6, 1, c.dark))
      + rect(l / 2 - 26, -d * 0.46, l / 2 - 12, d * 0.46, c.metal) + rect(l / 2 - 12, -6, l / 2, 6, c.metal)
      + rect(a + 30, d / 2, a + 60, d / 2 + 10, c.dark) + rect(l / 2 - 70, d / 2, l / 2 - 40, d / 2 + 10, c.dark);
  },
  plate: (l, d, c) => rect(-l / 2, -d / 2, l / 2, d / 2, c.metal, ' rx="3"') + rect(-l / 2, -9, l / 2, 9, c.light)
    + [-0.4, 0.4].map((f) => `<circle cx="0" cy="${n(d * f)}" r="3" fill="#fff"/>`).join(''),
  gasket: (l, d, c) => rect(-l / 2, -d / 2, l / 2, -d * 0.22, c.dark) + rect(-l / 2, d * 0.22, l / 2, d / 2, c.dark),
  'gasket-s': (l, d, c) => rect(-l / 2, -d / 2, l / 2, -d * 0.2, c.dark) + rect(-l / 2, d * 0.2, l / 2, d / 2, c.dark),
  oring: (l, d, c) => `<ellipse rx="${n(l / 2)}" ry="${n(d / 2)}" fill="none" stroke="${c.dark}" stroke-width="4"/>`,
  'oring-s': (l, d, c) => `<ellipse rx="${n(l / 2)}" ry="${n(d / 2)}" fill="none" stroke="${c.dark}" stroke-width="3.5"/>`,
  'oring-l': (l, d, c) => `<ellipse rx="${n(l / 2)}" ry="${n(d / 2)}" fill="none" stroke="${c.dark}" stroke-width="4.5"/>`,
  seal: (l, d, c) => rect(-l / 2, -d * 0.4, -2, d * 0.4, c.dark, ' rx="3"') + rect(2, -d / 2, l / 2, d / 2, '#fff', ' rx="3"') + rect(-l / 2, -5, l / 2, 5, c.metal),
  impeller: (l, d, c) => rect(-l / 2, -d / 2, -l / 2 + 7, d / 2, c.mid, ' rx="3"') + rect(l / 2 - 7, -d * 0.34, l / 2, d * 0.34, c.mid, ' rx="3"')
    + repeat(5, (i) => line(-l / 2 + 7, -d * 0.44 + i * d * 0.22, l / 2 - 7, -d * 0.3 + i * d * 0.15, 2, c.dark)) + rect(-l / 2, -d * 0.12, l / 2, d * 0.12, c.dark, ' rx="4"'),
  diffuser: (l, d, c) => rect(-l / 2, -d / 2, l / 2, d / 2, c.light, ' rx="12"') + repeat(6, (i) => line(-l / 2 + 8, -d * 0.4 + i * d * 0.16, l / 2 - 8, -d * 0.32 + i * d * 0.16, 2, c.mid))
    + rect(-l / 2, -d * 0.16, l / 2, d * 0.16, '#fff', ' rx="6"'),
  basket: (l, d, c) => `<path d="M${n(-l / 2)} ${n(-d * 0.38)}L${n(l / 2)} ${n(-d / 2)}L${n(l / 2)} ${n(d / 2)}L${n(-l / 2)} ${n(d * 0.38)}Z" fill="${c.light}"/>`
    + repeat(6, (i) => line(-l / 2 + 4, -d * 0.32 + i * d * 0.13, l / 2 - 8, -d * 0.41 + i * d * 0.165, 1, c.mid))
    + repeat(4, (i) => line(-l / 2 + 16 + i * l * 0.22, -d * 0.42, -l / 2 + 16 + i * l * 0.22, d * 0.42, 1, c.mid)) + rect(l / 2 - 8, -d / 2 - 5, l / 2, d / 2 + 5, c.mid, ' rx="2"'),
  lid: (l, d, c) => rect(-l / 2, -d / 2, -l / 2 + 10, d / 2, c.dark, ' rx="3"')
    + `<path d="M${n(-l / 2 + 10)} ${n(-d * 0.42)}A${n(l - 10)} ${n(d * 0.42)} 0 0 1 ${n(-l / 2 + 10)} ${n(d * 0.42)}Z" fill="${c.light}" fill-opacity="0.7"/>`
    + rect(-l / 2 + 10, -d * 0.2, -l / 2 + 18, d * 0.2, c.mid),
  cartridge: (l, d, c) => rect(-l / 2 + 10, -d * 0.46, l / 2 - 10, d * 0.46, '#fbfbf6') + repeat(9, (i) => line(-l / 2 + 10, -d * 0.4 + i * d * 0.1, l / 2 - 10, -d * 0.4 + i * d * 0.1, 1, c.mid))
    + rect(-l / 2, -d / 2, -l / 2 + 10, d / 2, c.dark, ' rx="3"') + rect(l / 2 - 10, -d / 2, l / 2, d / 2, c.dark, ' rx="3"'),
  valve: (l, d, c) => rect(-l / 2, -d * 0.3, l / 2 - 26, d * 0.3, c.mid, ' rx="10"') + rect(-l / 2 + 8, -d / 2, -l / 2 + 34, -d * 0.28, c.mid) + rect(-l / 2 + 8, d * 0.28, -l / 2 + 34, d / 2, c.mid)
    + rect(l / 2 - 26, -6, l / 2 - 12, 6, c.metal) + rect(l / 2 - 12, -d * 0.32, l / 2, d * 0.32, c.dark, ' rx="5"') + `<circle cx="${n(-4)}" cy="${n(d * 0.12)}" r="11" fill="#fff"/>`,
  exchanger: (l, d, c) => rect(-l / 2, -d / 2, -l / 2 + 16, d / 2, c.mid, ' rx="4"') + rect(l / 2 - 16, -d / 2, l / 2, d / 2, c.mid, ' rx="4"')
    + rect(-l / 2 + 16, -d * 0.4, l / 2 - 16, d * 0.4, c.light) + repeat(Math.floor((l - 40) / 7), (i) => line(-l / 2 + 20 + i * 7, -d * 0.4, -l / 2 + 20 + i * 7, d * 0.4, 0.8, c.mid))
    + [-0.25, 0, 0.25].map((f) => line(-l / 2 + 16, d * f, l / 2 - 16, d * f, 3, c.dark)).join(''),
  igniter: (l, d, c) => rect(-l / 2, -d / 2, -l / 2 + 18, d / 2, c.dark, ' rx="3"') + rect(-l / 2 + 18, -d * 0.18, l / 2, d * 0.18, c.light, ' rx="3"'),
  board: (l, d, c) => rect(-l / 2, -d / 2, -l / 2 + 5, d / 2, '#3f7d4e') + repeat(5, (i) => rect(-l / 2 + 5, -d * 0.42 + i * d * 0.18, l / 2, -d * 0.32 + i * d * 0.18, i % 2 ? c.dark : c.metal)),
  switch: (l, d, c) => rect(-l / 2, -d * 0.36, l / 2 - 8, d * 0.36, c.mid, ' rx="4"') + rect(l / 2 - 8, -d * 0.3, l / 2, -d * 0.14, c.metal) + rect(l / 2 - 8, d * 0.14, l / 2, d * 0.3, c.metal),
  sensor: (l, d, c) => rect(-l / 2, -d * 0.2, l / 2 - 22, d * 0.2, c.metal, ' rx="3"') + rect(l / 2 - 22, -d / 2, l / 2 - 10, d / 2, c.mid) + rect(l / 2 - 10, -d * 0.15, l / 2, d * 0.15, c.dark),
  cell: (l, d, c) => rect(-l / 2 + 24, -d * 0.4, l / 2 - 24, d * 0.4, c.light, ' fill-opacity="0.6"') + repeat(6, (i) => line(-l / 2 + 30, -d * 0.3 + i * d * 0.12, l / 2 - 30, -d * 0.3 + i * d * 0.12, 2, c.metal))
    + rect(-l / 2, -d / 2, -l / 2 + 24, d / 2, c.mid, ' rx="5"') + rect(l / 2 - 24, -d / 2, l / 2, d / 2, c.mid, ' rx="5"'),
  cord: (l, d, c) => rect(-l / 2, -d / 2, -l / 2 + 24, d / 2, c.dark, ' rx="4"')
    + `<path d="M${n(-l / 2 + 24)} 0C${n(-l / 6)} ${n(-d)} ${n(l / 6)} ${n(d)} ${n(l / 2)} 0" fill="none" stroke="${c.dark}" stroke-width="4"/>`,
  actuator: (l, d, c) => rect(-l / 2 + 10, -d * 0.42, l / 2, d * 0.42, c.mid, ' rx="10"') + `<circle cx="${n(l * 0.1)}" cy="0" r="${n(d * 0.22)}" fill="${c.light}"/>` + rect(-l / 2, -6, -l / 2 + 10, 6, c.metal),
  panel: (l, d, c) => rect(-l / 2, -d / 2, l / 2, d / 2, c.dark, ' rx="8"') + rect(-l / 2 + 8, -d / 2 + 10, l / 2 - 8, 0, '#dfeef5')
    + repeat(3, (i) => `<circle cx="${n(-l / 3 + (i * l) / 3)}" cy="${n(d / 4)}" r="7" fill="${c.light}"/>`),
  module: (l, d, c) => rect(-l / 2, -d / 2, l / 2, d / 2, c.mid, ' rx="6"') + rect(-l / 2 + 8, -d / 2 + 8, l / 2 - 8, -d / 2 + 22, '#dfeef5'),
  niche: (l, d, c) => `<path d="M${n(-l / 2)} ${n(-d * 0.34)}L${n(l / 2)} ${n(-d / 2)}L${n(l / 2)} ${n(d / 2)}L${n(-l / 2)} ${n(d * 0.34)}Z" fill="${c.mid}"/>` + rect(-l / 2 - 8, d * 0.1, -l / 2, d * 0.24, c.metal),
  ring: (l, d, c) => rect(-l / 2, -d / 2, l / 2, -d * 0.36, c.metal, ' rx="3"') + rect(-l / 2, d * 0.36, l / 2, d / 2, c.metal, ' rx="3"'),
  track: (l, d, c) => rect(-l / 2, -d / 2, l / 2, d / 2, c.dark, ` rx="${n(d / 2)}"`) + rect(-l / 2 + 10, -d * 0.3, l / 2 - 10, d * 0.3, c.mid, ` rx="${n(d * 0.3)}"`)
    + repeat(Math.floor(l / 14), (i) => line(-l / 2 + 8 + i * 14, -d / 2, -l / 2 + 8 + i * 14, -d * 0.38, 2, c.dark)),
  tire: (l, d, c) => rect(-l / 2, -d / 2, l / 2, d / 2, c.dark, ' rx="8"') + repeat(5, (i) => line(-l / 2, -d * 0.36 + i * d * 0.18, l / 2, -d * 0.36 + i * d * 0.18, 1.5, c.mid)),
  bag: (l, d, c) => rect(-l / 2, -d * 0.34, -l / 2 + 12, d * 0.34, c.dark, ' rx="3"')
    + `<path d="M${n(-l / 2 + 12)} ${n(-d * 0.34)}C${n(0)} ${n(-d * 0.6)} ${n(l / 2)} ${n(-d * 0.4)} ${n(l / 2)} 0C${n(l / 2)} ${n(d * 0.4)} 0 ${n(d * 0.6)} ${n(-l / 2 + 12)} ${n(d * 0.34)}Z" fill="${c.light}"/>`,
  hose: (l, d, c) => rect(-l / 2, -d / 2, l / 2, d / 2, c.mid, ` rx="${n(d / 2)}"`) + repeat(Math.floor((l - 20) / 8), (i) => line(-l / 2 + 10 + i * 8, -d / 2 + 2, -l / 2 + 10 + i * 8, d / 2 - 2, 1, c.dark)),
  weir: (l, d, c) => rect(-l / 2, -d / 2, l / 2, d / 2, c.light, ' rx="4"') + `<circle cx="0" cy="${n(-d / 2 + 8)}" r="6" fill="${c.dark}"/>` + rect(-l / 2, d / 2 - 24, l / 2, d / 2, c.mid, ' rx="4"'),
  'skimmer-lid': (l, d, c) => rect(-l / 2, -d / 2, l / 2, d / 2, c.mid, ' rx="6"') + rect(l / 2, -d * 0.14, l / 2 + 8, d * 0.14, c.dark, ' rx="3"'),
};

/** The housing of each type of equipment, in dashed outline behind its parts (the parts go into it). */
const HOUSINGS: Partial<Record<EquipmentType, string>> = {
  pump: '<rect x="566" y="320" width="158" height="170" rx="22"/><circle cx="600" cy="390" r="52"/>',
  filter: '<rect x="222" y="330" width="156" height="250" rx="64"/>',
  heater: '<rect x="70" y="360" width="420" height="200" rx="10"/>',
  'heat-pump': '<rect x="70" y="360" width="420" height="200" rx="40"/>',
  'salt-system': '<rect x="30" y="316" width="40" height="28" rx="4"/><rect x="530" y="316" width="50" height="28" rx="4"/><rect x="600" y="110" width="170" height="420" rx="10"/>',
  cleaner: '<rect x="170" y="300" width="460" height="110" rx="46"/>',
  automation: '<rect x="290" y="280" width="220" height="110" rx="8"/>',
  light: '<ellipse cx="400" cy="320" rx="44" ry="80"/>',
  valve: '<circle cx="400" cy="530" r="52"/><rect x="290" y="512" width="220" height="36" rx="6"/>',
  skimmer: '<rect x="220" y="360" width="160" height="210" rx="12"/><rect x="380" y="380" width="90" height="100" rx="6"/>',
};

/** The point of a part's box nearest to a callout: where its leader meets the part. */
function leaderEnd(c: { partX: number; partY: number; x: number; y: number }, halfW: number, halfH: number): [number, number] {
  return [Math.min(c.partX + halfW, Math.max(c.partX - halfW, c.x)), Math.min(c.partY + halfH, Math.max(c.partY - halfH, c.y))];
}

/**
 * The exploded view of a diagram (SVG, viewBox `0 0 width height`): a parts sheet's backdrop,
 * the housing of the model's type in dashed outline, the centre line of each line of parts, each
 * part drawn in place, a leader from each part to its numbered circle. `title` becomes the SVG's
 * accessible name. A callout of an older drawing (a shape that is no glyph) is drawn as a box.
 */
export function renderDiagramSvg(d: DiagramRow, o: { hue: number; title: string; type?: EquipmentType }): string {
  const paint: Paint = { light: hsl(o.hue, 40, 90), mid: hsl(o.hue, 30, 70), dark: hsl(o.hue, 25, 38), metal: '#c8cfd5' };
  let parts = '';
  let leaders = '';
  let circles = '';
  const rows = new Map<string, number[]>();
  for (const c of d.callouts) {
    const parsed = parseShape(c.shape);
    const glyph: Glyph = parsed?.glyph ?? 'module';
    const axis = parsed?.axis ?? 'h';
    const g = GLYPHS[glyph];
    const turn = axis === 'v' ? ' rotate(-90)' : '';
    parts += `<g transform="translate(${c.partX} ${c.partY})${turn}">${GLYPH_ART[glyph](g.len, g.dia, paint)}</g>`;
    const { halfW, halfH } = partExtent(glyph, axis);
    const [ex, ey] = leaderEnd(c, halfW, halfH);
    leaders += line(c.x, c.y, ex, ey, 1);
    circles += `<g><circle cx="${c.x}" cy="${c.y}" r="${CALLOUT_RADIUS}" fill="#fff" stroke="${INK}" stroke-width="2"/>` +
      `<text x="${c.x}" y="${c.y}" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="13" font-weight="700" fill="${INK}">${c.number}</text></g>`;
    // the parts of one line share its centre line: a row (same y) or a column (same x)
    const key = axis === 'h' ? `h${c.partY}` : `v${c.partX}`;
    const along = axis === 'h' ? [c.partX - halfW, c.partX + halfW] : [c.partY - halfH, c.partY + halfH];
    const span = rows.get(key);
    rows.set(key, span ? [Math.min(span[0]!, along[0]!), Math.max(span[1]!, along[1]!)] : along);
  }
  let centres = '';
  for (const [key, [a, b]] of rows) {
    const at = Number(key.slice(1));
    centres += key[0] === 'h' ? line(a! - 24, at, b! + 24, at, 1, hsl(o.hue, 20, 60)) : line(at, a! - 24, at, b! + 24, 1, hsl(o.hue, 20, 60));
  }
  const housing = o.type === undefined ? '' : (HOUSINGS[o.type] ?? '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${d.width} ${d.height}" width="${d.width}" height="${d.height}" role="img">` +
    `<title>${escapeXml(o.title)}</title>` +
    `<rect width="${d.width}" height="${d.height}" fill="#fbfcfd"/>` +
    `<rect x="6" y="6" width="${d.width - 12}" height="${d.height - 12}" fill="none" stroke="${hsl(o.hue, 15, 80)}" stroke-width="1"/>` +
    `<g fill="none" stroke="${hsl(o.hue, 15, 62)}" stroke-width="1.5" stroke-dasharray="7 5">${housing}</g>` +
    `<g stroke-dasharray="16 4 3 4">${centres}</g>` +
    `<g>${leaders}</g><g stroke="${INK}" stroke-width="1.3" stroke-linejoin="round">${parts}</g><g>${circles}</g></svg>`;
}
