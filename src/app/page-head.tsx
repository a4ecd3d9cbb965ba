/**
 * The head of the home, collection, product and search pages without its rules in the first load,
 * to keep the first load's JavaScript small. The rules that write a head (the title and
 * description rules, the JSON-LD builders of domain/seo-*.ts, about 1.5 to 3 KB gzipped a page) are needed by the
 * server, which writes the head into the HTML, and by the browser only when it renders a page of
 * its own (a client-side navigation):
 *
 * - the server render loads them before it renders (`loadHeadRules`), builds the head, renders it
 *   ({@link PageHeadTags}) and keeps it, JSON-LD as text, in the page's data block
 *   (`RenderOutcome.pageHead`, entry-server.tsx);
 * - the browser's first view renders that same head from the data block (the hydration sees the
 *   same tags, the rules are not loaded);
 * - any other view (a client-side navigation, the first view's page once the address changed)
 *   builds its head with the rules, loaded on first use and fetched ahead once the page has
 *   settled.
 * @module
 */
import { useEffect, useState } from 'react';
import type { PageHeadData } from '../domain/seo.ts';
import { useSkimmer } from '../hooks/context.ts';
import { PageHeadTags, type HeadTags } from '../ui/shell/PageHeadTags.tsx';
import { whenPageSettled } from './page-settled.ts';
import { useRenderContext } from './render-context.tsx';

/** The head rules a page needs: a module of the domain, loaded with `import()`. */
export interface HeadRules<M> {
  /** Loads the rules' module. */
  load(): Promise<M>;
}

interface Loaded {
  /** The rules' module and headTags (PageHead.tsx, with `jsonLdText`), once loaded. */
  value: { rules: unknown; headTags: (head: PageHeadData) => HeadTags } | null;
  promise: Promise<void> | null;
}

/**
 * Every page's head rules, and what is loaded of them. Code modules only (the same for every
 * request and shopper), like React.lazy's: no page data is kept here.
 */
const registry = new Map<HeadRules<unknown>, Loaded>();

/**
 * Names a page's head rules (at the page module's top level, so the object is one for the app).
 * @example const PRODUCT_HEAD = headRules(() => import('../../domain/seo-product.ts'));
 */
export function headRules<M>(load: () => Promise<M>): HeadRules<M> {
  const rules: HeadRules<M> = { load };
  registry.set(rules as HeadRules<unknown>, { value: null, promise: null });
  return rules;
}

function loadOne(rules: HeadRules<unknown>): Promise<void> {
  const entry = registry.get(rules) ?? { value: null, promise: null };
  registry.set(rules, entry);
  entry.promise ??= Promise.all([rules.load(), import('../ui/shell/PageHead.tsx')]).then(
    ([module, { headTags }]) => {
      entry.value = { rules: module, headTags };
    },
    (error: unknown) => {
      // a failed chunk is asked for again next time
      entry.promise = null;
      throw error;
    },
  );
  return entry.promise;
}

/**
 * Loads the head rules of every page module loaded so far (the server entry, before it renders:
 * the head is then built in the same render pass). Resolves at once once they are loaded.
 */
export async function loadHeadRules(): Promise<void> {
  await Promise.all([...registry.keys()].filter((rules) => registry.get(rules)?.value === null).map(loadOne));
}

/** Props of {@link LazyPageHead}. */
export interface LazyPageHeadProps<M> {
  /** The page's head rules. */
  rules: HeadRules<M>;
  /** Builds the head with them. */
  build(rules: M): PageHeadData;
}

/** The address the browser shows (path and query), as the server's data block names it. */
function browserUrl(): string {
  return window.location.pathname + window.location.search;
}

/**
 * The page's head (see the module comment): built with the rules on the server and in the
 * browser's later views, the server's own on the browser's first view. Renders nothing while the
 * rules load in the browser (a navigation right after the first view, before they were fetched ahead).
 *
 * @example <LazyPageHead rules={PRODUCT_HEAD} build={(m) => m.productHead(store, product, options)} />
 */
export function LazyPageHead<M>({ rules, build }: LazyPageHeadProps<M>) {
  const { serverRender } = useSkimmer();
  const { outcome, firstView } = useRenderContext();
  const entry = registry.get(rules as HeadRules<unknown>);
  const [, setLoaded] = useState(0);
  const needed = !serverRender && !entry?.value && !(firstView && firstView.url === browserUrl());
  useEffect(() => {
    let live = true;
    if (needed) void loadOne(rules as HeadRules<unknown>).then(() => live && setLoaded((n) => n + 1), () => undefined);
    // the first view's page: its rules come once the page has settled, so a later view has them
    else if (!serverRender) void whenPageSettled(window).then(() => loadOne(rules as HeadRules<unknown>)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [needed, rules, serverRender]);

  if (serverRender) {
    // the entry loaded the rules before the render (loadHeadRules)
    if (!entry?.value) throw new Error('The page head rules were not loaded before the server render (loadHeadRules).');
    const tags = entry.value.headTags(build(entry.value.rules as M));
    // what the browser's first view shows, kept in the page's data (this request's outcome only)
    if (outcome) outcome.pageHead = tags;
    return <PageHeadTags head={tags} />;
  }
  if (firstView && firstView.url === browserUrl()) return <PageHeadTags head={firstView.head} />;
  if (!entry?.value) return null;
  return <PageHeadTags head={entry.value.headTags(build(entry.value.rules as M))} />;
}
