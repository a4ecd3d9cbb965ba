/**
 * A status as a labelled badge ('Partially refunded').
 * @module
 */
import { statusWords } from '../../domain/admin-orders.ts';

/** The badge. */
export function StatusBadge({ value }: { value: string }) {
  return <span className={`admin-badge admin-badge-${value}`}>{statusWords(value)}</span>;
}
