/**
 * Vite build plugin: index.html learns, at parse time, which code the page at its URL needs, and
 * preloads it beside the entry's scripts instead of after them (one round trip less before the
 * page renders on a slow connection; bench:web measures it).
 *
 * It adds a small inline script mapping the main shopper pages (home, collection, product, search
 * results) to their chunk files (the page chunk and the chunks it imports that the entry does not
 * already load) and stylesheets, chosen from `location.pathname` with the seed's default prefixes
 * (/collections, /products). A store configured with other prefixes simply gets no early hint:
 * the entry still preloads the page as soon as the configuration has arrived (main.tsx).
 * @module
 */
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

type BundleLike = Record<string, ChunkLike | { type: 'asset' }>;

/** The page modules preloaded, by the key the inline script computes. */
const PAGES: Record<string, string> = {
  home: '/src/app/pages/HomePage.tsx',
  collection: '/src/app/pages/CollectionPage.tsx',
  product: '/src/app/pages/ProductPage.tsx',
  search: '/src/app/pages/SearchPage.tsx',
};

function closure(bundle: BundleLike, start: string, into: Set<string>): Set<string> {
  const chunk = bundle[start];
  if (!chunk || chunk.type !== 'chunk' || into.has(start)) return into;
  into.add(start);
  for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

/**
 * The inline script: picks the page from the path and appends modulepreload (and style preload)
 * links. Exported for its test.
 */
export function preloadScript(map: Record<string, string[]>): string {
  const body = `(function(){var m=${JSON.stringify(map)},p=location.pathname.replace(/\\/+$/,'')||'/',k=
p==='/'||p==='/default.asp'?'home':p==='/searchresults.asp'?'search':/^\\/products\\/[^/]+$|^\\/collections\\/[^/]+\\/products\\/[^/]+$/.test(p)?'product':/^\\/collections\\/(?!vendors$)[^/]+(\\/[^/]+)?$/.test(p)?'collection':'';
(m[k]||[]).forEach(function(f){var l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}l.href=f;l.crossOrigin='';document.head.appendChild(l)})})();`;
  return `<script>${body.replace(/\n/g, '')}</script>`;
}

/** The plugin (build only). */
export function routePreload(): Plugin {
  return {
    name: 'skimmer-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as unknown as BundleLike | undefined;
        if (!bundle) return html;
        const base = '/';
        const entryKey = Object.keys(bundle).find((k) => {
          const c = bundle[k];
          return c?.type === 'chunk' && c.isEntry;
        });
        if (!entryKey) return html;
        const shared = closure(bundle, entryKey, new Set());
        const map: Record<string, string[]> = {};
        for (const [key, module] of Object.entries(PAGES)) {
          const pageKey = Object.keys(bundle).find((k) => {
            const c = bundle[k];
            return c?.type === 'chunk' && (c.facadeModuleId ?? '').endsWith(module);
          });
          if (!pageKey) continue;
          const files: string[] = [];
          for (const k of closure(bundle, pageKey, new Set())) {
            const c = bundle[k];
            if (!c || c.type !== 'chunk') continue;
            if (shared.has(k)) continue;
            files.push(base + c.fileName);
            for (const css of c.viteMetadata?.importedCss ?? []) if (!files.includes(base + css)) files.push(base + css);
          }
          map[key] = files;
        }
        return html.replace('</head>', `    ${preloadScript(map)}\n  </head>`);
      },
    },
  };
}
