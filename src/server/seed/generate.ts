/**
 * The deterministic pool and spa catalogue generator. `generateCatalogue({ products, seed })`
 * gives the collection tree and vendors at once and the products lazily, one at a time, so a
 * 200k-product catalogue streams into the database without being held in memory.
 *
 * Same seed and count, same catalogue (ids included): tests, benchmarks and bug reports name a
 * catalogue by its seed. No clock and no Math.random are read.
 * @module
 */
import { mixSeed, mulberry32, type Rng } from '../platform/random/prng.ts';
import {
  COLLECTION_TREE,
  FEATURES,
  LOCATIONS,
  PEOPLE,
  QUESTIONS,
  REVIEW_TEXT,
  SERIES,
  VENDORS,
  type LeafTemplate,
  type OptionDef,
  type Shape,
  type TreeNode,
} from './catalogue-data.ts';

/** A generated collection (row of `collections`). */
export interface GenCollection {
  id: number;
  handle: string;
  title: string;
  parentId: number | null;
  /** 1 at the top of the tree. */
  level: number;
  position: number;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  descriptionHtml: string;
  imageUrl: string;
  imageShape: Shape;
  imageHue: number;
  childCount: number;
  /** Set on leaves only: how its products look. */
  template: LeafTemplate | null;
}

/** A generated vendor. */
export interface GenVendor {
  id: number;
  name: string;
  handle: string;
}

/** A generated tag. */
export interface GenTag {
  id: number;
  prefix: string;
  value: string;
}

/** A generated inventory level. */
export interface GenLevel {
  id: number;
  location: string;
  position: number;
  priceCents: number;
  compareAtPriceCents: number | null;
  quantity: number;
  availableForSale: boolean;
  bypassNegativeQuantity: boolean;
}

/** A generated variant with its selected option values and stock. */
export interface GenVariant {
  id: number;
  title: string;
  position: number;
  sku: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  selected: { optionId: number; valueId: number }[];
  levels: GenLevel[];
}

/** A generated product with everything that hangs off it. */
export interface GenProduct {
  id: number;
  handle: string;
  title: string;
  sku: string;
  productCode: string;
  vendorId: number;
  vendor: string;
  weight: number;
  priceCents: number;
  compareAtPriceCents: number | null;
  /** The store quotes it by phone ('Call for price'); its price is then 0. */
  callForPrice: boolean;
  descriptionHtml: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  isFeatured: boolean;
  salesCount: number;
  createdOrder: number;
  createdAt: string;
  /** The leaf collection the product is filed in. */
  collectionId: number;
  tags: GenTag[];
  options: { id: number; name: string; position: number; values: { id: number; value: string; position: number }[] }[];
  variants: GenVariant[];
  images: { id: number; position: number; url: string; altText: string; shape: Shape; hue: number }[];
  model3ds: { id: number; url: string; posterUrl: string; shape: Shape; hue: number }[];
  pdfs: { id: number; url: string; localFilename: string; title: string }[];
  reviews: { id: number; starsRating: number; title: string; body: string; author: string; createdAt: string }[];
  questions: { id: number; question: string; askedBy: string; answer: string | null; answeredBy: string | null; createdAt: string }[];
  relatedIds: number[];
}

/** Options of the generator. */
export interface GenerateOptions {
  /** Number of products. @default 3000 */
  products?: number;
  /** The seed; same seed, same catalogue. @default 1 */
  seed?: number;
}

/** A generated catalogue: tree and vendors now, products on demand. */
export interface GeneratedCatalogue {
  seed: number;
  productCount: number;
  collections: GenCollection[];
  vendors: GenVendor[];
  /** Yields the products in id order; each call starts again from the first product. */
  products(): Generator<GenProduct>;
}

/** Default product count of `npm run seed` and of a first start. */
export const DEFAULT_PRODUCT_COUNT = 3000;

/** Turns a title into a URL handle: lower case, ASCII letters and digits, single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const letters = (rng: Rng, n: number): string => {
  let s = '';
  for (let i = 0; i < n; i++) s += LETTERS[rng.int(0, LETTERS.length - 1)];
  return s;
};
const digits = (rng: Rng, n: number): string => {
  let s = String(rng.int(1, 9));
  for (let i = 1; i < n; i++) s += String(rng.int(0, 9));
  return s;
};

/** The vendor's own part-number prefix ('AquaCrest' -> 'AQC'). */
function vendorPrefix(name: string): string {
  const words = name.replace(/[^A-Za-z ]/g, '').split(' ').filter(Boolean);
  const first = words[0] ?? 'X';
  const raw = words.length > 1 ? first.slice(0, 2) + (words[1] ?? '').slice(0, 1) : first.slice(0, 3);
  return raw.toUpperCase();
}

