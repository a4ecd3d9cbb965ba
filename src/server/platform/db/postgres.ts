/**
 * The PostgreSQL adapter of `Db` over `pg` (node-postgres): a connection pool, the repositories'
 * portable SQL translated once per statement text (`?` to `$n`, bare camelCase aliases quoted), and
 * 64-bit integers and numerics read as JavaScript numbers (ids, counts and cents stay far below 2^53).
 * @module
 */
import pg from 'pg';
import type { Db, Dialect, RunResult } from './database.ts';
import { CLIENT_GRACE_MS, NO_STATEMENT_TIMEOUT, readDatabaseTimeouts, type DatabaseTimeouts } from './faults.ts';

/** The PostgreSQL dialect. */
export const postgresDialect: Dialect = {
  name: 'postgres',
  nowExpression: `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  caseInsensitiveEquals: (column) => `LOWER(${column}) = LOWER(?)`,
  forUpdate: ' FOR UPDATE',
  forUpdateSkipLocked: ' FOR UPDATE SKIP LOCKED',
};

// COUNT(*) and BIGINT columns are int8 and SUM(bigint) is numeric: pg hands both over as text
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const translated = new Map<string, string>();

/**
 * Walks a portable statement, handing each `?` placeholder outside quotes and comments to `param`
 * (its 0-based index) and keeping the rest as written.
 */
function scan(sql: string, param: (index: number) => string): string {
  let out = '';
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      const stop = end < 0 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '?') {
      out += param(n++);
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/\b(AS\s+)([a-z_][a-z0-9_]*[A-Z][A-Za-z0-9_]*)\b/g, '$1"$2"');
}

/**
 * The statement as PostgreSQL reads it: `?` placeholders numbered (not those inside quotes or
 * comments), and `AS camelCase` aliases quoted (PostgreSQL folds bare names to lower case).
 * @example
 * toPostgres('SELECT price_cents AS priceCents FROM products WHERE id = ?');
 * // 'SELECT price_cents AS "priceCents" FROM products WHERE id = $1'
 */
export function toPostgres(sql: string): string {
  const hit = translated.get(sql);
  if (hit !== undefined) return hit;
  const out = scan(sql, (index) => `$${index + 1}`);
  translated.set(sql, out);
  return out;
}

/**
 * The statement with its parameters written in as quoted literals (`'42'`, `'it''s'`, NULL), for
 * the simple protocol that carries several statements in one message; undefined when a parameter
 * is not a string, number, boolean, bigint or null. A quoted literal is untyped until PostgreSQL
 * reads it in place, as a bound parameter is, so the statement means the same.
 * @example
 * inlineParameters('SELECT * FROM t WHERE id = ? AND name = ?', [7, "O'Neil"]);
 * // "SELECT * FROM t WHERE id = '7' AND name = 'O''Neil'"
 */
export function inlineParameters(sql: string, params: readonly unknown[]): string | undefined {
  const literals: string[] = [];
  for (const p of params) {
    if (p === null || p === undefined) literals.push('NULL');
    else if (typeof p === 'string') literals.push(pg.escapeLiteral(p));
    else if ((typeof p === 'number' && Number.isFinite(p)) || typeof p === 'bigint' || typeof p === 'boolean') literals.push(`'${String(p)}'`);
    else return undefined;
  }
  let missing = false;
  const out = scan(sql, (index) => {
    const literal = literals[index];
    if (literal === undefined) missing = true;
    return literal ?? 'NULL';
  });
  return missing ? undefined : out;
}

/**
 * Statement names for the server's prepared statements: a statement text run
 * {@link PREPARE_AFTER_USES} times is given a name, and from then on it is parsed and planned once
 * per connection, then only bound and run (as JDBC's prepareThreshold). Bounded, so statements
 * whose text varies (IN lists of any length) cannot fill the server's memory: past the bound they
 * run unnamed.
 */
const statementNames = new Map<string, string>();
const statementUses = new Map<string, number>();
/** Uses of a statement text before it is prepared. @default 3 */
export const PREPARE_AFTER_USES = 3;
/** Most distinct statement texts given a name (per process; each connection prepares those it runs). @default 500 */
export const MAX_NAMED_STATEMENTS = 500;

function statementName(text: string): string | undefined {
  const name = statementNames.get(text);
  if (name !== undefined || statementNames.size >= MAX_NAMED_STATEMENTS) return name;
  const uses = (statementUses.get(text) ?? 0) + 1;
  if (uses < PREPARE_AFTER_USES) {
    // counts of texts seen once or twice are bounded too (texts that vary are dropped in a sweep)
    if (statementUses.size >= 10 * MAX_NAMED_STATEMENTS) statementUses.clear();
    statementUses.set(text, uses);
    return undefined;
  }
  statementUses.delete(text);
  const named = `s${statementNames.size + 1}`;
  statementNames.set(text, named);
  if (statementNames.size >= MAX_NAMED_STATEMENTS) statementUses.clear();
  return named;
}

type Queryable = pg.Pool | pg.PoolClient;

/** Options of {@link openPostgres}. */
export interface PostgresOptions {
  /** Work in this schema (created when missing): tests give each file its own. */
  schema?: string | undefined;
  /** Connections in the pool. @default DATABASE_POOL_SIZE, else 10 */
  max?: number;
  /**
   * Called once per round trip to the server (each statement, BEGIN, COMMIT, ROLLBACK) with its
   * text: the benchmarks count round trips per call with it. @default none
   */
  onQuery?: (sql: string) => void;
  /** Statement and pool timeouts. @default readDatabaseTimeouts(process.env) */
  timeouts?: DatabaseTimeouts;
}


/** How a handle sends one statement: the pool's (any idle connection) or a transaction's. */
type Send = <T>(sql: string, params: readonly unknown[]) => Promise<pg.QueryResult<T & pg.QueryResultRow>>;

/**
 * Sends a statement as a prepared statement of its connection (parsed and planned once per
 * connection). `readTimeout()`: how long the client waits for the answer (0: as long as it takes);
 * a connection whose answer did not come is closed, not reused (pg-pool drops a client whose
 * query failed; a transaction's is released as broken).
 */
function sender(q: Queryable, onQuery: ((sql: string) => void) | undefined, readTimeout: () => number): Send {
  return async <T>(sql: string, params: readonly unknown[]) => {
    onQuery?.(sql);
    const text = toPostgres(sql);
    const name = statementName(text);
    const timeout = readTimeout();
    const config: pg.QueryConfig = name === undefined ? { text, values: params as unknown[] } : { name, text, values: params as unknown[] };
    if (timeout > 0) (config as { query_timeout?: number }).query_timeout = timeout;
    return await q.query<T & pg.QueryResultRow>(config);
  };
}

function handle(
  send: Send,
  exec: (sql: string) => Promise<void>,
  dialect: Dialect,
  transaction: Db['transaction'],
  close: () => Promise<void>,
  allAndCommit?: Db['allAndCommit'],
): Db {
  return {
    ...(allAndCommit ? { allAndCommit } : {}),
    dialect,
    all: async <T>(sql: string, params: readonly unknown[] = []) => (await send<T>(sql, params)).rows as T[],
    get: async <T>(sql: string, params: readonly unknown[] = []) => (await send<T>(sql, params)).rows[0] as T | undefined,
    run: async (sql, params = []): Promise<RunResult> => ({ changes: (await send(sql, params)).rowCount ?? 0 }),
    exec,
    transaction,
    close,
  };
}

/** Whether an error is PostgreSQL's serialization failure or deadlock (worth one more try). */
function isRetryable(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '40001' || code === '40P01';
}

/**
 * Opens a pool on `url`. With `schema`, every connection works in that schema (created when
 * missing): tests give each file its own.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const { schema, onQuery } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  const timeouts = options.timeouts ?? readDatabaseTimeouts(process.env);
  // the server ends a statement after statementMs; the client stops waiting a little later (a
  // server or network that no longer answers at all), so no request holds a connection forever
  const readTimeoutMs = timeouts.statementMs > 0 ? timeouts.statementMs + CLIENT_GRACE_MS : 0;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? Number(process.env.DATABASE_POOL_SIZE ?? 10),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // a caller waits at most this long for a connection (all busy, or the server not answering)
    connectionTimeoutMillis: timeouts.acquireMs,
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
    // a transaction left open by a stuck caller does not hold its locks past this
    idle_in_transaction_session_timeout: Math.max(60_000, timeouts.statementMs * 2),
    // a server that vanished without closing the connection (a cut network) is noticed
    keepAlive: true,
  });
  // an idle client's error (the server restarted) must not kill the process; the next query
  // opens a new connection (the pool reconnects by itself: nothing to restart)
  pool.on('error', () => undefined);
  // a checked-out connection that breaks between two statements (the server stopped, the network
  // cut) emits 'error' on its client, which has no listener while it is out of the pool: without
  // this one that would end the process; the next statement on it fails and the request answers 503
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  else await pool.query('SELECT 1');

  const transaction = async <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      // BEGIN travels with the transaction's first statement, in one simple-protocol message
      // (parameters written in as literals), as JDBC drivers send it: one round trip less per
      // transaction. A first statement whose parameters cannot be written in waits for its own BEGIN.
      let begun = false;
      // set once allAndCommit has committed; statements after it run on the same connection, each
      // on its own (taking a second connection from the pool while holding this one could wait
      // forever once every connection is held so)
      let ended = false;
      // NO_STATEMENT_TIMEOUT lifts the client's wait too, for the rest of the transaction
      let unlimited = false;
      const readTimeout = () => (unlimited ? 0 : readTimeoutMs);
      // a statement without parameters (simple protocol, several statements allowed), with the wait
      const simple = (text: string): pg.QueryConfig => {
        const timeout = readTimeout();
        return (timeout > 0 ? { text, query_timeout: timeout } : { text }) as pg.QueryConfig;
      };
      const prepared = sender(client, onQuery, readTimeout);
      const send: Send = async <T>(sql: string, params: readonly unknown[]) => {
        if (!begun) {
          begun = true;
          const inlined = inlineParameters(sql, params);
          if (inlined !== undefined) {
            onQuery?.(sql);
            const results = (await client.query(simple(`BEGIN;\n${inlined}`))) as unknown as pg.QueryResult<T & pg.QueryResultRow>[];
            return results[1]!;
          }
          onQuery?.('BEGIN');
          await client.query(simple('BEGIN'));
        }
        return await prepared<T>(sql, params);
      };
      const exec = async (sql: string) => {
        if (!begun) {
          begun = true;
          onQuery?.('BEGIN');
          await client.query(simple('BEGIN'));
        }
        onQuery?.(sql);
        if (sql.trim() === NO_STATEMENT_TIMEOUT) unlimited = true;
        await client.query(simple(sql));
      };
      // the last statement and COMMIT in one simple-protocol message (BEGIN too when it is the
      // first): an error in the statement stops the message before COMMIT, and the catch rolls back
      const allAndCommit = async <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
        if (ended) return (await send<T>(sql, params)).rows;
        const inlined = inlineParameters(sql, params);
        if (inlined === undefined) {
          const rows = (await send<T>(sql, params)).rows;
          ended = true;
          onQuery?.('COMMIT');
          await client.query(simple('COMMIT'));
          return rows;
        }
        const first = !begun;
        begun = true;
        onQuery?.(sql);
        const results = (await client.query(simple(`${first ? 'BEGIN;\n' : ''}${inlined}\n;\nCOMMIT`))) as unknown as pg.QueryResult<T & pg.QueryResultRow>[];
        ended = true;
        return results[first ? 1 : 0]!.rows;
      };
      const tx: Db = handle(send, exec, postgresDialect, (inner) => inner(tx), async () => undefined, allAndCommit);
      try {
        const result = await fn(tx);
        if (begun && !ended) {
          onQuery?.('COMMIT');
          await client.query(simple('COMMIT'));
        }
        client.release();
        return result;
      } catch (err) {
        // a connection that cannot even roll back is closed rather than handed to the next caller
        let broken = false;
        if (begun && !ended) {
          onQuery?.('ROLLBACK');
          await client.query(simple('ROLLBACK')).catch(() => {
            broken = true;
          });
        }
        client.release(broken);
        // a transaction that committed with its last statement is never run twice
        if (attempt < 5 && !ended && isRetryable(err)) continue;
        throw err;
      }
    }
  };
  const exec = async (sql: string) => {
    onQuery?.(sql);
    await pool.query(sql);
  };
  return handle(sender(pool, onQuery, () => readTimeoutMs), exec, postgresDialect, transaction, async () => {
    await pool.end();
  });
}
