/**
 * The equipment page, /equipment: browse by type, then brand, then model (the steps
 * live in the URL: `?type=pump&brand=Hayward`), or type a model number in the box 'Enter your
 * equipment model'; the shopper's saved models (My equipment) are listed above.
 *
 * Without JavaScript the box is a plain GET form to this page (`?q=`), which the server answers
 * with the matching models; the head carries the page's BreadcrumbList and the ItemList of what
 * the step lists.
 * @module
 */
import { useId, useState } from 'react';
import { useKeepTyped } from '../../ui/keep-typed.ts';
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

/** The page's h1, and its title before the step and the store name. */
const TITLE = 'Parts by equipment';

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

/** The box's query parameter: the form's field name, read back when the server answers the form. */
const FIND_PARAM = 'q';

function FindModel() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  // the text a form sent without JavaScript (or a shared link) is the box's first value
  const [text, setText] = useState(() => params.get(FIND_PARAM) ?? '');
  const found = useEquipmentSearch({ q: text, limit: FIND_LIMIT });
  const typed = text.trim() !== '';
  // a model number typed before the page hydrated is the box's
  const keep = useKeepTyped(() => text, (_, typing) => setText(typing));
  return (
    <div>
      {/* a GET form to this page: Enter works before the scripts run (or without them); with
          them the answer follows the typing and Enter only writes the text into the address */}
      <form
        role="search"
        className="sk-eq-find"
        action={equipmentBrowseLink()}
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(typed ? { [FIND_PARAM]: text.trim() } : {}, { replace: true });
        }}
      >
        <label htmlFor={id}>{FITMENT_TEXT.enterModel}</label>
        <input ref={keep(FIND_PARAM)} id={id} name={FIND_PARAM} type="search" value={text} autoComplete="off" placeholder="AQU12315" onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="sk-btn">
          Find
        </button>
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
  const store = useStoreConfig();
  const { origin } = useRenderContext();
  const [params] = useSearchParams();
  const rawType = params.get('type');
  const type = isEquipmentType(rawType) ? rawType : undefined;
  const brand = type ? params.get('brand')?.trim() || undefined : undefined;
  const step = useEquipmentSearch({ type, brand, limit: brand ? MODELS_LIMIT : 1 });
  const crumbs: Crumb[] = [{ title: 'Equipment', url: type ? equipmentBrowseLink() : undefined }];
  if (type) crumbs.push({ title: equipmentTypePlural(type), url: brand ? equipmentBrowseLink({ type }) : undefined });
  if (type && brand) crumbs.push({ title: brand });
  const heading = type && brand ? `${brand} ${equipmentTypePlural(type).toLowerCase()}` : type ? `${equipmentTypePlural(type)} by brand` : 'Shop by equipment type';
  // what the step lists, for the head's ItemList (nothing while it loads)
  const items =
    step.status !== 'ready'
      ? []
      : !type
        ? step.facets.types.map((t) => ({ name: equipmentTypePlural(t.type), url: equipmentBrowseLink({ type: t.type }) }))
        : !brand
          ? step.facets.brands.map((b) => ({ name: b.brand, url: equipmentBrowseLink({ type, brand: b.brand }) }))
          : step.equipment.map((m) => ({ name: m.title, url: equipmentLink(m.handle) }));
  const headCrumbs = crumbs.map((c, i) => (i === crumbs.length - 1 ? { title: c.title } : { title: c.title, url: c.url ?? equipmentBrowseLink() }));
  return (
    <section aria-labelledby="sk-eq-browse-h">
      <PageHead
        head={contentHead(
          { origin, ...store },
          {
            title: type ? `${heading} - ${TITLE} - ${store.storeName}` : `${TITLE} - ${store.storeName}`,
            description: 'Find the parts that fit your pool and spa equipment: pumps, filters, heaters and more, with exploded-view diagrams.',
            path: equipmentBrowseLink({ type, brand }),
            crumbs: headCrumbs,
            items,
          },
        )}
      />
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
  return (
    <ShopperPage>
      <div className="sk-page sk-eq-page">
        <h1>{TITLE}</h1>
        <FindModel />
        <MyEquipmentList modelLink={equipmentLink} />
        <Browse />
      </div>
    </ShopperPage>
  );
}
