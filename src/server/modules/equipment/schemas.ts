/**
 * JSON schemas of the equipment answers, for response serialisation and the OpenAPI
 * document; the types they describe are in src/api/types.ts.
 * @module
 */
import { errorResponses } from '../../platform/http/schemas.ts';
import { EQUIPMENT_TYPES } from './types.ts';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

/** An equipment summary's JSON schema. */
export const equipmentSummarySchema = {
  type: 'object',
  properties: {
    id: int, handle: str, brand: str, series: str, model: str, title: str, type: { type: 'string', enum: EQUIPMENT_TYPES },
    modelNumber: str, aliases: { type: 'array', items: str }, yearFrom: int, yearTo: { type: ['integer', 'null'] },
    imageUrl: str, partCount: int,
  },
} as const;

/** A diagram callout. */
export const calloutSchema = {
  type: 'object',
  properties: { number: int, productId: int, handle: str, title: str, quantity: int, x: { type: 'number' }, y: { type: 'number' } },
} as const;

/** A diagram. */
export const diagramSchema = {
  type: 'object',
  properties: {
    id: int, title: str, imageUrl: str, width: int, height: int, calloutRadius: { type: 'number' },
    callouts: { type: 'array', items: calloutSchema },
  },
} as const;

/** A part of a model's parts list. */
export const partSchema = {
  type: 'object',
  properties: {
    product: { $ref: 'ProductCard#' },
    partNumber: { type: ['string', 'null'] },
    quantity: int,
    callouts: { type: 'array', items: { type: 'object', properties: { diagramId: int, number: int } } },
    universal: { type: 'boolean' },
  },
} as const;

/** Paging of a plain list. */
export const listPageInfo = {
  type: 'object',
  properties: { limitPerPage: int, totalObjects: int, totalPages: int, pages: int, count: int },
} as const;

/** The answers of the My equipment calls. */
export const myEquipmentResponse = {
  200: { type: 'object', properties: { equipment: { type: 'array', items: equipmentSummarySchema } } },
  ...errorResponses,
} as const;

