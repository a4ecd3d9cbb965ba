/**
 * Small, valid glTF 2.0 models with the geometry in an embedded base64 buffer, shaped like the
 * part they stand for: a pump is a ribbed motor, a volute and a strainer pot with a clear lid on
 * a base; a filter is a domed tank with a multiport valve and a pressure gauge; a cartridge is a
 * pleated cylinder between two end caps; and so on for every catalogue shape. Each model is built
 * from a few primitives (surfaces of revolution, boxes, tori) in up to five materials, so the
 * storefront's 3D viewer shows the product rather than a cylinder. Deterministic: the same shape
 * and hue give the same bytes.
 * @module
 */
import type { Shape } from './shapes.ts';

type Vec3 = [number, number, number];
type Transform = (p: Vec3) => Vec3;

/** The materials a model can use; the body colour comes from the product's hue. */
type MaterialName = 'body' | 'dark' | 'metal' | 'clear' | 'white';

/** A mesh under construction: one vertex list, one index list per material. */
class MeshBuilder {
  readonly positions: number[] = [];
  readonly indices = new Map<MaterialName, number[]>();

  /** Adds a grid of rows x cols vertices (row-major) joined into quads; `wrap` closes the columns. */
  grid(material: MaterialName, rows: Vec3[][], wrap: boolean): void {
    const base = this.positions.length / 3;
    const cols = rows[0]?.length ?? 0;
    for (const row of rows) for (const p of row) this.positions.push(p[0], p[1], p[2]);
    const list = this.list(material);
    const colEnd = wrap ? cols : cols - 1;
    for (let r = 0; r + 1 < rows.length; r++) {
      for (let c = 0; c < colEnd; c++) {
        const c1 = (c + 1) % cols;
        const a = base + r * cols + c;
        const b = base + r * cols + c1;
        const d = base + (r + 1) * cols + c;
        const e = base + (r + 1) * cols + c1;
        list.push(a, d, b, b, d, e);
      }
    }
  }

  /** Adds triangles over fresh vertices (flat shaded). */
  triangles(material: MaterialName, tris: Vec3[]): void {
    const base = this.positions.length / 3;
    for (const p of tris) this.positions.push(p[0], p[1], p[2]);
    const list = this.list(material);
    for (let i = 0; i < tris.length; i++) list.push(base + i);
  }

  private list(material: MaterialName): number[] {
    let list = this.indices.get(material);
    if (!list) {
      list = [];
      this.indices.set(material, list);
    }
    return list;
  }
}

const TAU = Math.PI * 2;
const identity: Transform = (p) => p;

/** Moves a point. */
const at = (x: number, y: number, z: number, inner: Transform = identity): Transform => (p) => {
  const q = inner(p);
  return [q[0] + x, q[1] + y, q[2] + z];
};
/** Turns the y axis into the x axis (a part lying on its side). */
const alongX = (inner: Transform = identity): Transform => (p) => {
  const q = inner(p);
  return [q[1], -q[0], q[2]];
};
/** Turns the y axis into the z axis. */
const alongZ = (inner: Transform = identity): Transform => (p) => {
  const q = inner(p);
  return [q[0], q[2], q[1]];
};
/** Turns about the y axis. */
const turnY = (angle: number, inner: Transform = identity): Transform => (p) => {
  const q = inner(p);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [q[0] * c + q[2] * s, q[1], -q[0] * s + q[2] * c];
};

/**
 * A surface of revolution about the y axis: `profile` is a list of [radius, y] from bottom to top
 * (radius 0 closes a cap); `radiusAt` may modulate the radius by angle (pleats, ribs).
 */
function lathe(
  m: MeshBuilder,
  material: MaterialName,
  profile: readonly (readonly [number, number])[],
  t: Transform = identity,
  segments = 28,
  radiusAt: (angle: number, r: number) => number = (_a, r) => r,
): void {
  const rows = profile.map(([r, y]) =>
    Array.from({ length: segments }, (_, i) => {
      const a = (i / segments) * TAU;
      const rr = r === 0 ? 0 : radiusAt(a, r);
      return t([Math.cos(a) * rr, y, Math.sin(a) * rr]);
    }),
  );
  m.grid(material, rows, true);
}

