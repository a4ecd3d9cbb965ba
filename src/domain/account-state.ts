/**
 * List and outcome rules of the account pages that the machines apply after a
 * call returns: the `{ success, error }` answers,
 * the address list after an update or delete, and the transaction filter.
 *
 * @module
 */
import type { MailingAddress } from './entities.ts';
import { failureMessage, type Outcome } from './account.ts';

/**
 * Outcome of a `{ success, error }` answer (payment-method delete and update,
 * recovery email save and verify): the server's error when it sent one; ok
 * when it said success (or sent an empty 204 answer, null); otherwise the
 * generic message.
 *
 * A null answer counts as success: the client turns 204 No Content into null,
 * and a server that answers a delete with no body has done it.
 *
 * @example
 * successOutcome({ success: true });           // { ok: true, value: true }
 * successOutcome({ error: 'Card in use' });    // { ok: false, message: 'Card in use' }
 * successOutcome({ success: false });          // { ok: false, message: 'Something went wrong. Please try again.' }
 */
export function successOutcome(response: { success?: boolean | null; error?: unknown } | null | undefined): Outcome<true> {
  if (response === null || response === undefined) return { ok: true, value: true };
  if (response.error != null && response.error !== '') return { ok: false, message: failureMessage(response.error) };
  return response.success === true ? { ok: true, value: true } : { ok: false, message: failureMessage(null) };
}

/**
 * The list without the entry of that id (unchanged, same order, when absent).
 *
 * @example
 * removeById([{ id: 1 }, { id: 2 }], 1); // [{ id: 2 }]
 */
export function removeById<T extends { id: number }>(list: readonly T[], id: number): T[] {
  return list.filter((item) => item.id !== id);
}

/**
 * The address list after a successful update: the returned address replaces
 * the one with its id (appended when the list did not have it), and when it
 * is now the default, the others stop being default (one default address per
 * account).
 *
 * @example
 * applyAddressUpdate([home, work], { ...work, isDefault: true }); // home.isDefault false, work.isDefault true
 */
export function applyAddressUpdate(addresses: readonly MailingAddress[], updated: MailingAddress): MailingAddress[] {
  const found = addresses.some((address) => address.id === updated.id);
  const next = found ? addresses.map((address) => (address.id === updated.id ? updated : address)) : [...addresses, updated];
  if (!updated.isDefault) return next;
  return next.map((address) => (address.id === updated.id || !address.isDefault ? address : { ...address, isDefault: false }));
}

/**
 * The displayable id to filter transactions by: trimmed, or null (no filter)
 * when blank.
 *
 * @example
 * transactionFilter('  TX-104 '); // 'TX-104'
 * transactionFilter('   ');       // null
 */
export function transactionFilter(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  return value === '' ? null : value;
}
