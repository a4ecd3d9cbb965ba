/**
 * What the media routes serve, decided here: which picture, model or spec sheet a file name asks
 * for (404 when none), the widths served (400 for another), the drawing or stored picture behind
 * it, and the cache of drawn and sized pictures under `{dataDir}/media-cache` (a second request
 * is a file read; pictures being drawn are drawn once however many ask). If sharp cannot load on
 * a machine, drawings go out as SVG and stored pictures as they are.
 *
 * Each call answers in two steps: the lookup (which throws the refusal: nothing is drawn yet),
 * then the file itself, made when the route takes it after setting its cache header.
 * @module
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, PART_ART_VERSION, renderPartSvg, type PartPicture } from './drawing.ts';
import { factsKey } from './part-facts.ts';
import { renderGltf } from './gltf.ts';
import { renderSpecSheetPdf } from './pdf.ts';
import { sizedPicture } from './imported-picture.ts';
import { collectionImageDrawing, mediaFile, modelDrawing, modelPosterDrawing, productImageDrawing, productPictureFacts, specSheet as specSheetRow } from './repository.ts';

/** A file the media routes send: its content type and bytes. */
export interface MediaFile {
  type: string;
  body: Buffer | string;
}

/** A file found, made when asked (after the route set its cache header). */
export type MediaMaker = () => Promise<MediaFile>;

/** Options of {@link createMediaService}. */
export interface MediaServiceOptions {
  db: Db;
  /** The cache's folder is `{dataDir}/media-cache`. */
  dataDir: string;
  /** Called once for each picture drawn (not read from the cache). */
  onDrawn?: () => void;
  /** Where a failed cache write is told. */
  log: { warn(obj: object, msg: string): void };
}

/** What the media routes ask. Each call throws the route's refusal (an HttpError) before anything is made. */
export interface MediaService {
  /** A product picture, `{imageId}-{width}.png` or `{imageId}.png`. */
  productImage(file: string): Promise<MediaMaker>;
  /** A collection picture, `{collectionId}-{width}.png` or `{collectionId}.png`. */
  collectionImage(file: string): Promise<MediaMaker>;
  /** A 3D model, `{modelId}.gltf`. */
  model(file: string): Promise<MediaMaker>;
  /** A 3D model's poster picture, `poster-{width}.png` or `poster.png`. */
  modelPoster(modelId: number, file: string): Promise<MediaMaker>;
  /** A PDF spec sheet by its file name. */
  specSheet(file: string): Promise<MediaMaker>;
}

type Rasterise = (svg: string) => Promise<Buffer>;

let rasteriser: Promise<Rasterise | null> | null = null;