/** A closed cylinder of radius r from y0 to y1 (with flat caps). */
function cylinder(m: MeshBuilder, material: MaterialName, r: number, y0: number, y1: number, t: Transform = identity, segments = 24): void {
  lathe(m, material, [[0, y0], [r, y0], [r, y0], [r, y1], [r, y1], [0, y1]], t, segments);
}

/** An axis-aligned box centred on (0,0,0) before the transform. */
function box(m: MeshBuilder, material: MaterialName, sx: number, sy: number, sz: number, t: Transform = identity): void {
  const x = sx / 2;
  const y = sy / 2;
  const z = sz / 2;
  const v = (a: number, b: number, c: number): Vec3 => t([a * x, b * y, c * z]);
  const faces: Vec3[][] = [
    [v(1, -1, -1), v(1, 1, -1), v(1, 1, 1), v(1, -1, 1)],
    [v(-1, -1, 1), v(-1, 1, 1), v(-1, 1, -1), v(-1, -1, -1)],
    [v(-1, 1, -1), v(-1, 1, 1), v(1, 1, 1), v(1, 1, -1)],
    [v(-1, -1, 1), v(-1, -1, -1), v(1, -1, -1), v(1, -1, 1)],
    [v(-1, -1, 1), v(1, -1, 1), v(1, 1, 1), v(-1, 1, 1)],
    [v(1, -1, -1), v(-1, -1, -1), v(-1, 1, -1), v(1, 1, -1)],
  ];
  const tris: Vec3[] = [];
  for (const [a, b, c, d] of faces as [Vec3, Vec3, Vec3, Vec3][]) tris.push(a, b, c, a, c, d);
  m.triangles(material, tris);
}

/** A torus about the y axis: ring radius R, tube radius r. */
function torus(m: MeshBuilder, material: MaterialName, R: number, r: number, t: Transform = identity, segments = 36, sides = 14): void {
  const profile = Array.from({ length: sides + 1 }, (_, i) => {
    const a = (i / sides) * TAU;
    return [R + r * Math.cos(a), r * Math.sin(a)] as const;
  });
  lathe(m, material, profile, t, segments);
}

