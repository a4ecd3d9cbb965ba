/**
 * The operators' catalogue import and export, operators only (security/operator-access.ts:
 * `Authorization: Bearer {ADMIN_TOKEN}`, the store's Host, the cross-site guard; 404 while no
 * ADMIN_TOKEN is configured):
 * - `POST /api/admin/imports?format=shopify|volusion|skimmer[&dryRun=true]` with the file as the
 *   body (`text/csv`, `application/x-ndjson`, `application/octet-stream`), or as
 *   `multipart/form-data` (parts `file`, `categories` for Volusion, `format`, `dryRun`, and any
 *   number of `images`: picture files the catalogue names by path, found by file name as the
 *   CLI's `--images DIR` finds them): the files are kept on disk and the import queued; answers
 *   202 `{ id, status }`;
 * - `GET /api/admin/imports/{id}`: the job's progress (rows and bytes read), then its report or
 *   its one fatal error;
 * - `GET /api/admin/exports/{format}[?part=categories]`: the whole catalogue, streamed.
 * HTTP only: the rules are jobs.ts and service.ts's, the SQL repository.ts's.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { operatorAccessFromEnv, operatorGuard, type OperatorAccess } from '../../security/operator-access.ts';
import { auditWho } from '../admin/service.ts';
import { exportCatalogue } from './export.ts';
import { ImportJobs } from './jobs.ts';
import { CATALOGUE_FORMATS, IMPORT_JOB_SCHEMA, type CatalogueFormat } from './schemas.ts';

/** Largest catalogue file taken, in bytes. @default 256 MB */
export const IMPORT_BODY_LIMIT = 256 * 1024 * 1024;

/** The refusal of a request whose body is no catalogue file. */
export const FILE_REQUIRED = 'Send the catalogue file as the body (text/csv, application/x-ndjson) or as the part "file" of multipart/form-data.';
/** The refusal of an import that names no format, or another. */
export const FORMAT_REQUIRED = `format must be one of ${CATALOGUE_FORMATS.join(', ')}.`;
/** The refusal of an empty file. */
export const EMPTY_FILE = 'The file is empty.';
/** The answer for an unknown import id. */
export const NO_SUCH_IMPORT = 'No import with this id.';

/** Options of {@link importRoutes}. */
export interface ImportRoutesOptions {
  db: Db;
  /** Where uploaded files wait for their import (under `imports/`). */
  dataDir: string;
  /** Who may call. @default operatorAccessFromEnv(): ADMIN_TOKEN, PUBLIC_URL, ALLOWED_ORIGINS */
  operators?: OperatorAccess;
  /** The jobs. @default an ImportJobs on `db` announcing commits through `app.catalogue.reindex` */
  jobs?: ImportJobs;
  /** @default IMPORT_BODY_LIMIT */
  bodyLimit?: number;
}

/** A request body kept on disk by this plugin's content parsers. */
class Upload {
  constructor(
    readonly path: string,
    readonly bytes: number,
    readonly multipart: boolean,
  ) {}
}

const RAW_TYPES = ['text/csv', 'application/x-ndjson', 'application/jsonl', 'application/octet-stream', 'text/plain'];
const CONTENT_TYPES: Record<string, string> = { shopify: 'text/csv; charset=utf-8', volusion: 'text/csv; charset=utf-8', skimmer: 'application/x-ndjson; charset=utf-8' };

