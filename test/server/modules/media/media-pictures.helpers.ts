/**
 * Reading a product picture's SVG back in the media tests: parsed as XML (a malformed picture
 * throws), and the extent of everything it draws, from the numbers of its shapes (the drawings
 * use no transforms and only absolute path commands, which the reader checks).
 */
// @ts-expect-error -- jsdom ships no declarations (and @types/jsdom is no dependency): its XML parser is all this uses
import { JSDOM } from 'jsdom';

/** jsdom's DOMParser (the node tests have no DOM of their own). */
const { DOMParser } = (new JSDOM('') as { window: { DOMParser: typeof globalThis.DOMParser } }).window;

/** A box: left, top, right, bottom. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Advance of a label character in em (the labels use a monospace face). */
const CHAR_EM = 0.6;

/** The SVG parsed as XML; throws with the parser's message when it is not well-formed. */
export function parseSvg(svg: string): Element {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed: ${error.textContent}`);
  const root = doc.documentElement;
  if (root.tagName !== 'svg') throw new Error(`root is ${root.tagName}`);
  return root;
}

const num = (el: Element, name: string): number => {
  const v = el.getAttribute(name);
  if (v === null) return 0;
  const x = Number(v);
  if (!Number.isFinite(x)) throw new Error(`${el.tagName} ${name}="${v}" is not a number`);
  return x;
};

/** Everything drawn inside the picture's <g> (the part), as boxes, one per element. */
export function drawnBoxes(svg: string): { tag: string; box: Box }[] {
  const root = parseSvg(svg);
  const part = root.getElementsByTagName('g')[0];
  if (!part) throw new Error('no part group');
  const out: { tag: string; box: Box }[] = [];
  for (const el of Array.from(part.getElementsByTagName('*'))) {
    if (el.hasAttribute('transform')) throw new Error(`${el.tagName} has a transform`);
    const half = el.getAttribute('stroke') !== null && el.getAttribute('stroke') !== 'none' ? num(el, 'stroke-width') / 2 : 0;
    let box: Box;
    switch (el.tagName) {
      case 'rect': {
        const x = num(el, 'x');
        const y = num(el, 'y');
        box = { x0: x, y0: y, x1: x + num(el, 'width'), y1: y + num(el, 'height') };
        break;
      }
      case 'circle': {
        const r = num(el, 'r');
        box = { x0: num(el, 'cx') - r, y0: num(el, 'cy') - r, x1: num(el, 'cx') + r, y1: num(el, 'cy') + r };
        break;
      }
      case 'ellipse': {
        const rx = num(el, 'rx');
        const ry = num(el, 'ry');
        box = { x0: num(el, 'cx') - rx, y0: num(el, 'cy') - ry, x1: num(el, 'cx') + rx, y1: num(el, 'cy') + ry };
        break;
      }
      case 'line':
        box = {
          x0: Math.min(num(el, 'x1'), num(el, 'x2')),
          y0: Math.min(num(el, 'y1'), num(el, 'y2')),
          x1: Math.max(num(el, 'x1'), num(el, 'x2')),
          y1: Math.max(num(el, 'y1'), num(el, 'y2')),
        };
        break;
      case 'path': {
        const d = el.getAttribute('d') ?? '';
        if (/[a-y]/.test(d.replace(/[zZ]/g, ''))) throw new Error(`relative or unsupported path command in "${d}"`);
        if (/[AHVST]/.test(d)) throw new Error(`unsupported path command in "${d}"`);
        const numbers = (d.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? []).map(Number);
        if (numbers.length % 2 !== 0) throw new Error(`odd coordinates in "${d}"`);
        const xs = numbers.filter((_, i) => i % 2 === 0);
        const ys = numbers.filter((_, i) => i % 2 === 1);
        // a Bézier curve stays inside the hull of its control points
        box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
        break;
      }
      case 'text': {
        const size = num(el, 'font-size');
        const chars = Array.from(el.textContent ?? '').length;
        const half = (CHAR_EM * size * chars) / 2;
        const x = num(el, 'x');
        const y = num(el, 'y');
        if (el.getAttribute('text-anchor') !== 'middle') throw new Error('a label is centred');
        box = { x0: x - half, y0: y - size, x1: x + half, y1: y + size * 0.3 };
        break;
      }
      default:
        throw new Error(`unexpected element ${el.tagName}`);
    }
    out.push({ tag: el.tagName, box: { x0: box.x0 - half, y0: box.y0 - half, x1: box.x1 + half, y1: box.y1 + half } });
  }
  return out;
}

/** The extent of everything drawn. */
export function extent(svg: string): Box {
  const boxes = drawnBoxes(svg).map((b) => b.box);
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

/** The text of every label the picture prints. */
export function labels(svg: string): string[] {
  return Array.from(parseSvg(svg).getElementsByTagName('text')).map((t) => t.textContent ?? '');
}
