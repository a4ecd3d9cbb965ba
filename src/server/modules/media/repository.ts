/**
 * What the generated media are drawn from (modules/media/routes.ts): the drawing of a product picture,
 * a collection picture or a 3D model, the rows a PDF spec sheet prints, and the pictures a
 * catalogue import or an operator's upload stored, and the storing of those pictures' files.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import type { StoredPicture } from './imported-picture.ts';
import type { PartFacts } from './part-facts.ts';
import type { Shape } from './shapes.ts';

/** A picture's drawing: its shape and hue. */
export interface Drawing {
  shape: Shape;
  hue: number;
}

/** A product picture's drawing, its product, and the stored picture it shows instead when an import brought one in (else null). */
export async function productImageDrawing(db: Db, imageId: number): Promise<(Drawing & { fileHash: string | null; productId: number }) | undefined> {
  return await db.get<Drawing & { fileHash: string | null; productId: number }>(
    'SELECT shape, hue, file_hash AS "fileHash", product_id AS "productId" FROM product_images WHERE id = ?',
    [imageId],
  );
}

/**
 * What a product's picture shows of it (media/part-facts.ts): its part number (else its SKU),
 * title and weight, and its option values then its tags as [name, value], in display order.
 * Empty facts for an unknown product.
 */
export async function productPictureFacts(db: Db, productId: number): Promise<PartFacts> {
  const row = await db.get<{ partNumber: string | null; title: string; weight: number | null }>(
    'SELECT COALESCE(product_code, sku) AS "partNumber", title, weight FROM products WHERE id = ?',
    [productId],
  );
  if (!row) return {};
  const attributes = await db.all<{ name: string; value: string }>(
    `SELECT name, value FROM (
       SELECT o.name AS name, v.value AS value, 0 AS kind, o.position AS p1, v.position AS p2
       FROM product_options o JOIN option_values v ON v.option_id = o.id WHERE o.product_id = ?
       UNION ALL
       SELECT t.prefix AS name, t.value AS value, 1 AS kind, t.id AS p1, 0 AS p2
       FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = ?
     ) a ORDER BY kind, p1, p2`,
    [productId, productId],
  );
  return { partNumber: row.partNumber, title: row.title, weight: row.weight === null ? null : Number(row.weight), attributes: attributes.map((a) => [a.name, a.value] as const) };
}

/** A picture an import stored (its bytes and type), or undefined. */
export async function mediaFile(db: Db, hash: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const row = await db.get<{ contentType: string; bytes: Buffer | Uint8Array }>('SELECT content_type AS "contentType", bytes FROM media_files WHERE hash = ?', [hash]);
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.bytes) } : undefined;
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

/** A 3D model's own drawing (its poster) and its product, or undefined for an unknown model. */
export async function modelPosterDrawing(db: Db, modelId: number): Promise<(Drawing & { productId: number }) | undefined> {
  return await db.get<Drawing & { productId: number }>('SELECT shape, hue, product_id AS "productId" FROM model3ds WHERE id = ?', [modelId]);
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

/** Stores a picture brought in (an import's, an upload's), once: a file already stored under its hash is left as it is. */
export async function saveMediaFile(db: Db, picture: StoredPicture, createdAt: string): Promise<void> {
  await db.run('INSERT INTO media_files (hash, content_type, width, height, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING', [
    picture.hash,
    picture.contentType,
    picture.width,
    picture.height,
    picture.bytes,
    createdAt,
  ]);
}