/** Letter triples real makers start their part numbers with. */
const REAL_PREFIXES: ReadonlySet<string> = new Set(['SPX', 'SPA', 'CCP', 'ECX', 'DEX', 'RTL', 'EQK', 'PLF']);

/** A letter triple that is no real maker's prefix: its last letter moved on when it is one (no extra draw, so the stream is unchanged). */
function invented(triple: string): string {
  if (!REAL_PREFIXES.has(triple)) return triple;
  const last = LETTERS.indexOf(triple[2]!);
  return triple.slice(0, 2) + LETTERS[(last + 1) % LETTERS.length]!;
}

/**
 * A part number in one of the forms the trade writes: 'AQC-4821-K', 'KTW 3407 B', 'M9183026',
 * '47-5210-D', 'HV-63-RT', 'PLW614-LF'. The same base appears hyphenated in one product and
 * spaced in another, which is what part-number search must see through. Invented: a letter
 * triple that starts a real maker's numbers is moved to the next letter, and the one-letter form
 * is not the '0' form of a real maker.
 */
export function partNumber(rng: Rng, vendor: string): string {
  const form = rng.int(0, 6);
  switch (form) {
    case 0: {
      const sep = rng.chance(0.7) ? '-' : ' ';
      return [vendorPrefix(vendor), digits(rng, 4), letters(rng, 1)].join(sep);
    }
    case 1:
      return `${invented(letters(rng, 3))}-${digits(rng, 4)}-${letters(rng, rng.int(1, 2))}`;
    case 2:
      return `${invented(letters(rng, 3))} ${digits(rng, 4)} ${letters(rng, 1)}`;
    case 3:
      return `${letters(rng, 1)}9${digits(rng, 6)}`;
    case 4:
      return `${digits(rng, 2)}-${digits(rng, 4)}-${letters(rng, 1)}`;
    case 5:
      return `${letters(rng, 2)}-${digits(rng, 2)}-${letters(rng, 2)}`;
    default:
      return `${letters(rng, 3)}${digits(rng, 3)}${rng.pick(['-LF', 'X10', 'Z2', '-R', 'HD', '-2'])}`;
  }
}

/** Prices look like shop prices: $xx.99, $xx.95, $xx.49. */
function shopPrice(rng: Rng, lo: number, hi: number): number {
  const dollars = rng.int(lo, hi);
  return dollars * 100 + rng.pick([99, 99, 99, 95, 49, 0]);
}

function isoDate(dayNumber: number, rng: Rng): string {
  // day 0 = 2019-01-01; built from integers so no clock is read
  const ms = Date.UTC(2019, 0, 1) + dayNumber * 86_400_000 + rng.int(0, 86_399) * 1000;
  return new Date(ms).toISOString();
}

function hex4(rng: Rng): string {
  return rng.int(0, 0xffff).toString(16).padStart(4, '0');
}

function buildTree(seed: number): GenCollection[] {
  const rng = mulberry32(mixSeed(seed, 0xc011));
  const out: GenCollection[] = [];
  const handles = new Set<string>();
  const visit = (nodes: readonly TreeNode[], parent: GenCollection | null, level: number): void => {
    nodes.forEach((n, position) => {
      let handle = slugify(n.title);
      if (handles.has(handle) && parent) handle = `${parent.handle}-${handle}`;
      handles.add(handle);
      const template = 'leaf' in n ? n.leaf : null;
      const shape: Shape = template ? template.shape : firstShape(n);
      const children = 'children' in n ? n.children : [];
      const c: GenCollection = {
        id: out.length + 1,
        handle,
        title: n.title,
        parentId: parent ? parent.id : null,
        level,
        position,
        seoTitle: rng.chance(0.8) ? `${n.title} | Pool & Spa Parts` : null,
        seoDescription: rng.chance(0.85)
          ? `Shop ${n.title.toLowerCase()} for pools and spas: genuine parts, fast shipping and expert help.`
          : null,
        isIndexed: rng.chance(0.95),
        descriptionHtml:
          `<h2>${escapeHtml(n.title)}</h2>` +
          `<p>Find the right ${escapeHtml(n.title.toLowerCase())} for your pool or spa. ` +
          `We stock the leading brands and the hard-to-find replacement parts that keep equipment running.</p>` +
          `<p>Not sure which one fits? Search by <strong>part number</strong> or ask our experts.</p>`,
        imageUrl: '',
        imageShape: shape,
        imageHue: rng.int(0, 359),
        childCount: children.length,
        template,
      };
      c.imageUrl = `/media/collections/${c.id}-800.png`;
      out.push(c);
      if (children.length > 0) visit(children, c, level + 1);
    });
  };
  visit(COLLECTION_TREE, null, 1);
  return out;
}

