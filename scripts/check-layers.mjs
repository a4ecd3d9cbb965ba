// Enforces the one-way layer rule of DESIGN.md over the TypeScript syntax tree (not over text, so
// an import in a comment or a string is no import, and `x.window` is no use of the global):
//   domain <- api <- machines <- hooks <- ui <- app (and <- admin: the back office, which the
//   storefront never imports, nor it the storefront); the server imports domain (and api types)
//   and nothing from React; inside the server, a module (src/server/modules/<name>) reaches another
//   module only through its service, schemas or types, never its repository or routes.
// Run as a script (`npm run lint`) or import `checkLayers` (test/layers.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const LAYERS = ['domain', 'api', 'machines', 'hooks', 'ui', 'app'];
/** Layers that sit on top of the stack side by side: neither may import the other. */
const APPS = ['app', 'admin'];

/** Packages each layer may import, besides the layers below it (null: anything). */
const ALLOWED_PACKAGES = {
  domain: ['libphonenumber-js', 'postcode-validator'],
  api: ['ky'],
  machines: ['xstate'],
  hooks: ['react', 'xstate', '@xstate/react', 'socket.io-client', 'ky', '@tanstack/query-core'],
  ui: ['react', 'react-dom', '@xstate/react', 'xstate'],
  app: null,
  admin: null,
  server: null, // anything but React; checked below
};

/** Packages the server must never import. */
const SERVER_FORBIDDEN_PACKAGES = ['react', 'react-dom', 'xstate', '@xstate/react'];

/**
 * Globals a layer must not touch (browser, clock, network): free identifiers, and member reads
 * written `object.member`. A name declared in the file itself (a parameter called `document`) is
 * the file's own and allowed.
 */
const FORBIDDEN_GLOBALS = {
  domain: {
    names: ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'fetch', 'setTimeout', 'setInterval', 'requestAnimationFrame', 'process', 'require'],
    members: ['Date.now', 'performance.now'],
    newWithoutArguments: ['Date'],
  },
  machines: {
    names: ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'fetch'],
    members: [],
    newWithoutArguments: [],
  },
};

function packageName(spec) {
  if (spec.startsWith('node:')) return spec;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The module specifiers a file imports or re-exports, static and dynamic (`import('x')`), with `import type` marked. */
export function importsOf(sourceFile) {
  const specs = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      specs.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      specs.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specs.push({ spec: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specs;
}

/** Names the file declares itself (variables, parameters, functions, classes, imports). */
function declaredNames(sourceFile) {
  const names = new Set();
  const visit = (node) => {
    if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isBindingElement(node)) && node.name && ts.isIdentifier(node.name)) {
      names.add(node.name.text);
    }
    if (ts.isImportSpecifier(node) || ts.isImportClause(node) || ts.isNamespaceImport(node)) {
      if (node.name) names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

/** Whether an identifier stands for a value read (not a property name, a key, a label or a type). */
function isValueReference(node) {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent) || ts.isMethodSignature(parent)) && parent.name === node) return false;
  if (ts.isShorthandPropertyAssignment(parent)) return true;
  if (ts.isTypeReferenceNode(parent) || ts.isQualifiedName(parent) || ts.isTypeQueryNode(parent)) return false;
  if (ts.isJsxAttribute(parent) || ts.isLabeledStatement(parent)) return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false;
  return true;
}

/** The forbidden globals a file touches, as `name` or `object.member`. */
function forbiddenGlobalsOf(sourceFile, rule) {
  const own = declaredNames(sourceFile);
  const found = [];
  const visit = (node) => {
    if (ts.isIdentifier(node) && rule.names.includes(node.text) && !own.has(node.text) && isValueReference(node)) found.push(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && ts.isIdentifier(node.name)) {
      const text = `${node.expression.text}.${node.name.text}`;
      if (rule.members.includes(text) && !own.has(node.expression.text)) found.push(text);
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && rule.newWithoutArguments.includes(node.expression.text) && (node.arguments?.length ?? 0) === 0) {
      found.push(`new ${node.expression.text}()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The server module a path inside src belongs to (`server/modules/cart/service.ts` → 'cart'), else null. */
function serverModuleOf(path) {
  const m = /^server\/modules\/([^/]+)\//.exec(path);
  return m ? m[1] : null;
}

/**
 * Checks one file's source against the rule for its layer.
 * @param {string} layer layer of the file (domain, api, ...), or 'domain/testing'
 * @param {string} file path inside src, for messages and relative resolution
 * @param {string} source file text
 * @returns {string[]} violations
 */
export function checkSource(layer, file, source) {
  const problems = [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const testing = layer === 'domain/testing';
  const base = testing ? 'domain' : layer;
  for (const { spec } of importsOf(sourceFile)) {
    if (spec.startsWith('.')) {
      const target = join(dirname(file), spec).split(sep).join('/');
      const targetLayer = target.split('/')[0];
      if (base === 'server') {
        if (!['server', 'domain', 'api'].includes(targetLayer)) problems.push(`${file}: server imports ${targetLayer} (${spec})`);
        const fromModule = serverModuleOf(file);
        const toModule = serverModuleOf(target);
        // the composition root (src/server/*.ts) registers every module's routes; a module does not
        if (fromModule && toModule && toModule !== fromModule && /(\/|\.)(repository|routes)(\.ts)?$/.test(target)) {
          problems.push(`${file}: reaches into module ${toModule}'s ${target.endsWith('routes.ts') || target.endsWith('routes') ? 'routes' : 'repository'} (${spec}); go through its service`);
        }
        continue;
      }
      if (targetLayer === 'server') { problems.push(`${file}: imports the server (${spec})`); continue; }
      if (APPS.includes(base) && APPS.includes(targetLayer) && base !== targetLayer) {
        problems.push(`${file}: ${base} imports ${targetLayer}: the storefront and the back office are separate apps (${spec})`);
        continue;
      }
      const from = APPS.includes(base) ? LAYERS.length : LAYERS.indexOf(base);
      const to = APPS.includes(targetLayer) ? LAYERS.length : LAYERS.indexOf(targetLayer);
      if (to > from) problems.push(`${file}: ${base} imports ${targetLayer}, a layer above it (${spec})`);
      if (!testing && base === 'domain' && target.startsWith('domain/testing')) problems.push(`${file}: domain imports its testing arbitraries (${spec})`);
      continue;
    }
    const pkg = packageName(spec);
    if (base === 'server') {
      if (SERVER_FORBIDDEN_PACKAGES.includes(pkg)) problems.push(`${file}: server imports ${pkg}`);
      continue;
    }
    const allowed = ALLOWED_PACKAGES[base];
    if (allowed === null || allowed === undefined) continue;
    const ok = allowed.includes(pkg) || (testing && pkg === 'fast-check');
    if (!ok) problems.push(`${file}: ${layer} may not import ${pkg}`);
  }
  const rule = FORBIDDEN_GLOBALS[base];
  if (rule) {
    const found = forbiddenGlobalsOf(sourceFile, rule);
    if (found.length) problems.push(`${file}: ${layer} touches ${[...new Set(found)].join(', ')}`);
  }
  return problems;
}

