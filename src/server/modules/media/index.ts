/**
 * What other modules use of the media module: keeping a picture brought in (an import's, an
 * operator's upload) and the store's URL of a kept picture.
 * @module
 */
export { PictureError, storedPictureUrl, storePicture, type StoredPicture } from './imported-picture.ts';
export { saveMediaFile } from './repository.ts';
