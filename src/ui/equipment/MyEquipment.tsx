/**
 * My equipment's pieces: the save button of a model page, the saved list of the
 * equipment page, the 'Fits your {model}' lines of a product page and the 'Fits my equipment'
 * switch of the listings. Each reads `useMyEquipment` (account when signed in, browser storage
 * otherwise); the words and rules are the domain's.
 * @module
 */
import { useId } from 'react';
import { FITMENT_TEXT, fitVerdicts, type EquipmentRef, type Fitment } from '../../domain/equipment.ts';
import { useMyEquipment } from '../../hooks/useMyEquipment.ts';
import { CatalogLink } from '../catalog/CatalogLink.tsx';

/** 'Save to My equipment', or, once saved, a note with a remove button. */
export function SaveEquipmentButton({ model }: { model: EquipmentRef }) {
  const mine = useMyEquipment();
  const saved = mine.has(model.handle);
  return (
    <div className="sk-eq-save">
      {saved ? (
        <>
          <span role="status">Saved in {FITMENT_TEXT.myEquipment}</span>{' '}
          <button type="button" className="sk-btn" onClick={() => mine.remove(model.handle)}>
            Remove
          </button>
        </>
      ) : (
        <button type="button" className="sk-btn sk-btn--primary" onClick={() => mine.save(model)}>
          Save to {FITMENT_TEXT.myEquipment}
        </button>
      )}
      {mine.error && <p role="alert">{mine.error}</p>}
    </div>
  );
}

/** The saved models with links to their pages and remove buttons; nothing when none is saved. */
export function MyEquipmentList({ modelLink }: { modelLink(handle: string): string }) {
  const mine = useMyEquipment();
  if (mine.list.length === 0) return null;
  return (
    <section className="sk-eq-mine" aria-labelledby="sk-eq-mine-h">
      <h2 id="sk-eq-mine-h">{FITMENT_TEXT.myEquipment}</h2>
      <ul>
        {mine.list.map((m) => (
          <li key={m.handle}>
            <CatalogLink to={modelLink(m.handle)}>{m.label}</CatalogLink>{' '}
            <button type="button" className="sk-linkbtn" onClick={() => mine.remove(m.handle)} aria-label={`Remove ${m.label}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      {mine.error && <p role="alert">{mine.error}</p>}
    </section>
  );
}

/** 'Fits your {model}' / 'Does not fit your {model}' for each saved model; nothing when none is saved. */
export function FitVerdicts({ fitments }: { fitments: readonly Pick<Fitment, 'handle'>[] }) {
  const mine = useMyEquipment();
  const verdicts = fitVerdicts(fitments, mine.list);
  if (verdicts.length === 0) return null;
  return (
    <ul className="sk-eq-verdicts" aria-label={FITMENT_TEXT.myEquipment}>
      {verdicts.map((v) => (
        <li key={v.handle} className={v.fits ? 'is-fit' : 'is-misfit'}>
          <span aria-hidden="true">{v.fits ? '✓' : '✕'}</span> {v.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * The 'Fits my equipment' switch of a listing: on, the listing's `fits` is every saved model;
 * shown only when a model is saved (or the listing is already filtered by one).
 */
export function FitsMyEquipmentSwitch({ fits, onChange }: { fits: readonly string[] | undefined; onChange(fits: string[] | undefined): void }) {
  const mine = useMyEquipment();
  const id = useId();
  const on = (fits?.length ?? 0) > 0;
  if (mine.handles.length === 0 && !on) return null;
  return (
    <div className="sk-eq-fits">
      <input id={id} type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked ? mine.handles : undefined)} />
      <label htmlFor={id}>{FITMENT_TEXT.fitsMyEquipment}</label>
    </div>
  );
}
