/**
 * The part drawings, one function per kind of part (`Shape`), each in a 400x400 box standing on
 * the floor at y = 346 or centred for parts shot face-on. Each reads the product's facts
 * (part-facts.ts) for what tells it from its neighbours: sizes from its ratings (a pump's
 * horsepower sets its motor's length and its volute, a filter's tank size or area its tank, a
 * cartridge's area its length, a pipe size its ports), the variant of its kind from its title (a
 * booster or a spa pump has no strainer pot, a side-mount filter its valve on the side, a 3-way
 * diverter three ports), its colour, and a label plate or hang tag with its part number. One
 * scale per kind, so a bigger part is drawn bigger.
 * @module
 */
import { firstNumber, unit, type Traits } from './part-facts.ts';
import { circle, clamp, decimal, ellipse, line, path, plate, polar, polygon, rect, stroke, tag, times, turn } from './part-svg.ts';
import type { Shape } from './shapes.ts';

/** Fills of one drawing: gradient references for shaded surfaces, flat colours for strokes. */
export interface Paint {
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

type Draw = (c: Paint, f: Traits) => string;

const INK = '#1d2a36';
const SCREEN = '#cfe8d8';
const GAUGE = ` stroke="${INK}" stroke-width="3"`;

/** A rating line from the attributes that name one ('1.5 HP', '230V'). */
const rating = (f: Traits, ...names: string[]): string =>
  names.map((name) => f.attr(name) ?? '').filter((v) => v !== '').join(' ');

/** Where a hang tag goes by default: bottom right, string to `anchor`. */
const cornerTag = (f: Traits, anchor: readonly [number, number], sub = ''): string => tag(240, 340, 150, f, anchor, sub);

/** A pipe port seen from its end: the pipe and its bore. */
const portEye = (cx: number, cy: number, d: number, c: Paint): string => circle(cx, cy, d * 0.62, c.metal) + circle(cx, cy, d * 0.4, c.flat.dark);

const pump: Draw = (c, f) => {
  const kind = f.has('circulation', 'circ pump') ? 'circ' : f.has('booster') ? 'booster' : f.has('jet pump') ? 'jet'
    : f.is('Pool Type', 'above') || f.has('above ground') ? 'above' : 'inground';
  const hp = clamp(f.num('Horsepower') ?? 0.75 + 2.25 * f.weightT(8, 62), 0.25, 5);
  const t = unit((hp - 0.75) / 2.25) * (kind === 'circ' ? 0.35 : 1);
  const pipe = clamp(f.num('Pipe Size') ?? (hp <= 1 ? 1.5 : hp <= 2 ? 2 : 2.5), 1, 3);
  const port = 10 + 9 * pipe;
  const variable = f.is('Speed', 'variable') || f.has('variable', 'vs ');
  const dual = f.is('Speed', 'dual') || f.has('two-speed');
  const motorL = 84 + 66 * t;
  const motorH = 84 + 36 * t;
  const r = 34 + 20 * t;
  const pot = kind === 'inground' || kind === 'above';
  const potW = pot ? 60 + 24 * t : 0;
  const potH = pot ? 100 + 40 * t : 0;
  const cap = 20;
  const stub = pot ? (kind === 'above' ? 34 : 26) : 0;
  const total = cap + motorL + r * 1.4 + potW + stub;
  const x0 = (400 - total) / 2;
  const baseTop = 322;
  const mx = x0 + cap;
  const my = baseTop - 12 - motorH;
  const cy = my + motorH / 2;
  const vx = mx + motorL + r * 0.7;
  const vy = cy + motorH * 0.06;
  const px = vx + r * 0.7;
  let s = rect(x0 + 6, baseTop, (pot ? px + potW : vx + r) - x0 - 6, 24, c.dark, 6);
  s += rect(mx + motorL * 0.12, baseTop - 14, 30, 16, c.dark) + rect(mx + motorL * 0.68, baseTop - 14, 26, 16, c.dark);
  s += rect(x0, cy - motorH * 0.36, cap + 10, motorH * 0.72, c.dark, 8);
  s += rect(mx, my, motorL, motorH, c.main, motorH * 0.22);
  const ribs = 3 + Math.round(3 * t);
  s += times(ribs, (i) => rect(mx + 12 + (i * (motorL - 30)) / ribs, my + 4, 8, motorH - 8, c.flat.dark, 4, ' opacity="0.28"'));
  // the seal plate, the volute and the discharge on top of it (a union nut on some)
  s += rect(mx + motorL - 6, cy - motorH * 0.46, 14, motorH * 0.92, c.metal, 4);
  s += circle(vx, vy, r, c.dark) + circle(vx, vy, r * 0.68, c.main, ' opacity="0.55"');
  const dh = 22 + r * 0.4;
  s += rect(vx - port / 2 - 5, vy - r - dh + 8, port + 10, dh, c.metal, 4);
  if (!pot || f.frac(3) < 0.5) s += rect(vx - port / 2 - 9, vy - r - dh + 4, port + 18, 12, c.dark, 3);
  if (!pot) {
    // a booster's and a spa pump's suction is the eye of the volute, facing the viewer
    s += portEye(vx, vy, port, c);
  } else {
    const py = baseTop - potH;
    s += rect(px, py, potW, potH, c.dark, 14);
    s += rect(px + 9, py + 20, potW - 18, potH * 0.5, c.light, 8, ' opacity="0.6"');
    // the strainer lid: clear, held by a lock ring with ears, or by two knobs
    s += rect(px - 6, py - 18, potW + 12, 24, c.light, 10);
    const lid = f.pick(['clear', 'ring', 'knobs'] as const, 4);
    if (lid === 'ring') {
      s += rect(px + potW * 0.2, py - 28, potW * 0.6, 12, c.dark, 5) + rect(px - 12, py - 14, 10, 12, c.dark, 3) + rect(px + potW + 2, py - 14, 10, 12, c.dark, 3);
    } else if (lid === 'knobs') {
      s += circle(px + potW * 0.22, py - 22, 7, c.dark) + circle(px + potW * 0.78, py - 22, 7, c.dark);
    } else {
      s += ellipse(px + potW / 2, py - 20, potW * 0.36, 9, c.light, ' opacity="0.85"') + rect(px + potW / 2 - 10, py - 28, 20, 8, c.dark, 3);
    }
    const sy = py + potH * 0.42;
    if (kind === 'above') {
      // a hose barb for an above-ground pool's hose, and the cord from the end cap
      s += polygon([[px + potW - 2, sy], [px + potW + stub, sy + 5], [px + potW + stub, sy + port - 5], [px + potW - 2, sy + port]], c.metal);
      s += times(3, (i) => line(px + potW + 8 + i * 8, sy + 3, px + potW + 8 + i * 8, sy + port - 3, c.flat.dark, 2, ' opacity="0.5"'));
      s += stroke(['M', x0 + 6, cy + motorH * 0.22, 'Q', x0 + 2, baseTop + 8, x0 + 24, baseTop + 16], c.flat.dark, 5);
    } else {
      s += rect(px + potW - 4, sy, stub + 4, port, c.metal, 4);
      if (f.frac(5) < 0.5) s += rect(px + potW + stub - 10, sy - 4, 12, port + 8, c.dark, 3);
    }
    s += circle(px + potW * 0.5, baseTop - 10, 5, c.metal);
  }
  if (variable) {
    // a variable speed drive with its keypad on top of the motor
    const dw = motorL * 0.62;
    const dx = mx + motorL * 0.18;
    s += rect(dx, my - 30, dw, 36, c.dark, 6) + rect(dx + 8, my - 23, dw * 0.42, 14, SCREEN) + times(3, (i) => circle(dx + dw * 0.62 + i * 11, my - 16, 4, c.flat.light));
  } else if (dual) {
    s += rect(mx + motorL * 0.3, my - 20, 40, 24, c.metal, 4) + rect(mx + motorL * 0.3 + 16, my - 30, 8, 14, c.dark, 2);
  } else {
    s += rect(mx + motorL * 0.38, my - 14, 34, 18, c.metal, 4);
  }
  const rated = [f.attr('Horsepower') === undefined ? '' : `${decimal(hp)} HP`, f.attr('Voltage') ?? ''].filter(Boolean).join(' ');
  return s + plate(mx + motorL * 0.5, cy + motorH * 0.08, motorL * 0.74, f, rated);
};

const filter: Draw = (c, f) => {
  const type = (f.attr('Filter Type') ?? (f.has('sand') ? 'sand' : f.has('de filter', 'grid') ? 'de' : 'cartridge')).toLowerCase();
  const sand = type.includes('sand');
  const de = type.includes('de') && !sand;
  const tank = f.num('Tank Size');
  const area = f.num('Filter Area');
  const t = tank !== undefined ? unit((tank - 19) / 11) : area !== undefined ? unit((area - 50) / 150) : f.weightT(30, 120);
  const mount = f.has('side-mount', 'side mount') ? 'side' : f.has('top-mount', 'top mount') ? 'top' : sand ? f.pick(['top', 'side'] as const, 5) : 'none';
  const quad = f.has('quad');
  const d = sand ? 110 + 80 * t : 100 + 50 * t + (quad ? 30 : 0);
  const h = sand ? d * 1.18 : 160 + 90 * t;
  const cx = mount === 'side' ? 170 : 200;
  const bottom = 328;
  const top = bottom - h;
  const x = cx - d / 2;
  const port = 10 + 9 * clamp(f.num('Pipe Size') ?? (t < 0.4 ? 1.5 : 2), 1, 3);
  let s = rect(cx - d * 0.48, 322, d * 0.96, 24, c.dark, 8);
  s += rect(x, top, d, h, c.main, sand ? d * 0.42 : d * 0.3);
  s += rect(x + d * 0.12, top + h * 0.14, 12, h * 0.66, '#ffffff', 6, ' opacity="0.3"');
  if (!sand) {
    // a two-piece tank: the clamp band and its latch
    const by = top + h * (de ? 0.36 : 0.46);
    s += rect(x - 6, by, d + 12, 14, c.metal, 5) + rect(cx + d / 2 - 4, by - 4, 16, 22, c.dark, 3);
  }
  if (mount === 'none') s += rect(x - 30, bottom - 64, 36, port, c.metal, 4) + rect(x - 30, bottom - 78 - port, 36, port, c.metal, 4);
  s += circle(cx + d * 0.3, bottom - 12, 6, c.metal);
  const handle = f.pick([-30, -15, 0, 15, 30], 6);
  if (mount === 'top') {
    // a multiport valve on the tank's top: body, its three ports, the handle and the gauge
    const vw = d * 0.5;
    const vy = top - 22;
    s += rect(cx - vw / 2, vy, vw, 34, c.dark, 8);
    s += rect(cx - vw / 2 - 26, vy + 8, 30, port * 0.8, c.metal, 3) + rect(cx + vw / 2 - 4, vy + 8, 30, port * 0.8, c.metal, 3);
    s += circle(cx, vy + 22, port * 0.28, c.metal);
    s += polygon(turn([[cx - vw * 0.45, vy - 17], [cx + vw * 0.45, vy - 17], [cx + vw * 0.45, vy - 7], [cx - vw * 0.45, vy - 7]], handle, cx, vy - 12), c.flat.dark);
    s += circle(cx, vy - 12, 8, c.metal) + circle(cx + vw * 0.36, vy - 26, 11, '#ffffff', GAUGE);
  } else if (mount === 'side') {
    const vy = top + h * 0.32;
    const vx = cx + d / 2 - 4;
    s += rect(vx, vy, 56, 62, c.dark, 8);
    s += rect(vx + 56, vy + 8, 26, port * 0.8, c.metal, 3) + rect(vx + 56, vy + 36, 26, port * 0.8, c.metal, 3);
    s += rect(vx + 24, vy - 14, 8, 16, c.metal) + polygon(turn([[vx + 6, vy - 24], [vx + 50, vy - 24], [vx + 50, vy - 14], [vx + 6, vy - 14]], handle / 2, vx + 28, vy - 19), c.flat.dark);
    s += ellipse(cx, top + 10, d * 0.22, 10, c.dark) + circle(cx + d * 0.2, top - 6, 11, '#ffffff', GAUGE);
  } else {
    // a cartridge or DE filter's lid: the air relief valve and the gauge (and a DE bump handle)
    s += rect(cx - 10, top - 16, 20, 20, c.metal, 4) + circle(cx + 28, top - 14, 12, '#ffffff', GAUGE);
    s += line(cx + 28, top - 14, ...polar(cx + 28, top - 14, 8, 200 + handle), INK, 2);
    if (de && !f.has('grid')) s += rect(cx - 36, top - 34, 8, 36, c.metal, 3) + circle(cx - 32, top - 36, 6, c.dark);
  }
  const sub = tank !== undefined ? `${decimal(tank)}" tank` : area !== undefined ? `${decimal(area)} sq ft` : '';
  return s + plate(cx, top + h * (sand ? 0.62 : 0.72), d * 0.64, f, sub);
};

const cartridge: Draw = (c, f) => {
  const spa = f.is('Pool Type', 'spa') || f.has('spa', 'hot tub');
  const area = clamp(f.num('Filter Area') ?? (spa ? 25 + 50 * f.weightT(1, 4) : 50 + 150 * f.weightT(2, 9)), 10, 250);
  const len = clamp(150 + area * 0.75, 160, 290);
  const dia = clamp(80 + area * 0.3 + 16 * f.frac(6), 80, 146);
  const pack = f.pack();
  const shown = Math.min(pack, 3);
  const end = spa ? f.pick(['handle', 'thread'] as const, 7) : f.pick(['open', 'molded'] as const, 7);
  const pleats = clamp(Math.round(8 + area / 16), 8, 22);
  const bottom = 334;
  const one = (cx: number, base: number, shade: string): string => {
    const top = base - len;
    let s = rect(cx - dia / 2, top + 10, dia, len - 20, c.light, 8);
    const gap = (len - 44) / pleats;
    s += times(pleats, (i) => line(cx - dia / 2 + 5, top + 24 + i * gap, cx + dia / 2 - 5, top + 24 + i * gap, c.flat.main, gap * 0.45));
    s += rect(cx - dia / 2 - 6, top, dia + 12, 20, c.dark, 6) + rect(cx - dia / 2 - 6, base - 20, dia + 12, 20, c.dark, 6);
    if (end === 'open') s += ellipse(cx, top + 6, dia * 0.26, 5, c.flat.dark);
    else if (end === 'molded') s += ellipse(cx, top + 6, dia * 0.34, 5, c.flat.light) + ellipse(cx, top + 6, dia * 0.16, 3, c.flat.dark);
    // the handle's control point stays inside the picture (with half its stroke) on the tallest cartridges
    else if (end === 'handle') s += stroke(['M', cx - dia * 0.3, top + 2, 'Q', cx, Math.max(top - 34, 5), cx + dia * 0.3, top + 2], c.flat.dark, 9);
    else s += rect(cx - dia * 0.22, top - 14, dia * 0.44, 16, c.dark, 3) + times(3, (i) => line(cx - dia * 0.2, top - 10 + i * 4, cx + dia * 0.2, top - 10 + i * 4, c.flat.light, 1.5));
    return s + (shade === '' ? '' : rect(cx - dia / 2 - 6, top, dia + 12, len, shade, 6, ' opacity="0.18"'));
  };
  let s = '';
  for (let k = shown - 1; k >= 0; k--) s += one(200 + (k - (shown - 1) / 2) * dia * 0.72, bottom - k * 6, k === 0 ? '' : INK);
  const front = 200 - ((shown - 1) / 2) * dia * 0.72;
  if (pack > 3) s += circle(front + dia * 0.5, bottom - len + 30, 20, c.flat.dark) + `<text x="${Math.round(front + dia * 0.5)}" y="${Math.round(bottom - len + 35)}" font-family="DejaVu Sans, sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="#ffffff">x${pack}</text>`;
  return s + plate(front, bottom - len * 0.46, Math.max(dia * 0.95, 100), f, f.attr('Filter Area') ?? '');
};

const valve: Draw = (c, f) => {
  const pipe = clamp(f.num('Pipe Size') ?? f.pick([1.5, 2, 2.5], 8), 1, 3.5);
  const port = 14 + 12 * pipe;
  const kind = f.has('actuator') ? 'actuator' : f.has('multiport') ? 'multiport' : f.has('check') ? 'check' : f.has('ball') ? 'ball' : 'diverter';
  const unions = f.has('union') || kind === 'check' || f.frac(9) < 0.4;
  const cy = 222;
  const r = 44 + port * 0.6;
  const sub = f.attr('Pipe Size') ? `${f.attr('Pipe Size')} pipe` : '';
  const stubs = (reach: number): string => {
    let s = rect(200 - reach - 50, cy - port / 2, 56, port, c.metal, 4) + rect(200 + reach - 6, cy - port / 2, 56, port, c.metal, 4);
    if (unions) s += rect(200 - reach - 26, cy - port / 2 - 8, 22, port + 16, c.dark, 5) + rect(200 + reach + 4, cy - port / 2 - 8, 22, port + 16, c.dark, 5);
    return s;
  };
  if (kind === 'actuator') {
    let s = rect(120, 110, 160, 130, c.dark, 14) + rect(130, 118, 140, 64, c.main, 10) + circle(200, 206, 22, c.metal);
    s += rect(190, 240, 20, 36, c.metal) + rect(150, 276, 100, 14, c.metal, 4) + circle(160, 283, 4, c.flat.dark) + circle(240, 283, 4, c.flat.dark);
    s += stroke(['M', 280, 200, 'C', 330, 200, 340, 260, 330, 330], c.flat.dark, 6);
    if (f.frac(10) < 0.5) s += rect(136, 196, 24, 14, '#e8e8e8', 3);
    return s + plate(200, 150, 120, f);
  }
  if (kind === 'multiport') {
    // the disc and its handle, six position marks, ports: side mount at the back, top mount below
    const side = f.has('side');
    let s = rect(200 - r, cy - 10, 2 * r, r * 0.9, c.dark, 12);
    s += side
      ? rect(200 + r - 6, cy + 4, 56, port * 0.8, c.metal, 3) + rect(200 + r - 6, cy + r * 0.9 - port * 0.8 - 8, 56, port * 0.8, c.metal, 3)
      : rect(200 - r - 40, cy + r * 0.2, 46, port * 0.8, c.metal, 3) + rect(200 + r - 6, cy + r * 0.2, 46, port * 0.8, c.metal, 3) + rect(200 - port * 0.3, cy + r * 0.9 - 14, port * 0.6, 44, c.metal, 3);
    s += ellipse(200, cy - 10, r * 1.05, r * 0.35, c.main);
    s += times(6, (i) => {
      const [ax, ay] = [200 + r * 0.92 * Math.cos((i * Math.PI) / 3), cy - 10 + r * 0.31 * Math.sin((i * Math.PI) / 3)];
      return circle(ax, ay, 3, c.flat.light);
    });
    const a = (f.pick([0, 1, 2, 3, 4, 5], 9) * Math.PI) / 3;
    s += line(200 - r * 0.5 * Math.cos(a), cy - 10 - r * 0.17 * Math.sin(a), 200 + r * 0.85 * Math.cos(a), cy - 10 + r * 0.29 * Math.sin(a), c.flat.dark, 12);
    s += circle(200, cy - 10, 10, c.metal) + circle(200 + r * 0.62, cy - 10 - r * 0.35 - 14, 12, '#ffffff', GAUGE);
    return s + plate(200, cy + r * 0.5, r * 1.5, f, sub);
  }
  if (kind === 'ball') {
    // the ball valve's lever: along the pipe is open, across it is closed
    let s = stubs(r * 0.95) + rect(200 - r, cy - r * 0.7, 2 * r, r * 1.4, c.main, 14);
    const pivot: [number, number] = [200, cy - r * 0.7 - 8];
    s += rect(194, pivot[1] - 4, 12, 14, c.metal);
    s += polygon(turn([[pivot[0] - 10, pivot[1] - 7], [pivot[0] + 110, pivot[1] - 7], [pivot[0] + 110, pivot[1] + 7], [pivot[0] - 10, pivot[1] + 7]], f.pick([0, -30, -60, -90], 9), pivot[0], pivot[1]), c.flat.dark);
    return s + plate(200, cy + r * 0.2, r * 1.5, f, sub);
  }
  if (kind === 'check') {
    let s = stubs(r * 1.25) + rect(200 - r * 1.3, cy - r * 0.75, r * 2.6, r * 1.5, c.light, r * 0.5, ' opacity="0.8"');
    // the spring and the poppet seen through the clear body, the flow arrow on top
    const spring = times(7, (i) => `${i === 0 ? 'M' : 'L'} ${Math.round(200 - r * 0.7 + i * r * 0.16)} ${Math.round(cy + (i % 2 === 0 ? -r * 0.3 : r * 0.3))}`);
    s += `<path d="${spring}" fill="none" stroke="${c.flat.metal}" stroke-width="4"/>` + rect(200 + r * 0.3, cy - r * 0.45, 12, r * 0.9, c.flat.dark, 3);
    s += polygon([[200 - 30, cy - r * 0.75 - 14], [200 + 18, cy - r * 0.75 - 14], [200 + 18, cy - r * 0.75 - 22], [200 + 36, cy - r * 0.75 - 10], [200 + 18, cy - r * 0.75 + 2], [200 + 18, cy - r * 0.75 - 6], [200 - 30, cy - r * 0.75 - 6]], c.flat.dark);
    return s + plate(200, cy + r * 0.45, r * 1.6, f, sub);
  }
  // a diverter: two or three ports, the lid and its handle, turned to the valve's position
  const ports = f.has('3-way') ? 3 : 2;
  let s = stubs(r * 0.9);
  if (ports === 3) s += rect(200 - port / 2, cy + r - 14, port, 44, c.metal, 4) + (unions ? rect(200 - port / 2 - 8, cy + r + 16, port + 16, 14, c.dark, 4) : '');
  s += circle(200, cy, r, c.main) + ellipse(200, cy - r + 8, r * 0.82, 12, c.dark);
  const w = 24 + 2 * r * Math.abs(Math.cos((f.pick([0, 30, 60, 90], 9) * Math.PI) / 180));
  s += rect(196, cy - r - 22, 8, 24, c.metal) + rect(200 - w / 2, cy - r - 34, w, 14, c.dark, 6);
  return s + plate(200, cy + r * 0.2, r * 1.3, f, sub);
};

const motor: Draw = (c, f) => {
  const hp = clamp(f.num('Horsepower') ?? 0.75 + 2.25 * f.weightT(16, 35), 0.25, 5);
  const t = unit((hp - 0.75) / 2.25);
  const len = 120 + 90 * t;
  const h = 110 + 40 * t;
  const variable = f.is('Speed', 'variable') || f.has('variable', 'ecm');
  const square = f.has('square') ? true : f.has('round') ? false : f.frac(10) < 0.5;
  const uprated = f.has('up-rated', 'max-rated');
  const x0 = (400 - (22 + len + 16 + 40)) / 2;
  const cy = 222;
  const bx = x0 + 22;
  let s = rect(bx + len * 0.15, cy + h / 2 - 4, len * 0.7, 18, c.dark, 4);
  s += rect(x0, cy - h * 0.38, 30, h * 0.76, c.dark, 10) + rect(bx, cy - h / 2, len, h, c.main, h * 0.2);
  const ribs = (uprated ? 4 : 6) + Math.round(2 * t);
  s += times(ribs, (i) => rect(bx + 10 + (i * (len - 24)) / ribs, cy - h / 2 + 4, 7, h - 8, c.flat.dark, 3, ' opacity="0.25"'));
  s += square ? rect(bx + len - 4, cy - h * 0.55, 18, h * 1.1, c.metal, 3) : ellipse(bx + len + 5, cy, 10, h * 0.52, c.metal);
  s += rect(bx + len + 14, cy - 9, 40, 18, c.metal, 3) + times(4, (i) => line(bx + len + 24 + i * 8, cy - 8, bx + len + 24 + i * 8, cy + 8, c.flat.dark, 1.5));
  if (variable) s += rect(bx + len * 0.2, cy - h / 2 - 34, len * 0.6, 38, c.dark, 6) + rect(bx + len * 0.26, cy - h / 2 - 27, len * 0.26, 14, SCREEN);
  else s += rect(bx + len * 0.42, cy - h / 2 - 16, 36, 20, c.metal, 4) + (f.frac(11) < 0.5 ? rect(bx + len * 0.08, cy - h / 2 - 20, 40, 24, c.dark, 10) : '');
  const rated = [f.attr('Horsepower') === undefined ? '' : `${decimal(hp)} HP`, f.attr('Voltage') ?? ''].filter(Boolean).join(' ');
  return s + plate(bx + len / 2, cy + h * 0.1, len * 0.7, f, rated);
};

const impeller: Draw = (c, f) => {
  const hp = f.num('Horsepower');
  const t = hp !== undefined ? unit((hp - 0.75) / 2.25) : f.frac(11);
  const r = 90 + 44 * t;
  const cx = 200;
  const cy = 184;
  let s: string;
  if (f.has('diffuser')) {
    // a diffuser: the ring, its fixed vanes, the o-ring groove and the tabs that locate it
    const vanes = 6 + Math.round(4 * f.frac(12));
    s = circle(cx, cy, r, c.light) + circle(cx, cy, r * 0.95, 'none', ` stroke="${c.flat.dark}" stroke-width="4"`);
    s += times(vanes, (i) => line(...polar(cx, cy, r * 0.45, (360 * i) / vanes), ...polar(cx, cy, r * 0.86, (360 * i) / vanes + 28), c.flat.main, 10));
    s += circle(cx, cy, r * 0.38, c.dark) + times(f.pick([2, 3], 13), (i) => circle(...polar(cx, cy, r * 0.8, 90 + i * 120), 7, c.flat.dark));
  } else {
    const vanes = 5 + Math.round(3 * t);
    s = circle(cx, cy, r, f.frac(12) < 0.5 ? c.light : c.main);
    s += times(vanes, (i) => {
      const a = (360 * i) / vanes;
      return stroke(['M', cx, cy, 'Q', ...polar(cx, cy, r * 0.86, a + 34), ...polar(cx, cy, r * 0.96, a)], c.flat.main, 14);
    });
    s += circle(cx, cy, 34, c.dark) + circle(cx, cy, 12, c.metal);
  }
  return s + cornerTag(f, polar(cx, cy, r * 0.9, 50), rating(f, 'Horsepower'));
};

const jet: Draw = (c, f) => {
  const kind = f.has('directional') ? 'directional' : f.has('pulsator') ? 'pulsator' : f.pick(['directional', 'massage', 'single'] as const, 13);
  const pack = f.pack();
  const shown = Math.min(pack, 3);
  const r = 70 + 30 * f.frac(14) - (shown - 1) * 12;
  const at: [number, number][] = shown === 1 ? [[200, 180]] : shown === 2 ? [[150, 196], [250, 170]] : [[200, 140], [130, 214], [270, 214]];
  const aim = polar(0, 0, r * 0.22, f.frac(15) * 360);
  let s = '';
  for (const [x, y] of at) {
    s += circle(x, y, r, c.metal) + times(12, (i) => circle(...polar(x, y, r * 0.88, i * 30), 3, c.flat.dark, ' opacity="0.35"'));
    s += circle(x, y, r * 0.74, c.main);
    if (kind === 'massage') s += times(5, (i) => circle(...polar(x, y, r * 0.42, i * 72 - 90), r * 0.1, c.flat.dark));
    else if (kind === 'pulsator') s += circle(x, y, r * 0.5, c.dark) + times(4, (i) => polygon(turn([[x - 4, y - r * 0.46], [x + 4, y - r * 0.46], [x + 4, y - r * 0.16], [x - 4, y - r * 0.16]], i * 90 + 20, x, y), c.flat.light));
    else s += circle(x + (kind === 'directional' ? aim[0] : 0), y + (kind === 'directional' ? aim[1] : 0), r * 0.3, c.dark);
    s += circle(x + (kind === 'directional' ? aim[0] : 0), y + (kind === 'directional' ? aim[1] : 0), r * 0.11, c.light);
  }
  const last = at[at.length - 1] ?? [200, 180];
  return s + cornerTag(f, polar(last[0], last[1], r * 0.8, 60), pack > 1 ? `${pack}-pack` : rating(f, 'Color'));
};

const ring: Draw = (c, f) => {
  const kind = f.has('track', 'tire') ? 'tire' : f.has('niche') ? 'niche' : f.has('face ring') ? 'face' : f.has('seal') && !f.has('gasket') ? 'seal' : f.has('gasket') ? 'gasket' : 'oring';
  const r = 70 + 60 * f.frac(15);
  const cx = 190;
  const cy = 180;
  const pack = f.pack();
  let s = '';
  if (kind === 'tire') {
    if (f.has('track')) {
      s = rect(50, 130, 300, 120, 'none', 60, ` stroke="${c.flat.dark}" stroke-width="22"`);
      s += times(14, (i) => line(78 + i * 18, 116, 78 + i * 18, 128, c.flat.dark, 6) + line(78 + i * 18, 252, 78 + i * 18, 264, c.flat.dark, 6));
      s += circle(110, 190, 34, c.light) + circle(290, 190, 34, c.light);
    } else {
      s = circle(cx, cy, r, c.dark) + times(20, (i) => line(...polar(cx, cy, r - 3, i * 18), ...polar(cx, cy, r - 14, i * 18), c.flat.light, 5));
      s += circle(cx, cy, r * 0.62, c.light) + circle(cx, cy, r * 0.2, c.metal);
    }
    return s + cornerTag(f, [cx + r * 0.5, cy + r * 0.6], pack > 1 ? `${pack}-pack` : '');
  }
  if (kind === 'niche') {
    const w = 2 * r;
    s = rect(cx - r, cy - r * 0.5, w, r * 1.2, c.metal, 10) + ellipse(cx, cy - r * 0.5, r, r * 0.32, c.light) + ellipse(cx, cy - r * 0.5, r * 0.8, r * 0.24, c.dark);
    s += rect(cx + r - 6, cy + r * 0.3, 60, 26, c.main, 6);
    return s + cornerTag(f, [cx, cy + r * 0.7]);
  }
  if (kind === 'seal') {
    // a shaft seal's two halves: the ceramic seat in its rubber cup and the spring seal
    s = circle(130, 180, 74, c.dark) + circle(130, 180, 58, '#f4f4f0') + circle(130, 180, 26, '#ffffff', ` stroke="${c.flat.dark}" stroke-width="3"`);
    s += rect(226, 130, 120, 100, c.metal, 12) + times(6, (i) => line(238 + i * 18, 136, 248 + i * 18, 224, c.flat.dark, 4)) + rect(218, 150, 16, 60, c.dark, 4);
    return s + cornerTag(f, [300, 230], pack > 1 ? `${pack}-pack` : '');
  }
  const thick = kind === 'gasket' ? 18 + 18 * f.frac(16) : 10 + 14 * f.frac(16);
  const shown = Math.min(pack, 3);
  for (let k = shown - 1; k >= 0; k--) {
    const x = cx + k * 14;
    const y = cy - k * 10;
    s += circle(x, y, r, 'none', ` stroke="${c.flat.main}" stroke-width="${Math.round(thick)}"`);
    s += circle(x, y, r - thick * 0.2, 'none', ` stroke="${c.flat.light}" stroke-width="${Math.max(2, Math.round(thick * 0.18))}" opacity="0.6"`);
  }
  if (kind === 'gasket' && f.has('flange')) s += times(4, (i) => circle(...polar(cx, cy, r, 45 + i * 90), thick * 0.22, '#ffffff'));
  if (kind === 'face') s += times(3, (i) => circle(...polar(cx, cy, r, -90 + i * 120), 5, c.flat.dark));
  return s + cornerTag(f, polar(cx, cy, r, 55), pack > 1 ? `${pack}-pack` : '');
};

const heater: Draw = (c, f) => {
  const kind = f.has('heat pump') ? 'pump' : f.has('exchanger') ? 'exchanger' : f.has('element') ? 'element' : f.has('flow-through', 'spa heater') ? 'flow' : 'gas';
  const btu = f.num('BTU');
  const t = btu !== undefined ? unit((btu - 150_000) / 250_000) : f.weightT(40, 260);
  const watt = f.num('Wattage');
  const tw = watt !== undefined ? unit((watt - 1.5) / 4) : f.frac(17);
  const sub = btu !== undefined ? `${decimal(btu / 1000)}K BTU` : watt !== undefined ? `${decimal(watt)} kW` : '';
  if (kind === 'element') {
    const right = 220 + 110 * tw;
    let s = rect(70, 130, 46, 130, c.dark, 8) + times(2, (i) => circle(93, 170 + i * 50, 8, c.metal));
    s += stroke(['M', 116, 160, 'L', right - 30, 160, 'Q', right, 160, right, 195, 'Q', right, 230, right - 30, 230, 'L', 116, 230], c.flat.metal, 16);
    return s + plate(200, 300, 170, f, sub);
  }
  if (kind === 'flow') {
    const len = 180 + 90 * tw;
    const x = 200 - len / 2;
    let s = rect(x, 196, len, 70, c.main, 30) + rect(x - 26, 190, 30, 82, c.dark, 8) + rect(x + len - 4, 190, 30, 82, c.dark, 8);
    s += rect(150, 140, 100, 60, c.dark, 8) + stroke(['M', 250, 160, 'C', 300, 150, 320, 120, 340, 96], c.flat.dark, 6);
    return s + plate(200, 300, 170, f, sub);
  }
  if (kind === 'exchanger') {
    const tubes = 6 + Math.round(4 * t);
    let s = rect(56, 120, 48, 180, c.dark, 10) + rect(296, 120, 48, 180, c.dark, 10);
    s += times(tubes, (i) => line(104, 136 + (i * 148) / (tubes - 1), 296, 136 + (i * 148) / (tubes - 1), c.flat.main, 9));
    s += times(16, (i) => line(116 + i * 11.5, 128, 116 + i * 11.5, 292, c.flat.metal, 1.2, ' opacity="0.6"'));
    s += rect(24, 150, 34, 26, c.metal, 4) + rect(24, 244, 34, 26, c.metal, 4);
    return s + plate(200, 326, 190, f, sub);
  }
  if (kind === 'pump') {
    const w = 230 + 60 * t;
    const h = 170 + 50 * t;
    const x = 200 - w / 2;
    const top = 326 - h;
    let s = rect(x - 4, 322, w + 8, 24, c.dark, 6) + rect(x, top, w, h, c.main, 12);
    s += times(10, (i) => line(x + w * 0.72 + i * (w * 0.024), top + 20, x + w * 0.72 + i * (w * 0.024), top + h - 20, c.flat.dark, 2, ' opacity="0.5"'));
    const fr = h * 0.3;
    s += circle(x + w * 0.36, top + h * 0.4, fr, c.dark) + times(8, (i) => line(x + w * 0.36, top + h * 0.4, ...polar(x + w * 0.36, top + h * 0.4, fr - 4, i * 45), c.flat.metal, 3));
    s += circle(x + w * 0.36, top + h * 0.4, fr * 0.22, c.metal);
    return s + plate(x + w * 0.36, top + h * 0.84, w * 0.5, f, sub);
  }
  // a gas heater: cabinet, top and vent, louvres by size, control panel, ports, base
  const w = 180 + 80 * t;
  const h = 190 + 80 * t;
  const x = 200 - w / 2;
  const top = 326 - h;
  let s = rect(x - 4, 322, w + 8, 24, c.dark, 6) + rect(x, top, w, h, c.main, 10) + rect(x - 6, top - 10, w + 12, 20, c.dark, 6);
  if (f.frac(18) < 0.5) s += rect(180, top - 30, 40, 22, c.metal, 4);
  const louvres = 4 + Math.round(4 * t);
  s += times(louvres, (i) => rect(x + 16, top + 22 + i * ((h * 0.45) / louvres), w * 0.52, 7, c.dark, 3));
  s += rect(x + w * 0.66, top + 26, w * 0.26, 56, c.light, 6) + rect(x + w * 0.7, top + 34, w * 0.18, 16, SCREEN);
  s += rect(x - 22, 280, 26, 20, c.metal, 4) + rect(x - 22, 250, 26, 20, c.metal, 4);
  return s + plate(x + w * 0.42, top + h * 0.76, w * 0.6, f, [sub, f.attr('Fuel') ?? ''].filter(Boolean).join(' '));
};

const cell: Draw = (c, f) => {
  const gallons = f.num('Pool Size');
  const t = gallons !== undefined ? unit((gallons - 15_000) / 25_000) : f.weightT(6, 35);
  const generator = f.has('generator', 'system', 'chlorinator');
  const len = 150 + 80 * t;
  const plates = 5 + Math.round(4 * t);
  const x = 200 - len / 2;
  const y = 200;
  let s = '';
  if (generator) s += rect(250, 30, 120, 96, c.dark, 10) + rect(262, 44, 96, 34, SCREEN) + times(3, (i) => circle(276 + i * 34, 104, 7, c.flat.light));
  s += rect(x, y, len, 96, c.light, 20, ' opacity="0.75"');
  s += times(plates, (i) => rect(x + 14, y + 10 + (i * 76) / (plates - 1), len - 28, 5, c.flat.metal, 2));
  s += rect(x - 40, y - 10, 44, 116, c.main, 14) + rect(x + len - 4, y - 10, 44, 116, c.main, 14);
  s += rect(x - 60, y + 26, 22, 44, c.dark, 6) + rect(x + len + 38, y + 26, 22, 44, c.dark, 6);
  s += rect(152, y - 52, 96, 56, c.dark, 8);
  s += stroke(['M', 200, y - 52, 'C', 200, y - 100, 240, y - 110, generator ? 262 : 300, generator ? 118 : y - 130], c.flat.dark, 7);
  return s + plate(200, y - 24, 90, f, gallons !== undefined ? `${decimal(gallons / 1000)}K gal` : '');
};

const controller: Draw = (c, f) => {
  if (f.has('remote')) {
    let s = rect(150, 50, 100, 270, c.dark, 30) + rect(165, 76, 70, 60, SCREEN, 6);
    s += times(8, (i) => circle(178 + (i % 2) * 44, 166 + Math.floor(i / 2) * 30, 10, c.main));
    return s + cornerTag(f, [240, 300]);
  }
  if (f.has('wi-fi', 'module')) {
    let s = rect(256, 50, 10, 110, c.dark, 4) + circle(261, 50, 8, c.dark) + rect(110, 150, 180, 150, c.dark, 14);
    s += times(3, (i) => circle(140 + i * 22, 176, 6, ['#6fcf7f', '#f2c94c', '#56ccf2'][i] ?? '#ffffff'));
    return s + plate(200, 250, 150, f);
  }
  if (f.has('igniter')) {
    let s = rect(180, 60, 40, 160, '#e8dcc8', 8) + rect(160, 210, 80, 40, c.metal, 6);
    s += stroke(['M', 190, 250, 'C', 180, 300, 120, 300, 100, 320], c.flat.dark, 5) + stroke(['M', 210, 250, 'C', 220, 300, 160, 310, 130, 330], c.flat.main, 5);
    return s + cornerTag(f, [200, 240], rating(f, 'Fuel'));
  }
  if (f.has('flow switch')) {
    let s = rect(70, 200, 260, 70, c.main, 12) + rect(165, 116, 70, 92, c.main, 8) + rect(158, 104, 84, 20, c.dark, 6);
    s += rect(60, 196, 20, 78, c.dark, 4) + rect(320, 196, 20, 78, c.dark, 4) + stroke(['M', 200, 104, 'C', 200, 60, 260, 50, 320, 60], c.flat.dark, 6);
    return s + plate(200, 236, 160, f);
  }
  if (f.has('sensor', 'temperature')) {
    let s = rect(80, 176, 150, 34, c.metal, 17) + rect(218, 166, 40, 54, c.dark, 6);
    s += stroke(['M', 258, 193, 'C', 320, 193, 340, 240, 300, 260, 'C', 260, 280, 300, 300, 340, 296], c.flat.dark, 6);
    return s + cornerTag(f, [150, 210]);
  }
  if (f.has('board', 'thermostat')) {
    let s = rect(70, 80, 260, 200, '#2f6f4a', 10) + times(4, (i) => rect(96 + i * 58, 110, 40, 30, INK, 3)) + times(2, (i) => rect(100 + i * 120, 170, 80, 50, c.main, 4));
    s += times(6, (i) => circle(96 + i * 42, 256, 6, c.flat.metal));
    return s + cornerTag(f, [300, 270]);
  }
  if (f.has('limit', 'switch')) {
    const s = circle(200, 180, 70, c.metal) + circle(200, 180, 50, c.dark) + rect(170, 250, 14, 40, c.flat.metal) + rect(216, 250, 14, 40, c.flat.metal);
    return s + cornerTag(f, [240, 230]);
  }
  if (f.has('cord')) {
    let s = times(4, (i) => ellipse(170 + i * 6, 200 + i * 8, 110 - i * 6, 56, 'none', ` stroke="${c.flat.dark}" stroke-width="7"`));
    s += rect(40, 150, 40, 40, c.main, 6) + rect(300, 260, 50, 34, c.dark, 6);
    return s + cornerTag(f, [280, 270]);
  }
  if (f.has('stand')) {
    const s = rect(120, 300, 160, 30, c.dark, 8) + rect(150, 120, 100, 190, c.light, 14, ' opacity="0.85"') + rect(142, 110, 116, 20, c.main, 6);
    return s + cornerTag(f, [250, 280]);
  }
  if (f.has('topside')) {
    let s = ellipse(200, 190, 160, 84, c.dark) + rect(140, 140, 120, 40, SCREEN, 6);
    s += times(4, (i) => circle(110 + i * 60, 222, 14, c.main));
    return s + cornerTag(f, [300, 240]);
  }
  if (f.has('spa pack')) {
    let s = rect(70, 80, 260, 200, c.dark, 14) + rect(90, 100, 220, 60, c.main, 8) + rect(56, 292, 288, 40, c.metal, 20);
    s += times(5, (i) => circle(110 + i * 45, 220, 12, c.flat.light));
    return s + plate(200, 130, 180, f, rating(f, 'Voltage'));
  }
  // a control centre: the load centre with its relays, as many as its auxiliary circuits
  const circuits = clamp(Math.round(f.num('Circuits') ?? 4 + Math.floor(f.frac(19) * 8)), 1, 20);
  let s = rect(90, 50, 220, 280, c.dark, 16) + rect(106, 68, 188, 84, c.light, 8) + rect(120, 80, 100, 34, SCREEN, 4);
  const perRow = 5;
  s += times(circuits, (i) => rect(112 + (i % perRow) * 36, 170 + Math.floor(i / perRow) * 34, 28, 26, c.main, 4));
  return s + plate(200, 310, 170, f, f.attr('Circuits') ?? '');
};

const light: Draw = (c, f) => {
  const colour = f.is('Light Color', 'color') || f.has('color-changing');
  const cordFt = f.num('Cord Length');
  const loops = cordFt !== undefined ? clamp(Math.round(cordFt / 25), 1, 4) : 2;
  if (f.has('landscape', 'deck')) {
    let s = polygon([[196, 330], [204, 330], [200, 346]], c.flat.dark) + rect(192, 170, 16, 162, c.dark, 4);
    s += polygon([[130, 170], [270, 170], [236, 110], [164, 110]], c.main) + rect(160, 170, 80, 18, '#fffbe6');
    return s + plate(200, 250, 140, f, rating(f, 'Color', 'Voltage'));
  }
  const r = f.has('spa') ? 84 : f.has('nicheless') ? 122 : 104 + 12 * f.frac(20);
  const cx = 170;
  const cy = 176;
  let s = '';
  s += stroke(['M', cx + r * 0.6, cy + r * 0.7, 'Q', 300, 250, 300, 290], c.flat.dark, 5);
  s += times(loops, (i) => ellipse(300, 296 + i * 8, 56 - i * 4, 20, 'none', ` stroke="${c.flat.dark}" stroke-width="5"`));
  s += circle(cx, cy, r, c.metal) + circle(cx, cy, r * 0.78, c.light);
  if (colour) {
    // a colour-changing lens: its segments in the colours it cycles through
    s += times(6, (i) => polygon([[cx, cy], polar(cx, cy, r * 0.7, i * 60), polar(cx, cy, r * 0.7, i * 60 + 30), polar(cx, cy, r * 0.7, i * 60 + 60)], `hsl(${i * 60},80%,72%)`, ' opacity="0.8"'));
  } else {
    s += circle(cx, cy, r * 0.45, '#fffbe6');
  }
  s += circle(cx, cy, r * 0.78, 'none', ` stroke="${c.flat.main}" stroke-width="8"`) + circle(cx, cy - r + 9, 5, c.flat.dark);
  return s + tag(20, 340, 150, f, [cx - r * 0.5, cy + r * 0.8], rating(f, 'Voltage'));
};

/** Pounds in a size ('25 lb', '1 gal', '16 oz'), or undefined. */
function pounds(size: string): number | undefined {
  const v = firstNumber(size);
  if (v === undefined) return undefined;
  if (/gal/i.test(size)) return v * 8.3;
  if (/qt/i.test(size)) return v * 2;
  if (/oz/i.test(size)) return v / 16;
  return /lb/i.test(size) ? v : undefined;
}

const container = (sack: boolean): Draw => (c, f) => {
  const size = f.attr('Size') ?? f.attr('Bottle Size') ?? '';
  const lbs = pounds(size);
  const t = lbs !== undefined ? unit(Math.log(Math.max(lbs, 0.05) / 0.5) / Math.log(100)) : f.weightT(0.5, 50);
  const liquid = /qt|gal/i.test(size) || (size === '' && f.has('algaecide', 'clarifier', 'enzyme', 'remover', 'treatment'));
  const reagent = /oz/i.test(size) || f.has('reagent', 'refill');
  const shown = Math.min(f.pack(), 3);
  const sub = [size, f.pack() > 1 ? `${f.pack()}-pack` : ''].filter(Boolean).join(' ');
  if (sack && f.has('leaf', 'debris', 'cleaner bag')) {
    // a cleaner's mesh bag on its collar
    let s = rect(120, 70, 160, 28, c.dark, 10) + path(['M', 124, 96, 'L', 276, 96, 'Q', 300, 250, 200, 320, 'Q', 100, 250, 124, 96, 'Z'], c.light, ' opacity="0.9"');
    s += times(8, (i) => line(140 + i * 17, 110, 170 + i * 8, 300, c.flat.main, 1.5, ' opacity="0.6"'));
    return s + plate(200, 200, 120, f, sub);
  }
  const h0 = sack ? 130 + 110 * t : reagent ? 90 + 40 * t : 90 + 150 * t;
  const w0 = sack ? h0 * 0.78 : reagent ? 48 + 10 * t : h0 * (liquid ? 0.62 : 0.8);
  // a pack stands side by side: smaller when the row would not fit the picture
  const fit = Math.min(1, 360 / ((shown - 1) * w0 * 0.78 + w0 + 16));
  const h = h0 * fit;
  const w = w0 * fit;
  const step = w * 0.78;
  let s = '';
  for (let k = shown - 1; k >= 0; k--) {
    const cx = 200 + (k - (shown - 1) / 2) * step;
    const bottom = 342 - k * 6;
    const top = bottom - h;
    if (sack) {
      s += path(['M', cx - w / 2, top + 16, 'Q', cx, top - 4, cx + w / 2, top + 16, 'L', cx + w / 2 + 6, bottom - 12, 'Q', cx, bottom + 2, cx - w / 2 - 6, bottom - 12, 'Z'], c.main);
      s += rect(cx - w * 0.38, top + h * 0.3, w * 0.76, h * 0.36, '#ffffff', 6, ' opacity="0.9"');
    } else if (liquid) {
      s += rect(cx - w / 2, top + 22, w, h - 22, c.main, 14) + rect(cx - w * 0.16, top, w * 0.32, 26, c.dark, 5);
      s += stroke(['M', cx + w * 0.12, top + 30, 'Q', cx + w * 0.5, top + 26, cx + w * 0.42, top + 70], c.flat.main, 10);
    } else if (reagent) {
      s += rect(cx - w / 2, top + 30, w, h - 30, c.light, 8) + polygon([[cx - 8, top], [cx + 8, top], [cx + 14, top + 32], [cx - 14, top + 32]], c.dark);
    } else if ((lbs ?? 0) >= 20) {
      // a pail with its wire handle
      s += polygon([[cx - w / 2, top + 16], [cx + w / 2, top + 16], [cx + w * 0.42, bottom], [cx - w * 0.42, bottom]], c.main) + rect(cx - w / 2 - 4, top + 8, w + 8, 16, c.dark, 4);
      s += stroke(['M', cx - w / 2, top + 16, 'Q', cx, top - 40, cx + w / 2, top + 16], c.flat.metal, 4);
    } else {
      s += rect(cx - w / 2, top + 20, w, h - 20, c.main, 14) + rect(cx - w * 0.42, top, w * 0.84, 26, c.dark, 6);
    }
    if (!sack && !reagent) s += rect(cx - w * 0.4, top + h * 0.42, w * 0.8, h * 0.34, '#ffffff', 6, ' opacity="0.9"');
  }
  const front = 200 - ((shown - 1) / 2) * step;
  return s + plate(front, 342 - h * 0.4, Math.max(w * 0.9, 104), f, sub);
};

const cover: Draw = (c, f) => {
  if (f.has('reel')) {
    let s = polygon([[40, 330], [70, 170], [100, 330]], c.dark) + polygon([[300, 330], [330, 170], [360, 330]], c.dark);
    s += rect(60, 150, 280, 70, c.main, 35) + times(6, (i) => line(100 + i * 40, 154, 100 + i * 40, 216, c.flat.light, 3, ' opacity="0.6"'));
    s += circle(70, 185, 26, c.metal) + circle(40, 334, 10, c.flat.dark) + circle(360, 334, 10, c.flat.dark);
    return s + plate(200, 270, 160, f);
  }
  if (f.has('pillow')) {
    let s = rect(70, 120, 260, 140, c.main, 60) + rect(86, 136, 228, 108, 'none', 50, ` stroke="${c.flat.light}" stroke-width="3" stroke-dasharray="8 6"`);
    s += circle(140, 276, 16, c.flat.dark) + circle(260, 276, 16, c.flat.dark);
    return s + cornerTag(f, [300, 240], rating(f, 'Color'));
  }
  if (f.has('lid', 'skimmer cover')) {
    let s = ellipse(200, 220, 160, 74, c.dark) + ellipse(200, 212, 150, 66, c.main);
    s += times(5, (i) => line(110 + i * 45, 190, 110 + i * 45, 236, c.flat.dark, 6, ' opacity="0.35"'));
    return s + plate(200, 212, 130, f, rating(f, 'Color'));
  }
  if (f.has('panel', 'collector')) {
    const size = f.attr('Panel Size') ?? '';
    const nums = (size.match(/\d+/g) ?? []).map(Number);
    const w = clamp(60 + (nums[0] ?? 2 + 2 * f.frac(21)) * 45, 100, 260);
    const h = clamp(120 + (nums[1] ?? 10 + 10 * f.frac(22)) * 10, 160, 300);
    const x = 200 - w / 2;
    const top = 330 - h;
    let s = rect(x, top, w, h, c.dark, 6) + rect(x - 6, top, w + 12, 18, c.metal, 6) + rect(x - 6, top + h - 18, w + 12, 18, c.metal, 6);
    const tubes = Math.round(w / 10);
    s += times(tubes, (i) => line(x + 6 + (i * (w - 12)) / (tubes - 1), top + 20, x + 6 + (i * (w - 12)) / (tubes - 1), top + h - 20, c.flat.main, 5));
    return s + plate(200, top + h * 0.5, Math.min(w * 0.9, 160), f, size);
  }
  // a pool cover laid out: a round or a rectangular pool's shape, textured by its kind
  const size = f.attr('Size') ?? '';
  const round = /round/i.test(size) || (size === '' && f.frac(23) < 0.3);
  const dims = (size.match(/\d+/g) ?? []).map(Number);
  const aspect = dims.length >= 2 ? clamp((dims[1] ?? 1) / (dims[0] ?? 1), 1, 3) : 2;
  const span = clamp(200 + (dims[0] ?? 16) * 5, 220, 340);
  let s: string;
  if (round) {
    s = ellipse(200, 230, span / 2, span / 4.2, c.main);
  } else {
    const depth = clamp(span / aspect / 1.6, 50, 140);
    s = polygon([[200 - span / 2 + 30, 230 - depth / 2], [200 + span / 2 - 30, 230 - depth / 2], [200 + span / 2, 230 + depth / 2], [200 - span / 2, 230 + depth / 2]], c.main);
  }
  if (f.has('mesh')) s += times(9, (i) => line(80 + i * 30, 180, 70 + i * 32, 280, c.flat.dark, 1.5, ' opacity="0.4"')) + times(4, (i) => line(60, 196 + i * 22, 340, 196 + i * 22, c.flat.dark, 1.5, ' opacity="0.4"'));
  else if (f.has('solar')) s += times(36, (i) => circle(110 + (i % 9) * 22 + (Math.floor(i / 9) % 2) * 11, 206 + Math.floor(i / 9) * 16, 5, c.flat.light, ' opacity="0.7"'));
  else s += times(8, (i) => circle(90 + i * 31, 262, 5, c.flat.metal));
  return s + cornerTag(f, [300, 260], size);
};

const skimmer: Draw = (c, f) => {
  if (f.has('drain', 'sump')) {
    const square = f.has('sump') || f.frac(24) < 0.4;
    const slots = 6 + Math.round(4 * f.frac(25));
    let s = square ? rect(70, 60, 260, 260, c.main, 18) : circle(200, 190, 136, c.main);
    s += times(slots, (i) => {
      const y = 90 + (i * 200) / (slots - 1);
      const half = square ? 104 : Math.sqrt(Math.max(0, 120 * 120 - (y - 190) ** 2)) * 0.9;
      return line(200 - half, y, 200 + half, y, c.flat.dark, 7, ' opacity="0.7"');
    });
    s += circle(200, 80, 6, c.flat.metal) + circle(200, 300, 6, c.flat.metal);
    return s + cornerTag(f, [280, 300], rating(f, 'Color'));
  }
  if (f.has('weir')) {
    const s = rect(110, 90, 180, 200, c.main, 10) + rect(100, 80, 200, 20, c.dark, 6) + rect(140, 250, 120, 34, c.light, 8);
    return s + cornerTag(f, [260, 260]);
  }
  const wide = f.has('wide');
  const thru = f.has('thru-wall', 'above ground');
  const mouth = wide ? 220 : 150;
  let s = '';
  if (thru) {
    s = rect(90, 80, 220, 220, c.light, 14) + rect(200 - mouth / 2 + 20, 130, mouth - 40, 90, c.dark, 8) + times(6, (i) => circle(110 + (i % 3) * 90, 100 + Math.floor(i / 3) * 180, 6, c.flat.metal));
    return s + plate(200, 262, 150, f);
  }
  s = polygon([[200 - mouth / 2, 120], [200 + mouth / 2, 120], [300, 300], [100, 300]], c.main);
  s += rect(200 - mouth / 2 - 10, 100, mouth + 20, 30, c.dark, 10) + rect(200 - mouth / 2 + 14, 136, mouth - 28, 60, c.dark, 6, ' opacity="0.7"');
  s += ellipse(200, 96, 70, 18, c.light) + rect(120, 300, 30, 36, c.metal, 4) + rect(250, 300, 30, 36, c.metal, 4);
  return s + plate(200, 250, 150, f);
};

const basket: Draw = (c, f) => {
  if (f.has('lid', 'cover')) {
    // a clear strainer lid: its ears on the rim (two, three or four), the dome, the o-ring groove
    const ears = f.pick([2, 3, 4], 26);
    let s = ellipse(200, 236, 160, 66, c.dark);
    s += times(ears, (i) => {
      const [x, y] = polar(200, 236, 1, (i * 360) / ears);
      return rect(200 + (x - 200) * 160 - 16, 236 + (y - 236) * 66 - 10, 32, 20, c.flat.dark, 4);
    });
    s += path(['M', 60, 230, 'Q', 200, 96, 340, 230, 'Z'], c.light, ' opacity="0.85"');
    s += ellipse(200, 230, 140, 24, 'none', ` stroke="${c.flat.dark}" stroke-width="4"`) + rect(176, 150, 48, 14, c.flat.dark, 5);
    return s + cornerTag(f, [300, 250]);
  }
  const deep = f.has('hair', 'lint', 'strainer');
  const h = deep ? 170 + 50 * f.weightT(0.3, 1.5) : 110 + 50 * f.weightT(0.3, 1.5);
  const w = deep ? 170 : 230;
  const top = 330 - h;
  let s = polygon([[200 - w / 2, top], [200 + w / 2, top], [200 + w * 0.38, 330], [200 - w * 0.38, 330]], c.main);
  const slots = 6 + Math.round(4 * f.frac(27));
  s += times(slots, (i) => line(200 - w * 0.36 + (i * w * 0.72) / (slots - 1), top + 20, 200 - w * 0.3 + (i * w * 0.6) / (slots - 1), 320, c.flat.light, 5));
  s += rect(200 - w / 2 - 10, top - 14, w + 20, 28, c.dark, 10);
  if (deep) s += rect(200 + w * 0.1, top + 30, w * 0.28, 50, c.dark, 8);
  else s += stroke(['M', 200 - w * 0.3, top - 6, 'Q', 200, top - 80, 200 + w * 0.3, top - 6], c.flat.dark, 8);
  return s + plate(200, top + h * 0.62, 130, f, f.pack() > 1 ? `${f.pack()}-pack` : '');
};

const kit: Draw = (c, f) => {
  if (f.has('strip')) {
    const count = f.num('Count') ?? 50;
    const h = clamp(150 + count * 0.8, 160, 260);
    let s = rect(150, 340 - h, 100, h, c.main, 12) + rect(144, 326 - h, 112, 30, c.dark, 8);
    s += times(3, (i) => rect(270 + i * 20, 140 + i * 14, 10, 180, '#ffffff', 2, ' stroke="#c9c9c9"') + times(4, (k) => rect(270 + i * 20, 150 + i * 14 + k * 16, 10, 10, `hsl(${(k * 80 + i * 30) % 360},70%,60%)`)));
    return s + plate(200, 340 - h * 0.45, 104, f, f.attr('Count') ?? '');
  }
  if (f.has('digital', 'meter', 'photometer')) {
    let s = rect(130, 60, 140, 260, c.dark, 24) + rect(150, 86, 100, 64, SCREEN, 6) + times(4, (i) => circle(176 + (i % 2) * 48, 186 + Math.floor(i / 2) * 40, 12, c.main));
    if (f.has('photometer')) s += circle(200, 60, 22, c.light) + circle(200, 60, 12, c.flat.dark);
    return s + plate(200, 286, 120, f);
  }
  const bottles = f.has('complete') ? 5 : f.has('pro') ? 7 : f.has('oto') ? 2 : 3 + Math.floor(f.frac(28) * 4);
  const bw = Math.min(40, 230 / bottles - 6);
  let s = rect(60, 180, 280, 150, c.main, 14);
  s += times(bottles, (i) => {
    const x = 200 - (bottles * (bw + 6)) / 2 + i * (bw + 6) + 3;
    return rect(x, 96, bw, 100, '#ffffff', 8, ` stroke="${INK}" stroke-width="2"`) + rect(x + bw * 0.2, 80, bw * 0.6, 20, `hsl(${(i * 67) % 360},65%,55%)`, 4);
  });
  return s + plate(200, 270, 180, f);
};

const cleaner: Draw = (c, f) => {
  const type = (f.attr('Cleaner Type') ?? '').toLowerCase();
  if (f.has('hose')) {
    const len = f.num('Length') ?? 25 + 35 * f.frac(29);
    const coils = clamp(Math.round(len / 12), 2, 6);
    let s = times(coils, (i) => ellipse(200, 170 + i * 22, 150 - i * 6, 50, 'none', ` stroke="${c.flat.main}" stroke-width="14"`));
    s += rect(40, 140, 40, 40, c.dark, 8) + rect(320, 150 + coils * 22, 40, 40, c.dark, 8);
    return s + cornerTag(f, [260, 290], f.attr('Length') ?? '');
  }
  if (f.has('robotic') || type.includes('robotic')) {
    const cordless = f.has('cordless');
    let s = rect(60, 262, 280, 52, c.dark, 26) + times(12, (i) => line(80 + i * 22, 264, 80 + i * 22, 312, c.flat.light, 3, ' opacity="0.5"'));
    s += rect(70, 150, 260, 130, c.main, 48) + stroke(['M', 130, 152, 'Q', 200, 80, 270, 152], c.flat.dark, 14);
    if (f.has('wall')) s += rect(56, 300, 288, 20, c.light, 10);
    if (cordless) {
      s += circle(300, 180, 8, '#6fcf7f');
    } else {
      const cord = f.num('Cord Length') ?? 50;
      s += times(clamp(Math.round(cord / 25), 1, 4), (i) => ellipse(350, 110 + i * 12, 30, 14, 'none', ` stroke="${c.flat.dark}" stroke-width="4"`)) + stroke(['M', 300, 160, 'Q', 330, 130, 340, 120], c.flat.dark, 4);
    }
    return s + plate(200, 220, 160, f, rating(f, 'Cord Length'));
  }
  if (f.has('pressure', 'booster') || type.includes('pressure')) {
    let s = path(['M', 90, 290, 'Q', 110, 170, 220, 170, 'Q', 320, 170, 320, 290, 'Z'], c.main) + circle(120, 300, 28, c.dark) + circle(290, 300, 28, c.dark) + circle(205, 306, 24, c.dark);
    s += path(['M', 160, 176, 'Q', 150, 60, 230, 60, 'Q', 300, 80, 260, 176, 'Z'], c.light, ' opacity="0.85"') + stroke(['M', 90, 280, 'C', 40, 260, 60, 200, 30, 170], c.flat.dark, 6);
    return s + plate(205, 240, 140, f);
  }
  // a suction cleaner: its disc, the body and the first hose sections
  const len = f.num('Length');
  const sections = clamp(Math.round((len ?? 35) / 12), 2, 5);
  let s = ellipse(180, 300, 150, 34, c.dark) + path(['M', 90, 300, 'Q', 100, 200, 180, 190, 'Q', 260, 200, 270, 300, 'Z'], c.main);
  s += stroke(['M', 190, 196, 'Q', 210 + sections * 20, 150 - sections * 10, 220 + sections * 30, 60], c.flat.light, 26);
  s += times(sections * 3, (i) => circle(200 + ((i + 1) * (sections * 30 + 10)) / (sections * 3 + 1), 190 - ((i + 1) * 130) / (sections * 3 + 1), 3, c.flat.dark));
  return s + plate(180, 260, 140, f, len !== undefined ? `${decimal(len)} ft hose` : '');
};

const BODIES: Record<Shape, Draw> = {
  pump, filter, cartridge, heater, cleaner, jar: container(false), bag: container(true), jet, ring, impeller, motor, light, controller, cell, valve, skimmer, cover, kit, basket,
};

/** The drawing of a part in a 400x400 box. */
export const partBody = (shape: Shape, c: Paint, f: Traits): string => (BODIES[shape] ?? BODIES.kit)(c, f);
