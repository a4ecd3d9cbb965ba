/**
 * The routes of "parts that fit" (issue 15; contract in /work/coord/15-api.md and
 * src/api/types.ts):
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
 * The product search's `fits`, `equipment` and `matchedPartNumber` and the product detail's
 * Fitments, PartNumbers and SupersededBy are served by the catalogue routes through
 * {@link EquipmentService} (equipment/service.ts).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { errorResponses, handleParams, MAX_ID, MAX_LIMIT, MAX_PAGE } from '../../schemas.ts';
import { requireCustomer } from '../../auth/services.ts';
import { originGuard } from '../../auth/origin-guard.ts';
import {
  diagramById, diagramsOf, equipmentPicture, forgetAllEquipment, forgetEquipment, MAX_SAVED_EQUIPMENT, saveEquipment, savedEquipmentIds,
} from './repository.ts';
import { EQUIPMENT_TYPES } from '../../seed/equipment.ts';
import { CALLOUT_RADIUS } from './assembly.ts';
import type { Diagram, Equipment, EquipmentPart, EquipmentSummary, EquipmentType } from '../../../api/types.ts';
import { renderDiagramSvg, renderEquipmentSvg } from './drawing.ts';
import { diagramSchema, equipmentSummarySchema, listPageInfo, myEquipmentResponse, partSchema } from './schemas.ts';
import type { EquipmentService } from './service.ts';

/** The answer to an unknown model handle. */
export const EQUIPMENT_NOT_FOUND = 'Equipment not found';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const SVG_RE = /^([0-9]{1,10})\.svg$/;
const fileParams = { type: 'object', properties: { file: { type: 'string', minLength: 1, maxLength: 255 } }, required: ['file'] } as const;
const handle = { type: 'string', minLength: 1, maxLength: 255 } as const;

/** What the routes work on. */
export interface EquipmentRoutesContext {
  db: Db;
  service: EquipmentService;
}

