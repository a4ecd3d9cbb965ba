/**
 * The rules of "parts that fit". What the catalogue routes ask of it: the `fits` filter's
 * fitment lists, the product detail's Fitments, PartNumbers and SupersededBy, and a search
 * answer's `equipment` and `matchedPartNumber` (with the matched product moved first); one
 * {@link EquipmentService} per app, built at start-up from the database (repository.ts).
 * What the equipment routes ask of it: a model with its diagrams and parts, the pictures, and
 * My equipment (the signed-in customer's saved models: unknown handles answer 404, at most
 * {@link MAX_SAVED_EQUIPMENT} models). `routes.ts` parses the requests, calls these and replies.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import {
  diagramById, diagramsOf, equipmentPicture, forgetAllEquipment, forgetEquipment, loadEquipmentData, MAX_SAVED_EQUIPMENT, saveEquipment, savedEquipmentIds,
} from './repository.ts';
import type { CatalogueCache } from '../search/cache.ts';
import type { FitsList, IndexQuery } from '../search/types.ts';
import type { Diagram, Equipment, EquipmentPart, EquipmentSummary, MatchedPartNumber, ProductFitmentFields } from '../../../api/types.ts';
import { MAX_ID } from '../../platform/http/schemas.ts';
import { CALLOUT_RADIUS } from './assembly.ts';
import { renderDiagramSvg, renderEquipmentSvg } from './drawing.ts';
import type { ReplacedPartNote } from '../../../domain/equipment.ts';
import type { ProductCardData } from '../../../domain/entities.ts';
import { EquipmentCatalogue } from './catalogue.ts';

/** At most this many models in one `fits` parameter. */
export const MAX_FITS_HANDLES = 20;

/** The answer to an unknown model handle in `fits`. */
export const FITS_NOT_FOUND = 'Equipment not found';

/** The extra parts of a search answer. */
export interface SearchExtras {
  /** The page's ids, the matched product first when it is on the page. */
  ids: number[];
  /** `"equipment":[...]` and `"matchedPartNumber":{...}`, comma-separated, to close the answer with (empty for none). */
  json: string;
  /** `"replacedBy":{...},` to write into the page info when q is a superseded number, else ''. */
  pageInfo: string;
  /** The products whose cards it reads beyond the page's (the matched number's product). */
  reads: number[];
}

/** The equipment side of the catalogue routes. */
export class EquipmentService {
  /**
   * @param catalogue the models, fitment and cross-reference in memory
   * @param cardStore the catalogue's card store (product cards by id)
   */
  constructor(readonly catalogue: EquipmentCatalogue, private readonly cardStore: () => CatalogueCache) {}

  /** Loads the equipment catalogue from the database. */
  static async load(db: Db, cardStore: () => CatalogueCache): Promise<EquipmentService> {
    return new EquipmentService(new EquipmentCatalogue(await loadEquipmentData(db)), cardStore);
  }

  /** Product cards by id (ids no longer in the catalogue are absent). */
  cards(ids: readonly number[]): Map<number, ProductCardData> {
    const out = new Map<number, ProductCardData>();
    if (ids.length === 0) return out;
    for (const card of this.cardStore().cardObjects(ids)) out.set(card.id as number, card as unknown as ProductCardData);
    return out;
  }

  /**
   * The fitment lists of a `fits` parameter: comma-separated model handles (at most
   * {@link MAX_FITS_HANDLES}). An empty handle is a 400, an unknown one a 404.
   */
  fitsLists(raw: string): FitsList[] {
    const handles = raw.split(',').map((h) => h.trim());
    if (handles.some((h) => h === '')) throw new HttpError(400, "fits must be equipment handles separated by commas");
    const unique = [...new Set(handles)];
    if (unique.length > MAX_FITS_HANDLES) throw new HttpError(400, `fits takes at most ${MAX_FITS_HANDLES} models`);
    return unique.map((h) => {
      const s = this.catalogue.summaryByHandle(h);
      if (!s) throw new HttpError(404, FITS_NOT_FOUND);
      return this.catalogue.fitsIds(s.id);
    });
  }

  /** The product detail's fitment fields. */
  productFields(productId: number): ProductFitmentFields {
    const by = this.catalogue.replacementOf(productId);
    return {
      Fitments: this.catalogue.fitmentsOf(productId),
      PartNumbers: this.catalogue.partNumbersOf(productId),
      SupersededBy: by === undefined ? null : this.cards([by]).get(by) ?? null,
      SupersededByNumber: by === undefined ? null : this.catalogue.oemNumberOf(by),
    };
  }

  /**
   * The equipment and matched part number of a search for `query.q`, and the page's ids with
   * the matched product first (page 0 of a relevance answer only, so other pages are unchanged).
   * Null without q.
   */
  searchExtras(query: IndexQuery, ids: readonly number[]): SearchExtras | null {
    const q = query.q;
    if (q === undefined || q.trim() === '') return null;
    const equipment = this.catalogue.searchByNumber(q);
    const matched: MatchedPartNumber | null = this.catalogue.matchPartNumber(q);
    let page = [...ids];
    if (matched !== null && query.page === 0 && (query.sortBy ?? '') === '') {
      const at = page.indexOf(matched.productId);
      if (at > 0) page = [matched.productId, ...page.slice(0, at), ...page.slice(at + 1)];
    }
    let json = `"equipment":${JSON.stringify(equipment)}`;
    if (matched !== null) json += `,"matchedPartNumber":${JSON.stringify(matched)}`;
    const note = matched === null ? null : this.replacedNote(matched);
    return { ids: page, json, pageInfo: note === null ? '' : `"replacedBy":${JSON.stringify(note)},`, reads: matched === null ? [] : [matched.productId] };
  }