/** sharp, loaded once; null when it cannot load here (pictures then go out as SVG). */
function loadRasteriser(): Promise<Rasterise | null> {
  rasteriser ??= import('sharp')
    .then((mod) => {
      const sharp = mod.default;
      // a quantised palette keeps the shaded drawings about as small as the flat ones were
      // (a full-colour PNG of the gradients is twice the bytes); the drawings use few colours
      return (svg: string) => sharp(Buffer.from(svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer();
    })
    .catch(() => null);
  return rasteriser;
}

/** A stored picture that cannot be sized here (no sharp): served as it is. */
class Unsized extends Error {
  constructor(readonly file: { contentType: string; bytes: Buffer }) {
    super('unsized');
  }
}

const FILE_RE = /^([0-9]{1,10})(?:-([0-9]{3}))?\.png$/;
const POSTER_RE = /^poster(?:-([0-9]{3}))?\.png$/;
const MODEL_RE = /^([0-9]{1,10})\.gltf$/;
const PDF_RE = /^[A-Za-z0-9._-]{1,200}\.pdf$/;

/** The width a file name asks for: one of IMAGE_WIDTHS, else 400; none named is the default width. */
function parseWidth(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_IMAGE_WIDTH;
  const w = Number(raw);
  if (!IMAGE_WIDTHS.includes(w)) throw new HttpError(400, `Image width must be one of ${IMAGE_WIDTHS.join(', ')}`);
  return w;
}

/**
 * The media of a store.
 * @example
 * const media = createMediaService({ db, dataDir, log: app.log });
 * const make = await media.productImage('12-400.png'); // 404 and 400 thrown here
 * const { type, body } = await make();
 */
export function createMediaService(opts: MediaServiceOptions): MediaService {
  const { db } = opts;
  const cacheDir = join(opts.dataDir, 'media-cache');

  // pictures being drawn now, by cache key: a request for one joins the drawing under way (a
  // burst of shoppers on a new product, or a CDN's edges, draws each picture once, not once each)
  const underway = new Map<string, Promise<Buffer>>();

  /** Reads a cached render or makes, stores and returns it. */
  const cached = async (key: string, make: () => Promise<Buffer>): Promise<Buffer> => {
    const path = join(cacheDir, key);
    if (existsSync(path)) return readFileSync(path);
    const under = underway.get(key);
    if (under) return under;
    const made = (async () => {
      const bytes = await make();
      opts.onDrawn?.();
      try {
        mkdirSync(cacheDir, { recursive: true });
        // write then rename, so a concurrent reader never sees half a file
        const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        writeFileSync(tmp, bytes);
        renameSync(tmp, path);
      } catch (err) {
        opts.log.warn({ err }, 'media cache write failed');
      }
      return bytes;
    })();
    underway.set(key, made);
    try {
      return await made;
    } finally {
      // the file is written before `made` settles: later requests read it
      underway.delete(key);
    }
  };

  /** A drawing as PNG (from the cache, else drawn), or as SVG where sharp cannot load. */
  const picture = async (key: string, drawing: PartPicture): Promise<MediaMaker> => {
    const raster = await loadRasteriser();
    return async () => {
      if (!raster) return { type: 'image/svg+xml', body: renderPartSvg(drawing) };
      // the drawing's version and the product's facts are part of the key: a cache filled by an
      // older drawing, or before the product's part number or attributes changed, is not served;
      // the drawing is only made on a miss
      const png = await cached(`${key}-${drawing.width}.v${PART_ART_VERSION}-${factsKey(drawing)}.png`, () => raster(renderPartSvg(drawing)));
      return { type: 'image/png', body: png };
    };
  };

  /** A picture an import stored, at a width (the hash names the picture: a new picture is a new row and URL). */
  const stored = (hash: string, width: number): MediaMaker => async () => {
    try {
      // the stored file is read from the database only on a cache miss
      const png = await cached(`upload-${hash}-${width}.png`, async () => {
        const file = await mediaFile(db, hash);
        if (!file) throw new HttpError(404, 'Image not found');
        const sized = await sizedPicture(file.bytes, width);
        if (sized === null) throw new Unsized(file);
        return sized;
      });
      return { type: 'image/png', body: png };
    } catch (err) {
      // no sharp on this machine: the stored file as it is, whatever the width asked
      if (err instanceof Unsized) return { type: err.file.contentType, body: err.file.bytes };
      throw err;
    }
  };

  return {
    async productImage(file) {
      const m = FILE_RE.exec(file);
      if (!m) throw new HttpError(404, 'Image not found');
      const width = parseWidth(m[2]);
      const row = await productImageDrawing(db, Number(m[1]));
      if (!row) throw new HttpError(404, 'Image not found');
      if (row.fileHash !== null) return stored(row.fileHash, width);
      // the product's own picture: its part number on the plate, its sizes from its attributes
      return await picture(`image-${m[1]}`, { ...(await productPictureFacts(db, row.productId)), shape: row.shape, hue: row.hue, width });
    },

    async collectionImage(file) {
      const m = FILE_RE.exec(file);
      if (!m) throw new HttpError(404, 'Image not found');
      const width = parseWidth(m[2]);
      const row = await collectionImageDrawing(db, Number(m[1]));
      if (!row) throw new HttpError(404, 'Image not found');
      return await picture(`collection-${m[1]}`, { shape: row.shape ?? 'kit', hue: row.hue ?? 200, width });
    },

    async model(file) {
      const m = MODEL_RE.exec(file);
      const row = m ? await modelDrawing(db, Number(m[1])) : undefined;
      if (!row) throw new HttpError(404, 'Model not found');
      return async () => ({ type: 'model/gltf+json', body: renderGltf({ shape: row.shape, hue: row.hue, name: row.title }) });
    },

    async modelPoster(modelId, file) {
      const m = POSTER_RE.exec(file);
      if (!m) throw new HttpError(404, 'Image not found');
      const width = parseWidth(m[1]);
      const row = await modelPosterDrawing(db, modelId);
      if (!row) throw new HttpError(404, 'Image not found');
      return await picture(`poster-${modelId}`, { ...(await productPictureFacts(db, row.productId)), shape: row.shape, hue: (row.hue + 180) % 360, width });
    },

    async specSheet(file) {
      if (!PDF_RE.test(file)) throw new HttpError(404, 'PDF not found');
      const row = await specSheetRow(db, file);
      if (!row) throw new HttpError(404, 'PDF not found');
      const bytes = renderSpecSheetPdf({
        title: row.title,
        subtitle: row.vendor ? `${row.product} by ${row.vendor}` : row.product,
        rows: [
          ['Product', row.product],
          ['Part number', row.code ?? '-'],
          ['SKU', row.sku ?? '-'],
          ['Manufacturer', row.vendor ?? '-'],
          ['Shipping weight', row.weight === null ? '-' : `${row.weight} lbs`],
          ['Warranty', '1 year from the manufacturer'],
        ],
        notes: [
          'Turn off power at the breaker before servicing any pool or spa equipment.',
          'Installation must follow local electrical and plumbing codes.',
          'Keep this sheet with your equipment records.',
        ],
      });
      return async () => ({ type: 'application/pdf', body: bytes });
    },
  };
}
