/**
 * A model's page, /equipment/{handle}: the model (brand, model numbers, years), the
 * save button of My equipment, its exploded-view drawings with their callouts beside the parts
 * list (`DiagramExplorer`), and a link to every part that fits it in the listing.
 * @module
 */
import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { EQUIPMENT_TYPE_LABELS, equipmentBrowseLink, equipmentLink, equipmentTypePlural, equipmentYears, type Equipment } from '../../domain/equipment.ts';
import { contentHead } from '../../domain/seo-pages.ts';
import { createStoreLinks, searchLink } from '../../domain/urls.ts';
import { useStoreConfig } from '../../hooks/SkimmerProvider.tsx';
import { useDiagramExplorer } from '../../hooks/useDiagramExplorer.ts';
import { useEquipment } from '../../hooks/useEquipment.ts';
import { CatalogLink } from '../../ui/catalog/CatalogLink.tsx';
import { DiagramExplorer } from '../../ui/equipment/DiagramExplorer.tsx';
import { SaveEquipmentButton } from '../../ui/equipment/MyEquipment.tsx';
import '../../ui/catalog/catalog.css';
import '../../ui/equipment/equipment.css';
import { Breadcrumbs } from '../../ui/shell/Breadcrumbs.tsx';
import { PageHead } from '../../ui/shell/PageHead.tsx';
import { Spinner } from '../../ui/shell/Spinner.tsx';
import NotFound from '../NotFound.tsx';
import { useRenderContext } from '../render-context.tsx';
import { ShopperPage } from './page-kit.tsx';

function Model({ equipment }: { equipment: Equipment }) {
  const store = useStoreConfig();
  const { origin } = useRenderContext();
  const links = createStoreLinks(store);
  const explorer = useDiagramExplorer(equipment.diagrams);
  const crumbs = [
    { title: 'Equipment', url: equipmentBrowseLink() },
    { title: equipmentTypePlural(equipment.type), url: equipmentBrowseLink({ type: equipment.type }) },
    { title: equipment.brand, url: equipmentBrowseLink({ type: equipment.type, brand: equipment.brand }) },
    { title: equipment.model },
  ];
  return (
    <div className="sk-page sk-eq-page">
      <PageHead
        head={contentHead(
          { origin, ...store },
          {
            title: `${equipment.title} (${equipment.modelNumber}) parts and diagrams - ${store.storeName}`,
            description: `Exploded-view diagrams and the ${equipment.partCount} parts that fit the ${equipment.title} ${EQUIPMENT_TYPE_LABELS[equipment.type].toLowerCase()} (${[equipment.modelNumber, ...equipment.aliases].join(', ')}).`,
            path: equipmentLink(equipment.handle),
            crumbs,
          },
        )}
      />
      <Breadcrumbs items={crumbs} />
      <div className="sk-eq-head">
        <img src={equipment.imageUrl} alt="" width={120} height={120} />
        <div>
          <h1>{equipment.title}</h1>
          <p>
            {EQUIPMENT_TYPE_LABELS[equipment.type]} · Model {[equipment.modelNumber, ...equipment.aliases].join(', ')} · {equipmentYears(equipment)}
          </p>
          <SaveEquipmentButton model={equipment} />
          <p>
            <CatalogLink to={searchLink({ fits: [equipment.handle] })}>Shop all {equipment.partCount} parts that fit</CatalogLink>
          </p>
        </div>
      </div>
      <DiagramExplorer equipment={equipment} explorer={explorer} productLink={links.product} />
    </div>
  );
}

function ModelView({ handle }: { handle: string }) {
  const model = useEquipment(handle);
  if (model.status === 'loading') return <Spinner label="Loading the model" />;
  if (model.status === 'missing') return <NotFound />;
  if (model.status === 'error' || !model.equipment)
    return (
      <div className="sk-page" role="alert">
        <p>The model could not be loaded.</p>
        <button type="button" className="sk-btn" onClick={model.retry}>
          Try again
        </button>
      </div>
    );
  return <Model equipment={model.equipment} />;
}

/**
 * The /equipment/:handle route; a new handle mounts a fresh explorer.
 * @example <Route path="/equipment/:handle" element={<EquipmentPage />} />
 */
export default function EquipmentPage() {
  const handle = useParams().handle ?? '';
  return (
    <ShopperPage>
      <Suspense fallback={<Spinner label="Loading the model" />}>
        <ModelView key={handle} handle={handle} />
      </Suspense>
    </ShopperPage>
  );
}
