/**
 * The PDFs pane's list (its own code chunk, loaded when the shopper opens the PDFs tab): one card
 * per PDF, sharing one downloader.
 * @module
 */
import type { PdfCard as PdfCardData } from '../../domain/product-page.ts';
import { usePdfDownload } from '../../hooks/usePdfDownload.ts';
import { PdfCard } from './PdfCard.tsx';

/** The list. @example <PdfPane pdfs={pdfCards(product.PDFs)} /> */
export default function PdfPane({ pdfs }: { pdfs: readonly PdfCardData[] }) {
  const downloader = usePdfDownload();
  return (
    <ul className="sk-pp-pdfs">
      {pdfs.map((p) => (
        <PdfCard key={p.url} pdf={p} downloader={downloader} />
      ))}
    </ul>
  );
}
