/**
 * What the catalogue routes ask of "parts that fit" (issue 15): the `fits` filter's fitment
 * lists, the product detail's Fitments, PartNumbers and SupersededBy, and a search answer's
 * `equipment` and `matchedPartNumber` (with the matched product moved first). One object per
 * app, built at start-up from the database (modules/equipment/repository.ts).
 * @module
 */
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { loadEquipmentData } from './repository.ts';
import type { CatalogueCache } from '../../search/cache.ts';
import type { FitsList, IndexQuery } from '../../search/types.ts';
import type { MatchedPartNumber, ProductFitmentFields } from '../../../api/types.ts';
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
    return { ids: page, json, pageInfo: note === null ? '' : `"replacedBy":${JSON.stringify(note)},` };
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
