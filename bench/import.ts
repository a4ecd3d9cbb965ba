/**
 * `npm run bench:import [-- --rows 100000] [--pg]`: generates a Shopify product CSV of about
 * 100,000 rows (about 30,000 products, most with variants, an image row now and then), imports it
 * into an empty SQLite store (and PostgreSQL at BENCH_DATABASE_URL or TEST_DATABASE_URL with
 * --pg), then exports the catalogue back in Shopify's format. Prints the import time, the
 * process's peak RSS, and the export time. Goals: SQLite import <= 60 s and <= 500 MB RSS,
 * PostgreSQL <= 120 s, export <= 20 s.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqlite, type Db } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { exportCatalogue } from '../src/server/modules/imports/export.ts';
import { importCatalogue } from '../src/server/modules/imports/service.ts';
import { SHOPIFY_COLUMNS } from '../src/server/modules/imports/shopify.ts';
import { mulberry32 } from '../src/server/seed/prng.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, pg: { type: 'boolean', default: false } } });
const targetRows = Number(values.rows);
const dir = mkdtempSync(join(tmpdir(), 'skimmer-bench-import-'));
const file = join(dir, 'products.csv');

const NOUNS = ['Pump', 'Cartridge', 'O-Ring', 'Impeller', 'Skimmer Basket', 'Valve', 'Heater', 'Test Kit', 'Salt Cell', 'Cleaner Hose'];
const BRANDS = ['Tidewell', 'Cobalt Cove', 'Brightwater Supply', 'Palmetto Pool Works', 'Marlin Aquatics', 'Kelpford'];
const SIZES = ['Small', 'Medium', 'Large', 'X-Large'];

/** Writes the CSV: quoting by hand is fine here (the generator's own cells hold no quotes or commas but the body, quoted). */
async function generate(): Promise<{ rows: number; products: number }> {
  const rng = mulberry32(33);
  const out = createWriteStream(file);
  const put = async (cells: Record<string, string>): Promise<void> => {
    const line = SHOPIFY_COLUMNS.map((c) => {
      const v = cells[c] ?? '';
      return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    }).join(',');
    if (!out.write(line + '\n')) await once(out, 'drain');
  };
  out.write(SHOPIFY_COLUMNS.join(',') + '\n');
  let rows = 0;
  let products = 0;
  while (rows < targetRows) {
    const id = ++products;
    const noun = NOUNS[Math.floor(rng.next() * NOUNS.length)]!;
    const brand = BRANDS[Math.floor(rng.next() * BRANDS.length)]!;
    const handle = `${brand}-${noun}-${id}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const price = 500 + Math.floor(rng.next() * 200_000);
    const variants = rng.next() < 0.7 ? 3 + Math.floor(rng.next() * 2) : 1;
    for (let v = 0; v < variants; v++) {
      const first = v === 0;
      await put({
        Handle: handle,
        ...(first
          ? {
              Title: `${brand} ${noun} ${id}`,
              'Body (HTML)': `<p>The ${brand} ${noun}, model ${id}, for residential pools and spas.</p><ul><li>Genuine part</li><li>One-year warranty</li></ul>`,
              Vendor: brand,
              Type: noun,
              Tags: `Brand: ${brand}, Part Type: ${noun}`,
              Published: 'TRUE',
              'Option1 Name': variants > 1 ? 'Size' : 'Title',
              'Image Src': `https://cdn.example.com/p/${id}.jpg`,
              'Image Position': '1',
              'SEO Title': `${brand} ${noun} ${id}`,
            }
          : {}),
        'Option1 Value': variants > 1 ? SIZES[v]! : 'Default Title',
        'Variant SKU': `SKU-${id}-${v}`,
        'Variant Grams': String(100 + Math.floor(rng.next() * 20_000)),
        'Variant Inventory Qty': String(Math.floor(rng.next() * 200)),
        'Variant Inventory Policy': 'deny',
        'Variant Price': ((price + v * 500) / 100).toFixed(2),
        'Variant Compare At Price': rng.next() < 0.2 ? ((price + v * 500 + 1000) / 100).toFixed(2) : '',
        'Variant Weight Unit': 'lb',
      });
      rows++;
    }
  }
  out.end();
  await once(out, 'finish');
  return { rows, products };
}

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function run(label: string, db: Db): Promise<void> {
  await migrate(db);
  global.gc?.();
  peak = process.memoryUsage().rss;
  const started = performance.now();
  const report = await importCatalogue(db, createReadStream(file, { highWaterMark: 256 * 1024 }), { format: 'shopify' });
  const importMs = performance.now() - started;
  const importPeak = peak;
  const exportFile = join(dir, `export-${label}.csv`);
  const out = createWriteStream(exportFile);
  const exportStarted = performance.now();
  for await (const chunk of exportCatalogue(db, 'shopify')) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  const exportMs = performance.now() - exportStarted;
  console.log(
    `${label}: import ${(importMs / 1000).toFixed(1)} s (${report.totals.created.toLocaleString('en-US')} products, ${report.totals.rows.toLocaleString('en-US')} rows, ${Math.round(report.totals.rows / (importMs / 1000)).toLocaleString('en-US')} rows/s, ${report.totals.rejected} rejected), ` +
      `peak RSS ${mb(importPeak)}; export ${(exportMs / 1000).toFixed(1)} s (${mb(statSync(exportFile).size)})`,
  );
  await db.close();
}

try {
  const made = await generate();
  console.log(`generated ${made.rows.toLocaleString('en-US')} rows, ${made.products.toLocaleString('en-US')} products (${mb(statSync(file).size)})`);
  await run('SQLite', openSqlite(join(dir, 'bench.db')));
  if (values.pg) {
    const { openPostgres } = await import('../src/server/db/postgres.ts');
    const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
    const schema = `bench_import_${process.pid}`;
    const db = await openPostgres(url, { schema });
    try {
      await run('PostgreSQL', db);
    } finally {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
} finally {
  clearInterval(sampler);
  rmSync(dir, { recursive: true, force: true });
}
