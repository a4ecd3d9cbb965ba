/**
 * The signed-in user and customer in the storefront's shapes (User, Customer) and their
 * serialisation schemas (the password hash can never be serialised: it is not listed).
 * @module
 */
import type { MailingAddress, User } from '../../../domain/entities.ts';
import type { Db } from '../../platform/db/database.ts';
import { listAddresses, mailingAddressSchema } from './repository.ts';
import { customerExists, customerProfile } from './customers.repository.ts';

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
export async function loadUser(db: Db, customerId: number): Promise<ServedUser | null> {
  const r = await customerProfile(db, customerId);
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
export async function loadCustomer(db: Db, customerId: number): Promise<{ id: number; MailingAddresses: MailingAddress[] } | null> {
  return await customerExists(db, customerId) ? { id: customerId, MailingAddresses: await listAddresses(db, customerId) } : null;
}
