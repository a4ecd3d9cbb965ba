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
 *
 * HTTP only: which file a name asks for, its refusals and its making are service.ts's.
 * @module
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { createMediaService, type MediaMaker } from './service.ts';

const fileParams = {
  type: 'object',
  properties: { file: { type: 'string', minLength: 1, maxLength: 255 } },
  required: ['file'],
} as const;

const binary = { 200: { type: 'string', format: 'binary' }, ...errorResponses };

/** Sends a file found, cached for a day by browsers and CDNs. */
async function send(reply: FastifyReply, make: MediaMaker): Promise<FastifyReply> {
  reply.header('cache-control', 'public, max-age=86400');
  const file = await make();
  return reply.type(file.type).send(file.body);
}

/** Registers the media routes. */
export function mediaRoutes(app: FastifyInstance, opts: { db: Db; dataDir: string; onDrawn?: () => void }): void {
  const media = createMediaService({ db: opts.db, dataDir: opts.dataDir, log: app.log, ...(opts.onDrawn ? { onDrawn: opts.onDrawn } : {}) });

  app.get<{ Params: { file: string } }>(
    '/media/images/:file',
    { schema: { summary: 'A product picture', tags: ['media'], params: fileParams, response: binary } },
    async (req, reply) => send(reply, await media.productImage(req.params.file)),
  );

  app.get<{ Params: { file: string } }>(
    '/media/collections/:file',
    { schema: { summary: 'A collection picture', tags: ['media'], params: fileParams, response: binary } },
    async (req, reply) => send(reply, await media.collectionImage(req.params.file)),
  );

  app.get<{ Params: { file: string } }>(
    '/media/models/:file',
    { schema: { summary: 'A 3D model (glTF 2.0, embedded buffer)', tags: ['media'], params: fileParams, response: binary } },
    async (req, reply) => send(reply, await media.model(req.params.file)),
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
    async (req, reply) => send(reply, await media.modelPoster(req.params.id, req.params.file)),
  );

  app.get<{ Params: { file: string } }>(
    '/media/pdfs/:file',
    { schema: { summary: 'A PDF spec sheet', tags: ['media'], params: fileParams, response: binary } },
    async (req, reply) => send(reply, await media.specSheet(req.params.file)),
  );
}
