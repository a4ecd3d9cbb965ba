// Enforces DESIGN.md convention 9 (issue 14): the server's SQL lives in its repositories, one per
// aggregate; route files, plugins, renderers and services hold none and call repository
// functions. A server file may hold SQL only when it is one of the data-access modules below.
// Run as a script (`npm run lint`) or import `checkServerSql` / `findSql` (test/server/no-sql-in-routes.test.ts).
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { walk } from './check-layers.mjs';

/**
 * The modules (paths inside src/server) that may hold SQL, and why. Anything else that does is a
 * violation: move the statement into the repository of its aggregate.
 */
export const SQL_MODULES = [
  [/(^|\/)([\w-]+\.)?repository\.ts$/, "a module's repository (`repository.ts`, or `<aggregate>.repository.ts` when a module keeps several)"],
  [/^platform\/db\//, 'the database platform and migrations'],
  [/^seed\//, 'catalogue, equipment and demo-customer seeding'],
  [/^modules\/content\/seed\.ts$/, 'content seeding'],
  [/^platform\/ops\/backup\.ts$/, "a backup file's own SQLite catalogue (not the store's database)"],
];

/** Whether a file (path inside src/server, with /) may hold SQL. */
export function mayHoldSql(file) {
  return SQL_MODULES.some(([re]) => re.test(file));
}

/** Removes comments, keeping string literals (a `//` inside a string is not a comment). */
function stripComments(source) {
  return source.replace(/('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m, literal) => literal ?? m.replace(/[^\n]/g, ' '));
}

const LITERAL_RE = /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g;

/** SQL in a string: a statement's first keyword, or one of the clauses only SQL writes. Upper case, as the server writes it. */
const SQL_RE = new RegExp(
  [
    // a keyword followed by more (a lone 'DELETE' is an HTTP method)
    String.raw`^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|DROP|ALTER|PRAGMA|BEGIN|VACUUM|TRUNCATE)\s+[\w*(]`,
    String.raw`\bSELECT\b[\s\S]*\bFROM\b`,
    String.raw`\bINSERT\s+INTO\b`,
    String.raw`\bDELETE\s+FROM\b`,
    String.raw`\bUPDATE\s+[a-z_]+\s+SET\b`,
    String.raw`\b(LEFT |INNER )?JOIN\s+[a-z_]+\s+[a-z]+\s+ON\b`,
    String.raw`\bWHERE\s+[a-z_.]+\s*(=|<>|>=|<=|IN\b|IS\b|LIKE\b)`,
  ].join('|'),
);

/** Calls that run SQL whatever the string looks like (`db.prepare(...)`, `pool.query(...)`). */
const SQL_CALL_RE = /\.(prepare|query)\(\s*['"`]/;

/**
 * The SQL a source text holds (comments ignored): each offending string literal or call, with its line.
 * @param {string} source
 * @returns {{ line: number, text: string }[]}
 */
export function findSql(source) {
  const code = stripComments(source);
  const hits = [];
  const lineOf = (index) => code.slice(0, index).split('\n').length;
  for (const m of code.matchAll(LITERAL_RE)) {
    const body = m[0].slice(1, -1);
    if (SQL_RE.test(body)) hits.push({ line: lineOf(m.index), text: body.replace(/\s+/g, ' ').trim().slice(0, 80) });
  }
  for (const m of code.matchAll(new RegExp(SQL_CALL_RE, 'g'))) hits.push({ line: lineOf(m.index), text: m[0] });
  return hits;
}

/**
 * Checks every file under `serverDir` (src/server): SQL outside the modules of {@link SQL_MODULES}.
 * @returns {string[]} violations, `file:line: text`
 */
export function checkServerSql(serverDir) {
  const problems = [];
  for (const path of walk(serverDir)) {
    const file = relative(serverDir, path).split(sep).join('/');
    if (mayHoldSql(file)) continue;
    for (const hit of findSql(readFileSync(path, 'utf8'))) problems.push(`${file}:${hit.line}: ${hit.text}`);
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server');
  const problems = checkServerSql(server);
  if (problems.length) {
    console.error('SQL outside the repositories (DESIGN.md 9: move it into the repository of its aggregate):\n' + problems.map((p) => '  ' + p).join('\n'));
    process.exit(1);
  }
  console.log('sql in repositories only: ok');
}
