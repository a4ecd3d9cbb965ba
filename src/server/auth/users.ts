/**
 * The signed-in user and customer in the spec's shapes (section 3: User, Customer) and their
 * serialisation schemas (the password hash can never be serialised: it is not listed).
 * @module
 */
import type { MailingAddress, User } from '../../domain/entities.ts';
import type { Db } from '../db/database.ts';
import { listAddresses, mailingAddressSchema } from '../account/repository.ts';

/** The user as served: the spec's fields plus id, email and emailVerified. */
export type ServedUser = User & { id: number; email: string; emailVerified: boolean };

/** Serialisation of {@link ServedUser}. */
export const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    recoveryEmail: { type: ['string', 'null'] },
    recoveryEmailVerified: { type: 'boolean' },
    emailVerified: { type: 'boolean' },
  },
} as const;

/** Serialisation of the customer (`{}` when signed out: no field is required). */
export const customerSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, MailingAddresses: { type: 'array', items: mailingAddressSchema } },
} as const;

/** The user, or null when the customer no longer exists. */
export function loadUser(db: Db, customerId: number): ServedUser | null {
  const r = db.get<{ id: number; email: string; first_name: string; last_name: string; recovery_email: string | null; recovery_email_verified: number; email_verified: number }>(
    'SELECT id, email, first_name, last_name, recovery_email, recovery_email_verified, email_verified FROM customers WHERE id = ?',
    [customerId],
  );
  if (!r) return null;
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    recoveryEmail: r.recovery_email,
    recoveryEmailVerified: r.recovery_email_verified === 1,
    emailVerified: r.email_verified === 1,
  };
}

/** The customer with addresses, or null. */
export function loadCustomer(db: Db, customerId: number): { id: number; MailingAddresses: MailingAddress[] } | null {
  const r = db.get<{ id: number }>('SELECT id FROM customers WHERE id = ?', [customerId]);
  return r ? { id: r.id, MailingAddresses: listAddresses(db, customerId) } : null;
}
