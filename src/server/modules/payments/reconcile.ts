/**
 * `npm run payments:reconcile -- --from YYYY-MM-DD --to YYYY-MM-DD`: every difference between the
 * store's orders and payments and the provider's payments for those days (UTC, both included): a
 * payment without an order, an order without a payment, amounts, captures or refunds that differ.
 * Prints one line per difference and a summary; exits 1 when there is any difference (so a
 * scheduled run alerts), 2 on bad arguments, 0 when both sides agree.
 * @module
 */
import { parseArgs } from 'node:util';
import type { PaymentsService, ReconciliationDifference } from './service.ts';

/** A reconciliation's day range as instants: [fromMs, toMs). */
export interface ReconcileRange {
  fromMs: number;
  toMs: number;
  from: string;
  to: string;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * Parses `--from YYYY-MM-DD --to YYYY-MM-DD` (UTC days, `--to` included; at most 366 days).
 * @example
 * parseReconcileArgs(['--from', '2030-01-01', '--to', '2030-01-31']); // { fromMs: Date.UTC(2030,0,1), toMs: Date.UTC(2030,1,1), ... }
 */
export function parseReconcileArgs(argv: readonly string[]): ReconcileRange {
  const { values } = parseArgs({ args: [...argv], options: { from: { type: 'string' }, to: { type: 'string' } }, strict: true });
  const day = (name: 'from' | 'to'): number => {
    const raw = values[name];
    if (raw === undefined) throw new Error(`--${name} YYYY-MM-DD is required`);
    const ms = Date.parse(`${raw}T00:00:00.000Z`);
    if (!DAY_RE.test(raw) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== raw) throw new Error(`--${name} must be a date as YYYY-MM-DD, got '${raw}'`);
    return ms;
  };
  const fromMs = day('from');
  const toMs = day('to') + DAY_MS;
  if (toMs <= fromMs) throw new Error('--to must be the same day as --from or later');
  if (toMs - fromMs > 366 * DAY_MS) throw new Error('A reconciliation covers at most 366 days: run it for shorter ranges');
  return { fromMs, toMs, from: values.from!, to: values.to! };
}

/** The report's lines: one per difference, then the summary. */
export function reconcileReport(range: ReconcileRange, provider: string, diffs: readonly ReconciliationDifference[]): string[] {
  const lines = diffs.map((d) => [d.kind, d.orderId === null ? '-' : `order ${d.orderId}`, d.providerPaymentId ?? '-', d.detail].join('\t'));
  lines.push(diffs.length === 0
    ? `No differences between the store and ${provider} from ${range.from} to ${range.to}.`
    : `${diffs.length} difference${diffs.length === 1 ? '' : 's'} between the store and ${provider} from ${range.from} to ${range.to}.`);
  return lines;
}

/**
 * Runs a reconciliation and writes its report; answers the exit code (0 agree, 1 differences).
 * @example
 * const code = await runReconcile(payments, parseReconcileArgs(process.argv.slice(2)), console.log);
 */
export async function runReconcile(service: PaymentsService, range: ReconcileRange, write: (line: string) => void): Promise<number> {
  const diffs = await service.reconcile(range.fromMs, range.toMs);
  for (const line of reconcileReport(range, service.provider.name, diffs)) write(line);
  return diffs.length === 0 ? 0 : 1;
}