/** Builds the parts of one shape. */
function build(m: MeshBuilder, shape: Shape): void {
  switch (shape) {
    case 'pump': {
      // motor on its side with cooling ribs, a domed end cap, the volute, the strainer pot
      lathe(m, 'body', [[0, -1.05], [0.3, -1.02], [0.4, -0.95], [0.42, -0.9], [0.42, -0.15], [0.36, -0.12], [0.36, -0.05], [0, -0.05]],
        alongX(at(0, 0, 0)), 32, (a, r) => (r > 0.41 ? r + 0.025 * Math.max(0, Math.cos(a * 12)) : r));
      lathe(m, 'dark', [[0, -0.08], [0.44, -0.08], [0.48, -0.02], [0.48, 0.22], [0.44, 0.28], [0, 0.28]], alongX());
      cylinder(m, 'metal', 0.07, -1.14, -1.04, alongX());
      // strainer pot with a clear lid and a lid handle
      lathe(m, 'dark', [[0, -0.42], [0.3, -0.42], [0.33, -0.38], [0.33, 0.26], [0.37, 0.28], [0.37, 0.32], [0, 0.32]], at(0.68, 0, 0), 32);
      lathe(m, 'clear', [[0, 0.3], [0.35, 0.3], [0.35, 0.38], [0.28, 0.45], [0, 0.48]], at(0.68, 0, 0), 32);
      box(m, 'dark', 0.62, 0.07, 0.08, at(0.68, 0.5, 0));
      // outlet on top of the volute, inlet at the front of the pot
      cylinder(m, 'dark', 0.13, 0.3, 0.72, at(0.1, 0, 0));
      cylinder(m, 'metal', 0.15, 0.62, 0.72, at(0.1, 0, 0));
      cylinder(m, 'dark', 0.13, 0.95, 1.3, alongX());
      // base and feet
      box(m, 'dark', 2.3, 0.1, 0.8, at(0.1, -0.52, 0));
      box(m, 'dark', 0.16, 0.16, 0.5, at(-0.6, -0.43, 0));
      box(m, 'dark', 0.16, 0.16, 0.5, at(0.68, -0.43, 0));
      break;
    }
    case 'filter': {
      // domed tank on a flared skirt, multiport valve and handle on top, pressure gauge
      const tank: [number, number][] = [];
      for (let i = 0; i <= 6; i++) tank.push([0.55 * Math.sin((i / 6) * (Math.PI / 2)), -0.55 - 0.25 * Math.cos((i / 6) * (Math.PI / 2))]);
      tank.push([0.56, 0.7], [0.58, 0.72], [0.58, 0.76], [0.56, 0.78]);
      for (let i = 1; i <= 6; i++) tank.push([0.56 * Math.cos((i / 6) * (Math.PI / 2)), 0.78 + 0.3 * Math.sin((i / 6) * (Math.PI / 2))]);
      lathe(m, 'body', tank, identity, 36);
      lathe(m, 'dark', [[0.3, -0.95], [0.62, -0.95], [0.62, -0.88], [0.45, -0.5], [0.3, -0.5]], identity, 36);
      cylinder(m, 'dark', 0.3, 1.02, 1.28, identity, 32);
      cylinder(m, 'white', 0.26, 1.28, 1.34, identity, 32);
      box(m, 'dark', 0.12, 0.1, 0.7, at(0, 1.4, 0.05));
      box(m, 'dark', 0.12, 0.22, 0.1, at(0, 1.3, 0));
      // three ports around the valve
      for (const a of [0, (2 * Math.PI) / 3, (4 * Math.PI) / 3]) cylinder(m, 'dark', 0.08, 0.2, 0.5, turnY(a, at(0, 1.15, 0, alongX())));
      // gauge
      cylinder(m, 'metal', 0.03, 1.28, 1.42, at(0.18, 0, -0.1));
      cylinder(m, 'metal', 0.09, -0.02, 0.04, at(0.18, 1.5, -0.1, alongZ()));
      cylinder(m, 'white', 0.075, 0.04, 0.045, at(0.18, 1.5, -0.1, alongZ()));
      // drain cap near the bottom
      cylinder(m, 'dark', 0.06, 0.5, 0.62, at(0, -0.7, 0, alongX()));
      break;
    }
    case 'cartridge': {
      // pleated media between two end caps with an open core
      lathe(m, 'white', [[0.42, -0.72], [0.42, 0.72]], identity, 96, (a, r) => r - 0.06 * Math.abs(Math.cos(a * 24)));
      lathe(m, 'dark', [[0.24, 0.7], [0.45, 0.7], [0.46, 0.72], [0.46, 0.8], [0.45, 0.82], [0.24, 0.82], [0.24, 0.7]], identity, 40);
      lathe(m, 'dark', [[0.18, -0.82], [0.45, -0.82], [0.46, -0.8], [0.46, -0.72], [0.45, -0.7], [0.18, -0.7], [0.18, -0.82]], identity, 40);
      lathe(m, 'body', [[0.24, 0.82], [0.24, -0.82]], identity, 32);
      torus(m, 'body', 0.46, 0.015, at(0, 0.25, 0), 48, 6);
      torus(m, 'body', 0.46, 0.015, at(0, -0.25, 0), 48, 6);
      break;
    }
    case 'cell': {
      // a clear tube with electrode plates, unions at both ends and a cord housing
      lathe(m, 'clear', [[0.22, -0.7], [0.22, 0.7]], alongX(), 32);
      for (let i = -3; i <= 3; i++) box(m, 'metal', 1.2, 0.02, 0.3, at(0, i * 0.05, 0));
      for (const x of [-1, 1]) {
        lathe(m, 'body', [[0.22, 0.6], [0.3, 0.62], [0.3, 0.85], [0.22, 0.88], [0.16, 0.88], [0.16, 1.05], [0, 1.05]], alongX((p) => [p[0], p[1] * x, p[2]]), 32);
      }
      box(m, 'dark', 0.5, 0.2, 0.26, at(0, 0.3, 0));
      cylinder(m, 'dark', 0.04, 0.4, 0.8, at(0, 0, 0));
      break;
    }
    case 'motor': {
      lathe(m, 'body', [[0, -0.8], [0.3, -0.78], [0.45, -0.7], [0.47, -0.62], [0.47, 0.55], [0.4, 0.6], [0, 0.6]], alongX(), 40,
        (a, r) => (r > 0.46 ? r + 0.03 * Math.max(0, Math.cos(a * 14)) : r));
      cylinder(m, 'metal', 0.05, 0.6, 0.85, alongX());
      cylinder(m, 'dark', 0.36, 0.55, 0.62, alongX());
      box(m, 'dark', 0.26, 0.18, 0.22, at(-0.2, 0.5, 0));
      box(m, 'dark', 0.9, 0.08, 0.7, at(-0.1, -0.55, 0));
      break;
    }
    case 'jar':
    case 'bag': {
      if (shape === 'jar') {
        lathe(m, 'body', [[0, -0.7], [0.46, -0.7], [0.5, -0.65], [0.52, 0.45], [0.48, 0.5], [0.38, 0.55], [0.38, 0.6], [0, 0.6]], identity, 36);
        lathe(m, 'dark', [[0, 0.55], [0.41, 0.55], [0.41, 0.78], [0.38, 0.8], [0, 0.8]], identity, 36, (a, r) => (r > 0.4 ? r + 0.012 * Math.cos(a * 40) : r));
        lathe(m, 'white', [[0.525, -0.35], [0.525, 0.25]], identity, 36);
      } else {
        // a pillow-shaped sack: a squashed surface of revolution, sealed at the top
        lathe(m, 'body', [[0, -0.75], [0.45, -0.72], [0.6, -0.55], [0.62, 0.3], [0.45, 0.62], [0.15, 0.75], [0, 0.76]], (p) => [p[0], p[1], p[2] * 0.45], 36);
        box(m, 'white', 0.7, 0.45, 0.04, at(0, 0, 0.28));
        box(m, 'dark', 0.5, 0.05, 0.1, at(0, 0.76, 0));
      }
      break;
    }
    case 'jet': {
      lathe(m, 'metal', [[0, -0.15], [0.72, -0.15], [0.78, -0.08], [0.78, 0], [0.7, 0.05], [0.45, 0.08], [0, 0.08]], alongZ(), 48);
      lathe(m, 'body', [[0, 0], [0.44, 0], [0.44, 0.1], [0.35, 0.2], [0, 0.24]], alongZ(), 40, (a, r) => (r > 0.43 ? r + 0.02 * Math.cos(a * 10) : r));
      lathe(m, 'dark', [[0, 0.2], [0.12, 0.2], [0.1, 0.3], [0, 0.32]], alongZ(), 24);
      lathe(m, 'dark', [[0.3, -0.15], [0.3, -0.6], [0, -0.6]], alongZ(), 32);
      break;
    }
    case 'ring':
      torus(m, 'body', 0.8, 0.09, identity, 64, 16);
      break;
    case 'impeller': {
      lathe(m, 'body', [[0, 0], [0.9, 0], [0.9, 0.05], [0, 0.05]], identity, 48);
      lathe(m, 'body', [[0, 0.3], [0.32, 0.3], [0.32, 0.36], [0.88, 0.36], [0.88, 0.4], [0.2, 0.4], [0.2, 0.55], [0, 0.55]], identity, 48);
      for (let i = 0; i < 7; i++) {
        const a = (i / 7) * TAU;
        for (let k = 0; k < 4; k++) box(m, 'dark', 0.2, 0.3, 0.05, turnY(a + k * 0.16, at(0.3 + k * 0.15, 0.18, 0)));
      }
      cylinder(m, 'metal', 0.08, -0.2, 0.6);
      break;
    }
    case 'light': {
      lathe(m, 'metal', [[0, -0.1], [0.85, -0.1], [0.92, -0.04], [0.92, 0.04], [0.85, 0.08], [0, 0.08]], alongZ(), 48);
      lathe(m, 'clear', [[0, 0.05], [0.75, 0.05], [0.72, 0.18], [0.5, 0.28], [0, 0.32]], alongZ(), 48);
      lathe(m, 'white', [[0, 0.06], [0.35, 0.06], [0.3, 0.16], [0, 0.18]], alongZ(), 32);
      lathe(m, 'dark', [[0.6, -0.1], [0.6, -0.5], [0.5, -0.55], [0, -0.55]], alongZ(), 40);
      torus(m, 'dark', 0.08, 0.03, alongZ(at(0, -0.6, 0)), 12, 6);
      cylinder(m, 'dark', 0.025, -1.6, -0.6, alongZ());
      break;
    }
    case 'heater': {
      box(m, 'body', 1.1, 1.3, 0.8, at(0, 0.1, 0));
      box(m, 'dark', 1.2, 0.12, 0.9, at(0, 0.8, 0));
      box(m, 'dark', 1.16, 0.1, 0.86, at(0, -0.6, 0));
      for (let i = 0; i < 6; i++) box(m, 'dark', 0.8, 0.04, 0.05, at(0, 0.55 - i * 0.1, 0.41));
      box(m, 'white', 0.3, 0.18, 0.04, at(0.2, -0.25, 0.41));
      cylinder(m, 'dark', 0.08, 0.5, 0.8, at(0, -0.3, 0.15, alongX()));
      cylinder(m, 'dark', 0.08, 0.5, 0.8, at(0, -0.3, -0.15, alongX()));
      break;
    }
    case 'cleaner': {
      lathe(m, 'body', [[0, -0.12], [0.35, -0.12], [0.5, 0], [0.52, 0.2], [0.45, 0.38], [0.2, 0.46], [0, 0.47]], (p) => [p[0] * 1.4, p[1], p[2]], 36);
      for (const z of [-0.5, 0.5]) box(m, 'dark', 1.3, 0.28, 0.1, at(0, -0.1, z));
      box(m, 'dark', 0.08, 0.3, 0.5, at(-0.1, 0.55, 0));
      box(m, 'dark', 0.08, 0.06, 0.5, at(-0.1, 0.7, 0));
      box(m, 'white', 0.3, 0.04, 0.3, at(0.35, 0.42, 0));
      cylinder(m, 'dark', 0.03, 0.5, 1.6, at(0, 0.2, 0, alongX()));
      break;
    }
    case 'controller': {
      box(m, 'dark', 1, 1.3, 0.3);
      box(m, 'white', 0.7, 0.4, 0.04, at(0, 0.3, 0.16));
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) cylinder(m, 'body', 0.06, 0.15, 0.2, at(-0.22 + c * 0.22, -0.1 - r * 0.17, 0, alongZ()), 16);
      cylinder(m, 'dark', 0.05, -0.8, -0.65, identity, 12);
      break;
    }
    case 'valve': {
      cylinder(m, 'metal', 0.16, -1.1, 1.1, alongX(), 28);
      for (const x of [-1, 1]) cylinder(m, 'metal', 0.2, 0.75, 0.95, alongX(at(0, 0, 0, (p) => [p[0], p[1] * x, p[2]])), 28);
      lathe(m, 'body', [[0, -0.45], [0.3, -0.45], [0.45, -0.2], [0.48, 0.1], [0.35, 0.35], [0, 0.38]], identity, 36);
      cylinder(m, 'dark', 0.07, 0.35, 0.75);
      box(m, 'dark', 0.9, 0.1, 0.16, at(0.25, 0.8, 0));
      break;
    }
    case 'skimmer':
    case 'basket': {
      // a tapered basket with a rim, ribs and a handle
      lathe(m, 'body', [[0, -0.55], [0.42, -0.55], [0.55, 0.5], [0.62, 0.52], [0.62, 0.58], [0.52, 0.58], [0.4, -0.5], [0, -0.5]], identity, 40);
      for (let i = 0; i < 4; i++) torus(m, 'dark', 0.445 + i * 0.03, 0.012, at(0, -0.35 + i * 0.22, 0), 40, 5);
      torus(m, 'dark', 0.5, 0.025, at(0, 0.58, 0, alongZ()), 32, 6);
      break;
    }
    case 'cover': {
      // a roll of cover on its reel beside the unrolled part
      cylinder(m, 'body', 0.25, -0.9, 0.9, alongZ(at(-0.8, 0, 0)), 32);
      cylinder(m, 'metal', 0.05, -1.05, 1.05, alongZ(at(-0.8, 0, 0)), 12);
      const rows: Vec3[][] = [];
      for (let i = 0; i <= 20; i++) {
        const x = -0.8 + (i / 20) * 1.9;
        rows.push([-0.9, 0.9].map((z) => [x, -0.2 + 0.03 * Math.sin(i * 1.3), z] as Vec3));
        rows.push([0.9, -0.9].map((z) => [x, -0.2 + 0.03 * Math.sin(i * 1.3) - 0.01, z] as Vec3));
      }
      const top = rows.filter((_, i) => i % 2 === 0);
      const bottom = rows.filter((_, i) => i % 2 === 1);
      m.grid('body', top, false);
      m.grid('dark', bottom, false);
      break;
    }
    case 'kit': {
      box(m, 'body', 1.4, 0.6, 0.9, at(0, -0.3, 0));
      const colours: MaterialName[] = ['white', 'clear', 'dark', 'white'];
      colours.forEach((mat, i) => {
        lathe(m, mat, [[0, 0], [0.13, 0], [0.14, 0.05], [0.14, 0.5], [0.08, 0.56], [0, 0.58]], at(-0.45 + i * 0.3, 0, 0), 20);
        cylinder(m, 'dark', 0.07, 0.56, 0.66, at(-0.45 + i * 0.3, 0, 0), 16);
      });
      break;
    }
  }
}

