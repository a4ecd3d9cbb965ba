/** Figures of the search benchmark: percentiles and memory. */

/** p50/p95/p99/max/mean in ms of a list of samples. */
export interface Percentiles { p50: number; p95: number; p99: number; max: number; mean: number; n: number }

/** Nearest-rank percentiles of the samples. */
export function percentiles(samples: readonly number[]): Percentiles {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number): number => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
  return { p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1] ?? 0, mean: s.reduce((a, b) => a + b, 0) / Math.max(1, s.length), n: s.length };
}

/** Memory in MB after a full collection when the process was started with --expose-gc. */
export function memoryMb(): { rss: number; heap: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: Math.round(m.rss / 2 ** 20), heap: Math.round(m.heapUsed / 2 ** 20) };
}

/** Formats milliseconds for the tables. */
export const ms = (x: number): string => `${x.toFixed(2)} ms`;
