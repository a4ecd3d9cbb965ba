/**
 * A one-line loading state of the account pages: a small spinner beside its visible text, in one
 * status region (the text is read once).
 * @module
 */

/**
 * @example <LoadingLine text="Checking login status..." />
 */
export function LoadingLine({ text }: { text: string }) {
  return (
    <p className="account-loading" role="status">
      <span className="spinner" aria-hidden="true" style={{ width: 20, height: 20 }} />
      <span>{text}</span>
    </p>
  );
}
