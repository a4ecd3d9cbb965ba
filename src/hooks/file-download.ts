/**
 * The browser defaults of a file download (see `usePdfDownload`'s options): a same-origin fetch,
 * and a save through a temporary `<a download>` of an object URL. Nothing here runs at import.
 * @module
 */

/** Fetches a file of this site with the shopper's cookies. */
export function browserFetchFile(url: string): Promise<Response> {
  return globalThis.fetch(url, { credentials: 'same-origin' });
}

/** Saves a file as `filename`: an object URL clicked through a temporary `<a download>`. */
export function browserSaveFile(file: Blob, filename: string): void {
  const href = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the click has started the download; the URL can go on the next turn
  globalThis.setTimeout(() => URL.revokeObjectURL(href), 0);
}
