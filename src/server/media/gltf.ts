/**
 * Small, valid glTF 2.0 models with the geometry in an embedded base64 buffer: a capped cylinder
 * proportioned for the kind of part (a squat ring, a tall filter tank ...), coloured from the
 * product's hue. Enough for the storefront's 3D viewer to show something real.
 * @module
 */
import type { Shape } from '../seed/catalogue-data.ts';

const PROPORTIONS: Partial<Record<Shape, [radius: number, height: number]>> = {
  ring: [1, 0.15], jet: [0.8, 0.35], light: [1, 0.4], impeller: [1, 0.3], filter: [0.55, 1.6],
  cell: [0.4, 1.4], cartridge: [0.45, 1.5], jar: [0.55, 1.1], pump: [0.7, 1], motor: [0.6, 1.1],
};

/** glTF colour of a hue (linear RGB, alpha 1). */
function rgb(hue: number): [number, number, number, number] {
  const h = (((hue % 360) + 360) % 360) / 60;
  const c = 0.6;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] = h < 1 ? [c, x, 0] : h < 2 ? [x, c, 0] : h < 3 ? [0, c, x] : h < 4 ? [0, x, c] : h < 5 ? [x, 0, c] : [c, 0, x];
  return [r + 0.2, g + 0.2, b + 0.2, 1];
}

/**
 * A capped cylinder model as glTF JSON text.
 * @example
 * JSON.parse(renderGltf({ shape: 'filter', hue: 210, name: 'Sand Filter' })).asset.version; // '2.0'
 */
export function renderGltf(o: { shape: Shape; hue: number; name: string }, segments = 32): string {
  const [radius, height] = PROPORTIONS[o.shape] ?? [0.8, 0.9];
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  const y0 = -height / 2;
  const y1 = height / 2;
  // side: two vertices per segment edge
  for (let i = 0; i <= segments; i++) {
    const a = (i / segments) * Math.PI * 2;
    const x = Math.cos(a);
    const z = Math.sin(a);
    positions.push(x * radius, y0, z * radius, x * radius, y1, z * radius);
    normals.push(x, 0, z, x, 0, z);
  }
  for (let i = 0; i < segments; i++) {
    const k = i * 2;
    indices.push(k, k + 1, k + 2, k + 1, k + 3, k + 2);
  }
  // caps: a centre vertex plus a ring each
  for (const [y, ny] of [[y0, -1], [y1, 1]] as const) {
    const centre = positions.length / 3;
    positions.push(0, y, 0);
    normals.push(0, ny, 0);
    for (let i = 0; i <= segments; i++) {
      const a = (i / segments) * Math.PI * 2;
      positions.push(Math.cos(a) * radius, y, Math.sin(a) * radius);
      normals.push(0, ny, 0);
    }
    for (let i = 0; i < segments; i++) {
      if (ny > 0) indices.push(centre, centre + i + 2, centre + i + 1);
      else indices.push(centre, centre + i + 1, centre + i + 2);
    }
  }
  const pos = Buffer.from(new Float32Array(positions).buffer);
  const nor = Buffer.from(new Float32Array(normals).buffer);
  const idx = Buffer.from(new Uint16Array(indices).buffer);
  const idxPadded = Buffer.concat([idx, Buffer.alloc((4 - (idx.length % 4)) % 4)]);
  const buffer = Buffer.concat([pos, nor, idxPadded]);
  const count = positions.length / 3;
  const gltf = {
    asset: { version: '2.0', generator: 'skimmer reference server' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: o.name }],
    meshes: [{ name: o.name, primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, indices: 2, material: 0 }] }],
    materials: [{ name: 'body', pbrMetallicRoughness: { baseColorFactor: rgb(o.hue), metallicFactor: 0.1, roughnessFactor: 0.6 } }],
    buffers: [{ byteLength: buffer.length, uri: `data:application/octet-stream;base64,${buffer.toString('base64')}` }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: pos.length, target: 34962 },
      { buffer: 0, byteOffset: pos.length, byteLength: nor.length, target: 34962 },
      { buffer: 0, byteOffset: pos.length + nor.length, byteLength: idx.length, target: 34963 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count, type: 'VEC3', min: [-radius, y0, -radius].map(Math.fround), max: [radius, y1, radius].map(Math.fround) },
      { bufferView: 1, componentType: 5126, count, type: 'VEC3' },
      { bufferView: 2, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
  };
  return JSON.stringify(gltf);
}