/**
 * glTF colour of a hue: the product picture's main colour (hsl(hue, 55%, 45%)) in linear RGB,
 * as glTF wants base colours, so the model has the picture's colour rather than a brighter one.
 */
function rgb(hue: number): [number, number, number, number] {
  const s = 0.55;
  const l = 0.45;
  const k = (n: number): number => (n + (((hue % 360) + 360) % 360) / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): number => {
    const srgb = l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
    return Number((srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4).toFixed(4));
  };
  return [channel(0), channel(8), channel(4), 1];
}

/** The material definitions by name. */
function materialOf(name: MaterialName, hue: number): Record<string, unknown> {
  switch (name) {
    case 'body':
      return { name, pbrMetallicRoughness: { baseColorFactor: rgb(hue), metallicFactor: 0.05, roughnessFactor: 0.45 } };
    case 'dark':
      return { name, pbrMetallicRoughness: { baseColorFactor: [0.06, 0.07, 0.08, 1], metallicFactor: 0, roughnessFactor: 0.6 } };
    case 'metal':
      return { name, pbrMetallicRoughness: { baseColorFactor: [0.75, 0.77, 0.8, 1], metallicFactor: 0.9, roughnessFactor: 0.3 } };
    case 'clear':
      return { name, alphaMode: 'BLEND', pbrMetallicRoughness: { baseColorFactor: [0.75, 0.88, 0.95, 0.45], metallicFactor: 0, roughnessFactor: 0.1 } };
    case 'white':
      return { name, pbrMetallicRoughness: { baseColorFactor: [0.92, 0.92, 0.9, 1], metallicFactor: 0, roughnessFactor: 0.7 } };
  }
}