  /**
   * The 'Part X was replaced by Y' note of a matched number that is an old one (its product was
   * replaced, or the number is listed as superseded by the product that answers it); null for
   * a current number or a replacement no longer in the catalogue.
   */
  replacedNote(matched: MatchedPartNumber): ReplacedPartNote | null {
    if (matched.kind !== 'supersedes') return null;
    const card = this.cards([matched.productId]).get(matched.productId);
    if (card === undefined) return null;
    const replacementNumber = this.catalogue.oemNumberOf(matched.productId) ?? '';
    return { number: matched.number, replacementNumber, productId: card.id, handle: card.handle, title: card.title };
  }

  /** The note of a query that is a superseded part number (see {@link replacedNote}), or null. */
  replacedByOf(q: string): ReplacedPartNote | null {
    const matched = this.catalogue.matchPartNumber(q);
    return matched === null ? null : this.replacedNote(matched);
  }
}

/** The answer to an unknown model handle. */
export const EQUIPMENT_NOT_FOUND = 'Equipment not found';
/** The answer to a picture or diagram file that names none. */
export const EQUIPMENT_MEDIA_NOT_FOUND = { picture: 'Picture not found', diagram: 'Diagram not found' } as const;
/** The answer to saving more models than My equipment holds. */
export const MY_EQUIPMENT_FULL = `My equipment holds at most ${MAX_SAVED_EQUIPMENT} models.`;

export { MAX_SAVED_EQUIPMENT };

/** What the equipment routes work on. */
export interface EquipmentDeps {
  db: Db;
  service: EquipmentService;
}

/** A model by handle; 404 when unknown. */
function knownModel(service: EquipmentService, handle: string): EquipmentSummary {
  const s = service.catalogue.summaryByHandle(handle);
  if (!s) throw new HttpError(404, EQUIPMENT_NOT_FOUND);
  return s;
}

/**
 * A model with its exploded-view diagrams (numbered callouts) and its parts as product cards;
 * parts no longer in the catalogue are left out. 404 for an unknown handle.
 */
export async function equipmentByHandle({ db, service }: EquipmentDeps, handle: string): Promise<Equipment> {
  const summary = knownModel(service, handle);
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

const SVG_RE = /^([0-9]{1,10})\.svg$/;

/** The id a media file name ('42.svg') names, or 0 for none. */
function mediaId(file: string): number {
  const m = SVG_RE.exec(file);
  const id = m ? Number(m[1]) : 0;
  return id >= 1 && id <= MAX_ID ? id : 0;
}

/** A model's picture (SVG) by its file name ('{id}.svg'); 404 when it names no model. */
export async function equipmentPictureSvg({ db }: EquipmentDeps, file: string): Promise<string> {
  const id = mediaId(file);
  const row = id !== 0 ? await equipmentPicture(db, id) : undefined;
  if (!row) throw new HttpError(404, EQUIPMENT_MEDIA_NOT_FOUND.picture);
  return renderEquipmentSvg({ type: row.type, hue: row.imageHue });
}

/** An exploded-view diagram (SVG) with its numbered callouts by its file name ('{id}.svg'); 404 when it names none. */
export async function diagramSvg({ db, service }: EquipmentDeps, file: string): Promise<string> {
  const id = mediaId(file);
  const diagram = id !== 0 ? await diagramById(db, id) : undefined;
  if (!diagram) throw new HttpError(404, EQUIPMENT_MEDIA_NOT_FOUND.diagram);
  const summary = service.catalogue.summaryById(diagram.equipmentId);
  const picture = await equipmentPicture(db, diagram.equipmentId);
  const title = `${summary?.title ?? 'Equipment'}: ${diagram.title}`;
  return renderDiagramSvg(diagram, { hue: picture?.imageHue ?? 200, title, ...(picture ? { type: picture.type } : {}) });
}

/** A customer's saved models (My equipment), most recent first; models no longer known are left out. */
export async function myEquipment({ db, service }: EquipmentDeps, customerId: number): Promise<{ equipment: EquipmentSummary[] }> {
  return {
    equipment: (await savedEquipmentIds(db, customerId))
      .map((id) => service.catalogue.summaryById(id))
      .filter((s): s is EquipmentSummary => s !== undefined),
  };
}

/**
 * Adds models to a customer's My equipment (merge; the given ones become the most recent): an
 * unknown handle answers 404 and more than {@link MAX_SAVED_EQUIPMENT} models 400, nothing saved.
 */
export async function addMyEquipment(deps: EquipmentDeps, customerId: number, handles: readonly string[]): Promise<{ equipment: EquipmentSummary[] }> {
  const ids = handles.map((h) => knownModel(deps.service, h).id);
  if (!(await saveEquipment(deps.db, customerId, ids, new Date()))) throw new HttpError(400, MY_EQUIPMENT_FULL);
  return await myEquipment(deps, customerId);
}

/** Removes a model from a customer's My equipment; 404 for an unknown handle. */
export async function removeMyEquipment(deps: EquipmentDeps, customerId: number, handle: string): Promise<{ equipment: EquipmentSummary[] }> {
  await forgetEquipment(deps.db, customerId, knownModel(deps.service, handle).id);
  return await myEquipment(deps, customerId);
}

/** Empties a customer's My equipment. */
export async function clearMyEquipment(deps: EquipmentDeps, customerId: number): Promise<{ equipment: EquipmentSummary[] }> {
  await forgetAllEquipment(deps.db, customerId);
  return await myEquipment(deps, customerId);
}
