/**
 * The product media viewer's words: where the item shown sits among the gallery's items (the
 * images first, then the 3D models).
 * @module
 */

/**
 * The viewer's position line. An image reads 'Image 2 of 5' (images come first, so its number is
 * its place); a 3D model reads '3D model (5 of 5)', its place among all the items, since '3D model
 * 1 of 5' read as the first of five models when it is the fifth item and the only model.
 *
 * @example
 * mediaPositionText('image', 1, 5); // 'Image 2 of 5'
 * mediaPositionText('model', 4, 5); // '3D model (5 of 5)'
 */
export function mediaPositionText(kind: 'image' | 'model', index: number, total: number): string {
  const place = `${index + 1} of ${total}`;
  return kind === 'image' ? `Image ${place}` : `3D model (${place})`;
}
