/**
 * `npm run bench:media [-- --products N --seed S]`
 *
 * The product pictures the media route draws (src/server/modules/media/drawing.ts), in process: for the
 * first picture of each of N generated products (300 by default), the SVG drawn from what the
 * route passes (the shape, hue, part number, title, weight and attributes of the product) and
 * its PNG as the route rasterises it (sharp, palette PNG) at 400 and 800 pixels. Prints per
 * picture the SVG's time, each PNG's time and mean bytes, and how many different pictures the
 * products of one kind get once their colour is held equal (the old drawing: one per kind).
 * Figures, never assertions.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { renderPartSvg } from '../src/server/modules/media/drawing.ts';
import { generateCatalogue } from '../src/server/seed/generate.ts';
import { percentiles } from './search-stats.ts';

const { values: args } = parseArgs({
  options: { products: { type: 'string', default: '300' }, seed: { type: 'string', default: '1' } },
});

const catalogue = generateCatalogue({ products: Number(args.products), seed: Number(args.seed) });

type Input = Parameters<typeof renderPartSvg>[0];
/** What the media route passes for a product's first picture (modules/media/repository.ts). */
const inputs: Input[] = [];
for (const p of catalogue.products()) {
  const image = p.images[0];
  if (!image) continue;
  const attributes: [string, string][] = [
    ...p.options.flatMap((o) => o.values.map((v) => [o.name, v.value] as [string, string])),
    ...p.tags.map((t) => [t.prefix, t.value] as [string, string]),
  ];
  inputs.push({ shape: image.shape, hue: image.hue, width: 400, partNumber: p.productCode, title: p.title, weight: p.weight, attributes } as Input);
}

const raster = (svg: string): Promise<Buffer> => sharp(Buffer.from(svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer();

// warm up: the first rasterisation loads fonts and libraries
await raster(renderPartSvg(inputs[0]!));

const svgTimes: number[] = [];
const pngTimes: Record<number, number[]> = { 400: [], 800: [] };
const pngBytes: Record<number, number[]> = { 400: [], 800: [] };
for (const input of inputs) {
  for (const width of [400, 800]) {
    let t = performance.now();
    const svg = renderPartSvg({ ...input, width });
    svgTimes.push(performance.now() - t);
    t = performance.now();
    const png = await raster(svg);
    pngTimes[width]!.push(performance.now() - t);
    pngBytes[width]!.push(png.length);
  }
}

const byShape = new Map<string, Set<string>>();
for (const input of inputs) {
  const set = byShape.get(input.shape) ?? new Set<string>();
  set.add(renderPartSvg({ ...input, hue: 200, width: 400 }));
  byShape.set(input.shape, set);
}
const counts = inputs.reduce((m, i) => m.set(i.shape, (m.get(i.shape) ?? 0) + 1), new Map<string, number>());

const f = (x: number, d = 2): string => x.toFixed(d);
const svg = percentiles(svgTimes);
console.log(`pictures: ${inputs.length} products' first pictures, seed ${args.seed}`);
console.log(`SVG drawn: p50 ${f(svg.p50 * 1000, 0)} µs, p95 ${f(svg.p95 * 1000, 0)} µs, mean ${f(svg.mean * 1000, 0)} µs`);
for (const width of [400, 800]) {
  const p = percentiles(pngTimes[width]!);
  const bytes = pngBytes[width]!;
  console.log(`PNG ${width}: p50 ${f(p.p50)} ms, p95 ${f(p.p95)} ms, mean ${f(p.mean)} ms; mean ${f(bytes.reduce((a, b) => a + b, 0) / bytes.length / 1024, 1)} KB, max ${f(Math.max(...bytes) / 1024, 1)} KB`);
}
const kinds = [...byShape.entries()].sort((a, b) => (counts.get(b[0]) ?? 0) - (counts.get(a[0]) ?? 0));
console.log(`different pictures per kind at one hue (products -> pictures): ${kinds.slice(0, 10).map(([shape, set]) => `${shape} ${counts.get(shape)} -> ${set.size}`).join(', ')}`);
