/**
 * The SVG pieces the part drawings are made of (drawing.ts, part-bodies.ts): shapes with their
 * numbers rounded to a tenth, polygons turned about a point, and the label plate or hang tag
 * that prints a product's part number. Every path is written with absolute commands (M, L, Q,
 * C, Z) and no element carries a transform, so a drawing's extent is the extent of its numbers
 * (the media tests hold every drawing inside its 400x400 box that way).
 * @module
 */
import type { Traits } from './part-facts.ts';

/** A number with one decimal at most. */
export const n = (v: number): string => String(Math.round((Number.isFinite(v) ? v : 0) * 10) / 10);

/** Clamps a number into lo..hi (NaN to lo). */
export const clamp = (v: number, lo: number, hi: number): number => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo);

/** A rectangle. */
export const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = ''): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, w))}" height="${n(Math.max(0, h))}"${rx > 0 ? ` rx="${n(Math.min(rx, Math.max(0, w) / 2, Math.max(0, h) / 2))}"` : ''} fill="${fill}"${extra}/>`;

/** A circle. */
export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(Math.max(0, r))}" fill="${fill}"${extra}/>`;

/** An ellipse. */
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(Math.max(0, rx))}" ry="${n(Math.max(0, ry))}" fill="${fill}"${extra}/>`;

/** A line (round caps). */
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ''): string =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}" stroke-linecap="round"${extra}/>`;

/** A path from absolute commands: numbers and command letters, joined by spaces. */
export const path = (d: readonly (string | number)[], fill: string, extra = ''): string =>
  `<path d="${d.map((v) => (typeof v === 'number' ? n(v) : v)).join(' ')}" fill="${fill}"${extra}/>`;

/** A stroked open path. */
export const stroke = (d: readonly (string | number)[], color: string, width: number, extra = ''): string =>
  path(d, 'none', ` stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${extra}`);

/** A closed polygon. */
export const polygon = (points: readonly (readonly [number, number])[], fill: string, extra = ''): string =>
  path(points.flatMap(([x, y], i) => [i === 0 ? 'M' : 'L', x, y]).concat('Z'), fill, extra);

/** Points turned by `deg` degrees (clockwise on screen) about (cx, cy). */
export function turn(points: readonly (readonly [number, number])[], deg: number, cx: number, cy: number): [number, number][] {
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return points.map(([x, y]) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos]);
}

/** The point at `deg` degrees (0 = right, clockwise on screen) on a circle. */
export const polar = (cx: number, cy: number, r: number, deg: number): [number, number] => [
  cx + r * Math.cos((deg * Math.PI) / 180),
  cy + r * Math.sin((deg * Math.PI) / 180),
];

/** `count` copies of a piece, by index. */
export const times = (count: number, piece: (i: number) => string): string => {
  let s = '';
  for (let i = 0; i < count; i++) s += piece(i);
  return s;
};

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The label face: a monospace face, so a label's width is known before it is drawn. */
const LABEL_FONT = 'DejaVu Sans Mono, Menlo, Consolas, monospace';

/** Advance of one character of the label face, in em (monospace faces advance 0.6 em). */
export const LABEL_CHAR_EM = 0.6;

/** Characters a label prints at most (longer texts end in an ellipsis). */
const LABEL_CHARS = 18;

/** Characters of the rating line at most. */
const RATING_CHARS = 22;

/**
 * A label's text: only characters XML allows (a control character from an imported part number
 * would make the picture unreadable), at most `max` characters (by code point, so no pair is
 * cut), longer ones ending in an ellipsis.
 */
const clip = (s: string, max: number): string => {
  const chars = Array.from(s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
};

/** A centred line of label text whose advance fits `width`. */
const labelText = (cx: number, baseline: number, size: number, text: string, weight: number): string =>
  `<text x="${n(cx)}" y="${n(baseline)}" font-family="${LABEL_FONT}" font-size="${n(size)}" font-weight="${weight}" text-anchor="middle" fill="#1d2a36">${escapeXml(text)}</text>`;

/**
 * A label plate centred on (cx, cy), `width` wide: the part number (bold) and, when given, a
 * rating line under it ('1.5 HP 230V'). Nothing without a part number.
 * @param hole a hang tag's punched hole at the left end (the text moves right of it)
 */
export function plate(cx: number, cy: number, width: number, traits: Traits, rating = '', hole = false): string {
  const part = clip(traits.partNumber, LABEL_CHARS);
  if (part === '') return '';
  const sub = clip(rating.trim(), RATING_CHARS);
  const left = cx - width / 2;
  const textLeft = left + (hole ? 16 : 6);
  const inner = left + width - 6 - textLeft;
  const size = Math.min(15, inner / (LABEL_CHAR_EM * Array.from(part).length));
  const subSize = sub === '' ? 0 : Math.min(size * 0.8, 11, inner / (LABEL_CHAR_EM * Array.from(sub).length));
  const height = 9 + size + (sub === '' ? 0 : subSize + 4);
  const top = cy - height / 2;
  const mid = textLeft + inner / 2;
  return (
    rect(left, top, width, height, '#f3f0e7', hole ? 6 : 3, ' stroke="#4a5560" stroke-width="1.2"') +
    (hole
      ? circle(left + 8, cy, 3, '#ffffff', ' stroke="#4a5560" stroke-width="1"')
      : circle(left + 3.5, top + 3.5, 1.3, '#8a949c') + circle(left + width - 3.5, top + 3.5, 1.3, '#8a949c')) +
    labelText(mid, top + 4 + size * 0.85, size, part, 700) +
    (sub === '' ? '' : labelText(mid, top + 8 + size + subSize * 0.8, subSize, sub, 400))
  );
}

/**
 * A hang tag tied to a small part: the plate with a hole, `width` wide with its left end at
 * (x, cy), on a string from the part's point (ax, ay).
 */
export function tag(x: number, cy: number, width: number, traits: Traits, anchor: readonly [number, number], rating = ''): string {
  if (clip(traits.partNumber, LABEL_CHARS) === '') return '';
  return line(anchor[0], anchor[1], x + 8, cy, '#8a7a5a', 1.6) + plate(x + width / 2, cy, width, traits, rating, true);
}

/** A number as a label writes it: 1.5, 2, 0.75. */
export const decimal = (v: number): string => String(Math.round(v * 100) / 100);