function firstShape(n: TreeNode): Shape {
  if ('leaf' in n) return n.leaf.shape;
  const first = n.children[0];
  return first ? firstShape(first) : 'kit';
}

/**
 * Generates a believable pool and spa catalogue.
 * @example
 * const cat = generateCatalogue({ products: 500, seed: 7 });
 * for (const p of cat.products()) console.log(p.title, p.productCode);
 */
export function generateCatalogue(options: GenerateOptions = {}): GeneratedCatalogue {
  const productCount = Math.max(0, Math.floor(options.products ?? DEFAULT_PRODUCT_COUNT));
  const seed = Math.floor(options.seed ?? 1) >>> 0;
  const collections = buildTree(seed);
  const vendors: GenVendor[] = VENDORS.map((name, i) => ({ id: i + 1, name, handle: slugify(name) }));
  const leaves = collections.filter((c) => c.template !== null);

  // Leaf of every product, decided up front so related products can come from the same leaf.
  const topOf = (c: GenCollection): GenCollection => {
    let cur = c;
    while (cur.parentId !== null) cur = collections[cur.parentId - 1] as GenCollection;
    return cur;
  };
  const heavyLeaves = leaves.filter((c) => ['Replacement Parts', 'Chemicals'].includes(topOf(c).title));
  const leafOf = new Int32Array(productCount);
  const byLeaf = new Map<number, number[]>();
  {
    const rng = mulberry32(mixSeed(seed, 0x1eaf));
    for (let i = 0; i < productCount; i++) {
      // replacement parts and chemicals are the long tail of a parts store: they get twice the share
      const leafC = rng.chance(0.3) ? rng.pick(heavyLeaves) : rng.pick(leaves);
      leafOf[i] = leafC.id;
      let list = byLeaf.get(leafC.id);
      if (!list) byLeaf.set(leafC.id, (list = []));
      list.push(i + 1);
    }
  }
  const collectionById = new Map(collections.map((c) => [c.id, c]));

  function* products(): Generator<GenProduct> {
    const rng = mulberry32(mixSeed(seed, 0x9e0d));
    const ids = { option: 0, value: 0, variant: 0, level: 0, image: 0, model: 0, pdf: 0, review: 0, question: 0 };
    const tagIds = new Map<string, GenTag>();
    const handles = new Set<string>();
    const tag = (prefix: string, value: string): GenTag => {
      const key = `${prefix}\u0000${value}`;
      let found = tagIds.get(key);
      if (!found) tagIds.set(key, (found = { id: tagIds.size + 1, prefix, value }));
      return found;
    };
    for (let i = 0; i < productCount; i++) {
      const id = i + 1;
      const leafC = collectionById.get(leafOf[i] ?? 1) as GenCollection;
      const tpl = leafC.template as LeafTemplate;
      const vendor = rng.pickSkewed(vendors);
      const noun = rng.pick(tpl.nouns);
      const series = rng.pick(SERIES);
      const code = partNumber(rng, vendor.name);
      const title = rng.chance(0.5)
        ? `${vendor.name} ${series} ${noun}`
        : rng.chance(0.5)
          ? `${series} ${noun} ${code}`
          : `${noun} - ${series} Series`;
      let handle = slugify(title);
      if (handles.has(handle)) handle = `${handle}-${slugify(code)}`;
      if (handles.has(handle)) handle = `${handle}-${id}`;
      handles.add(handle);
      const sku = rng.chance(0.5) ? code.replace(/[\s-]+/g, '') : `${vendorPrefix(vendor.name)}-${code.replace(/\s+/g, '-')}`;

      const callForPrice = rng.chance(0.03);
      const priceCents = callForPrice ? 0 : shopPrice(rng, tpl.price[0], tpl.price[1]);
      const onSale = !callForPrice && rng.chance(0.25);
      const compareAtPriceCents = onSale
        ? priceCents + Math.max(100, Math.round((priceCents * rng.int(10, 35)) / 100 / 100) * 100)
        : rng.chance(0.1)
          ? 0
          : null;
      const weight = Math.round((tpl.weight[0] + rng.next() * (tpl.weight[1] - tpl.weight[0])) * 100) / 100;

      // options and variants
      const options: GenProduct['options'] = [];
      const multi = tpl.options.length > 0 && rng.chance(tpl.variantShare);
      if (multi) {
        const defs: OptionDef[] = rng.sample(tpl.options, rng.chance(0.3) ? 2 : 1);
        defs.forEach((def, position) => {
          const count = Math.min(def[1].length, rng.int(2, 4));
          const start = rng.int(0, def[1].length - count);
          options.push({
            id: ++ids.option,
            name: def[0],
            position,
            values: def[1].slice(start, start + count).map((value, p) => ({ id: ++ids.value, value, position: p })),
          });
        });
      }
      const combos: { optionId: number; valueId: number; value: string; index: number }[][] = [[]];
      for (const o of options) {
        const next: typeof combos = [];
        for (const combo of combos) for (const [index, v] of o.values.entries()) next.push([...combo, { optionId: o.id, valueId: v.id, value: v.value, index }]);
        combos.splice(0, combos.length, ...next.slice(0, 12));
      }
      const unavailableProduct = rng.chance(0.04);
      const outOfStockProduct = rng.chance(0.1);
      const bypassProduct = rng.chance(0.08);
      const variants: GenVariant[] = combos.map((combo, position) => {
        const step = combo.reduce((s, c) => s + c.index, 0);
        const vPrice = priceCents === 0 ? 0 : priceCents + step * Math.max(100, Math.round(priceCents / 1000) * 100);
        const vCompare = compareAtPriceCents && compareAtPriceCents > priceCents ? vPrice + (compareAtPriceCents - priceCents) : null;
        const title = combo.length === 0 ? 'Default Title' : combo.map((c) => c.value).join(' / ');
        const suffix = combo.map((c) => slugify(c.value).toUpperCase().replace(/-/g, '')).join('-');
        const levelCount = rng.chance(0.3) ? 2 : 1;
        const levels: GenLevel[] = [];
        for (let l = 0; l < levelCount; l++) {
          const bypass = bypassProduct && l === 0;
          const out = !bypass && (outOfStockProduct || rng.chance(0.05));
          levels.push({
            id: ++ids.level,
            location: LOCATIONS[l] ?? 'Warehouse',
            position: l,
            priceCents: vPrice,
            compareAtPriceCents: vCompare,
            quantity: out ? 0 : bypass && rng.chance(0.5) ? 0 : rng.int(1, 120),
            availableForSale: !unavailableProduct,
            bypassNegativeQuantity: bypass,
          });
        }
        return {
          id: ++ids.variant,
          title,
          position,
          sku: suffix ? `${sku}-${suffix}` : sku,
          priceCents: vPrice,
          compareAtPriceCents: vCompare,
          selected: combo.map((c) => ({ optionId: c.optionId, valueId: c.valueId })),
          levels,
        };
      });

      // tags
      const tags: GenTag[] = [tag('Brand', vendor.name), tag('Part Type', tpl.partType)];
      for (const [prefix, values] of tpl.tags) {
        if (values.length === 0) continue;
        const fromOption = options.find((o) => o.name === prefix);
        if (fromOption) {
          for (const v of fromOption.values) tags.push(tag(prefix, v.value));
        } else {
          tags.push(tag(prefix, rng.pick(values)));
        }
      }
      const uniqueTags = [...new Map(tags.map((g) => [g.id, g])).values()];

      // media
      const hue = rng.int(0, 359);
      const imageCount = rng.chance(0.05) ? 0 : rng.int(1, 4);
      const images: GenProduct['images'] = [];
      for (let k = 0; k < imageCount; k++) {
        const imageId = ++ids.image;
        images.push({
          id: imageId,
          position: k,
          url: `/media/images/${imageId}-800.png`,
          altText: k === 0 ? title : `${title} view ${k + 1}`,
          shape: tpl.shape,
          hue: (hue + k * 40) % 360,
        });
      }
      const model3ds: GenProduct['model3ds'] = [];
      if (rng.chance(0.05)) {
        const modelId = ++ids.model;
        model3ds.push({ id: modelId, url: `/media/models/${modelId}.gltf`, posterUrl: `/media/models/${modelId}/poster-800.png`, shape: tpl.shape, hue });
      }
      const pdfs: GenProduct['pdfs'] = [];
      if (rng.chance(0.2)) {
        const docs = rng.sample(['Spec-Sheet', 'Installation-Manual', 'Owners-Guide', 'Parts-Diagram'], rng.int(1, 2));
        for (const doc of docs) {
          const pdfId = ++ids.pdf;
          const display = `${slugify(code).toUpperCase()}-${doc}`;
          const localFilename = `${hex4(rng)}-${hex4(rng)}-${hex4(rng)}-${pdfId.toString(16).padStart(4, '0')}-${display}.pdf`;
          pdfs.push({ id: pdfId, url: `/media/pdfs/${localFilename}`, localFilename, title: `${title}: ${doc.replace(/-/g, ' ')}` });
        }
      }

      // reviews and questions
      const reviews: GenProduct['reviews'] = [];
      const reviewCount = rng.chance(0.45) ? 0 : rng.int(1, rng.chance(0.2) ? 14 : 5);
      const createdDay = Math.floor((i / Math.max(1, productCount)) * 2000);
      for (let r = 0; r < reviewCount; r++) {
        const stars = rng.pick([5, 5, 5, 4, 4, 4, 3, 2, 1]);
        const [rTitle, body] = rng.pick(REVIEW_TEXT[stars - 1] ?? []);
        reviews.push({ id: ++ids.review, starsRating: stars, title: rTitle, body, author: rng.pick(PEOPLE), createdAt: isoDate(createdDay + rng.int(10, 600), rng) });
      }
      const questions: GenProduct['questions'] = [];
      const questionCount = rng.chance(0.7) ? 0 : rng.int(1, 3);
      for (const [q, a] of rng.sample(QUESTIONS, questionCount)) {
        questions.push({
          id: ++ids.question,
          question: q.replace('{noun}', noun.toLowerCase()),
          askedBy: rng.pick(PEOPLE),
          answer: a,
          answeredBy: a === null ? null : 'Store Expert',
          createdAt: isoDate(createdDay + rng.int(5, 400), rng),
        });
      }
      const siblings = byLeaf.get(leafC.id) ?? [];
      const relatedIds = rng.chance(0.6) ? rng.sample(siblings, rng.int(2, 8)).filter((x) => x !== id) : [];

      const features = rng.sample(FEATURES, rng.int(3, 5));
      // what a part fits and replaces is written by the equipment generator, from the bill of
      // materials and the cross-reference (a sentence drawn here contradicted them); the draws
      // stay, so every later product of a seed is the one it always was
      if (tpl.fits) {
        rng.pick(SERIES);
        rng.pick(SERIES);
        partNumber(rng, rng.pick(vendors).name);
      }
      const descriptionHtml =
        `<p>The <strong>${escapeHtml(title)}</strong> from ${escapeHtml(vendor.name)} is a ${escapeHtml(noun.toLowerCase())} built for years of trouble-free service.</p>` +
        `<ul>${features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>` +
        `<table><tbody><tr><th>Part number</th><td>${escapeHtml(code)}</td></tr><tr><th>Weight</th><td>${weight} lbs</td></tr></tbody></table>` +
        // some supplier feeds carry markup that must never reach a browser as-is
        (rng.chance(0.01) ? `<p onclick="track()">Supplier note <script>alert(1)</script></p>` : '');

      yield {
        id,
        handle,
        title,
        sku,
        productCode: code,
        vendorId: vendor.id,
        vendor: vendor.name,
        weight,
        priceCents,
        compareAtPriceCents,
        callForPrice,
        descriptionHtml,
        seoTitle: rng.chance(0.7) ? `${title} | ${vendor.name}` : null,
        seoDescription: rng.chance(0.8) ? `Buy the ${title} (${code}) from ${vendor.name}. Fast shipping and expert support.` : null,
        isIndexed: rng.chance(0.97),
        isFeatured: rng.chance(0.06),
        salesCount: Math.floor(rng.next() ** 3 * 5000),
        createdOrder: id,
        createdAt: isoDate(createdDay, rng),
        collectionId: leafC.id,
        tags: uniqueTags,
        options,
        variants,
        images,
        model3ds,
        pdfs,
        reviews,
        questions,
        relatedIds,
      };
    }
  }

  return { seed, productCount, collections, vendors, products };
}
