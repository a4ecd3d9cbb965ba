/**
 * Pictures a catalogue import brings in (a file beside the catalogue, or a URL it fetched): read
 * once at import time into the form the store keeps (at most {@link STORED_PICTURE_SIDE} px on
 * the long side, turned upright by its EXIF orientation, metadata stripped, WebP), then drawn at
 * each width the media route serves as a square PNG on white, like the store's drawn pictures,
 * so the storefront's srcset, layout box and cache rules are the same for both.
 *
 * sharp does the work. Where it cannot load, an import keeps a JPEG, PNG, GIF or WebP file as it
 * came (checked by its first bytes) and the route serves it unsized.
 * @module
 */
import { createHash } from 'node:crypto';

/** The store's URL of a picture it keeps (imported or uploaded): the media route sizes it. */
export const storedPictureUrl = (imageId: number): string => `/media/images/${imageId}-800.png`;

/** The long side a stored picture is reduced to (twice the widest size served). @default 1600 */
export const STORED_PICTURE_SIDE = 1600;

/**
 * The most pixels a picture may have before it is decoded: a small file that unpacks into an
 * enormous bitmap (a decompression bomb) is refused, not drawn. @default 40_000_000
 */
export const MAX_PICTURE_PIXELS = 40_000_000;

/** A picture as the store keeps it. */
export interface StoredPicture {
  /** SHA-256 of `bytes`, hex: the picture's name in `media_files`. */
  hash: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

type Sharp = (typeof import('sharp'))['default'];
let loader: Promise<Sharp | null> | null = null;

/** sharp, loaded once; null when it cannot load on this machine. */
function loadSharp(): Promise<Sharp | null> {
  loader ??= import('sharp').then((m) => m.default).catch(() => null);
  return loader;
}

/** The picture type of a file by its first bytes, or null when it is none the store keeps. */
export function sniffPictureType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]): boolean => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}

/** Why a file is not a picture the store can keep, in plain words. */
export class PictureError extends Error {}

/**
 * Reads a picture file into the form the store keeps.
 * @throws PictureError when the bytes are not a picture (or one too large to decode).
 * @example
 * const stored = await storePicture(readFileSync('pump.jpg')); // { hash, contentType: 'image/webp', ... }
 */
export async function storePicture(input: Buffer): Promise<StoredPicture> {
  const type = sniffPictureType(input);
  if (type === null) throw new PictureError('is not a JPEG, PNG, GIF or WebP picture');
  const sharp = await loadSharp();
  if (!sharp) return { hash: sha256(input), contentType: type, width: 0, height: 0, bytes: input };
  try {
    // failOn 'error': a truncated download is refused rather than stored half grey
    const { data, info } = await sharp(input, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: STORED_PICTURE_SIDE, height: STORED_PICTURE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { hash: sha256(data), contentType: 'image/webp', width: info.width, height: info.height, bytes: data };
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    throw new PictureError(/pixel limit/i.test(message) ? `has more than ${MAX_PICTURE_PIXELS.toLocaleString('en-US')} pixels` : 'could not be read as a picture (damaged or cut short)');
  }
}

/**
 * A stored picture at a served width: a `width` x `width` PNG, the picture fitted inside on white
 * (the storefront's picture boxes are square). Null when sharp cannot load (serve the stored
 * bytes as they are).
 */
export async function sizedPicture(stored: Buffer, width: number): Promise<Buffer | null> {
  const sharp = await loadSharp();
  if (!sharp) return null;
  return await sharp(stored, { limitInputPixels: MAX_PICTURE_PIXELS })
    .resize({ width, height: width, fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
