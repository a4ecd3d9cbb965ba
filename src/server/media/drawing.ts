/**
 * Generated product and collection pictures: a flat SVG drawing of the kind of part (a pump, a
 * filter tank, a chemical jar ...) in the product's colours, with its part number as a caption.
 * The store then looks like a parts store without shipping any image files. Rasterised to PNG
 * by the media route.
 * @module
 */
import type { Shape } from '../seed/catalogue-data.ts';

/** Widths the media routes serve (spec section 9: 200 to 800 in steps of 100). */
export const IMAGE_WIDTHS: readonly number[] = [200, 300, 400, 500, 600, 700, 800];

/** Width of an image URL without a width. @default 800 */
export const DEFAULT_IMAGE_WIDTH = 800;

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const hsl = (h: number, s: number, l: number): string => `hsl(${((h % 360) + 360) % 360},${s}%,${l}%)`;

/** The body of a shape in a 400x400 box, coloured from the hue. */
function body(shape: Shape, hue: number): string {
  const main = hsl(hue, 55, 45);
  const dark = hsl(hue, 50, 28);
  const light = hsl(hue, 60, 72);
  const metal = '#9aa4ad';
  switch (shape) {
    case 'pump':
      return `<rect x="60" y="170" width="170" height="120" rx="18" fill="${main}"/>
        <rect x="40" y="185" width="30" height="90" rx="6" fill="${dark}"/>
        <circle cx="285" cy="230" r="78" fill="${light}" stroke="${dark}" stroke-width="10"/>
        <rect x="250" y="110" width="70" height="50" rx="8" fill="${metal}"/>
        <rect x="330" y="210" width="50" height="40" rx="6" fill="${metal}"/>
        <rect x="50" y="290" width="300" height="30" rx="6" fill="${dark}"/>`;
    case 'filter':
    case 'cell':
      return `<rect x="120" y="80" width="160" height="250" rx="70" fill="${main}"/>
        <rect x="150" y="50" width="100" height="45" rx="10" fill="${metal}"/>
        <rect x="100" y="320" width="200" height="30" rx="8" fill="${dark}"/>
        <rect x="280" y="150" width="50" height="30" rx="6" fill="${metal}"/>`;
    case 'cartridge':
      return `<rect x="130" y="60" width="140" height="280" rx="12" fill="${light}"/>
        ${Array.from({ length: 10 }, (_, i) => `<line x1="135" x2="265" y1="${80 + i * 25}" y2="${80 + i * 25}" stroke="${main}" stroke-width="6"/>`).join('')}
        <rect x="120" y="50" width="160" height="24" rx="6" fill="${dark}"/><rect x="120" y="326" width="160" height="24" rx="6" fill="${dark}"/>`;
    case 'heater':
      return `<rect x="80" y="70" width="240" height="260" rx="14" fill="${main}"/>
        ${Array.from({ length: 6 }, (_, i) => `<rect x="105" y="${95 + i * 22}" width="190" height="10" rx="4" fill="${dark}"/>`).join('')}
        <rect x="150" y="250" width="100" height="50" rx="6" fill="${light}"/>`;
    case 'cleaner':
      return `<rect x="70" y="150" width="260" height="150" rx="50" fill="${main}"/>
        <rect x="70" y="270" width="260" height="40" rx="20" fill="${dark}"/>
        <circle cx="200" cy="190" r="28" fill="${light}"/>
        <path d="M200 150 C 220 90, 300 80, 340 60" stroke="${metal}" stroke-width="12" fill="none"/>`;
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
      return `<circle cx="200" cy="200" r="130" fill="none" stroke="${main}" stroke-width="36"/>
        <circle cx="200" cy="200" r="130" fill="none" stroke="${light}" stroke-width="6" opacity="0.6"/>`;
    case 'impeller':
      return `<circle cx="200" cy="200" r="140" fill="${light}"/>
        ${Array.from({ length: 7 }, (_, i) => `<path d="M200 200 Q ${200 + 120 * Math.cos((i * 2 * Math.PI) / 7 + 0.6)} ${200 + 120 * Math.sin((i * 2 * Math.PI) / 7 + 0.6)} ${200 + 135 * Math.cos((i * 2 * Math.PI) / 7)} ${200 + 135 * Math.sin((i * 2 * Math.PI) / 7)}" stroke="${main}" stroke-width="16" fill="none"/>`).join('')}
        <circle cx="200" cy="200" r="34" fill="${dark}"/>`;
    case 'motor':
      return `<rect x="70" y="130" width="230" height="160" rx="30" fill="${main}"/>
        ${Array.from({ length: 5 }, (_, i) => `<rect x="${95 + i * 40}" y="125" width="14" height="170" fill="${dark}"/>`).join('')}
        <rect x="300" y="190" width="70" height="40" rx="6" fill="${metal}"/><rect x="110" y="290" width="150" height="30" fill="${dark}"/>`;
    case 'light':
      return `<circle cx="200" cy="200" r="140" fill="${metal}"/><circle cx="200" cy="200" r="110" fill="${light}"/>
        <circle cx="200" cy="200" r="60" fill="#fffbe6"/><circle cx="200" cy="200" r="110" fill="none" stroke="${main}" stroke-width="8"/>`;
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
        ${Array.from({ length: 6 }, (_, i) => `<line x1="${125 + i * 30}" y1="135" x2="${135 + i * 26}" y2="320" stroke="${light}" stroke-width="6"/>`).join('')}
        <rect x="75" y="100" width="250" height="30" rx="10" fill="${dark}"/>`;
    case 'cover':
      return `<path d="M50 140 Q 200 80 350 140 L 350 300 Q 200 240 50 300 Z" fill="${main}"/>
        ${Array.from({ length: 5 }, (_, i) => `<path d="M50 ${170 + i * 25} Q 200 ${110 + i * 25} 350 ${170 + i * 25}" stroke="${light}" stroke-width="5" fill="none"/>`).join('')}`;
    case 'kit':
      return `<rect x="80" y="130" width="240" height="180" rx="14" fill="${main}"/>
        <rect x="105" y="95" width="30" height="150" rx="10" fill="#fff" stroke="${dark}" stroke-width="4"/>
        <rect x="150" y="95" width="30" height="150" rx="10" fill="${light}" stroke="${dark}" stroke-width="4"/>
        <rect x="195" y="95" width="30" height="150" rx="10" fill="#f5d76e" stroke="${dark}" stroke-width="4"/>
        <rect x="240" y="95" width="30" height="150" rx="10" fill="#e8837a" stroke="${dark}" stroke-width="4"/>`;
  }
}

/**
 * A square SVG picture.
 * @example
 * renderPartSvg({ shape: 'pump', hue: 200, caption: 'SPX-1600-S', width: 400 });
 */
export function renderPartSvg(o: { shape: Shape; hue: number; caption: string; width: number }): string {
  const w = o.width;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 400 400">` +
    `<rect width="400" height="400" fill="${hsl(o.hue, 35, 95)}"/>` +
    `<circle cx="200" cy="200" r="185" fill="${hsl(o.hue, 40, 89)}"/>` +
    `<g>${body(o.shape, o.hue)}</g>` +
    `<text x="200" y="382" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="bold" fill="${hsl(o.hue, 40, 25)}">${esc(o.caption.slice(0, 28))}</text>` +
    `</svg>`;
}
