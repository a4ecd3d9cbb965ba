/**
 * A failed read: the server's words when it sent some.
 * @module
 */

/** The alert. */
export function ReadError({ error, what }: { error: unknown; what: string }) {
  const server = (error as { serverMessage?: unknown } | null)?.serverMessage;
  const text = typeof server === 'string' && server !== '' ? server : `${what} could not be loaded. Reload the page to try again.`;
  return <p className="admin-error" role="alert">{text}</p>;
}
