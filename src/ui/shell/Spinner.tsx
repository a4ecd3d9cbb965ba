/**
 * The loading spinner.
 * @module
 */

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** What is loading, read by screen readers. @default 'Loading' */
  label?: string;
  /** Diameter in px. @default 32 */
  size?: number;
}

/**
 * A CSS-only spinner with a live status, so a screen reader hears that something is loading.
 * @example <Spinner label="Loading cart" />
 */
export function Spinner({ label = 'Loading', size = 32 }: SpinnerProps) {
  return (
    <span className="spinner" role="status" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
