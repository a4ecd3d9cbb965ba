/**
 * What the operators' import calls decide: a request body kept on disk as it arrives (never whole
 * in memory; 413 above the size limit, 400 for a body cut short), a multipart upload's parts and
 * fields (the file, Volusion's categories file, the pictures and their names), the format and the
 * dry-run flag, the file handed to an import job (or every kept file removed), and an import
 * looked up by its id.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuditWho } from '../admin/service.ts';
import type { ImportJobs, ImportJobView } from './jobs.ts';
import { CATALOGUE_FORMATS, type CatalogueFormat } from './schemas.ts';

/** The refusal of a request whose body is no catalogue file. */
export const FILE_REQUIRED = 'Send the catalogue file as the body (text/csv, application/x-ndjson) or as the part "file" of multipart/form-data.';
/** The refusal of an import that names no format, or another. */
export const FORMAT_REQUIRED = `format must be one of ${CATALOGUE_FORMATS.join(', ')}.`;
/** The refusal of an empty file. */
export const EMPTY_FILE = 'The file is empty.';
/** The answer for an unknown import id. */
export const NO_SUCH_IMPORT = 'No import with this id.';

/** Most picture parts in one upload. @default 10000 */
export const MAX_PICTURE_PARTS = 10_000;

/** A picture part's file name as it is kept: the name alone, of letters, digits, dots, dashes and underscores. */
const PICTURE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** A request body kept on disk. */
class Upload {
  constructor(
    readonly path: string,
    readonly bytes: number,
    readonly multipart: boolean,
  ) {}
}

/** What an import request says besides its body: its content type, and the query's format and dryRun. */
export interface UploadFields {
  contentType: string;
  format: string | null;
  dryRun: string | null;
}

/** An import queued: its id, its state and where to follow it. */
export interface ImportStarted {
  id: string;
  status: 'queued';
  href: string;
}

/** Options of {@link createUploads}. */
export interface UploadsOptions {
  /** Where uploaded files wait for their import. */
  dir: string;
  /** Largest file taken, in bytes. */
  limit: number;
  jobs: ImportJobs;
}

/** The operators' uploads and the imports they start. */
export interface Uploads {
  /** Keeps a request body on disk as it arrives. @throws HttpError 413 above the limit, 400 for a body cut short */
  receive(body: Readable, contentType: string): Promise<unknown>;
  /** Removes a body {@link receive} kept (anything else is left alone). */
  discard(body: unknown): Promise<void>;
  /**
   * Starts the import of a body {@link receive} kept; the files it names are the import's from then on.
   * @throws HttpError 400 for no file, an empty one, a bad format, flag, part or picture name (every file kept is removed)
   */
  start(body: unknown, fields: UploadFields, who: AuditWho): Promise<ImportStarted>;
  /** An import's progress, then its report or its error. @throws HttpError 404 for an unknown id */
  job(id: string): Promise<ImportJobView>;
}

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
 * The operators' uploads.
 * @example
 * const uploads = createUploads({ dir: join(dataDir, 'imports'), limit: IMPORT_BODY_LIMIT, jobs });
 * const body = await uploads.receive(requestStream, 'text/csv');
 * await uploads.start(body, { contentType: 'text/csv', format: 'shopify', dryRun: null }, who); // { id, status: 'queued', href }
 */
export function createUploads(options: UploadsOptions): Uploads {
  const { dir, limit, jobs } = options;
  return {
    async receive(body, contentType) {
      const multipart = /^multipart\/form-data/i.test(contentType);
      const { path, bytes } = await save(dir, body, limit);
      return new Upload(path, bytes, multipart);
    },

    async discard(body) {
      if (body instanceof Upload) await rm(body.path, { force: true });
    },

    async start(body, fields, who) {
      if (!(body instanceof Upload)) throw new HttpError(400, FILE_REQUIRED);
      // files and folders of this upload, removed unless an import takes them
      const kept: string[] = [body.path];
      let handedOver = false;
      try {
        let file: { path: string; bytes: number } = body;
        let categories: { path: string; bytes: number } | undefined;
        let imagesDir: string | undefined;
        let { format, dryRun } = fields;
        if (body.multipart) {
          const form = await readForm(body, fields.contentType, dir, limit, kept);
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
        const id = await jobs.start({ format: fmt, dryRun: dry, file: file.path, ...(categories ? { categoriesFile: categories.path } : {}), ...(imagesDir ? { imagesDir } : {}) }, file.bytes, who);
        handedOver = true;
        for (const path of kept) if (path !== file.path && path !== categories?.path && path !== imagesDir) await rm(path, { force: true, recursive: true });
        return { id, status: 'queued', href: `/api/admin/imports/${id}` };
      } finally {
        if (!handedOver) for (const path of kept) await rm(path, { force: true, recursive: true });
      }
    },

    async job(id) {
      const job = await jobs.get(id);
      if (!job) throw new HttpError(404, NO_SUCH_IMPORT);
      return job;
    },
  };
}
