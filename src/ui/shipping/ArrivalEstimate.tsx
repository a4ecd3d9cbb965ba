/**
 * The product page's "when will it arrive?" block, under the price: for the shopper's ZIP, when
 * the order ships against today's cut-off ('Order within 2 h 14 min and it ships today') and when
 * it arrives ('Arrives Tue, Dec 2 – Thu, Dec 4'), with a 'Change ZIP' control. Its own chunk,
 * mounted after hydration: the estimate depends on the shopper's ZIP, which only the browser
 * knows, so the server's HTML keeps its place empty.
 * @module
 */
import { useMemo } from 'react';
import { arrivalView, SHIPPING_TEXT } from '../../domain/shipping-view.ts';
import { useShippingEstimate } from '../../hooks/useShippingEstimate.ts';
import { useShippingZip } from '../../hooks/useShippingZip.ts';
import { ZipChange } from './ZipForm.tsx';
import './shipping.css';

/** Props of {@link ArrivalEstimate}. */
export interface ArrivalEstimateProps {
  /** The inventory level the add button would add (the chosen variant's). */
  inventoryLevelId: number;
}

/**
 * The block.
 * @example <ArrivalEstimate inventoryLevelId={level.id} />
 */
export default function ArrivalEstimate({ inventoryLevelId }: ArrivalEstimateProps) {
  const zip = useShippingZip();
  const request = useMemo(
    () => (zip.zip ? { lines: [{ inventoryLevelId, quantity: 1 }], destination: { zip: zip.zip } } : null),
    [zip.zip, inventoryLevelId],
  );
  const estimate = useShippingEstimate(request);
  const view = estimate.quote ? arrivalView(estimate.quote) : null;
  return (
    <section className="sk-arrival" aria-label={SHIPPING_TEXT.arrivalLabel} aria-busy={estimate.status === 'loading' || undefined}>
      {zip.zip === null && <p className="sk-arrival__ask">{SHIPPING_TEXT.askZip}</p>}
      {view && (
        <>
          <p className="sk-arrival__ships">{view.shipsText}</p>
          <p className="sk-arrival__arrives">
            <strong>{view.arrivalText}</strong> <span className="sk-arrival__service">({view.serviceName})</span>
          </p>
          {view.notes.map((note) => (
            <p key={note} className="sk-arrival__note">
              {note}
            </p>
          ))}
        </>
      )}
      {estimate.status === 'loading' && <p className="sk-arrival__loading">{SHIPPING_TEXT.loading}</p>}
      {(estimate.status === 'refused' || estimate.status === 'failed') && (
        <p role="alert" className="sk-arrival__error">
          {estimate.message}{' '}
          {estimate.status === 'failed' && (
            <button type="button" className="sk-linkbtn" onClick={estimate.retry}>
              {SHIPPING_TEXT.retry}
            </button>
          )}
        </p>
      )}
      <ZipChange zip={zip} className="sk-arrival__zip" />
    </section>
  );
}
