import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { reactServerChunkLength } from '../../scripts/react-server-chunk-length.ts';

/** The plugin's transform, called as Vite would (`this.error` throws). */
function transform(code: string, id: string): { code: string } | null {
  const plugin = reactServerChunkLength();
  const hook = plugin.transform as (this: { error(message: string): never }, code: string, id: string) => { code: string } | null;
  return hook.call({ error: (message: string) => { throw new Error(message); } }, code, id);
}

describe('the server build counts React chunks by length (scripts/react-server-chunk-length.ts)', () => {
  const file = join(dirname(createRequire(import.meta.url).resolve('react-dom/package.json')), 'cjs', 'react-dom-server.bun.production.js');

  test("rewrites the installed React's byteLengthOfChunk, and nothing else of the file", () => {
    const source = readFileSync(file, 'utf8');
    const out = transform(source, file);
    expect(out?.code).toContain('function byteLengthOfChunk(chunk) {\n  return chunk.length;\n}');
    expect(out?.code).not.toContain('Buffer.byteLength(chunk, "utf8")');
    expect(out?.code.length).toBe(source.length - 'Buffer.byteLength(chunk, "utf8")'.length + 'chunk.length'.length);
  });

  test('fails the build when the function is not as expected (a React update), and leaves other files alone', () => {
    expect(() => transform('function byteLengthOfChunk(c) { return c.byteLength; }', file)).toThrow(/React was updated/);
    expect(transform('export const x = 1;', '/src/app/App.tsx')).toBeNull();
  });
});
