/**
 * The PDF card's download: a plain fetch of the file URL, saved as a
 * file; a failure shows 'Network response was not ok' as a danger notice.
 * @module
 */
import { useCallback, useRef, useState } from 'react';
import { useSkimmer } from './context.ts';
import { browserFetchFile, browserSaveFile } from './file-download.ts';

/** The notice of a failed PDF download. */
export const PDF_DOWNLOAD_ERROR = 'Network response was not ok';

/** How the file is fetched and saved; the defaults use the browser. */
export interface PdfDownloadOptions {
  /** @default globalThis.fetch with same-origin credentials */
  fetchFile?: (url: string) => Promise<Pick<Response, 'ok' | 'blob'>>;
  /** @default an object URL clicked through a temporary `<a download>` */
  saveFile?: (file: Blob, filename: string) => void;
}

/** What {@link usePdfDownload} returns. */
export interface PdfDownloadApi {
  /** The URL being downloaded, or null. */
  downloading: string | null;
  /** Fetches `url` and saves it as `filename`; resolves true when saved. */
  download(url: string, filename: string): Promise<boolean>;
}

/**
 * Downloads PDF files. Choice: one download at a time per hook; a second click while one runs
 * is ignored (the card's button shows it is busy).
 *
 * @example
 * const pdf = usePdfDownload();
 * <button onClick={() => void pdf.download(card.url, card.name)} disabled={pdf.downloading !== null}>Download</button>
 */
export function usePdfDownload(options: PdfDownloadOptions = {}): PdfDownloadApi {
  const { toasts, environment } = useSkimmer();
  const [downloading, setDownloading] = useState<string | null>(null);
  const busy = useRef(false);
  const fetchFile = options.fetchFile ?? browserFetchFile;
  const saveFile = options.saveFile ?? browserSaveFile;
  const download = useCallback(
    async (url: string, filename: string) => {
      if (busy.current) return false;
      busy.current = true;
      setDownloading(url);
      try {
        const response = await fetchFile(url);
        if (!response.ok) throw new Error(PDF_DOWNLOAD_ERROR);
        saveFile(await response.blob(), filename);
        return true;
      } catch (error) {
        environment.log('pdf-download', PDF_DOWNLOAD_ERROR, error);
        toasts.push({ tone: 'danger', message: PDF_DOWNLOAD_ERROR });
        return false;
      } finally {
        busy.current = false;
        setDownloading(null);
      }
    },
    [fetchFile, saveFile, toasts, environment],
  );
  return { downloading, download };
}
