/**
 * Generated product and collection pictures: a shaded SVG drawing of the kind of part (a pump, a
 * filter tank, a chemical jar ...) in the product's colours, lit like a studio product shot. The
 * store then looks like a parts store without shipping any image files. Rasterised to PNG by the
 * media route. The content pictures (src/server/media/content-art.ts) reuse the part drawings.
 * @module
 */
import type { Shape } from '../seed/catalogue-data.ts';

/** Widths the media routes serve (spec section 9: 200 to 800 in steps of 100). */
export const IMAGE_WIDTHS: readonly number[] = [200, 300, 400, 500, 600, 700, 800];

/**
 * Version of the part drawings, part of the media cache's file names: raise it when a drawing
 * changes, so PNGs rendered by an older drawing (a data directory of an earlier release) are
 * drawn again instead of served.
 */
export const PART_ART_VERSION = 4;

/** Width of an image URL without a width. @default 800 */
export const DEFAULT_IMAGE_WIDTH = 800;

/** A CSS hsl() colour with the hue wrapped into 0..359. */
export const hsl = (h: number, s: number, l: number): string => `hsl(${((h % 360) + 360) % 360},${s}%,${l}%)`;

/** Fills of one drawing: gradient references for shaded surfaces, flat colours for strokes. */
interface Paint {
  /** Shaded main body. */
  main: string;
  /** Shaded dark parts (bases, caps). */
  dark: string;
  /** Shaded light parts (lids, media). */
  light: string;
  /** Brushed metal. */
  metal: string;
  /** Flat colours, for strokes (a gradient on a zero-height line draws nothing). */
  flat: { main: string; dark: string; light: string; metal: string };
}

/**
 * The gradients of a drawing, under ids that start with `p` so several drawings can share one
 * document (the content scenes place parts beside each other).
 */
function paintDefs(hue: number, p: string): { defs: string; paint: Paint } {
  const stops = (id: string, a: string, b: string, c: string): string =>
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.25"><stop offset="0" stop-color="${a}"/><stop offset="0.45" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient>`;
  const defs =
    stops(`${p}m`, hsl(hue, 60, 62), hsl(hue, 55, 46), hsl(hue, 55, 30)) +
    stops(`${p}d`, hsl(hue, 25, 34), hsl(hue, 25, 22), hsl(hue, 30, 12)) +
    stops(`${p}l`, hsl(hue, 60, 90), hsl(hue, 55, 76), hsl(hue, 45, 58)) +
    stops(`${p}k`, '#eef1f4', '#a9b2ba', '#66707a');
  return {
    defs,
    paint: {
      main: `url(#${p}m)`,
      dark: `url(#${p}d)`,
      light: `url(#${p}l)`,
      metal: `url(#${p}k)`,
      flat: { main: hsl(hue, 55, 45), dark: hsl(hue, 50, 28), light: hsl(hue, 60, 72), metal: '#9aa4ad' },
    },
  };
}

