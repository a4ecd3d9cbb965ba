/**
 * The equipment page, /equipment (issue 15): browse by type, then brand, then model (the steps
 * live in the URL: `?type=pump&brand=Hayward`), or type a model number in the box 'Enter your
 * equipment model'; the shopper's saved models (My equipment) are listed above.
 * @module
 */
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  EQUIPMENT_TYPE_LABELS,
  FITMENT_TEXT,
  equipmentBrowseLink,
  equipmentLink,
  equipmentTypePlural,
  equipmentYears,
  isEquipmentType,
  type EquipmentSummary,
} from '../../domain/equipment.ts';
import { contentHead } from '../../domain/seo-pages.ts';
import { useStoreConfig } from '../../hooks/SkimmerProvider.tsx';
import { useEquipmentSearch } from '../../hooks/useEquipmentSearch.ts';
import { CatalogLink } from '../../ui/catalog/CatalogLink.tsx';
import { MyEquipmentList } from '../../ui/equipment/MyEquipment.tsx';
import '../../ui/catalog/catalog.css';
import '../../ui/equipment/equipment.css';
import { Breadcrumbs, type Crumb } from '../../ui/shell/Breadcrumbs.tsx';
import { PageHead } from '../../ui/shell/PageHead.tsx';
import { Spinner } from '../../ui/shell/Spinner.tsx';
import { useRenderContext } from '../render-context.tsx';
import { ShopperPage } from './page-kit.tsx';

/** Models listed per step and per box answer. */
const MODELS_LIMIT = 100;
const FIND_LIMIT = 12;

function ModelList({ models, label }: { models: EquipmentSummary[]; label: string }) {
  return (
    <ul className="sk-eq-models" aria-label={label}>
      {models.map((m) => (
        <li key={m.handle}>
          <CatalogLink to={equipmentLink(m.handle)}>
            <img src={m.imageUrl} alt="" width={56} height={56} loading="lazy" />
            <span>
              {m.title}
              <small>
                {m.modelNumber} · {equipmentYears(m)}
              </small>
            </span>
          </CatalogLink>
        </li>
      ))}
    </ul>
  );
}

function FindModel() {
  const id = useId();
  const [text, setText] = useState('');
  const found = useEquipmentSearch({ q: text, limit: FIND_LIMIT });
  const typed = text.trim() !== '';
  return (
    <div>
      <form role="search" className="sk-eq-find" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={id}>{FITMENT_TEXT.enterModel}</label>
        <input id={id} type="search" value={text} autoComplete="off" placeholder="SP2607X10" onChange={(e) => setText(e.target.value)} />
      </form>
      {typed &&
        (found.status === 'loading' ? (
          <Spinner label="Finding models" />
        ) : found.equipment.length === 0 ? (
          <p role="status">No model matches {text.trim()}.</p>
        ) : (
          <ModelList models={found.equipment} label={`Models matching ${text.trim()}`} />
        ))}
    </div>
  );
}

function Browse() {
  const [params] = useSearchParams();
  const rawType = params.get('type');
  const type = isEquipmentType(rawType) ? rawType : undefined;
  const brand = type ? params.get('brand')?.trim() || undefined : undefined;
  const step = useEquipmentSearch({ type, brand, limit: brand ? MODELS_LIMIT : 1 });
  const crumbs: Crumb[] = [{ title: 'Equipment', url: type ? equipmentBrowseLink() : undefined }];
  if (type) crumbs.push({ title: equipmentTypePlural(type), url: brand ? equipmentBrowseLink({ type }) : undefined });
  if (type && brand) crumbs.push({ title: brand });
  const heading = type && brand ? `${brand} ${equipmentTypePlural(type).toLowerCase()}` : type ? `${equipmentTypePlural(type)} by brand` : 'Shop by equipment type';
  return (
    <section aria-labelledby="sk-eq-browse-h">
      {type && <Breadcrumbs items={crumbs} />}
      <h2 id="sk-eq-browse-h">{heading}</h2>
      {step.status === 'loading' ? (
        <Spinner label="Loading equipment" />
      ) : step.status === 'error' ? (
        <p role="alert">
          The equipment could not be loaded.{' '}
          <button type="button" className="sk-btn" onClick={step.retry}>
            Try again
          </button>
        </p>
      ) : !type ? (
        <ul className="sk-eq-steps">
          {step.facets.types.map((t) => (
            <li key={t.type}>
              <CatalogLink to={equipmentBrowseLink({ type: t.type })}>
                {equipmentTypePlural(t.type)} <span className="sk-eq-count">({t.count})</span>
              </CatalogLink>
            </li>
          ))}
        </ul>
      ) : !brand ? (
        <ul className="sk-eq-steps" aria-label={`${EQUIPMENT_TYPE_LABELS[type]} brands`}>
          {step.facets.brands.map((b) => (
            <li key={b.brand}>
              <CatalogLink to={equipmentBrowseLink({ type, brand: b.brand })}>
                {b.brand} <span className="sk-eq-count">({b.count})</span>
              </CatalogLink>
            </li>
          ))}
        </ul>
      ) : (
        <ModelList models={step.equipment} label={heading} />
      )}
    </section>
  );
}

/**
 * The /equipment route.
 * @example <Route path="/equipment" element={<EquipmentIndexPage />} />
 */
export default function EquipmentIndexPage() {
  const store = useStoreConfig();
  const { origin } = useRenderContext();
  return (
    <ShopperPage>
      <div className="sk-page sk-eq-page">
        <PageHead head={contentHead({ origin, ...store }, { title: `Parts by equipment - ${store.storeName}`, description: 'Find the parts that fit your pool and spa equipment: pumps, filters, heaters and more, with exploded-view diagrams.', path: equipmentBrowseLink() })} />
        <h1>Parts by equipment</h1>
        <FindModel />
        <MyEquipmentList modelLink={equipmentLink} />
        <Browse />
      </div>
    </ShopperPage>
  );
}
