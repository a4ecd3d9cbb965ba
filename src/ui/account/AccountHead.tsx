/**
 * What every account page puts in the document head and at its top: the title (the store name
 * appended), the canonical URL, `noindex`, the breadcrumbs (Home first) and the one h1. The head
 * is rendered tags (React's hoisting, like every other page's head), so the server's first HTML
 * already carries the page's title, not only the store's name.
 * @module
 */
import { accountHead } from '../../domain/seo-pages.ts';
import { useStoreConfig } from '../../hooks/context.ts';
import { Breadcrumbs, type Crumb } from '../shell/Breadcrumbs.tsx';
import { PageHead } from '../shell/PageHead.tsx';

/** Props of {@link AccountHead}. */
export interface AccountHeadProps {
  /** The h1, and the document title before the store name. */
  title: string;
  /** The page's own path, for the canonical link (query left out). */
  canonicalPath: string;
  /** The page's origin, for the canonical link ('https://shop.test'; the app's render context). */
  origin: string;
  /** Crumbs after Home; the last is this page. */
  crumbs: readonly Crumb[];
  /** A title for the document other than the h1. */
  documentTitle?: string;
}

/**
 * The head of an account page.
 * @example <AccountHead title="Manage Account" canonicalPath="/myaccount.asp" origin={origin} crumbs={[{ title: 'My account' }]} />
 */
export function AccountHead({ title, canonicalPath, origin, crumbs, documentTitle }: AccountHeadProps) {
  const { storeName } = useStoreConfig();
  return (
    <>
      <PageHead head={accountHead({ origin, storeName }, { title: documentTitle ?? title, path: canonicalPath })} />
      <Breadcrumbs items={crumbs} />
      <h1>{title}</h1>
    </>
  );
}