/** The body of a shape in a 400x400 box. */
function body(shape: Shape, c: Paint): string {
  const { main, dark, light, metal } = c;
  const f = c.flat;
  switch (shape) {
    case 'pump':
      // motor with cooling ribs and an end cap, the volute, a strainer pot with a clear lid;
      // drawn 30 lower so it stands on the floor shadow like the tall parts
      return `<g transform="translate(0 30)"><rect x="40" y="292" width="330" height="24" rx="6" fill="${dark}"/>
        <rect x="75" y="276" width="34" height="20" fill="${dark}"/><rect x="290" y="282" width="40" height="14" fill="${dark}"/>
        <rect x="44" y="160" width="150" height="122" rx="24" fill="${main}"/>
        ${Array.from({ length: 5 }, (_, i) => `<rect x="${66 + i * 24}" y="164" width="9" height="114" rx="4" fill="${f.dark}" opacity="0.3"/>`).join('')}
        <rect x="30" y="180" width="26" height="82" rx="9" fill="${dark}"/>
        <circle cx="226" cy="222" r="60" fill="${dark}"/><circle cx="226" cy="222" r="42" fill="${main}" opacity="0.55"/>
        <rect x="200" y="120" width="52" height="48" rx="6" fill="${metal}"/>
        <rect x="266" y="150" width="94" height="140" rx="16" fill="${dark}"/>
        <rect x="280" y="172" width="66" height="72" rx="8" fill="${light}" opacity="0.6"/>
        <rect x="258" y="132" width="110" height="26" rx="10" fill="${light}"/>
        <rect x="284" y="118" width="58" height="16" rx="6" fill="${dark}"/>
        <rect x="358" y="200" width="34" height="42" rx="5" fill="${metal}"/></g>`;
    case 'filter':
      // a domed tank on a base, the multiport valve and its handle, a pressure gauge
      return `<rect x="100" y="318" width="200" height="32" rx="8" fill="${dark}"/>
        <rect x="115" y="95" width="170" height="240" rx="72" fill="${main}"/>
        <rect x="135" y="130" width="14" height="170" rx="7" fill="#ffffff" opacity="0.35"/>
        <rect x="145" y="62" width="110" height="44" rx="10" fill="${dark}"/>
        <rect x="122" y="72" width="30" height="24" rx="5" fill="${metal}"/><rect x="248" y="72" width="30" height="24" rx="5" fill="${metal}"/>
        <rect x="150" y="40" width="100" height="16" rx="7" fill="${dark}"/><rect x="194" y="48" width="12" height="18" fill="${dark}"/>
        <circle cx="272" cy="40" r="20" fill="#ffffff" stroke="${f.dark}" stroke-width="5"/><path d="M272 40 l-10 -9" stroke="${f.dark}" stroke-width="3" stroke-linecap="round"/>
        <rect x="283" y="180" width="46" height="28" rx="6" fill="${metal}"/>`;
    case 'cell':
      // a clear tube with the electrode plates inside, unions at both ends, the cord housing
      return `<rect x="95" y="170" width="210" height="100" rx="20" fill="${light}" opacity="0.75"/>
        ${Array.from({ length: 6 }, (_, i) => `<rect x="110" y="${182 + i * 14}" width="180" height="6" rx="2" fill="${f.metal}"/>`).join('')}
        <rect x="40" y="160" width="62" height="120" rx="14" fill="${main}"/><rect x="298" y="160" width="62" height="120" rx="14" fill="${main}"/>
        <rect x="20" y="190" width="26" height="60" rx="6" fill="${dark}"/><rect x="354" y="190" width="26" height="60" rx="6" fill="${dark}"/>
        <rect x="165" y="120" width="70" height="52" rx="8" fill="${dark}"/>
        <path d="M200 120 C 200 80 250 70 290 60" stroke="${f.dark}" stroke-width="8" fill="none"/>`;
    case 'cartridge':
      return `<rect x="130" y="60" width="140" height="280" rx="12" fill="${light}"/>
        ${Array.from({ length: 10 }, (_, i) => `<line x1="135" x2="265" y1="${80 + i * 25}" y2="${80 + i * 25}" stroke="${f.main}" stroke-width="6"/>`).join('')}
        <rect x="120" y="50" width="160" height="24" rx="6" fill="${dark}"/><rect x="120" y="326" width="160" height="24" rx="6" fill="${dark}"/>`;
    case 'heater':
      return `<rect x="80" y="70" width="240" height="260" rx="14" fill="${main}"/>
        ${Array.from({ length: 6 }, (_, i) => `<rect x="105" y="${95 + i * 22}" width="190" height="10" rx="4" fill="${dark}"/>`).join('')}
        <rect x="150" y="250" width="100" height="50" rx="6" fill="${light}"/>`;
    case 'cleaner':
      return `<rect x="70" y="150" width="260" height="150" rx="50" fill="${main}"/>
        <rect x="70" y="270" width="260" height="40" rx="20" fill="${dark}"/>
        <circle cx="200" cy="190" r="28" fill="${light}"/>
        <path d="M200 150 C 220 90, 300 80, 340 60" stroke="${f.metal}" stroke-width="12" fill="none"/>`;
    case 'jar':
    case 'bag':
      return `<rect x="110" y="110" width="180" height="230" rx="${shape === 'bag' ? 40 : 20}" fill="${main}"/>
        <rect x="140" y="70" width="120" height="50" rx="8" fill="${shape === 'bag' ? main : dark}"/>
        <rect x="130" y="170" width="140" height="90" rx="8" fill="#fff" opacity="0.9"/>
        <rect x="150" y="195" width="100" height="12" fill="${dark}"/><rect x="150" y="220" width="70" height="10" fill="${light}"/>`;
    case 'jet':
      return `<circle cx="200" cy="200" r="120" fill="${metal}"/><circle cx="200" cy="200" r="85" fill="${main}"/>
        <circle cx="200" cy="200" r="35" fill="${dark}"/><circle cx="200" cy="200" r="12" fill="${light}"/>`;
    case 'ring':
      return `<circle cx="200" cy="200" r="130" fill="none" stroke="${f.main}" stroke-width="36"/>
        <circle cx="200" cy="200" r="130" fill="none" stroke="${f.light}" stroke-width="6" opacity="0.6"/>`;
    case 'impeller':
      return `<circle cx="200" cy="200" r="140" fill="${light}"/>
        ${Array.from({ length: 7 }, (_, i) => `<path d="M200 200 Q ${200 + 120 * Math.cos((i * 2 * Math.PI) / 7 + 0.6)} ${200 + 120 * Math.sin((i * 2 * Math.PI) / 7 + 0.6)} ${200 + 135 * Math.cos((i * 2 * Math.PI) / 7)} ${200 + 135 * Math.sin((i * 2 * Math.PI) / 7)}" stroke="${f.main}" stroke-width="16" fill="none"/>`).join('')}
        <circle cx="200" cy="200" r="34" fill="${dark}"/>`;
    case 'motor':
      return `<rect x="70" y="130" width="230" height="160" rx="30" fill="${main}"/>
        ${Array.from({ length: 5 }, (_, i) => `<rect x="${95 + i * 40}" y="125" width="14" height="170" fill="${dark}"/>`).join('')}
        <rect x="300" y="190" width="70" height="40" rx="6" fill="${metal}"/><rect x="110" y="290" width="150" height="30" fill="${dark}"/>`;
    case 'light':
      return `<circle cx="200" cy="200" r="140" fill="${metal}"/><circle cx="200" cy="200" r="110" fill="${light}"/>
        <circle cx="200" cy="200" r="60" fill="#fffbe6"/><circle cx="200" cy="200" r="110" fill="none" stroke="${f.main}" stroke-width="8"/>`;
    case 'controller':
      return `<rect x="90" y="80" width="220" height="250" rx="16" fill="${dark}"/>
        <rect x="115" y="105" width="170" height="90" rx="6" fill="${light}"/>
        ${[0, 1, 2].map((r) => [0, 1, 2].map((c) => `<circle cx="${145 + c * 55}" cy="${230 + r * 32}" r="12" fill="${main}"/>`).join('')).join('')}`;
    case 'valve':
      return `<rect x="50" y="175" width="300" height="60" rx="10" fill="${metal}"/>
        <circle cx="200" cy="205" r="75" fill="${main}"/><rect x="185" y="70" width="30" height="70" fill="${dark}"/>
        <rect x="120" y="55" width="160" height="30" rx="12" fill="${dark}"/>`;
    case 'skimmer':
    case 'basket':
      return `<path d="M90 120 L310 120 L280 330 L120 330 Z" fill="${main}"/>
        ${Array.from({ length: 6 }, (_, i) => `<line x1="${125 + i * 30}" y1="135" x2="${135 + i * 26}" y2="320" stroke="${f.light}" stroke-width="6"/>`).join('')}
        <rect x="75" y="100" width="250" height="30" rx="10" fill="${dark}"/>`;
    case 'cover':
      return `<path d="M50 140 Q 200 80 350 140 L 350 300 Q 200 240 50 300 Z" fill="${main}"/>
        ${Array.from({ length: 5 }, (_, i) => `<path d="M50 ${170 + i * 25} Q 200 ${110 + i * 25} 350 ${170 + i * 25}" stroke="${f.light}" stroke-width="5" fill="none"/>`).join('')}`;
    case 'kit':
      return `<rect x="80" y="130" width="240" height="180" rx="14" fill="${main}"/>
        <rect x="105" y="95" width="30" height="150" rx="10" fill="#fff" stroke="${f.dark}" stroke-width="4"/>
        <rect x="150" y="95" width="30" height="150" rx="10" fill="${light}" stroke="${f.dark}" stroke-width="4"/>
        <rect x="195" y="95" width="30" height="150" rx="10" fill="#f5d76e" stroke="${f.dark}" stroke-width="4"/>
        <rect x="240" y="95" width="30" height="150" rx="10" fill="#e8837a" stroke="${f.dark}" stroke-width="4"/>`;
  }
}

