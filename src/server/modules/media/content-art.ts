/**
 * The store's content artwork, drawn as SVG from an image's slug (the URL form stays
 * `/media/content/{slug}-{width}.svg`, so databases seeded before keep working): the logo and
 * favicon, hero illustrations of a pool, an equipment pad and a spa, icons for the info cards, a
 * mark for each brand, article pictures that show the article's subject (a pump, a filter, water
 * chemistry, a pool being opened or closed ...), banners, the exit popup's pool water and the
 * no-image picture. No picture prints its own name: captions are HTML around the picture.
 * Deterministic: the same slug and width give the same bytes.
 * @module
 */
import type { Shape } from './shapes.ts';
import { hsl, partArt } from './drawing.ts';

/** A stable 32-bit hash of a slug (FNV-1a), for colours and variations that survive reseeding. */
export function slugHash(slug: string): number {
  let h = 2166136261;
  for (let i = 0; i < slug.length; i++) h = Math.imul(h ^ slug.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Height over width of the picture of a slug. */
export function contentAspect(slug: string): number {
  if (/^logo/.test(slug)) return 4 / 15;
  if (/^(favicon|brand|avatar|info|menu|no-image)/.test(slug)) return 1;
  if (/^hero/.test(slug)) return 3 / 8;
  if (/^banner-product-top/.test(slug)) return 150 / 1300;
  if (/^banner-featured/.test(slug)) return 36 / 25;
  return 9 / 16;
}

const svg = (width: number, height: number, vw: number, vh: number, inner: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}">${inner}</svg>`;

const FONT = "font-family=\"'Trebuchet MS', 'DejaVu Sans', Verdana, Arial, sans-serif\"";

/** The store's mark: a drop of pool water with a skimmer net's wave through it, in a disc. */
function markBody(id: string): string {
  return `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1fa3d6"/><stop offset="1" stop-color="#0b3d6e"/></linearGradient>` +
    `<linearGradient id="${id}w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bff0ff"/><stop offset="1" stop-color="#4cc3ea"/></linearGradient></defs>` +
    `<circle cx="50" cy="50" r="48" fill="url(#${id}g)"/>` +
    `<path d="M50 14 C 62 32 74 44 74 60 A 24 24 0 0 1 26 60 C 26 44 38 32 50 14 Z" fill="url(#${id}w)"/>` +
    `<path d="M24 60 Q 37 50 50 60 T 76 60" fill="none" stroke="#0b3d6e" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M30 70 Q 40 63 50 70 T 70 70" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.9"/>` +
    `<circle cx="42" cy="40" r="5" fill="#ffffff" opacity="0.75"/>`;
}

/** The logo: the mark beside the store's name set as a wordmark. */
function logo(width: number): string {
  return svg(width, Math.round(width * contentAspect('logo')), 300, 80,
    `<g transform="translate(4 6) scale(0.68)">${markBody('m')}</g>` +
    `<text x="82" y="44" ${FONT} font-size="38" font-weight="700" fill="#0b3d6e" letter-spacing="-0.5">Skimmer</text>` +
    `<text x="84" y="66" ${FONT} font-size="13" font-weight="700" fill="#1689b8" letter-spacing="3.2">POOL &amp; SPA SUPPLY</text>`);
}

/** The favicon: the mark alone. */
const favicon = (width: number): string => svg(width, width, 100, 100, markBody('f'));

// Scenery ---------------------------------------------------------------------------------------

/** Sky, sun and clouds over a hedge, in a 1600-wide scene of the given height. */
function sky(h: number, tone: 'day' | 'dusk' | 'storm' | 'winter'): string {
  const [top, bottom] = tone === 'day' ? ['#5bb8f0', '#d6f0ff'] : tone === 'dusk' ? ['#3b2a6b', '#f0a26b'] : tone === 'storm' ? ['#3d4a5a', '#8c99a6'] : ['#9fb8cc', '#eef4f8'];
  const sun = tone === 'day' ? '<circle cx="1380" cy="90" r="55" fill="#fff3b0"/><circle cx="1380" cy="90" r="85" fill="#fff3b0" opacity="0.3"/>'
    : tone === 'dusk' ? '<circle cx="1250" cy="250" r="70" fill="#ffd08a" opacity="0.9"/>' : '';
  const cloud = (x: number, y: number, s: number, fill: string): string =>
    `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><ellipse cx="0" cy="0" rx="70" ry="26"/><ellipse cx="-40" cy="8" rx="45" ry="20"/><ellipse cx="45" cy="6" rx="50" ry="22"/><ellipse cx="5" cy="-18" rx="40" ry="24"/></g>`;
  const clouds = tone === 'storm'
    ? cloud(300, 80, 2.2, '#2d3743') + cloud(800, 60, 2.6, '#353f4c') + cloud(1300, 90, 2.3, '#2a333e')
    : tone === 'dusk' ? cloud(420, 90, 1.3, '#f6b98f') : cloud(350, 70, 1.2, '#ffffff') + cloud(900, 110, 0.9, '#ffffff');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    `<rect width="1600" height="${h}" fill="url(#sky)"/>${sun}${clouds}`;
}

/** A row of rounded shrubs along y. */
function hedge(y: number, colour: string, seed: number): string {
  let out = '';
  for (let i = 0; i < 18; i++) {
    const r = 45 + ((seed * (i + 3) * 37) % 35);
    out += `<circle cx="${i * 95 - 20}" cy="${y}" r="${r}" fill="${colour}"/>`;
  }
  return `${out}<rect x="0" y="${y}" width="1600" height="60" fill="${colour}"/>`;
}

/** Water: a gradient with light ripples, in a path. */
function water(id: string, d: string, top: string, bottom: string, ripples: string): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<clipPath id="${id}c"><path d="${d}"/></clipPath></defs>` +
    `<path d="${d}" fill="url(#${id})"/><g clip-path="url(#${id}c)" fill="none" stroke="#ffffff" stroke-linecap="round" opacity="0.45">${ripples}</g>`;
}

/** Caustic ripple lines over a box: wavy strokes in rows, offset by a seed. */
function ripples(x0: number, y0: number, w: number, h: number, seed: number, rows = 7): string {
  let out = '';
  for (let r = 0; r < rows; r++) {
    const y = y0 + ((r + 0.5) * h) / rows;
    const off = ((seed * (r + 1) * 53) % 120) - 60;
    for (let x = x0 - 120 + off; x < x0 + w; x += 240) {
      out += `<path d="M${x} ${y} q 30 -10 60 0 t 60 0" stroke-width="${3 + (r % 3)}"/>`;
    }
  }
  return out;
}

/** A backyard pool in perspective; `state` paints the water and what lies on it. */
function poolScene(h: number, state: 'open' | 'winter' | 'storm' | 'green' | 'covered' | 'tile' | 'leak' | 'brush', seed: number): string {
  const tone = state === 'winter' || state === 'covered' ? 'winter' : state === 'storm' ? 'storm' : 'day';
  const deckTop = h * 0.48;
  const pool = `M 330 ${h * 0.58} L 1270 ${h * 0.58} L 1420 ${h * 0.93} L 180 ${h * 0.93} Z`;
  const [wTop, wBottom] = state === 'green' ? ['#7fae3a', '#3f6b1e'] : state === 'storm' ? ['#4f8fa8', '#24566e'] : ['#6fd6f2', '#1683b8'];
  let surface = water('pw', pool, wTop, wBottom, ripples(180, h * 0.58, 1240, h * 0.35, seed, 6));
  if (state === 'winter' || state === 'covered') {
    // a safety cover over the pool, anchored with straps; snow on the deck in winter
    surface += `<path d="${pool}" fill="${state === 'winter' ? '#2f5d4a' : '#1f4f7a'}"/>`;
    for (let i = 1; i < 10; i++) surface += `<path d="M ${330 - i * 15 + i * 94} ${h * 0.58} L ${180 + i * 124} ${h * 0.93}" stroke="#ffffff" stroke-opacity="0.25" stroke-width="6"/>`;
    if (state === 'winter') for (let i = 0; i < 40; i++) surface += `<circle cx="${(i * 173 + seed * 31) % 1600}" cy="${(i * 97 + seed * 13) % Math.round(h * 0.95)}" r="${4 + (i % 4)}" fill="#ffffff" opacity="0.85"/>`;
  }
  if (state === 'open') {
    // the winter cover rolled up at the deep end, a lounger and an umbrella
    surface += `<rect x="1290" y="${h * 0.5}" width="240" height="38" rx="19" fill="#2f5d4a"/><rect x="1290" y="${h * 0.5 + 8}" width="240" height="6" fill="#ffffff" opacity="0.3"/>`;
    surface += `<path d="M 80 ${h * 0.62} l 200 0 l 40 -50" stroke="#ffffff" stroke-width="14" fill="none" stroke-linecap="round"/><path d="M 90 ${h * 0.62} l 0 40 M 270 ${h * 0.62} l 0 40" stroke="#c9d3da" stroke-width="8"/>`;
    surface += `<path d="M 1480 ${h * 0.3} l 0 ${h * 0.34}" stroke="#6b4b2e" stroke-width="10"/><path d="M 1360 ${h * 0.32} Q 1480 ${h * 0.16} 1600 ${h * 0.32} Z" fill="#ef6b4a"/>`;
  }
  if (state === 'storm') for (let i = 0; i < 60; i++) surface += `<path d="M ${(i * 131) % 1600} ${(i * 71) % Math.round(h * 0.9)} l -14 34" stroke="#dfe8ef" stroke-width="3" opacity="0.6"/>`;
  if (state === 'tile') surface += `<rect x="330" y="${h * 0.58}" width="940" height="22" fill="#1d6fa5"/>` + Array.from({ length: 24 }, (_, i) => `<rect x="${332 + i * 39}" y="${h * 0.58 + 2}" width="36" height="18" fill="${i % 2 ? '#2e8bc0' : '#e9f4fb'}"/>`).join('');
  if (state === 'leak') surface += `<path d="M 800 ${h * 0.22} C 830 ${h * 0.3} 860 ${h * 0.36} 860 ${h * 0.42} A 60 60 0 0 1 740 ${h * 0.42} C 740 ${h * 0.36} 770 ${h * 0.3} 800 ${h * 0.22} Z" fill="#2ea7e0" stroke="#ffffff" stroke-width="8"/><rect x="310" y="${h * 0.6}" width="60" height="10" fill="#f2c94c"/>`;
  if (state === 'brush') surface += `<path d="M 1150 ${h * 0.05} L 760 ${h * 0.8}" stroke="#c9d3da" stroke-width="16" stroke-linecap="round"/><rect x="640" y="${h * 0.78}" width="240" height="40" rx="10" fill="#0b3d6e"/>` + Array.from({ length: 14 }, (_, i) => `<path d="M ${652 + i * 16} ${h * 0.78 + 40} l 0 22" stroke="#f2c94c" stroke-width="6"/>`).join('');
  const ladder = state === 'open' || state === 'tile' || state === 'brush'
    ? `<path d="M 1120 ${h * 0.5} q 0 -60 40 -60 q 40 0 40 60 l 0 ${h * 0.12} M 1180 ${h * 0.5} q 0 -60 40 -60 q 40 0 40 60 l 0 ${h * 0.12}" stroke="#dfe6ec" stroke-width="12" fill="none"/>` : '';
  return sky(deckTop, tone) + hedge(deckTop - 10, tone === 'winter' ? '#5d7d6a' : '#3f8a4e', seed) +
    `<rect y="${deckTop}" width="1600" height="${h - deckTop}" fill="${tone === 'winter' ? '#e8eef2' : '#e6d3b3'}"/>` +
    `<path d="M 300 ${h * 0.55} L 1300 ${h * 0.55} L 1460 ${h * 0.96} L 140 ${h * 0.96} Z" fill="#f4efe6"/>` +
    surface + ladder;
}

/** A hot tub on a deck under an evening sky, with steam and bubbles. */
function spaScene(h: number): string {
  const top = h * 0.55;
  let bubbles = '';
  for (let i = 0; i < 26; i++) bubbles += `<circle cx="${560 + ((i * 97) % 480)}" cy="${top + 20 + ((i * 53) % Math.round(h * 0.12))}" r="${4 + (i % 5)}" fill="#ffffff" opacity="0.7"/>`;
  let steam = '';
  for (let i = 0; i < 5; i++) steam += `<path d="M ${600 + i * 90} ${top} c -30 -40 30 -70 0 -110 c -30 -40 30 -70 0 -110" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.35" stroke-linecap="round"/>`;
  let boards = '';
  for (let i = 0; i < 9; i++) boards += `<rect y="${h * 0.72 + i * 30}" width="1600" height="26" fill="${i % 2 ? '#8a5a36' : '#9a6840'}"/>`;
  return sky(h * 0.72, 'dusk') + hedge(h * 0.6, '#2f4a3f', 7) + boards +
    `<rect x="470" y="${top - 10}" width="660" height="${h * 0.35}" rx="40" fill="#5b3b25"/>` +
    Array.from({ length: 12 }, (_, i) => `<rect x="${490 + i * 54}" y="${top + 20}" width="8" height="${h * 0.3}" fill="#4a2f1c"/>`).join('') +
    `<ellipse cx="800" cy="${top}" rx="330" ry="${h * 0.07}" fill="#dfe6ec"/>` +
    water('sw', `M 490 ${top} A 310 ${h * 0.055} 0 0 1 1110 ${top} A 310 ${h * 0.055} 0 0 1 490 ${top} Z`, '#7fe3f5', '#1aa0c8', ripples(490, top - h * 0.055, 620, h * 0.11, 3, 3)) +
    bubbles + steam +
    `<circle cx="300" cy="${h * 0.5}" r="14" fill="#ffe9a8"/><circle cx="300" cy="${h * 0.5}" r="40" fill="#ffe9a8" opacity="0.25"/><rect x="295" y="${h * 0.5}" width="10" height="${h * 0.22}" fill="#2a2a2a"/>` +
    `<circle cx="1320" cy="${h * 0.5}" r="14" fill="#ffe9a8"/><circle cx="1320" cy="${h * 0.5}" r="40" fill="#ffe9a8" opacity="0.25"/><rect x="1315" y="${h * 0.5}" width="10" height="${h * 0.22}" fill="#2a2a2a"/>`;
}

/** A part (400-box drawing) placed at (x, y) with a scale. */
function placePart(shape: Shape, hue: number, id: string, x: number, y: number, scale: number): string {
  const { defs, body } = partArt(shape, hue, id);
  return `<defs>${defs}</defs><g transform="translate(${x} ${y}) scale(${scale})">${body}</g>`;
}

/** An equipment pad behind a fence: a pump and a filter joined by pipes. */
function equipmentScene(h: number): string {
  let fence = '';
  for (let i = 0; i < 34; i++) fence += `<rect x="${i * 48}" y="${h * 0.16}" width="42" height="${h * 0.5}" rx="4" fill="${i % 2 ? '#c9a77c' : '#d4b48a'}"/>`;
  return sky(h * 0.4, 'day') + fence + `<rect y="${h * 0.62}" width="1600" height="${h * 0.38}" fill="#b8bcbf"/>` +
    `<rect x="420" y="${h * 0.68}" width="1080" height="${h * 0.26}" rx="10" fill="#d5d8da"/>` +
    `<path d="M 760 ${h * 0.2} L 760 ${h * 0.08} L 1240 ${h * 0.08} L 1240 ${h * 0.02}" stroke="#e9edf0" stroke-width="28" fill="none"/>` +
    `<path d="M 1540 ${h * 0.45} L 1590 ${h * 0.45}" stroke="#e9edf0" stroke-width="28" fill="none"/>` +
    placePart('pump', 205, 'a', 380, -h * 0.12, 1.7) +
    placePart('filter', 200, 'b', 1060, -h * 0.02, 1.42) +
    `<ellipse cx="200" cy="${h * 0.82}" rx="120" ry="30" fill="#7c8a6a"/><circle cx="170" cy="${h * 0.66}" r="70" fill="#4f8f4a"/><circle cx="250" cy="${h * 0.7}" r="60" fill="#5fa055"/>`;
}

/** A hero illustration: wide, with room on the left for the HTML caption. */
function hero(slug: string, width: number): string {
  const h = 600;
  const body = /pump|equipment/.test(slug) ? equipmentScene(h) : /spa/.test(slug) ? spaScene(h) : poolScene(h, 'open', slugHash(slug) % 97);
  return svg(width, Math.round(width * contentAspect(slug)), 1600, h, body);
}

// Icons -----------------------------------------------------------------------------------------

/** Pictograms for the info cards, in a 100-unit box. */
const ICONS: readonly (readonly [RegExp, string])[] = [
  [/ship|truck|deliver/, '<path d="M12 34h44v30H12z" fill="#0b3d6e"/><path d="M56 42h16l12 12v10H56z" fill="#1689b8"/><path d="M60 46h10l8 8H60z" fill="#d6f0ff"/><circle cx="28" cy="66" r="8" fill="#1f2a33" stroke="#fff" stroke-width="3"/><circle cx="72" cy="66" r="8" fill="#1f2a33" stroke="#fff" stroke-width="3"/><path d="M4 42h14M0 50h14M6 58h10" stroke="#1689b8" stroke-width="4" stroke-linecap="round"/>'],
  [/expert|help|support/, '<circle cx="50" cy="38" r="16" fill="#f2c9a0"/><path d="M24 80c0-16 12-24 26-24s26 8 26 24z" fill="#0b3d6e"/><path d="M30 40a20 20 0 0 1 40 0" stroke="#1689b8" stroke-width="6" fill="none"/><rect x="24" y="36" width="10" height="16" rx="4" fill="#1689b8"/><rect x="66" y="36" width="10" height="16" rx="4" fill="#1689b8"/><path d="M70 52q0 8-12 9" stroke="#1689b8" stroke-width="4" fill="none"/><path d="M44 64l6 10 6-10" fill="#ffffff"/>'],
  [/return|refund/, '<path d="M30 40h40v34H30z" fill="#e7c48e"/><path d="M30 40l8-10h24l8 10z" fill="#d4a86a"/><path d="M46 40v12h8V40" fill="#0b3d6e"/><path d="M84 50a34 34 0 1 1-10-24" stroke="#1689b8" stroke-width="7" fill="none" stroke-linecap="round"/><path d="M64 16l14 10-12 12z" fill="#1689b8"/>'],
  [/search|part-number|find/, '<rect x="12" y="22" width="58" height="40" rx="4" fill="#ffffff" stroke="#0b3d6e" stroke-width="4"/><path d="M20 30v24M26 30v24M30 30v24M36 30v24M42 30v24M45 30v24M50 30v24M56 30v24M60 30v24" stroke="#0b3d6e" stroke-width="3"/><circle cx="62" cy="58" r="16" fill="#d6f0ff" fill-opacity="0.8" stroke="#1689b8" stroke-width="7"/><path d="M74 70l14 14" stroke="#1689b8" stroke-width="9" stroke-linecap="round"/>'],
];

/** An info card icon: a pictogram on a soft tile. */
function infoIcon(slug: string, width: number): string {
  const icon = ICONS.find(([re]) => re.test(slug))?.[1] ?? '<circle cx="50" cy="50" r="26" fill="#1689b8"/><path d="M38 50l8 8 16-18" stroke="#fff" stroke-width="7" fill="none"/>';
  return svg(width, width, 100, 100,
    '<defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8f6fd"/><stop offset="1" stop-color="#c7e7f5"/></linearGradient></defs>' +
    `<rect width="100" height="100" rx="18" fill="url(#t)"/><g transform="translate(5 5) scale(0.9)">${icon}</g>`);
}

// Brand marks -----------------------------------------------------------------------------------

const BRAND_PALETTES: readonly (readonly [string, string])[] = [
  ['#0b3d6e', '#2ea7e0'], ['#0f5e4e', '#35c29a'], ['#5a2a82', '#b07be0'], ['#8a2d1e', '#f08a4b'],
  ['#1d3557', '#e63946'], ['#264653', '#e9c46a'], ['#023047', '#ffb703'], ['#3a0ca3', '#4cc9f0'],
  ['#2b2d42', '#8d99ae'], ['#006d77', '#83c5be'], ['#7b2cbf', '#ff9e00'], ['#14213d', '#fca311'],
];

/** The outline of a brand's emblem, centred on (100, 100). */
const EMBLEMS: readonly string[] = [
  '<circle cx="100" cy="100" r="84"/>',
  '<path d="M100 14 L172 40 V100 C172 146 140 174 100 188 C60 174 28 146 28 100 V40 Z"/>',
  '<path d="M100 12 L176 56 V144 L100 188 L24 144 V56 Z"/>',
  '<path d="M100 12 C130 60 168 92 168 128 A68 68 0 0 1 32 128 C32 92 70 60 100 12 Z"/>',
  '<rect x="20" y="20" width="160" height="160" rx="40"/>',
  '<path d="M100 10 L190 100 L100 190 L10 100 Z"/>',
];

/** Motifs drawn over the emblem, light on dark. */
const MOTIFS: readonly ((light: string) => string)[] = [
  (c) => `<path d="M40 146 q 15 -12 30 0 t 30 0 t 30 0 t 30 0" stroke="${c}" stroke-width="7" fill="none" stroke-linecap="round"/><path d="M56 164 q 11 -9 22 0 t 22 0 t 22 0 t 22 0" stroke="${c}" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.7"/>`,
  (c) => `<circle cx="100" cy="46" r="9" fill="${c}"/>${Array.from({ length: 8 }, (_, i) => `<path d="M${(100 + 14 * Math.cos((i * Math.PI) / 4)).toFixed(1)} ${(46 + 14 * Math.sin((i * Math.PI) / 4)).toFixed(1)} L${(100 + 19 * Math.cos((i * Math.PI) / 4)).toFixed(1)} ${(46 + 19 * Math.sin((i * Math.PI) / 4)).toFixed(1)}" stroke="${c}" stroke-width="4" stroke-linecap="round"/>`).join('')}`,
  (c) => `<circle cx="100" cy="100" r="70" fill="none" stroke="${c}" stroke-width="4" opacity="0.6"/><circle cx="100" cy="100" r="60" fill="none" stroke="${c}" stroke-width="2" opacity="0.5"/>`,
  (c) => `<path d="M100 26 v30 M88 32 v14 q12 9 24 0 v-14" stroke="${c}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  (c) => `<path d="M36 166 L70 130 L92 148 L128 112 L164 166 Z" fill="${c}" opacity="0.45"/>`,
  (c) => `<path d="M58 150 h84" stroke="${c}" stroke-width="6" stroke-linecap="round"/><path d="M70 162 h60" stroke="${c}" stroke-width="4" stroke-linecap="round" opacity="0.7"/>`,
];

/** Up to two initials of a brand handle ('bluelagoon-systems' -> 'BS', 'coralis' -> 'C'). */
export function brandInitials(handle: string): string {
  const words = handle.split('-').filter((w) => /^[a-z]/.test(w) && w !== 'co' && w !== 'inc');
  return words.slice(0, 2).map((w) => w.charAt(0).toUpperCase()).join('') || handle.charAt(0).toUpperCase();
}

/** A brand's mark: an emblem, a motif and the brand's initials, chosen and coloured by its handle. */
function brandMark(handle: string, width: number): string {
  const h = slugHash(handle);
  const [dark, light] = BRAND_PALETTES[h % BRAND_PALETTES.length]!;
  const emblem = EMBLEMS[(h >>> 4) % EMBLEMS.length]!;
  const motif = MOTIFS[(h >>> 8) % MOTIFS.length]!;
  const initials = brandInitials(handle);
  const size = initials.length > 1 ? 56 : 72;
  return svg(width, width, 200, 200,
    `<defs><linearGradient id="e" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<g fill="url(#e)">${emblem}</g>${motif('#ffffff')}` +
    `<text x="100" y="${initials.length > 1 ? 118 : 124}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="700" fill="#ffffff" letter-spacing="1">${initials}</text>`);
}

// Article pictures -------------------------------------------------------------------------------

/** What an article picture shows. */
export type Subject =
  | { kind: 'pool'; state: Parameters<typeof poolScene>[1] }
  | { kind: 'spa' }
  | { kind: 'part'; shape: Shape; hue: number; extra?: 'gauge' | 'bolt' | 'tubes' | 'steam' }
  | { kind: 'drain' }
  | { kind: 'chemistry' };

/** What an article's picture shows, from the words of its handle (its title). First match wins. */
const SUBJECTS: readonly (readonly [RegExp, Subject])[] = [
  [/open-your-pool/, { kind: 'pool', state: 'open' }],
  [/closing|winter/, { kind: 'pool', state: 'winter' }],
  [/storm/, { kind: 'pool', state: 'storm' }],
  [/green-pool|algae/, { kind: 'pool', state: 'green' }],
  [/leak/, { kind: 'pool', state: 'leak' }],
  [/tile/, { kind: 'pool', state: 'tile' }],
  [/safety-covers/, { kind: 'pool', state: 'covered' }],
  [/brush|vacuum/, { kind: 'pool', state: 'brush' }],
  [/spa-cover/, { kind: 'part', shape: 'cover', hue: 28 }],
  [/spa-jets|jet/, { kind: 'part', shape: 'jet', hue: 200 }],
  [/spa-heater|heater|heat-pump/, { kind: 'part', shape: 'heater', hue: 10, extra: 'steam' }],
  [/ozone|uv-systems/, { kind: 'part', shape: 'cell', hue: 275 }],
  [/spa-water/, { kind: 'spa' }],
  [/salt/, { kind: 'part', shape: 'cell', hue: 190 }],
  [/cartridge-filter/, { kind: 'part', shape: 'cartridge', hue: 210 }],
  [/pressure-gauge/, { kind: 'part', shape: 'filter', hue: 200, extra: 'gauge' }],
  [/valve|actuator/, { kind: 'part', shape: 'valve', hue: 230 }],
  [/filter|backwash/, { kind: 'part', shape: 'filter', hue: 205 }],
  [/impeller/, { kind: 'part', shape: 'impeller', hue: 25 }],
  [/motor/, { kind: 'part', shape: 'motor', hue: 215 }],
  [/bonding|grounding|electrical/, { kind: 'part', shape: 'motor', hue: 200, extra: 'bolt' }],
  [/shaft-seal|o-ring/, { kind: 'part', shape: 'ring', hue: 350 }],
  [/pump|priming/, { kind: 'part', shape: 'pump', hue: 205 }],
  [/robotic|cleaner/, { kind: 'part', shape: 'cleaner', hue: 190 }],
  [/light|(^|-)led(-|$)/, { kind: 'part', shape: 'light', hue: 55 }],
  [/automation/, { kind: 'part', shape: 'controller', hue: 160 }],
  [/skimmer|basket/, { kind: 'part', shape: 'basket', hue: 200 }],
  [/drain/, { kind: 'drain' }],
  [/testing|test-kit|strips/, { kind: 'part', shape: 'kit', hue: 200, extra: 'tubes' }],
  [/alkalinity|cyanuric|calcium|chemistry|chlorine|stabilizer|(^|-)ph(-|$)/, { kind: 'chemistry' }],
];

/**
 * The subject of an article slug (`article-{handle}`), or null when no word of it is known (the
 * picture is then a pool).
 * @example
 * articleSubject('article-replacing-a-pump-motor'); // { kind: 'part', shape: 'motor', hue: 215 }
 */
export function articleSubject(slug: string): Subject | null {
  return SUBJECTS.find(([re]) => re.test(slug))?.[1] ?? null;
}

/** A studio scene for a part: soft backdrop, pool water along the bottom, the part in the middle. */
function partScene(h: number, shape: Shape, hue: number, extra: string, seed: number, shift = 0): string {
  const w = 1600;
  const size = h * 0.9;
  const x = (w - size) / 2 + shift;
  let more = '';
  if (extra === 'gauge') more = `<g transform="translate(${x + size * 0.75} ${h * 0.3})"><circle r="80" fill="#ffffff" stroke="#33414d" stroke-width="12"/><path d="M-56 0 A56 56 0 0 1 56 0" stroke="#2fb36b" stroke-width="10" fill="none"/><path d="M28 -48 A56 56 0 0 1 56 0" stroke="#e04b3a" stroke-width="10" fill="none"/><path d="M0 0 L-34 -40" stroke="#1f2a33" stroke-width="8" stroke-linecap="round"/><circle r="10" fill="#1f2a33"/></g>`;
  if (extra === 'bolt') more = `<path d="M${x + size * 0.9} ${h * 0.1} l-60 130 h50 l-40 120 l110 -160 h-55 l40 -90 z" fill="#f2c94c" stroke="#8a6d1a" stroke-width="6"/>`;
  if (extra === 'steam') more = Array.from({ length: 3 }, (_, i) => `<path d="M ${x + size * 0.35 + i * 90} ${h * 0.2} c -25 -30 25 -50 0 -80 c -25 -30 25 -50 0 -80" stroke="#e04b3a" stroke-width="10" fill="none" opacity="0.5" stroke-linecap="round"/>`).join('');
  if (extra === 'tubes') more = Array.from({ length: 3 }, (_, i) => `<g transform="translate(${x + size * 0.95 + i * 70} ${h * 0.3})"><rect width="44" height="220" rx="22" fill="#ffffff" stroke="#9aa4ad" stroke-width="5"/><rect x="5" y="${90 - i * 10}" width="34" height="${125 + i * 10}" rx="17" fill="${['#f2c94c', '#e86a8a', '#6fc0e8'][i]}"/></g>`).join('');
  return `<defs><radialGradient id="bk" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${hsl(hue, 40, 86)}"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bk)"/>` +
    water('aw', `M0 ${h * 0.8} Q ${w / 4} ${h * 0.76} ${w / 2} ${h * 0.8} T ${w} ${h * 0.8} V ${h} H 0 Z`, '#7fd8f2', '#1683b8', ripples(0, h * 0.8, w, h * 0.2, seed, 3)) +
    `<ellipse cx="${w / 2}" cy="${h * 0.86}" rx="${size * 0.45}" ry="${h * 0.05}" fill="#0b3d6e" opacity="0.25"/>` +
    placePart(shape, hue, 'q', x, h * 0.02, size / 400) + more;
}

/** Water chemistry: a chemical jar, a test strip card and drops, over pool water. */
function chemistryScene(h: number, seed: number): string {
  const strip = (x: number): string => `<g transform="translate(${x} ${h * 0.18}) rotate(-12)"><rect width="46" height="300" rx="6" fill="#ffffff" stroke="#c9d3da" stroke-width="4"/>${['#f2c94c', '#e86a8a', '#6fc0e8', '#8bd17c'].map((c, i) => `<rect x="8" y="${20 + i * 50}" width="30" height="30" rx="4" fill="${c}"/>`).join('')}</g>`;
  const drop = (x: number, y: number, s: number, c: string): string => `<path transform="translate(${x} ${y}) scale(${s})" d="M0 -40 C 14 -18 26 -6 26 10 A 26 26 0 0 1 -26 10 C -26 -6 -14 -18 0 -40 Z" fill="${c}"/>`;
  return partScene(h, 'jar', 200, '', seed, -260) +
    strip(1000) + strip(1090) + drop(1330, h * 0.3, 1.6, '#2ea7e0') + drop(1420, h * 0.52, 1.1, '#e86a8a') + drop(1280, h * 0.62, 0.9, '#f2c94c');
}

/** A main drain cover: a domed grate. */
function drainScene(h: number, seed: number): string {
  let slots = '';
  for (let i = -5; i <= 5; i++) slots += `<rect x="${800 + i * 38 - 9}" y="${h * 0.5 - Math.sqrt(Math.max(0, 200 ** 2 - (i * 38) ** 2)) * 0.8}" width="18" height="${Math.sqrt(Math.max(0, 200 ** 2 - (i * 38) ** 2)) * 1.6}" rx="9" fill="#0b3d6e" opacity="0.75"/>`;
  return `<rect width="1600" height="${h}" fill="#e9f4fb"/>` +
    water('dw', `M0 0 H1600 V${h} H0 Z`, '#8fe1f5', '#2398c8', ripples(0, 0, 1600, h, seed, 8)) +
    `<circle cx="800" cy="${h * 0.5}" r="250" fill="#1b6e99" opacity="0.35"/><circle cx="800" cy="${h * 0.5}" r="230" fill="#f4f7f9" stroke="#c9d3da" stroke-width="10"/>${slots}` +
    ['-1', '1'].map((s) => `<circle cx="${800 + Number(s) * 200}" cy="${h * 0.5}" r="12" fill="#9aa4ad"/>`).join('');
}

/** An article picture (16:9). */
function article(slug: string, width: number): string {
  const h = 900;
  const seed = slugHash(slug) % 997;
  const subject: Subject = articleSubject(slug) ?? { kind: 'pool', state: 'open' };
  const body = subject.kind === 'pool' ? poolScene(h, subject.state, seed)
    : subject.kind === 'spa' ? spaScene(h)
    : subject.kind === 'drain' ? drainScene(h, seed)
    : subject.kind === 'chemistry' ? chemistryScene(h, seed)
    : partScene(h, subject.shape, subject.hue + (seed % 50) - 25, subject.extra ?? '', seed);
  return svg(width, Math.round(width * contentAspect(slug)), 1600, h, body);
}

// Banners, popup, menus ---------------------------------------------------------------------------

/** The product page's top banner: a delivery van on a wave road, parcels of parts. */
function productTopBanner(width: number): string {
  const w = 1300;
  const h = 150;
  let waves = '';
  for (let i = 0; i < 30; i++) waves += `<path d="M${i * 48} 124 q 12 -8 24 0 t 24 0" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.5"/>`;
  let dots = '';
  for (let i = 0; i < 40; i++) dots += `<circle cx="${(i * 137) % w}" cy="${(i * 59) % 100 + 6}" r="${2 + (i % 3)}" fill="#ffffff" opacity="0.25"/>`;
  const parcel = (x: number, s: number): string => `<g transform="translate(${x} ${118 - 40 * s}) scale(${s})"><rect width="50" height="40" fill="#e7c48e"/><rect x="20" width="10" height="40" fill="#c99a5b"/></g>`;
  return svg(width, Math.round(width * contentAspect('banner-product-top')), w, h,
    '<defs><linearGradient id="bb" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b3d6e"/><stop offset="0.6" stop-color="#1477a8"/><stop offset="1" stop-color="#2ea7e0"/></linearGradient></defs>' +
    `<rect width="${w}" height="${h}" fill="url(#bb)"/>${dots}<rect y="120" width="${w}" height="30" fill="#0a3359"/>${waves}` +
    parcel(700, 1) + parcel(760, 0.8) + parcel(742, 0.6) +
    `<g transform="translate(880 34)"><rect width="190" height="86" rx="8" fill="#ffffff"/><path d="M190 30 h54 l34 30 v26 h-88 z" fill="#e9f4fb"/><path d="M198 38 h40 l26 24 h-66 z" fill="#7fd3f0"/><rect y="56" width="190" height="10" fill="#2ea7e0"/>` +
    `<circle cx="50" cy="90" r="20" fill="#1f2a33" stroke="#ffffff" stroke-width="5"/><circle cx="230" cy="90" r="20" fill="#1f2a33" stroke="#ffffff" stroke-width="5"/>` +
    `<path d="M-30 20 h-60 M-20 40 h-90 M-40 60 h-50" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.6"/></g>`);
}

/** The featured products card: a ribbon star over a pump, a filter and a jar. */
function featuredBanner(width: number): string {
  const w = 250;
  const h = 360;
  const star = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 ? 18 : 42;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(125 + r * Math.cos(a)).toFixed(1)},${(86 + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  let sparkles = '';
  for (let i = 0; i < 14; i++) sparkles += `<circle cx="${(i * 67) % w}" cy="${(i * 113) % 200 + 10}" r="${1.5 + (i % 3)}" fill="#ffffff" opacity="0.5"/>`;
  return svg(width, Math.round(width * contentAspect('banner-featured')), w, h,
    '<defs><linearGradient id="fb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b3d6e"/><stop offset="1" stop-color="#1aa0c8"/></linearGradient></defs>' +
    `<rect width="${w}" height="${h}" fill="url(#fb)"/>${sparkles}` +
    `<circle cx="125" cy="86" r="58" fill="#ffffff" opacity="0.12"/><polygon points="${star}" fill="#f2c94c" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M0 300 Q 62 285 125 300 T 250 300 V 360 H 0 Z" fill="#ffffff" opacity="0.2"/>` +
    placePart('filter', 205, 'a', 100, 150, 0.42) + placePart('pump', 15, 'b', -10, 205, 0.4) + placePart('jar', 140, 'c', 150, 215, 0.3));
}

/** Pool water seen from above: the exit popup's background. */
function poolWater(slug: string, width: number): string {
  const h = 900;
  let caustics = '';
  const seed = slugHash(slug);
  for (let i = 0; i < 70; i++) {
    const x = (i * 233 + seed) % 1700 - 50;
    const y = (i * 137 + (seed >>> 8)) % 950 - 25;
    caustics += `<path d="M${x} ${y} q 40 -26 80 0 q 30 24 70 -6 M${x + 20} ${y + 40} q 30 20 70 4" stroke-width="${3 + (i % 4)}"/>`;
  }
  return svg(width, Math.round(width * contentAspect(slug)), 1600, h,
    water('pw', `M0 0 H1600 V${h} H0 Z`, '#5fd0ee', '#0d6fa3', caustics) +
    `<g transform="translate(1380 700)"><circle r="130" fill="#ef6b4a"/><circle r="72" fill="#1b86bd"/>${[0, 1, 2, 3].map((i) => `<path d="M0 0 m ${Math.cos(i * Math.PI / 2 + 0.5) * 74} ${Math.sin(i * Math.PI / 2 + 0.5) * 74} l ${Math.cos(i * Math.PI / 2 + 0.5) * 54} ${Math.sin(i * Math.PI / 2 + 0.5) * 54}" stroke="#ffffff" stroke-width="34"/>`).join('')}</g>` +
    `<path d="M120 0 v 260 q 0 60 60 60 M 260 0 v 260 q 0 60 60 60" stroke="#e3e9ee" stroke-width="22" fill="none" stroke-linecap="round"/>`);
}

/** What a menu picture (`menu-{collection}`) draws. */
const MENU_SHAPES: readonly (readonly [RegExp, Shape])[] = [
  [/cartridge/, 'cartridge'], [/filter|media/, 'filter'], [/motor/, 'motor'], [/pump/, 'pump'], [/heat/, 'heater'],
  [/clean/, 'cleaner'], [/salt|cell/, 'cell'], [/jet/, 'jet'], [/cover/, 'cover'], [/light/, 'light'],
  [/control|automation|sensor/, 'controller'], [/valve|actuator/, 'valve'], [/basket|skimmer|lid/, 'basket'],
  [/impeller|diffuser/, 'impeller'], [/ring|gasket|seal|union|plug/, 'ring'], [/test|kit/, 'kit'],
  [/chemical|sanitizer|balancer|shock|algae/, 'jar'], [/spa/, 'jet'],
];

/** A menu picture: the kind of part, as a product shot. */
function menuPicture(slug: string, width: number): string {
  const shape = MENU_SHAPES.find(([re]) => re.test(slug))?.[1] ?? 'kit';
  const hue = slugHash(slug) % 360;
  return svg(width, width, 400, 400, `<rect width="400" height="400" fill="${hsl(hue, 30, 95)}"/>` + placePart(shape, hue, 'm', 0, 0, 1));
}

/** The picture shown where a product has none: a framed landscape pictogram, no words. */
function noImage(width: number): string {
  return svg(width, width, 100, 100,
    '<rect width="100" height="100" fill="#eef2f5"/><rect x="22" y="28" width="56" height="44" rx="5" fill="none" stroke="#a9b4bd" stroke-width="4"/>' +
    '<path d="M26 66 L42 48 L52 58 L60 50 L74 66 Z" fill="#c3ccd3"/><circle cx="62" cy="40" r="5" fill="#c3ccd3"/>');
}

/**
 * Draws the SVG of a content image slug at a width (height from `contentAspect`).
 * @example
 * renderContentArt('hero-1-open-your-pool', 800); // '<svg ... width="800" height="300" ...'
 */
export function renderContentArt(slug: string, width: number): string {
  if (slug.startsWith('logo')) return logo(width);
  if (slug.startsWith('favicon')) return favicon(width);
  if (slug.startsWith('hero')) return hero(slug, width);
  if (slug.startsWith('info')) return infoIcon(slug, width);
  if (slug.startsWith('brand-')) return brandMark(slug.slice('brand-'.length), width);
  if (slug.startsWith('article')) return article(slug, width);
  if (slug.startsWith('banner-product-top')) return productTopBanner(width);
  if (slug.startsWith('banner-featured')) return featuredBanner(width);
  if (slug.startsWith('menu')) return menuPicture(slug, width);
  if (slug.startsWith('no-image')) return noImage(width);
  return poolWater(slug, width);
}
