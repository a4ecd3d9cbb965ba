/**
 * What other modules read of a customer's account: checkout prefills the signed-in customer's
 * e-mail, saved addresses and saved cards; the back office shows a customer's addresses. Other
 * modules import these from here, never from the account's repositories.
 * @module
 */
export { customerEmail } from './customers.repository.ts';
export { addressRows, savedCards, type AddressRow, type SavedCardRow } from './repository.ts';
