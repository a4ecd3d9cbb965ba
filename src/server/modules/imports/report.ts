/**
 * The import report as it is built (row by row, while the file streams) and as an operator reads
 * it (plain text: totals, then one line a problem with its line, column, value and reason).
 * @module
 */
import type { CatalogueFormat, ImportProblem, ImportReport, ImportTotals } from './schemas.ts';
import { shown } from '../../platform/csv/cells.ts';

/** Problems kept in a report; more are counted, not listed (a file of a million bad rows). @default 1000 */
export const MAX_PROBLEMS = 1000;

/** Collects the problems and totals of one import. */
export class ReportBuilder {
  readonly problems: ImportProblem[] = [];
  problemsNotShown = 0;
  readonly totals: ImportTotals = { rows: 0, created: 0, updated: 0, unchanged: 0, rejected: 0 };
  collectionsCreated = 0;

  /** Records a problem. */
  add(kind: ImportProblem['kind'], line: number, column: string | null, value: string | null, reason: string): void {
    if (this.problems.length >= MAX_PROBLEMS) {
      this.problemsNotShown++;
      return;
    }
    this.problems.push({ kind, line, column, value: value === null ? null : shown(value), reason });
  }

  /** A row refused (its product is not written). */
  reject(line: number, column: string | null, value: string | null, reason: string): void {
    this.add('rejected', line, column, value, reason);
  }

  /** Something the operator should know; the row is still written. */
  warn(line: number, column: string | null, value: string | null, reason: string): void {
    this.add('warning', line, column, value, reason);
  }

  /** The finished report. */
  finish(format: CatalogueFormat, dryRun: boolean, version: number | null, changedIds: number[], milliseconds: number): ImportReport {
    return {
      format,
      dryRun,
      totals: { ...this.totals },
      collectionsCreated: this.collectionsCreated,
      problems: this.problems,
      problemsNotShown: this.problemsNotShown,
      version,
      changedIds,
      milliseconds,
    };
  }
}

/**
 * The report as text for a terminal or a log: a title, the totals, then each problem.
 * @example
 * formatReport(report);
 * // Import (shopify): 31 products created, 0 updated, 0 unchanged, 1 rejected (128 rows read)
 * // rejected  line 12  Variant Price  '12,99'  Price '12,99' is not a number
 */
export function formatReport(report: ImportReport): string {
  const t = report.totals;
  const lines = [
    `${report.dryRun ? 'Dry run, nothing written' : 'Import'} (${report.format}): ${t.created} products created, ${t.updated} updated, ${t.unchanged} unchanged, ${t.rejected} rejected (${t.rows} rows read${report.collectionsCreated ? `, ${report.collectionsCreated} collections created` : ''})`,
  ];
  for (const p of report.problems) {
    const where = p.line > 0 ? `line ${p.line}` : 'file';
    lines.push([p.kind.padEnd(8), where, p.column ?? '', p.value === null ? '' : `'${p.value}'`, p.reason].filter((s) => s !== '').join('  '));
  }
  if (report.problemsNotShown > 0) lines.push(`... and ${report.problemsNotShown} more problems`);
  return lines.join('\n');
}