/** Smooth vertex normals: the sum of the faces around each vertex, normalised. */
function vertexNormals(positions: readonly number[], lists: readonly number[][]): Float32Array {
  const n = new Float32Array(positions.length);
  for (const list of lists) {
    for (let i = 0; i < list.length; i += 3) {
      const [a, b, c] = [list[i]! * 3, list[i + 1]! * 3, list[i + 2]! * 3];
      const ux = positions[b]! - positions[a]!;
      const uy = positions[b + 1]! - positions[a + 1]!;
      const uz = positions[b + 2]! - positions[a + 2]!;
      const vx = positions[c]! - positions[a]!;
      const vy = positions[c + 1]! - positions[a + 1]!;
      const vz = positions[c + 2]! - positions[a + 2]!;
      const fx = uy * vz - uz * vy;
      const fy = uz * vx - ux * vz;
      const fz = ux * vy - uy * vx;
      for (const k of [a, b, c]) {
        n[k] = n[k]! + fx;
        n[k + 1] = n[k + 1]! + fy;
        n[k + 2] = n[k + 2]! + fz;
      }
    }
  }
  for (let i = 0; i < n.length; i += 3) {
    const len = Math.hypot(n[i]!, n[i + 1]!, n[i + 2]!) || 1;
    n[i] = n[i]! / len;
    n[i + 1] = n[i + 1]! / len;
    n[i + 2] = n[i + 2]! / len;
    if (len === 1 && n[i] === 0 && n[i + 1] === 0 && n[i + 2] === 0) n[i + 1] = 1;
  }
  return n;
}

