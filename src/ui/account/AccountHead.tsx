/**
 * What every account page puts in the document head and at its top: the SEO title (the store
 * name appended), the canonical URL, the breadcrumbs (Home first) and the one h1.
 * @module
 */
import { useEffect } from 'react';
import { pageTitle } from '../../domain/page-title.ts';
import { useStoreConfig } from '../../hooks/context.ts';
import { Breadcrumbs, type Crumb } from '../shell/Breadcrumbs.tsx';

/** Props of {@link AccountHead}. */
export interface AccountHeadProps {
  /** The h1, and the document title before the store name. */
  title: string;
  /** The page's own path, for the canonical link (query left out). */
  canonicalPath: string;
  /** Crumbs after Home; the last is this page. */
  crumbs: readonly Crumb[];
  /** A title for the document other than the h1. */
  documentTitle?: string;
}

/** Sets the document title and the canonical link while the page is shown. */
export function useAccountHead(title: string, canonicalPath: string): void {
  const { storeName } = useStoreConfig();
  const full = pageTitle(title, storeName);
  useEffect(() => {
    const previous = document.title;
    document.title = full;
    return () => {
      document.title = previous;
    };
  }, [full]);
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = new URL(canonicalPath, window.location.origin).href;
    document.head.appendChild(link);
    return () => link.remove();
  }, [canonicalPath]);
}

/**
 * The head of an account page.
 * @example <AccountHead title="Manage Account" canonicalPath="/myaccount.asp" crumbs={[{ title: 'My account' }]} />
 */
export function AccountHead({ title, canonicalPath, crumbs, documentTitle }: AccountHeadProps) {
  useAccountHead(documentTitle ?? title, canonicalPath);
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <h1>{title}</h1>
    </>
  );
}
