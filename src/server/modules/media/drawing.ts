/**
 * Generated product and collection pictures: a shaded SVG drawing of the part, lit like a studio
 * product shot, drawn from the product's own facts (part-facts.ts): its kind of part (a pump, a
 * filter tank, a chemical jar ...), its sizes and the variant of its kind (part-bodies.ts), its
 * colour, and a label plate with its part number. Two pumps of different horsepower or build
 * look different; the same product always gets the same picture. The store then looks like a
 * parts store without shipping any image files. Rasterised to PNG by the media route. The
 * content pictures (src/server/modules/media/content-art.ts) and the equipment pictures reuse the part
 * drawings (without facts: a middle-sized part with no plate).
 * @module
 */
import type { Shape } from './shapes.ts';
import { partBody, type Paint } from './part-bodies.ts';
import { Traits, tintOf, type PartFacts, type Tint } from './part-facts.ts';

export type { PartFacts } from './part-facts.ts';

/** Widths the media routes serve: 200 to 800 in steps of 100. */
export const IMAGE_WIDTHS: readonly number[] = [200, 300, 400, 500, 600, 700, 800];

/**
 * Version of the part drawings, part of the media cache's file names: raise it when a drawing
 * changes, so PNGs rendered by an older drawing (a data directory of an earlier release) are
 * drawn again instead of served.
 */
export const PART_ART_VERSION = 6;

/** Width of an image URL without a width. @default 800 */
export const DEFAULT_IMAGE_WIDTH = 800;

/** A CSS hsl() colour with the hue wrapped into 0..359. */
export const hsl = (h: number, s: number, l: number): string => `hsl(${((h % 360) + 360) % 360},${s}%,${l}%)`;

/**
 * The gradients of a drawing, under ids that start with `p` so several drawings can share one
 * document (the content scenes place parts beside each other).
 */
function paintDefs(t: Tint, p: string): { defs: string; paint: Paint } {
  const pct = (v: number): number => Math.round(Math.min(100, Math.max(0, v)));
  const c = (s: number, l: number): string => hsl(t.hue, pct(s * t.sat), pct(l + t.light));
  const stops = (id: string, a: string, b: string, d: string): string =>
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.25"><stop offset="0" stop-color="${a}"/><stop offset="0.45" stop-color="${b}"/><stop offset="1" stop-color="${d}"/></linearGradient>`;
  const defs =
    stops(`${p}m`, c(60, 62), c(55, 46), c(55, 30)) +
    stops(`${p}d`, c(25, 34), c(25, 22), c(30, 12)) +
    stops(`${p}l`, c(60, 90), c(55, 76), c(45, 58)) +
    stops(`${p}k`, '#eef1f4', '#a9b2ba', '#66707a');
  return {
    defs,
    paint: {
      main: `url(#${p}m)`,
      dark: `url(#${p}d)`,
      light: `url(#${p}l)`,
      metal: `url(#${p}k)`,
      flat: { main: c(55, 45), dark: c(50, 28), light: c(60, 72), metal: '#9aa4ad' },
    },
  };
}

/**
 * A part drawn in a 400x400 box with its gradients, for pictures that place parts in a scene.
 * `id` prefixes the gradient ids (letters only), unique within the host document. Without
 * facts, a middle-sized part of its kind with no label plate.
 * @example
 * const { defs, body } = partArt('pump', 200, 'a');
 */
export function partArt(shape: Shape, hue: number, id: string, facts?: PartFacts): { defs: string; body: string } {
  const traits = new Traits(facts);
  const { defs, paint } = paintDefs(tintOf(hue, traits), id);
  return { defs, body: partBody(shape, paint, traits) };
}

/** What a product shot is drawn from: the kind of part, its picture's hue, the width, and the product's facts. */
export interface PartPicture extends PartFacts {
  shape: Shape;
  hue: number;
  width: number;
}

/**
 * A square product shot: the part, shaded, on a plain studio backdrop with a floor shadow, with
 * the product's part number on the part's label plate (or on a hang tag for small parts). No
 * caption, no file name: the label is part of the part, as on the real thing.
 * @example
 * renderPartSvg({ shape: 'pump', hue: 200, width: 400, partNumber: 'AQC-4821-K', attributes: [['Horsepower', '1.5 HP']] });
 */
export function renderPartSvg(o: PartPicture): string {
  const w = o.width;
  const hue = Number.isFinite(o.hue) ? o.hue : 200;
  const { defs, body: part } = partArt(o.shape, hue, 'p', o);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 400 400">` +
    `<defs>${defs}` +
    `</defs>` +
    // a flat backdrop and a stepped floor shadow: smooth gradients over the whole square would
    // triple the PNG's bytes, and the shading of the part itself is what makes it a product shot
    `<rect width="400" height="400" fill="${hsl(hue, 25, 95)}"/>` +
    `<ellipse cx="200" cy="350" rx="168" ry="18" fill="#1d2a36" opacity="0.08"/>` +
    `<ellipse cx="200" cy="348" rx="130" ry="11" fill="#1d2a36" opacity="0.1"/>` +
    `<g>${part}</g>` +
    `</svg>`;
}
