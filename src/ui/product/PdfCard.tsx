/**
 * A card of the PDFs pane: the display name, a preview in a dialog with
 * a spinner until the file has loaded, and a download (a plain fetch saved as a file, see
 * `usePdfDownload`).
 * @module
 */
import { useState } from 'react';
import type { PdfCard as PdfCardData } from '../../domain/product-page.ts';
import type { PdfDownloadApi } from '../../hooks/usePdfDownload.ts';
import { Modal } from '../shell/Modal.tsx';
import { Spinner } from '../shell/Spinner.tsx';
import './product.css';

/** Props of {@link PdfCard}. */
export interface PdfCardProps {
  pdf: PdfCardData;
  /** The pane's downloader (one `usePdfDownload` for every card). */
  downloader: PdfDownloadApi;
}

/**
 * One PDF.
 * @example <PdfCard pdf={{ url: '/media/pdfs/a-b-c-d-manual.pdf', name: 'manual.pdf' }} downloader={usePdfDownload()} />
 */
export function PdfCard({ pdf, downloader }: PdfCardProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const busy = downloader.downloading === pdf.url;
  return (
    <li className="sk-pdf sk-pp-pdf">
      <span className="sk-pp-pdf__icon" aria-hidden="true">PDF</span>
      <span className="sk-pp-pdf__name">{pdf.name}</span>
      <span className="sk-pp-pdf__actions">
        <button
          type="button"
          className="sk-btn"
          aria-label={`Preview ${pdf.name}`}
          onClick={() => {
            setLoaded(false);
            setOpen(true);
          }}
        >
          Preview
        </button>
        <button type="button" className="sk-btn sk-btn--primary" aria-label={`Download ${pdf.name}`} disabled={downloader.downloading !== null} aria-busy={busy} onClick={() => void downloader.download(pdf.url, pdf.name)}>
          {busy ? 'Downloading...' : 'Download'}
        </button>
      </span>
      <Modal open={open} title={pdf.name} onClose={() => setOpen(false)} className="sk-pp-viewer">
        <div className="sk-pp-pdf__frame">
          {!loaded && (
            <div className="sk-pp-pdf__busy">
              <Spinner label={`Loading ${pdf.name}`} />
            </div>
          )}
          <iframe title={pdf.name} src={pdf.url} onLoad={() => setLoaded(true)} />
        </div>
      </Modal>
    </li>
  );
}
