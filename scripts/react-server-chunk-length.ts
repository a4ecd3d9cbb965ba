/**
 * Vite build plugin for the server entry: React's string-writing server renderer
 * (`react-dom/server.bun`, see src/app/entry-server.tsx) measures every chunk it finishes in UTF-8
 * bytes (`Buffer.byteLength`), a pass over the whole page's text that was 2.6 % of a collection
 * page's server CPU. The sizes only feed React's heuristics for moving a large Suspense boundary
 * out of the page (`progressiveChunkSize`, which the entry sets to never, and a 500-byte floor
 * for outlining): the chunk's length in UTF-16 code units, at most its size in bytes, does for
 * them. The page's bytes are unchanged (only React's bookkeeping is).
 *
 * The build fails if the function is not there as written (a React update changed it): the
 * plugin is then to be checked against the new build, not silently skipped.
 * @module
 */
import type { Plugin } from 'vite';

const FILE = /react-dom[\\/]cjs[\\/]react-dom-server\.bun\.production\.js$/;
const MEASURE = 'function byteLengthOfChunk(chunk) {\n  return Buffer.byteLength(chunk, "utf8");\n}';
const COUNT = 'function byteLengthOfChunk(chunk) {\n  return chunk.length;\n}';

/** The plugin (server builds only: the browser build never includes that file). */
export function reactServerChunkLength(): Plugin {
  return {
    name: 'skimmer:react-server-chunk-length',
    apply: 'build',
    transform(code, id) {
      if (!FILE.test(id)) return null;
      if (!code.includes(MEASURE)) this.error(`${id}: byteLengthOfChunk is not as expected (React was updated): check scripts/react-server-chunk-length.ts`);
      return { code: code.replace(MEASURE, COUNT), map: null };
    },
  };
}
