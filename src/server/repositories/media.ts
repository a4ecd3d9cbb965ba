/**
 * What the generated media are drawn from (routes/media.ts): the drawing of a product picture,
 * a collection picture or a 3D model, and the rows a PDF spec sheet prints. Reads only.
 * @module
 */
import type { Db } from '../db/database.ts';
import type { Shape } from '../seed/catalogue-data.ts';

/** A picture's drawing: its shape and hue. */
export interface Drawing {
  shape: Shape;
  hue: number;
}

/** A product picture's drawing, or undefined for an unknown image id. */
export async function productImageDrawing(db: Db, imageId: number): Promise<Drawing | undefined> {
  return await db.get<Drawing>('SELECT shape, hue FROM product_images WHERE id = ?', [imageId]);
}

/** A collection's picture drawing (either may be null: the route picks a default), or undefined for an unknown collection. */
export async function collectionImageDrawing(db: Db, collectionId: number): Promise<{ shape: Shape | null; hue: number | null } | undefined> {
  return await db.get<{ shape: Shape | null; hue: number | null }>(
    'SELECT image_shape AS shape, image_hue AS hue FROM collections WHERE id = ?',
    [collectionId],
  );
}

/** A 3D model's drawing and its product's title, or undefined for an unknown model. */
export async function modelDrawing(db: Db, modelId: number): Promise<(Drawing & { title: string }) | undefined> {
  return await db.get<Drawing & { title: string }>(
    'SELECT m.shape, m.hue, p.title FROM model3ds m JOIN products p ON p.id = m.product_id WHERE m.id = ?',
    [modelId],
  );
}

/** A 3D model's own drawing (its poster), or undefined for an unknown model. */
export async function modelPosterDrawing(db: Db, modelId: number): Promise<Drawing | undefined> {
  return await db.get<Drawing>('SELECT shape, hue FROM model3ds WHERE id = ?', [modelId]);
}

/** What a PDF spec sheet prints. */
export interface SpecSheetRow {
  title: string;
  product: string;
  code: string | null;
  sku: string | null;
  vendor: string | null;
  weight: number | null;
}

/** The spec sheet stored under `localFilename`, or undefined. */
export async function specSheet(db: Db, localFilename: string): Promise<SpecSheetRow | undefined> {
  return await db.get<SpecSheetRow>(
    `SELECT f.title, p.title AS product, p.product_code AS code, p.sku, v.name AS vendor, p.weight
     FROM pdfs f JOIN products p ON p.id = f.product_id LEFT JOIN vendors v ON v.id = p.vendor_id WHERE f.local_filename = ?`,
    [localFilename],
  );
}