/** The source files (.ts, .tsx, .mts; no .d.ts) under `dir`, recursively. */
export function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Checks every file under `srcDir`; returns the violations. */
export function checkLayers(srcDir) {
  const problems = [];
  for (const path of walk(srcDir)) {
    const file = relative(srcDir, path).split(sep).join('/');
    const top = file.split('/')[0];
    const layer = file.startsWith('domain/testing/') ? 'domain/testing' : top;
    if (!LAYERS.includes(top) && !APPS.includes(top) && top !== 'server') continue;
    problems.push(...checkSource(layer, file, readFileSync(path, 'utf8')));
  }
  return problems;
}

/**
 * The folder a server file lives in for the "no two folders import each other" rule: the module
 * (`modules/cart`), the platform part (`platform/db`), or the top folder (`search`); files directly
 * in src/server are the composition root and belong to no folder.
 */
export function serverFolderOf(file) {
  const parts = file.split('/');
  if (parts[0] !== 'server' || parts.length < 3) return null;
  if ((parts[1] === 'modules' || parts[1] === 'platform') && parts.length >= 4) return `${parts[1]}/${parts[2]}`;
  return parts[1];
}

/**
 * Pairs of server folders that import each other (value imports; `import type` is no coupling at
 * run time but still counts, as a reader must open both). `files` maps a path inside src to its
 * source text.
 * @param {Map<string, string>} files
 * @returns {string[]} `a <-> b` for each pair, sorted
 */
export function serverFolderCycles(files) {
  const edges = new Set();
  for (const [file, source] of files) {
    const from = serverFolderOf(file);
    if (!from) continue;
    const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    for (const { spec } of importsOf(sourceFile)) {
      if (!spec.startsWith('.')) continue;
      const to = serverFolderOf(join(dirname(file), spec).split(sep).join('/'));
      if (to && to !== from) edges.add(`${from}\u0000${to}`);
    }
  }
  const pairs = new Set();
  for (const edge of edges) {
    const [a, b] = edge.split('\u0000');
    if (edges.has(`${b}\u0000${a}`)) pairs.add([a, b].sort().join(' <-> '));
  }
  return [...pairs].sort();
}

/** A server module's route file: `routes.ts`, `<x>.routes.ts` or `<x>-routes.ts`. */
const ROUTE_FILE = /^server\/modules\/[^/]+\/(?:[\w-]+[.-])?routes\.ts$/;

/**
 * The `throw` statements of the server modules' route files: a route parses, calls its service
 * and replies; the rule's error is the service's to throw. `files` as {@link serverFolderCycles}.
 * @param {Map<string, string>} files
 * @returns {string[]} `file:line` of each
 */
export function routeThrows(files) {
  const found = [];
  for (const [file, source] of files) {
    if (!ROUTE_FILE.test(file)) continue;
    const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isThrowStatement(node)) found.push(`${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found.sort();
}

/** Reads src/server into the map {@link serverFolderCycles} takes. */
export function serverSources(srcDir) {
  const files = new Map();
  for (const path of walk(join(srcDir, 'server'))) files.set(relative(srcDir, path).split(sep).join('/'), readFileSync(path, 'utf8'));
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const problems = checkLayers(src);
  // no two server folders import each other, and no route file throws (the service does)
  const server = serverSources(src);
  for (const pair of serverFolderCycles(server)) problems.push(`server folders import each other: ${pair}`);
  for (const at of routeThrows(server)) problems.push(`${at}: a route file throws (its service throws the rule's error)`);
  if (problems.length) {
    console.error('Layer rule violations (see DESIGN.md):\n' + problems.map((p) => '  ' + p).join('\n'));
    process.exit(1);
  }
  console.log('layers: ok');
}
