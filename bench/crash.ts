/**
 * `npm run bench:crash [-- --rounds N --seed S --db sqlite|postgres|both]`: the crash drill of
 * test/server/crash.test.ts (test/server/crash.helpers.ts) N times per database (default 20):
 * each round starts the real server on a fresh database, kills it with SIGKILL in the middle of a
 * storm of cart adds, checkouts, registrations and address saves, restarts it on the same
 * database and audits it. Prints one line per round and the totals of each database side by side:
 * writes acknowledged before the kill, lost (goal 0), duplicated (goal 0), half-written states
 * (goal 0), requests in flight at the kill (and how many of those had committed), and the
 * integrity results.
 *
 * Databases: SQLite (a fresh file per round, WAL, synchronous=NORMAL) and PostgreSQL (a fresh
 * database per round on TEST_DATABASE_URL, else DATABASE_URL, else
 * postgres://root@127.0.0.1:5432/test, dropped after the round). With `--db both` (the default)
 * the rounds alternate, SQLite then PostgreSQL, so a busy moment of the shared machine falls on
 * both. Integrity: SQLite's `PRAGMA integrity_check` and `foreign_key_check`; PostgreSQL has no
 * whole-database check, so amcheck's `bt_index_check(heapallindexed)` on every B-tree index and
 * a search for orphan rows behind every foreign key; on both, stock never below zero where it is
 * not allowed and no Idempotency-Key, order of a cart or account stored twice.
 *
 * Exits 1 when any round lost, duplicated or half-wrote something, or failed an integrity check.
 */
import { parseArgs } from 'node:util';
import { CRASH_PG_URL, crashRound, type CrashDatabase, type CrashRoundResult } from '../test/server/crash.helpers.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string' }, seed: { type: 'string' }, db: { type: 'string' }, verbose: { type: 'boolean' } },
  strict: true,
});
const rounds = Number(values.rounds ?? 20);
const firstSeed = Number(values.seed ?? 1);
if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(firstSeed)) throw new Error('--rounds and --seed must be integers (rounds >= 1)');
const dbChoice = values.db ?? 'both';
if (!['sqlite', 'postgres', 'both'].includes(dbChoice)) throw new Error('--db must be sqlite, postgres or both');
const databases: CrashDatabase[] = dbChoice === 'both' ? ['sqlite', 'postgres'] : [dbChoice as CrashDatabase];

const LABEL: Record<CrashDatabase, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const results: Record<CrashDatabase, CrashRoundResult[]> = { sqlite: [], postgres: [] };
const integrityOk = (r: CrashRoundResult) => r.integrity.afterRestart === 'ok' && r.integrity.afterRetries === 'ok' && r.foreignKeyViolations === 0;

const started = Date.now();
console.log(`crash drill: ${rounds} rounds of SIGKILL during a write storm per database (${databases.map((d) => LABEL[d]).join(' and ')})`);
if (databases.includes('sqlite')) console.log('  SQLite: a fresh file per round, WAL, synchronous=NORMAL');
if (databases.includes('postgres')) console.log(`  PostgreSQL: a fresh database per round on ${CRASH_PG_URL.replace(/\/\/[^@/]*@/, '//…@')} (synchronous_commit as the server has it)`);
console.log('db          round  acked (adds/orders/accounts/addresses)  in-flight (committed)  lost  dup  half  integrity  retried  exactly-once  storm');
for (let i = 0; i < rounds; i++) {
  const seed = firstSeed + i;
  for (const database of databases) {
    const r = await crashRound({ seed, database });
    results[database].push(r);
    const a = r.acknowledged;
    console.log(
      `${LABEL[database].padEnd(10)}  ${String(i + 1).padStart(5)}  ${String(a.total).padStart(5)} (${a.cartAdds}/${a.orders}/${a.accounts}/${a.addresses})`.padEnd(59) +
        `${String(r.inFlight).padStart(9)} (${r.inFlightCommitted})`.padEnd(23) +
        `${String(r.lost).padStart(4)}  ${String(r.duplicated).padStart(3)}  ${String(r.halfWritten.length).padStart(4)}  ${(integrityOk(r) ? 'ok' : 'FAILED').padStart(9)}  ` +
        `${String(r.retried).padStart(7)}  ${(r.notExactlyOnceAfterRetry.length === 0 ? 'yes' : 'NO').padStart(12)}  ${r.stormMs} ms`,
    );
    for (const line of [...r.lostDetails, ...r.duplicatedDetails, ...r.halfWritten, ...r.notExactlyOnceAfterRetry, ...r.unansweredRetries.map((u) => `retry unanswered: ${u}`)]) console.log(`       ! ${line}`);
    if (!integrityOk(r)) console.log(`       ! integrity: ${JSON.stringify(r.integrity)}, foreign-key violations ${r.foreignKeyViolations}`);
    if (values.verbose) console.log(`       refused before the kill: ${JSON.stringify(r.refused)}`);
  }
}

