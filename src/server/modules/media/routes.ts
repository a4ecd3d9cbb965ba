/**
 * Generated media served from this server: product and collection pictures (PNG, widths 200 to
 * 800 in steps of 100), 3D models (glTF with an embedded buffer) with their poster pictures, and
 * PDF spec sheets. Everything is drawn on request from the catalogue row and cached under
 * `{dataDir}/media-cache`, so a second request is a file read. If sharp cannot load on a
 * machine, pictures are served as SVG under the same URLs (with an SVG content type).
 *
 * A product picture a catalogue import brought in (a row with a stored file) is served under the
 * same URLs: the stored picture sized to the width (media/imported-picture.ts), cached by the
 * picture's hash; without sharp, the stored file as it is.
 *
 * URL forms (absolute paths, as the API gives them):
 * - `/media/images/{imageId}-{width}.png` (also `{imageId}.png`, 800 wide)
 * - `/media/collections/{collectionId}-{width}.png`
 * - `/media/models/{modelId}.gltf`, `/media/models/{modelId}/poster-{width}.png`
 * - `/media/pdfs/{localFilename}`
 * @module
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, PART_ART_VERSION, renderPartSvg, type PartPicture } from './drawing.ts';
import { factsKey } from './part-facts.ts';
import { renderGltf } from './gltf.ts';
import { renderSpecSheetPdf } from './pdf.ts';
import { sizedPicture } from './imported-picture.ts';
import { collectionImageDrawing, mediaFile, modelDrawing, modelPosterDrawing, productImageDrawing, productPictureFacts, specSheet } from './repository.ts';
import { errorResponses } from '../../schemas.ts';

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
const PDF_RE = /^[A-Za-z0-9._-]{1,200}\.pdf$/;

function parseWidth(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_IMAGE_WIDTH;
  const w = Number(raw);
  if (!IMAGE_WIDTHS.includes(w)) throw new HttpError(400, `Image width must be one of ${IMAGE_WIDTHS.join(', ')}`);
  return w;
}

const fileParams = {
  type: 'object',
  properties: { file: { type: 'string', minLength: 1, maxLength: 255 } },
  required: ['file'],
} as const;

const binary = { 200: { type: 'string', format: 'binary' }, ...errorResponses };

/** Registers the media routes. */
export function mediaRoutes(app: FastifyInstance, opts: { db: Db; dataDir: string; onDrawn?: () => void }): void {
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
        app.log.warn({ err }, 'media cache write failed');
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

  const sendPicture = async (reply: FastifyReply, key: string, drawing: PartPicture) => {
    const raster = await loadRasteriser();
    reply.header('cache-control', 'public, max-age=86400');
    if (!raster) return reply.type('image/svg+xml').send(renderPartSvg(drawing));
    // the drawing's version and the product's facts are part of the key: a cache filled by an
    // older drawing, or before the product's part number or attributes changed, is not served;
    // the drawing is only made on a miss
    const png = await cached(`${key}-${drawing.width}.v${PART_ART_VERSION}-${factsKey(drawing)}.png`, () => raster(renderPartSvg(drawing)));
    return reply.type('image/png').send(png);
  };

  /** A picture an import stored, at a width (the hash names the picture: a new picture is a new row and URL). */
  const sendStored = async (reply: FastifyReply, hash: string, width: number) => {
    reply.header('cache-control', 'public, max-age=86400');
    try {
      // the stored file is read from the database only on a cache miss
      const png = await cached(`upload-${hash}-${width}.png`, async () => {
        const file = await mediaFile(db, hash);
        if (!file) throw new HttpError(404, 'Image not found');
        const sized = await sizedPicture(file.bytes, width);
        if (sized === null) throw new Unsized(file);
        return sized;
      });
      return reply.type('image/png').send(png);
    } catch (err) {
      // no sharp on this machine: the stored file as it is, whatever the width asked
      if (err instanceof Unsized) return reply.type(err.file.contentType).send(err.file.bytes);
      throw err;
    }
  };

  app.get<{ Params: { file: string } }>(
    '/media/images/:file',
    { schema: { summary: 'A product picture', tags: ['media'], params: fileParams, response: binary } },
    async (req, reply) => {
      const m = FILE_RE.exec(req.params.file);
      if (!m) throw new HttpError(404, 'Image not found');
      const width = parseWidth(m[2]);
      const row = await productImageDrawing(db, Number(m[1]));
      if (!row) throw new HttpError(404, 'Image not found');
      if (row.fileHash !== null) return sendStored(reply, row.fileHash, width);
      // the product's own picture: its part number on the plate, its sizes from its attributes
      return sendPicture(reply, `image-${m[1]}`, { ...(await productPictureFacts(db, row.productId)), shape: row.shape, hue: row.hue, width });
    },
  );

  app.get<{ Params: { file: string } }>(
    '/media/collections/:file',
    { schema: { summary: 'A collection picture', tags: ['media'], params: fileParams, response: binary } },
    async (req, reply) => {
      const m = FILE_RE.exec(req.params.file);
      if (!m) throw new HttpError(404, 'Image not found');
      const width = parseWidth(m[2]);
      const row = await collectionImageDrawing(db, Number(m[1]));
      if (!row) throw new HttpError(404, 'Image not found');
      return sendPicture(reply, `collection-${m[1]}`, { shape: row.shape ?? 'kit', hue: row.hue ?? 200, width });
    },
  );

  app.get<{ Params: { file: string } }>(
    '/media/models/:file',
    { schema: { summary: 'A 3D model (glTF 2.0, embedded buffer)', tags: ['media'], params: fileParams, response: binary } },
    async (req, reply) => {
      const m = /^([0-9]{1,10})\.gltf$/.exec(req.params.file);
      const row = m ? await modelDrawing(db, Number(m[1])) : undefined;
      if (!row) throw new HttpError(404, 'Model not found');
      reply.header('cache-control', 'public, max-age=86400');
      return reply.type('model/gltf+json').send(renderGltf({ shape: row.shape, hue: row.hue, name: row.title }));
    },
  );

  app.get<{ Params: { id: number; file: string } }>(
    '/media/models/:id/:file',
    {
      schema: {
        summary: "A 3D model's poster picture",
        tags: ['media'],
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, file: fileParams.properties.file }, required: ['id', 'file'] },
        response: binary,
      },
    },
    async (req, reply) => {
      const m = POSTER_RE.exec(req.params.file);
      if (!m) throw new HttpError(404, 'Image not found');
      const width = parseWidth(m[1]);
      const row = await modelPosterDrawing(db, req.params.id);
      if (!row) throw new HttpError(404, 'Image not found');
      return sendPicture(reply, `poster-${req.params.id}`, { ...(await productPictureFacts(db, row.productId)), shape: row.shape, hue: (row.hue + 180) % 360, width });
    },
  );

  app.get<{ Params: { file: string } }>(
    '/media/pdfs/:file',
    { schema: { summary: 'A PDF spec sheet', tags: ['media'], params: fileParams, response: binary } },
    async (req, reply) => {
      if (!PDF_RE.test(req.params.file)) throw new HttpError(404, 'PDF not found');
      const row = await specSheet(db, req.params.file);
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
      reply.header('cache-control', 'public, max-age=86400');
      return reply.type('application/pdf').send(bytes);
    },
  );
}
