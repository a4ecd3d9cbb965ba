/**
 * The product page's fitment: the 'Fits your {model}' lines for the shopper's saved
 * models, the notice of a replaced part ('This part has been replaced by {title}' with a link and
 * its add button), 'Fits these models' (links to the model pages) and 'Part numbers' (OEM,
 * aftermarket, replaces). Loaded as its own chunk: the first load of a product page does not
 * carry it.
 * @module
 */
import { FITMENT_TEXT, groupPartNumbers, type ProductFitmentFields } from '../../domain/equipment.ts';
import { AddToCartButton } from '../catalog/ProductCard.tsx';
import { CatalogLink } from '../catalog/CatalogLink.tsx';
import { FitVerdicts } from './MyEquipment.tsx';
import './equipment.css';

/** Props of the fitment pieces. */
export interface ProductFitmentProps {
  fields: Partial<ProductFitmentFields>;
  productLink(handle: string): string;
  modelLink(handle: string): string;
}

/** The buy box's part: the verdicts for the saved models and the replaced-part notice. */
export function ProductFitmentSummary({ fields, productLink }: ProductFitmentProps) {
  const replacement = fields.SupersededBy ?? null;
  return (
    <div className="sk-eq-summary">
      {replacement && (
        <div className="sk-eq-replaced" role="note">
          <p>
            {FITMENT_TEXT.replacedBy('')}
            <CatalogLink to={productLink(replacement.handle)}>{replacement.title}</CatalogLink>
          </p>
          <AddToCartButton card={replacement} />
        </div>
      )}
      <FitVerdicts fitments={fields.Fitments ?? []} />
    </div>
  );
}

/** The sections below the tabs: 'Fits these models' and 'Part numbers' (each left out when empty). */
export function ProductFitmentSections({ fields, modelLink }: ProductFitmentProps) {
  const fitments = fields.Fitments ?? [];
  const groups = groupPartNumbers(fields.PartNumbers ?? []);
  return (
    <>
      {fitments.length > 0 && (
        <section className="sk-pp-section sk-eq-fits-models" aria-labelledby="sk-fits-h">
          <h2 id="sk-fits-h">{FITMENT_TEXT.fitsTheseModels}</h2>
          <ul>
            {fitments.map((f) => (
              <li key={f.handle}>
                <CatalogLink to={modelLink(f.handle)}>{f.title}</CatalogLink> <span className="sk-eq-number">{f.modelNumber}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {groups.length > 0 && (
        <section className="sk-pp-section sk-eq-numbers" aria-labelledby="sk-numbers-h">
          <h2 id="sk-numbers-h">{FITMENT_TEXT.partNumbers}</h2>
          <dl>
            {groups.map((g) => (
              <div key={g.kind}>
                <dt>{g.label}</dt>
                <dd>{g.numbers.join(', ')}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}
