/**
 * The newsletter confirmation (route table: /confirm-subscription): the emailed link's
 * `?token=` is posted once; the page says it is confirming, then confirmed, or the server's
 * refusal ('This link is invalid or has expired.'), or that the link has no token.
 * @module
 */
import { useSearchParams } from 'react-router-dom';
import { CONTENT_PATHS, CONTENT_TEXT, contentCrumbs, contentTitle } from '../../../domain/content.ts';
import { HOME_PATH } from '../../../domain/chrome.ts';
import { useStoreConfig } from '../../../hooks/context.ts';
import { useConfirmSubscription } from '../../../hooks/useContentClient.ts';
import { CatalogLink } from '../../../ui/catalog/CatalogLink.tsx';
import { ContentFrame } from '../../../ui/content/ContentFrame.tsx';
import { Spinner } from '../../../ui/shell/Spinner.tsx';
import { ShopperPage } from '../page-kit.tsx';
import { ContentPageHead } from './content-kit.tsx';

/**
 * The confirmation page.
 * @example <Route path="/confirm-subscription" element={<ConfirmSubscriptionPage />} />
 */
export default function ConfirmSubscriptionPage() {
  const [search] = useSearchParams();
  const confirm = useConfirmSubscription(search.get('token'));
  const { storeName } = useStoreConfig();
  const head = {
    title: contentTitle({ title: CONTENT_TEXT.newsletter }, storeName),
    description: null,
    canonical: CONTENT_PATHS.confirmSubscription,
    crumbs: contentCrumbs([], CONTENT_TEXT.newsletter),
    heading: CONTENT_TEXT.newsletter,
  };
  return (
    <ShopperPage>
      <ContentFrame crumbs={head.crumbs} heading={head.heading} busy={confirm.status === 'confirming'}>
        <ContentPageHead head={head} />
        <div className={`ct-confirm${confirm.tone ? ` ct-confirm--${confirm.tone}` : ''}`}>
          {confirm.status === 'confirming' ? (
            <div className="ct-confirm__spinner">
              <Spinner label={CONTENT_TEXT.confirming} />
              <p className="ct-confirm__status" aria-hidden="true">
                {confirm.message}
              </p>
            </div>
          ) : (
            <p className="ct-confirm__status" role={confirm.tone === 'danger' ? 'alert' : 'status'}>
              {confirm.message}
            </p>
          )}
          {confirm.status === 'confirmed' && <p>{CONTENT_TEXT.confirmedNote}</p>}
          {confirm.status !== 'confirming' && (
            <CatalogLink to={HOME_PATH} className="button">
              {CONTENT_TEXT.continueShopping}
            </CatalogLink>
          )}
        </div>
      </ContentFrame>
    </ShopperPage>
  );
}