/**
 * A model of the part as glTF JSON text: one mesh of several primitives (one per material).
 * Surfaces are rendered double-sided, so a profile's winding never shows a hole.
 * @example
 * JSON.parse(renderGltf({ shape: 'filter', hue: 210, name: 'Sand Filter' })).asset.version; // '2.0'
 */
export function renderGltf(o: { shape: Shape; hue: number; name: string }): string {
  const m = new MeshBuilder();
  build(m, o.shape);
  const positions = m.positions;
  const count = positions.length / 3;
  const entries = [...m.indices.entries()].filter(([, list]) => list.length > 0);
  const normals = vertexNormals(positions, entries.map(([, list]) => list));
  const pos = Buffer.from(new Float32Array(positions).buffer);
  const nor = Buffer.from(normals.buffer);
  const wide = count > 65535;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  positions.forEach((p, i) => {
    const v = Math.fround(p);
    const k = i % 3;
    min[k] = Math.min(min[k] ?? v, v);
    max[k] = Math.max(max[k] ?? v, v);
  });
  const parts: Buffer[] = [pos, nor];
  const bufferViews: Record<string, unknown>[] = [
    { buffer: 0, byteOffset: 0, byteLength: pos.length, target: 34962 },
    { buffer: 0, byteOffset: pos.length, byteLength: nor.length, target: 34962 },
  ];
  const accessors: Record<string, unknown>[] = [
    { bufferView: 0, componentType: 5126, count, type: 'VEC3', min, max },
    { bufferView: 1, componentType: 5126, count, type: 'VEC3' },
  ];
  let offset = pos.length + nor.length;
  const primitives = entries.map(([, list], i) => {
    const raw = Buffer.from((wide ? new Uint32Array(list) : new Uint16Array(list)).buffer);
    const padded = Buffer.concat([raw, Buffer.alloc((4 - (raw.length % 4)) % 4)]);
    parts.push(padded);
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: raw.length, target: 34963 });
    accessors.push({ bufferView: bufferViews.length - 1, componentType: wide ? 5125 : 5123, count: list.length, type: 'SCALAR' });
    offset += padded.length;
    return { attributes: { POSITION: 0, NORMAL: 1 }, indices: accessors.length - 1, material: i };
  });
  const buffer = Buffer.concat(parts);
  const gltf = {
    asset: { version: '2.0', generator: 'skimmer reference server' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: o.name }],
    meshes: [{ name: o.name, primitives }],
    materials: entries.map(([name]) => ({ ...materialOf(name, o.hue), doubleSided: true })),
    buffers: [{ byteLength: buffer.length, uri: `data:application/octet-stream;base64,${buffer.toString('base64')}` }],
    bufferViews,
    accessors,
  };
  return JSON.stringify(gltf);
}
