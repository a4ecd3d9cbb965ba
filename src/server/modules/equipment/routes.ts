/**
 * The routes of "parts that fit" (their answers' types are the client's, src/api/types.ts):
 *
 * | call | answer |
 * |---|---|
 * | GET /api/equipment?q=&type=&brand=&page=&limit= | { equipment, pageInfo, facets } |
 * | GET /api/equipment/handle/{handle} | { equipment } with diagrams and parts (404 unknown) |
 * | GET /api/account/equipment | { equipment }: My equipment, most recent first (401 signed out) |
 * | PUT /api/account/equipment { handles } | { equipment } after adding them (merge) |
 * | DELETE /api/account/equipment/{handle} | { equipment } after removing one |
 * | DELETE /api/account/equipment | { equipment: [] } |
 * | GET /media/equipment/{id}.svg | a model's picture |
 * | GET /media/diagrams/{id}.svg | an exploded-view diagram |
 *
 * HTTP only: the rules (what answers 404, My equipment's limit) are in service.ts. The product
 * search's `fits`, `equipment` and `matchedPartNumber` and the product detail's Fitments,
 * PartNumbers and SupersededBy are served by the catalogue routes through
 * {@link EquipmentService} (equipment/service.ts).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { errorResponses, handleParams, MAX_LIMIT, MAX_PAGE } from '../../platform/http/schemas.ts';
import { requireCustomer } from '../accounts/services.ts';
import { originGuard } from '../../platform/http/origin-guard.ts';
import { EQUIPMENT_TYPES } from './types.ts';
import type { EquipmentType } from '../../../api/types.ts';
import { diagramSchema, equipmentSummarySchema, listPageInfo, myEquipmentResponse, partSchema } from './schemas.ts';
import {
  addMyEquipment, clearMyEquipment, diagramSvg, equipmentByHandle, equipmentPictureSvg, MAX_SAVED_EQUIPMENT, myEquipment, removeMyEquipment,
  type EquipmentService,
} from './service.ts';

// the answer to an unknown model handle is the service's (kept importable from here)
export { EQUIPMENT_NOT_FOUND } from './service.ts';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const fileParams = { type: 'object', properties: { file: { type: 'string', minLength: 1, maxLength: 255 } }, required: ['file'] } as const;
const handle = { type: 'string', minLength: 1, maxLength: 255 } as const;

/** What the routes work on. */
export interface EquipmentRoutesContext {
  db: Db;
  service: EquipmentService;
}

/** Registers the equipment, My equipment and diagram routes. */
export async function equipmentRoutes(app: FastifyInstance, ctx: EquipmentRoutesContext): Promise<void> {
  const { service } = ctx;

  app.get<{ Querystring: { q?: string; type?: EquipmentType; brand?: string; page?: number; limit?: number } }>('/api/equipment', {
    schema: {
      summary: 'Equipment models: by model number or alias (case, spaces and hyphens ignored, by prefix) or name, type and brand; paged, with type and brand counts',
      tags: ['equipment'],
      querystring: {
        type: 'object',
        properties: {
          q: { type: 'string', maxLength: 100 },
          type: { type: 'string', enum: EQUIPMENT_TYPES },
          brand: { type: 'string', maxLength: 200 },
          page: { type: 'integer', minimum: 0, maximum: MAX_PAGE },
          limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
        },
      },
      response: {
        200: {
          type: 'object',
          properties: {
            equipment: { type: 'array', items: equipmentSummarySchema },
            pageInfo: listPageInfo,
            facets: {
              type: 'object',
              properties: {
                types: { type: 'array', items: { type: 'object', properties: { type: str, count: int } } },
                brands: { type: 'array', items: { type: 'object', properties: { brand: str, count: int } } },
              },
            },
          },
        },
        ...errorResponses,
      },
    },
  }, async (req) => {
    const { q, type, brand } = req.query;
    return service.catalogue.list({
      ...(q !== undefined ? { q } : {}), ...(type !== undefined ? { type } : {}), ...(brand !== undefined ? { brand } : {}),
      page: req.query.page ?? 0, limit: req.query.limit ?? 24,
    });
  });

  app.get<{ Params: { handle: string } }>('/api/equipment/handle/:handle', {
    schema: {
      summary: 'An equipment model with its exploded-view diagrams (numbered callouts) and its parts as product cards',
      tags: ['equipment'],
      params: handleParams,
      response: {
        200: {
          type: 'object',
          properties: {
            equipment: {
              type: 'object',
              properties: {
                ...equipmentSummarySchema.properties,
                diagrams: { type: 'array', items: diagramSchema },
                parts: { type: 'array', items: partSchema },
              },
            },
          },
        },
        ...errorResponses,
      },
    },
  }, async (req) => ({ equipment: await equipmentByHandle(ctx, req.params.handle) }));

  app.get<{ Params: { file: string } }>('/media/equipment/:file', {
    schema: { summary: "An equipment model's picture (SVG)", tags: ['media'], params: fileParams, response: { 200: { type: 'string' }, ...errorResponses } },
  }, async (req, reply) => {
    const svg = await equipmentPictureSvg(ctx, req.params.file);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  app.get<{ Params: { file: string } }>('/media/diagrams/:file', {
    schema: { summary: 'An exploded-view diagram (SVG) with its numbered callouts', tags: ['media'], params: fileParams, response: { 200: { type: 'string' }, ...errorResponses } },
  }, async (req, reply) => {
    const svg = await diagramSvg(ctx, req.params.file);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  // My equipment: the signed-in customer's own rows only; writes behind the cross-site guard
  await app.register(async (scope) => {
    scope.addHook('onRequest', originGuard({ allowedOrigins: app.accounts.allowedOrigins }));
    scope.get('/api/account/equipment', {
      schema: { summary: "The signed-in customer's saved equipment (My equipment), most recent first", tags: ['equipment'], response: myEquipmentResponse },
    }, async (req) => myEquipment(ctx, requireCustomer(req)));

    scope.put<{ Body: { handles: string[] } }>('/api/account/equipment', {
      schema: {
        summary: 'Adds models to My equipment (merge; the given ones become the most recent)',
        tags: ['equipment'],
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { handles: { type: 'array', minItems: 1, maxItems: MAX_SAVED_EQUIPMENT, items: handle } },
          required: ['handles'],
        },
        response: myEquipmentResponse,
      },
    }, async (req) => addMyEquipment(ctx, requireCustomer(req), req.body.handles));

    scope.delete<{ Params: { handle: string } }>('/api/account/equipment/:handle', {
      schema: { summary: 'Removes a model from My equipment', tags: ['equipment'], params: handleParams, response: myEquipmentResponse },
    }, async (req) => removeMyEquipment(ctx, requireCustomer(req), req.params.handle));

    scope.delete('/api/account/equipment', {
      schema: { summary: 'Empties My equipment', tags: ['equipment'], response: myEquipmentResponse },
    }, async (req) => clearMyEquipment(ctx, requireCustomer(req)));
  });
}
