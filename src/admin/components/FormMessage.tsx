/**
 * A form's message: its check's or the server's refusal (an alert), or its success (a status).
 * @module
 */

/** The message, or nothing. */
export function FormMessage({ error, success }: { error: string | null; success?: string | null }) {
  if (error) return <p className="admin-error" role="alert">{error}</p>;
  if (success) return <p className="admin-success" role="status">{success}</p>;
  return null;
}
