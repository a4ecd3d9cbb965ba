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
 * HTTP only: the rules are upload.service.ts's (the body kept on disk, its parts and fields, the
 * job started), jobs.ts's, export.ts's and service.ts's, the SQL repository.ts's.
 * @module
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { operatorAccessFromEnv, operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';
import { auditWho } from '../admin/service.ts';
import { catalogueFile } from './export.ts';
import { ImportJobs } from './jobs.ts';
import { CATALOGUE_FORMATS, IMPORT_JOB_SCHEMA, type CatalogueFormat } from './schemas.ts';
import { createUploads } from './upload.service.ts';

// the calls' refusals are the upload service's (kept importable from here)
export { EMPTY_FILE, FILE_REQUIRED, FORMAT_REQUIRED, MAX_PICTURE_PARTS, NO_SUCH_IMPORT } from './upload.service.ts';

/** Largest catalogue file taken, in bytes. @default 256 MB */
export const IMPORT_BODY_LIMIT = 256 * 1024 * 1024;

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

const RAW_TYPES = ['text/csv', 'application/x-ndjson', 'application/jsonl', 'application/octet-stream', 'text/plain'];

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
  const uploads = createUploads({ dir, limit, jobs });

  // the file goes to disk as it arrives (never whole in memory), in this plugin's routes only
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser([...RAW_TYPES, 'multipart/form-data'], { bodyLimit: limit }, async (request: FastifyRequest, payload: Readable) =>
    await uploads.receive(payload, request.headers['content-type'] ?? ''));
  // a body kept on disk whose request was refused before its handler took it (its query checked
  // after the body was read): removed with the answer; a 202 handed it to an import
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 202) await uploads.discard(request.body);
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
    const started = await uploads.start(request.body, { contentType: request.headers['content-type'] ?? '', format: request.query.format ?? null, dryRun: request.query.dryRun ?? null }, auditWho(request));
    return await reply.code(202).header('location', started.href).send(started);
  });

  app.get<{ Params: { id: string } }>('/api/admin/imports/:id', {
    schema: {
      tags: ['imports'],
      summary: 'An import (operators): its progress, then its report or its error',
      params: { type: 'object', properties: { id: { type: 'string', pattern: '^imp_[0-9a-f]{20}$' } }, required: ['id'] },
      response: { 200: IMPORT_JOB_SCHEMA, 400: { $ref: 'Error#' }, 401: { $ref: 'Error#' }, 403: { $ref: 'Error#' }, 404: { $ref: 'Error#' } },
    },
  }, async (request) => await uploads.job(request.params.id));

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
    const file = catalogueFile(db, request.params.format, request.query.part ?? 'products');
    return await reply
      .type(file.type)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
