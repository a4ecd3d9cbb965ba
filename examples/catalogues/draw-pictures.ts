/**
 * Draws the sample catalogues' pictures into examples/catalogues/images/: one PNG a product of
 * the samples (and a second, mirrored view for the products whose Shopify rows list two), made
 * with the store's own part drawings (src/server/modules/media/drawing.ts) on a plain backdrop, no label
 * plate and no text, 320 px square, a few KB each. Both sample files name them by paths relative
 * to themselves (`images/...png`), so `npm run import` and `npm run seed -- --from` bring them in
 * from beside the file. Run again after changing a drawing:
 *
 *   npx tsx examples/catalogues/draw-pictures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { hsl, partArt } from '../../src/server/modules/media/drawing.ts';
import type { Shape } from '../../src/server/seed/catalogue-data.ts';

/** Each picture: its file name (without .png), what it draws, its hue, the facts that size it, and whether it is the mirrored view. */
const PICTURES: readonly { name: string; shape: Shape; hue: number; title: string; weight?: number; side?: boolean }[] = [
  { name: 'tidewell-aquadrive-1-5-hp-pool-pump', shape: 'pump', hue: 205, title: 'Pool Pump 1.5 HP', weight: 30 },
  { name: 'tidewell-aquadrive-1-5-hp-pool-pump-side', shape: 'pump', hue: 205, title: 'Pool Pump 1.5 HP', weight: 30, side: true },
  { name: 'tidewell-aquadrive-variable-speed-pump', shape: 'pump', hue: 215, title: 'Variable Speed Pump 2.7 HP', weight: 45 },
  { name: 'cobalt-cove-c100-cartridge-filter', shape: 'filter', hue: 190, title: 'Cartridge Filter 100 sq ft', weight: 40 },
  { name: 'cobalt-cove-c150-cartridge-filter', shape: 'filter', hue: 195, title: 'Cartridge Filter 150 sq ft', weight: 48 },
  { name: 'brightwater-replacement-cartridge', shape: 'cartridge', hue: 45, title: 'Replacement Cartridge 100 sq ft', weight: 5 },
  { name: 'palmetto-sand-filter-24-inch', shape: 'filter', hue: 30, title: 'Sand Filter Tank 24 in', weight: 60 },
  { name: 'palmetto-sand-filter-24-inch-side', shape: 'filter', hue: 30, title: 'Sand Filter Tank 24 in', weight: 60, side: true },
  { name: 'palmetto-filter-sand-50-lb', shape: 'bag', hue: 38, title: 'Filter Sand 50 lb', weight: 50 },
  { name: 'marlin-tri-chlor-tablets', shape: 'jar', hue: 180, title: 'Chlorine Tablets 25 lb', weight: 25 },
  { name: 'marlin-ph-minus', shape: 'jar', hue: 330, title: 'pH Minus 10 lb', weight: 10 },
  { name: 'marlin-ph-plus', shape: 'jar', hue: 270, title: 'pH Plus 10 lb', weight: 10 },
  { name: 'marlin-calcium-hardness-up', shape: 'jar', hue: 100, title: 'Calcium Hardness Up 25 lb', weight: 25 },
  { name: 'marlin-calcium-hardness-up-side', shape: 'jar', hue: 100, title: 'Calcium Hardness Up 25 lb', weight: 25, side: true },
  { name: 'kelpford-6-way-test-kit', shape: 'kit', hue: 150, title: '6-Way Test Kit', weight: 1 },
  { name: 'kelpford-test-strips-50', shape: 'kit', hue: 120, title: 'Test Strips 50 Count', weight: 0.3 },
  { name: 'tidewell-pump-lid-o-ring', shape: 'ring', hue: 0, title: 'Pump Lid O-Ring', weight: 0.05 },
  { name: 'tidewell-shaft-seal-kit', shape: 'ring', hue: 20, title: 'Shaft Seal Kit', weight: 0.2 },
  { name: 'tidewell-pump-impeller-1-5-hp', shape: 'impeller', hue: 210, title: 'Pump Impeller 1.5 HP', weight: 1 },
  { name: 'tidewell-pump-impeller-1-5-hp-side', shape: 'impeller', hue: 210, title: 'Pump Impeller 1.5 HP', weight: 1, side: true },
  { name: 'tidewell-pump-strainer-basket', shape: 'basket', hue: 200, title: 'Pump Strainer Basket', weight: 0.7 },
  { name: 'cobalt-cove-skimmer-basket', shape: 'basket', hue: 185, title: 'Skimmer Basket', weight: 0.9 },
  { name: 'cobalt-cove-skimmer-lid', shape: 'skimmer', hue: 190, title: 'Skimmer Lid', weight: 1.2 },
  { name: 'brightwater-saltcell-30k', shape: 'cell', hue: 230, title: 'Salt Cell 30K', weight: 8 },
  { name: 'brightwater-saltcell-40k', shape: 'cell', hue: 240, title: 'Salt Cell 40K', weight: 10 },
  { name: 'brightwater-saltcell-40k-side', shape: 'cell', hue: 240, title: 'Salt Cell 40K', weight: 10, side: true },
  { name: 'brightwater-pool-salt-40-lb', shape: 'bag', hue: 210, title: 'Pool Salt 40 lb', weight: 40 },
  { name: 'palmetto-gas-heater-250k', shape: 'heater', hue: 10, title: 'Gas Pool Heater 250K BTU', weight: 140 },
  { name: 'palmetto-heat-pump-110k', shape: 'heater', hue: 160, title: 'Heat Pump 110K BTU', weight: 200 },
  { name: 'kelpford-robotic-cleaner-brush', shape: 'cleaner', hue: 60, title: 'Robotic Cleaner Brush', weight: 0.8 },
  { name: 'kelpford-suction-cleaner-hose', shape: 'cleaner', hue: 250, title: 'Suction Cleaner Hose', weight: 2 },
  { name: 'kelpford-suction-cleaner-hose-side', shape: 'cleaner', hue: 250, title: 'Suction Cleaner Hose', weight: 2, side: true },
  { name: 'kelpford-leaf-canister', shape: 'basket', hue: 140, title: 'In-Line Leaf Canister', weight: 3 },
  { name: 'cobalt-cove-3-way-valve', shape: 'valve', hue: 200, title: '3-Way Valve 2 in', weight: 3 },
  { name: 'cobalt-cove-multiport-valve', shape: 'valve', hue: 5, title: 'Multiport Valve Top Mount', weight: 6 },
  { name: 'tidewell-led-pool-light', shape: 'light', hue: 50, title: 'LED Pool Light', weight: 5 },
  { name: 'marlin-winter-cover-16x32', shape: 'cover', hue: 125, title: 'Winter Cover 16x32', weight: 20 },
  { name: 'marlin-winter-cover-16x32-side', shape: 'cover', hue: 125, title: 'Winter Cover 16x32', weight: 20, side: true },
  { name: 'marlin-solar-blanket-12-mil', shape: 'cover', hue: 220, title: 'Solar Blanket 12 mil', weight: 15 },
];

/** A picture's SVG: the part on a flat backdrop with a floor shadow, mirrored for a side view. No text. */
export function pictureSvg(p: (typeof PICTURES)[number], width = 320): string {
  const { defs, body } = partArt(p.shape, p.hue, 'p', { title: p.title, weight: p.weight ?? null });
  const turn = p.side ? ' transform="translate(400 0) scale(-1 1)"' : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 400 400"><defs>${defs}</defs>` +
    `<rect width="400" height="400" fill="${p.side ? hsl(p.hue, 12, 92) : hsl(p.hue, 25, 96)}"/>` +
    `<ellipse cx="200" cy="350" rx="150" ry="16" fill="#1d2a36" opacity="0.1"/>` +
    `<g${turn}>${body}</g></svg>`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('./images/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  let total = 0;
  for (const p of PICTURES) {
    const png = await sharp(Buffer.from(pictureSvg(p))).png({ palette: true, colours: 64, compressionLevel: 9, effort: 10 }).toBuffer();
    writeFileSync(`${dir}${p.name}.png`, png);
    total += png.length;
  }
  console.log(`${PICTURES.length} pictures, ${(total / 1024).toFixed(0)} KB in ${dir}`);
}