/** Registers the equipment, My equipment and diagram routes. */
export async function equipmentRoutes(app: FastifyInstance, ctx: EquipmentRoutesContext): Promise<void> {
  const { db, service } = ctx;

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
  }, async (req) => {
    const summary = service.catalogue.summaryByHandle(req.params.handle);
    if (!summary) throw new HttpError(404, EQUIPMENT_NOT_FOUND);
    return { equipment: await equipmentDetail(summary) };
  });

  /** A model with its diagrams and parts; parts no longer in the catalogue are left out. */
  async function equipmentDetail(summary: EquipmentSummary): Promise<Equipment> {
    const rows = await diagramsOf(db, summary.id);
    const fitIds = [...service.catalogue.fitsIds(summary.id)];
    const ids = new Set<number>(fitIds);
    for (const d of rows) for (const c of d.callouts) ids.add(c.productId);
    const cards = service.cards([...ids]);
    const parts = new Map<number, EquipmentPart>();
    const diagrams: Diagram[] = rows.map((d) => ({
      id: d.id,
      title: d.title,
      imageUrl: `/media/diagrams/${d.id}.svg`,
      width: d.width,
      height: d.height,
      calloutRadius: CALLOUT_RADIUS,
      callouts: d.callouts.flatMap((c) => {
        const card = cards.get(c.productId);
        if (card === undefined) return [];
        let part = parts.get(c.productId);
        if (part === undefined) {
          part = { product: card, partNumber: service.catalogue.oemNumberOf(c.productId), quantity: c.quantity, callouts: [], universal: false };
          parts.set(c.productId, part);
        }
        part.quantity = Math.max(part.quantity, c.quantity);
        part.callouts.push({ diagramId: d.id, number: c.number });
        return [{ number: c.number, productId: c.productId, handle: card.handle, title: card.title, quantity: c.quantity, x: c.x, y: c.y }];
      }),
    }));
    const universal: EquipmentPart[] = fitIds
      .filter((id) => !parts.has(id) && cards.has(id))
      .map((id) => ({ product: cards.get(id)!, partNumber: service.catalogue.oemNumberOf(id), quantity: 1, callouts: [], universal: true }))
      .sort((a, b) => (a.product.title < b.product.title ? -1 : a.product.title > b.product.title ? 1 : a.product.id - b.product.id));
    return { ...summary, diagrams, parts: [...parts.values(), ...universal] };
  }

  app.get<{ Params: { file: string } }>('/media/equipment/:file', {
    schema: { summary: "An equipment model's picture (SVG)", tags: ['media'], params: fileParams, response: { 200: { type: 'string' }, ...errorResponses } },
  }, async (req, reply) => {
    const m = SVG_RE.exec(req.params.file);
    const id = m ? Number(m[1]) : 0;
    const row = id >= 1 && id <= MAX_ID ? await equipmentPicture(db, id) : undefined;
    if (!row) throw new HttpError(404, 'Picture not found');
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(renderEquipmentSvg({ type: row.type, hue: row.imageHue }));
  });

  app.get<{ Params: { file: string } }>('/media/diagrams/:file', {
    schema: { summary: 'An exploded-view diagram (SVG) with its numbered callouts', tags: ['media'], params: fileParams, response: { 200: { type: 'string' }, ...errorResponses } },
  }, async (req, reply) => {
    const m = SVG_RE.exec(req.params.file);
    const id = m ? Number(m[1]) : 0;
    const diagram = id >= 1 && id <= MAX_ID ? await diagramById(db, id) : undefined;
    if (!diagram) throw new HttpError(404, 'Diagram not found');
    const summary = service.catalogue.summaryById(diagram.equipmentId);
    const picture = await equipmentPicture(db, diagram.equipmentId);
    const title = `${summary?.title ?? 'Equipment'}: ${diagram.title}`;
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(renderDiagramSvg(diagram, { hue: picture?.imageHue ?? 200, title, ...(picture ? { type: picture.type } : {}) }));
  });

  // My equipment: the signed-in customer's own rows only; writes behind the cross-site guard
  await app.register(async (scope) => {
    scope.addHook('onRequest', originGuard({ allowedOrigins: app.accounts.allowedOrigins }));
    const mine = async (customerId: number): Promise<{ equipment: EquipmentSummary[] }> => ({
      equipment: (await savedEquipmentIds(db, customerId))
        .map((id) => service.catalogue.summaryById(id))
        .filter((s): s is EquipmentSummary => s !== undefined),
    });
    const known = (h: string): EquipmentSummary => {
      const s = service.catalogue.summaryByHandle(h);
      if (!s) throw new HttpError(404, EQUIPMENT_NOT_FOUND);
      return s;
    };

    scope.get('/api/account/equipment', {
      schema: { summary: "The signed-in customer's saved equipment (My equipment), most recent first", tags: ['equipment'], response: myEquipmentResponse },
    }, async (req) => mine(requireCustomer(req)));

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
    }, async (req) => {
      const customerId = requireCustomer(req);
      const ids = req.body.handles.map((h) => known(h).id);
      if (!(await saveEquipment(db, customerId, ids, new Date()))) {
        throw new HttpError(400, `My equipment holds at most ${MAX_SAVED_EQUIPMENT} models.`);
      }
      return mine(customerId);
    });

    scope.delete<{ Params: { handle: string } }>('/api/account/equipment/:handle', {
      schema: { summary: 'Removes a model from My equipment', tags: ['equipment'], params: handleParams, response: myEquipmentResponse },
    }, async (req) => {
      const customerId = requireCustomer(req);
      await forgetEquipment(db, customerId, known(req.params.handle).id);
      return mine(customerId);
    });

    scope.delete('/api/account/equipment', {
      schema: { summary: 'Empties My equipment', tags: ['equipment'], response: myEquipmentResponse },
    }, async (req) => {
      const customerId = requireCustomer(req);
      await forgetAllEquipment(db, customerId);
      return mine(customerId);
    });
  });
}