async function save(dir: string, source: Readable, limit: number): Promise<{ path: string; bytes: number }> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `upload-${randomBytes(8).toString('hex')}`);
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) done(new HttpError(413, `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(source, count, createWriteStream(path));
  } catch (err) {
    await rm(path, { force: true });
    throw err instanceof HttpError ? err : new HttpError(400, 'The upload was cut short.');
  }
  return { path, bytes };
}

/** A picture part's file name as it is kept: the name alone, of letters, digits, dots, dashes and underscores. */
const PICTURE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Most picture parts in one upload. @default 10000 */
export const MAX_PICTURE_PARTS = 10_000;

/**
 * The parts of a multipart upload: the file (and categories file) on disk, the fields, and the
 * pictures sent as `images` parts, kept in a folder of their own under their file names (the
 * folder an import reads picture paths from, as `--images DIR` on the command line).
 */
async function readForm(
  upload: Upload,
  contentType: string,
  dir: string,
  limit: number,
  kept: string[],
): Promise<{ file: { path: string; bytes: number }; categories?: { path: string; bytes: number }; imagesDir?: string; format: string | null; dryRun: string | null }> {
  let form: FormData;
  try {
    // undici's multipart reader (Node's own fetch), over the body kept on disk
    const body = Readable.toWeb(createReadStream(upload.path)) as ReadableStream<Uint8Array>;
    form = await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body, duplex: 'half' } as RequestInit).formData();
  } catch {
    throw new HttpError(400, 'The multipart body could not be read.');
  }
  const part = async (name: string): Promise<{ path: string; bytes: number } | undefined> => {
    const value = form.get(name);
    if (value === null) return undefined;
    const saved = typeof value === 'string' ? await save(dir, Readable.from([Buffer.from(value, 'utf8')]), limit) : await save(dir, Readable.fromWeb(value.stream() as Parameters<typeof Readable.fromWeb>[0]), limit);
    kept.push(saved.path);
    return saved;
  };
  const field = (name: string): string | null => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : null;
  };
  const file = await part('file');
  if (!file) throw new HttpError(400, FILE_REQUIRED);
  const categories = await part('categories');
  const pictures = form.getAll('images');
  let imagesDir: string | undefined;
  if (pictures.length > 0) {
    if (pictures.length > MAX_PICTURE_PARTS) throw new HttpError(400, `At most ${MAX_PICTURE_PARTS.toLocaleString('en-US')} pictures in one upload.`);
    imagesDir = join(dir, `images-${randomBytes(8).toString('hex')}`);
    kept.push(imagesDir);
    await mkdir(imagesDir);
    const names = new Set<string>();
    for (const picture of pictures) {
      if (typeof picture === 'string') throw new HttpError(400, 'Each images part is a picture file (with its file name).');
      const name = basename(picture.name.replace(/\\/g, '/'));
      if (!PICTURE_NAME.test(name)) throw new HttpError(400, `The picture file name '${name.slice(0, 100)}' is not one the store keeps (letters, digits, '.', '-' and '_').`);
      if (names.has(name)) throw new HttpError(400, `The picture '${name}' is sent twice.`);
      names.add(name);
      await pipeline(Readable.fromWeb(picture.stream() as Parameters<typeof Readable.fromWeb>[0]), createWriteStream(join(imagesDir, name)));
    }
  }
  return { file, ...(categories ? { categories } : {}), ...(imagesDir ? { imagesDir } : {}), format: field('format'), dryRun: field('dryRun') };
}

function formatOf(raw: string | null | undefined): CatalogueFormat {
  if (!raw || !CATALOGUE_FORMATS.includes(raw as CatalogueFormat)) throw new HttpError(400, FORMAT_REQUIRED);
  return raw as CatalogueFormat;
}

function flag(raw: string | null | undefined): boolean {
  if (raw === null || raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new HttpError(400, 'dryRun must be true or false.');
}

/**
 * The plugin.
 * @example
 * await app.register(importRoutes, { db, dataDir });
 * // curl -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: text/csv' --data-binary @products.csv \
 * //   'http://localhost:3000/api/admin/imports?format=shopify'
 */
export const importRoutes: FastifyPluginAsync<ImportRoutesOptions> = async (app, options) => {
  const { db } = options;
  const limit = options.bodyLimit ?? IMPORT_BODY_LIMIT;
  const dir = join(options.dataDir, 'imports');
  app.addHook('onRequest', operatorGuard(options.operators ?? operatorAccessFromEnv(), { requireJson: false }));
  const jobs =
    options.jobs ??
    new ImportJobs({
      db,
      onCommitted: (ids, version) => app.catalogue.reindex(ids, version),
      onError: (err) => app.log.error({ err }, 'catalogue import'),
    });
  app.addHook('onClose', async () => jobs.idle());

  // the file goes to disk as it arrives (never whole in memory), in this plugin's routes only
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser([...RAW_TYPES, 'multipart/form-data'], { bodyLimit: limit }, async (request: FastifyRequest, payload: Readable) => {
    const multipart = /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
    const { path, bytes } = await save(dir, payload, limit);
    return new Upload(path, bytes, multipart);
  });
  // a body kept on disk whose request was refused before its handler took it (its query checked
  // after the body was read): removed with the answer; a 202 handed it to an import
  app.addHook('onResponse', async (request, reply) => {
    if (request.body instanceof Upload && reply.statusCode !== 202) await rm(request.body.path, { force: true });
  });
  const anyFile = { description: 'The catalogue file' };

  app.post<{ Querystring: { format?: string; dryRun?: string } }>('/api/admin/imports', {
    bodyLimit: limit,
    schema: {
      tags: ['imports'],
      summary: 'Import a catalogue file (operators): answered with an import id at once; the import runs after',
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { format: { type: 'string', enum: [...CATALOGUE_FORMATS] }, dryRun: { type: 'string', enum: ['true', 'false', '1', '0'] } },
      },
      body: {
        content: {
          'text/csv': { schema: { ...anyFile, description: "A Shopify product CSV or a Volusion products export (format in the query)" } },
          'application/x-ndjson': { schema: { ...anyFile, description: "Skimmer's JSON Lines (format=skimmer)" } },
          'application/octet-stream': { schema: anyFile },
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { description: 'The catalogue file' },
                categories: { description: "Volusion's categories CSV" },
                images: { description: "Picture files the catalogue names by path (each part's file name is matched to the path's last part), as the CLI's --images DIR" },
                format: { type: 'string', enum: [...CATALOGUE_FORMATS] },
                dryRun: { type: 'string', enum: ['true', 'false'] },
              },
            },
          },
        },
      },
      response: {
        202: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' }, href: { type: 'string' } } },
        400: { $ref: 'Error#' },
        401: { $ref: 'Error#' },
        403: { $ref: 'Error#' },
        404: { $ref: 'Error#' },
        409: { $ref: 'Error#' },
        413: { $ref: 'Error#' },
      },
    },
  }, async (request, reply) => {
    const body = request.body;
    if (!(body instanceof Upload)) throw new HttpError(400, FILE_REQUIRED);
    // files and folders of this upload, removed unless an import takes them
    const kept: string[] = [body.path];
    let handedOver = false;
    try {
      let file: { path: string; bytes: number } = body;
      let categories: { path: string; bytes: number } | undefined;
      let imagesDir: string | undefined;
      let format = request.query.format ?? null;
      let dryRun = request.query.dryRun ?? null;
      if (body.multipart) {
        const form = await readForm(body, request.headers['content-type'] ?? '', dir, limit, kept);
        file = form.file;
        categories = form.categories;
        imagesDir = form.imagesDir;
        format = form.format ?? format;
        dryRun = form.dryRun ?? dryRun;
      }
      const fmt = formatOf(format);
      const dry = flag(dryRun);
      if (categories && fmt !== 'volusion') throw new HttpError(400, 'A categories file goes with a Volusion import only.');
      if (file.bytes === 0) throw new HttpError(400, EMPTY_FILE);
      // the import writes its own audit row as it lands (audit.ts), naming this request's operator
      const id = await jobs.start({ format: fmt, dryRun: dry, file: file.path, ...(categories ? { categoriesFile: categories.path } : {}), ...(imagesDir ? { imagesDir } : {}) }, file.bytes, auditWho(request));
      handedOver = true;
      for (const path of kept) if (path !== file.path && path !== categories?.path && path !== imagesDir) await rm(path, { force: true, recursive: true });
      const href = `/api/admin/imports/${id}`;
      return await reply.code(202).header('location', href).send({ id, status: 'queued', href });
    } finally {
      if (!handedOver) for (const path of kept) await rm(path, { force: true, recursive: true });
    }
  });

  app.get<{ Params: { id: string } }>('/api/admin/imports/:id', {
    schema: {
      tags: ['imports'],
      summary: 'An import (operators): its progress, then its report or its error',
      params: { type: 'object', properties: { id: { type: 'string', pattern: '^imp_[0-9a-f]{20}$' } }, required: ['id'] },
      response: { 200: IMPORT_JOB_SCHEMA, 400: { $ref: 'Error#' }, 401: { $ref: 'Error#' }, 403: { $ref: 'Error#' }, 404: { $ref: 'Error#' } },
    },
  }, async (request) => {
    const job = await jobs.get(request.params.id);
    if (!job) throw new HttpError(404, NO_SUCH_IMPORT);
    return job;
  });

  app.get<{ Params: { format: CatalogueFormat }; Querystring: { part?: 'products' | 'categories' } }>('/api/admin/exports/:format', {
    schema: {
      tags: ['imports'],
      summary: "Export the whole catalogue (operators), streamed: Shopify's CSV, Volusion's products (or part=categories) CSV, or Skimmer's JSON Lines",
      params: { type: 'object', properties: { format: { type: 'string', enum: [...CATALOGUE_FORMATS] } }, required: ['format'] },
      querystring: { type: 'object', additionalProperties: false, properties: { part: { type: 'string', enum: ['products', 'categories'] } } },
      response: {
        200: { description: 'The catalogue file', content: { 'text/csv': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } } } },
        400: { $ref: 'Error#' },
        401: { $ref: 'Error#' },
        403: { $ref: 'Error#' },
        404: { $ref: 'Error#' },
      },
    },
  }, async (request, reply) => {
    const { format } = request.params;
    const part = request.query.part ?? 'products';
    if (part === 'categories' && format !== 'volusion') throw new HttpError(400, 'part=categories goes with the volusion format only.');
    const name = `catalogue-${format}${part === 'categories' ? '-categories' : ''}.${format === 'skimmer' ? 'jsonl' : 'csv'}`;
    return await reply
      .type(CONTENT_TYPES[format]!)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(exportCatalogue(db, format, part)));
  });
};