const sum = (rs: CrashRoundResult[], f: (r: CrashRoundResult) => number) => rs.reduce((s, r) => s + f(r), 0);
const rows: [string, (rs: CrashRoundResult[]) => string][] = [
  ['kills', (rs) => String(rs.length)],
  ['writes acknowledged before the kill', (rs) => String(sum(rs, (r) => r.acknowledged.total))],
  ['  cart adds / orders / accounts / addresses', (rs) => [
    sum(rs, (r) => r.acknowledged.cartAdds), sum(rs, (r) => r.acknowledged.orders), sum(rs, (r) => r.acknowledged.accounts), sum(rs, (r) => r.acknowledged.addresses),
  ].join(' / ')],
  ['writes lost (goal 0)', (rs) => String(sum(rs, (r) => r.lost))],
  ['writes duplicated (goal 0)', (rs) => String(sum(rs, (r) => r.duplicated))],
  ['half-written states (goal 0)', (rs) => String(sum(rs, (r) => r.halfWritten.length))],
  ['requests in flight at the kill', (rs) => String(sum(rs, (r) => r.inFlight))],
  ['  of which committed (answer lost)', (rs) => String(sum(rs, (r) => r.inFlightCommitted))],
  ['  retried after the restart', (rs) => String(sum(rs, (r) => r.retried))],
  ['rounds exactly once after the retries', (rs) => `${rs.filter((r) => r.notExactlyOnceAfterRetry.length === 0).length}/${rs.length}`],
  ['rounds whose every retry was answered', (rs) => `${rs.filter((r) => r.unansweredRetries.length === 0).length}/${rs.length}`],
  ['integrity ok, after restart and after retries', (rs) => `${rs.filter(integrityOk).length}/${rs.length}`],
  ['foreign-key violations (orphan rows)', (rs) => String(sum(rs, (r) => r.foreignKeyViolations))],
  ['median storm before the kill', (rs) => {
    const ms = rs.map((r) => r.stormMs).sort((x, y) => x - y);
    return `${ms[Math.floor(ms.length / 2)] ?? 0} ms`;
  }],
];
console.log('');
const width = 48;
console.log(`${'figure'.padEnd(width)}${databases.map((d) => LABEL[d].padStart(28)).join('')}`);
for (const [label, value] of rows) console.log(`${label.padEnd(width)}${databases.map((d) => value(results[d]).padStart(28)).join('')}`);
for (const d of databases) {
  const checked = results[d][0]?.integrityChecked;
  if (checked) console.log(`integrity on ${LABEL[d]}: ${checked}`);
}
console.log(`elapsed: ${((Date.now() - started) / 1000).toFixed(1)} s`);
const failed = databases.some((d) => {
  const rs = results[d];
  return sum(rs, (r) => r.lost + r.duplicated + r.halfWritten.length) > 0 || rs.some((r) => !integrityOk(r) || r.notExactlyOnceAfterRetry.length > 0);
});
process.exitCode = failed ? 1 : 0;
