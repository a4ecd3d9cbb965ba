/**
 * The "Send password reset" button of a customer's page: the storefront's reset mail goes to the
 * customer (the server limits how often, 429 in its words).
 * @module
 */
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';

/** The button and its message. */
export function CustomerResetButton({ customerId }: { customerId: number }) {
  const form = useAdminForm({ kind: 'customerReset', fields: { customerId: String(customerId) } });
  const sentTo = (form.result as { email?: string } | null)?.email;
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Sending…' : 'Send password reset'}</button>
      <FormMessage error={form.error} success={form.done ? `A password-reset link is on its way to ${sentTo ?? 'the customer'}.` : null} />
    </form>
  );
}
