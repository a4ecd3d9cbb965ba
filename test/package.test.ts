import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
  sideEffects: boolean | string[];
  type: string;
};

const entries = Object.entries(pkg.exports).filter(
  (e): e is [string, { types: string; default: string }] => typeof e[1] === 'object',
);

describe('package exports', () => {
  test('the package is ESM and only its stylesheets have side effects', () => {
    expect(pkg.type).toBe('module');
    // a bare `import 'skimmer/ui/styles.css'` must survive a bundler's tree-shaking
    expect(pkg.sideEffects).toEqual(['**/*.css']);
  });

  test('every layer has its entry, and the views their stylesheet', () => {
    expect(Object.keys(pkg.exports)).toEqual([
      './domain', './domain/address', './domain/testing', './api', './machines', './machines/address', './hooks', './hooks/address',
      './ui', './ui/address', './ui/styles.css', './package.json',
    ]);
    expect(pkg.exports['./ui/styles.css']).toBe('./dist/lib/ui/styles.css');
  });

  test.each(entries)('%s maps to a source module and its emitted declarations', (_name, target) => {
    const source = target.default.replace('./dist/lib/', 'src/').replace(/\.js$/, '.ts');
    expect(existsSync(`${root}${source}`)).toBe(true);
    expect(target.types).toBe(target.default.replace('./dist/lib/', './dist/types/').replace(/\.js$/, '.d.ts'));
  });

  test('the domain entry keeps the phone and postcode libraries out', async () => {
    // Walk the static import graph from the entry: address.ts has its own entry.
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const m of code.matchAll(/from\s+'([^']+)'/g)) {
        const spec = m[1]!;
        if (spec.startsWith('.')) visit(fileURLToPath(new URL(spec, `file://${file}`)));
        else packages.add(spec);
      }
    };
    visit(`${root}src/domain/index.ts`);
    expect([...packages]).toEqual([]);
    expect([...seen].some((f) => f.endsWith('/address.ts'))).toBe(false);
    const domain = await import('../src/domain/index.ts');
    expect(typeof domain.formatPrice).toBe('function');
  });

  /** The modules an entry loads statically (type-only imports are erased; dynamic imports load later). */
  function staticGraph(entry: string): { files: string[]; packages: string[] } {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      for (const m of code.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm)) {
        const spec = m[1]!;
        if (spec.startsWith('.')) visit(fileURLToPath(new URL(spec, `file://${file}`)));
        else packages.add(spec);
      }
    };
    visit(`${root}${entry}`);
    return { files: [...seen].map((f) => f.slice(root.length)), packages: [...packages] };
  }

  test.each([
    ['src/machines/index.ts', false],
    ['src/hooks/index.ts', false],
    ['src/ui/index.ts', false],
    ['src/machines/address.ts', true],
    ['src/hooks/address.ts', true],
    ['src/ui/address.ts', true],
  ])('%s loads the address rules and their libraries: %s', (entry, loads) => {
    const graph = staticGraph(entry);
    expect(graph.files.includes('src/domain/address.ts')).toBe(loads);
    expect(graph.packages.some((p) => p.startsWith('libphonenumber-js') || p === 'postcode-validator')).toBe(loads);
  });
});