/**
 * A part drawn in a 400x400 box with its gradients, for pictures that place parts in a scene.
 * `id` prefixes the gradient ids (letters only), unique within the host document.
 * @example
 * const { defs, body } = partArt('pump', 200, 'a');
 */
export function partArt(shape: Shape, hue: number, id: string): { defs: string; body: string } {
  const { defs, paint } = paintDefs(hue, id);
  return { defs, body: body(shape, paint) };
}

/**
 * A square product shot: the part, shaded, on a plain studio backdrop with a floor shadow. No caption: the part number is in the page, and a picture that prints a label
 * looks like a placeholder.
 * @example
 * renderPartSvg({ shape: 'pump', hue: 200, width: 400 });
 */
export function renderPartSvg(o: { shape: Shape; hue: number; width: number }): string {
  const w = o.width;
  const { defs, body: part } = partArt(o.shape, o.hue, 'p');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 400 400">` +
    `<defs>${defs}` +
    `</defs>` +
    // a flat backdrop and a stepped floor shadow: smooth gradients over the whole square would
    // triple the PNG's bytes, and the shading of the part itself is what makes it a product shot
    `<rect width="400" height="400" fill="${hsl(o.hue, 25, 95)}"/>` +
    `<ellipse cx="200" cy="350" rx="168" ry="18" fill="#1d2a36" opacity="0.08"/>` +
    `<ellipse cx="200" cy="348" rx="130" ry="11" fill="#1d2a36" opacity="0.1"/>` +
    `<g>${part}</g>` +
    `</svg>`;
}
