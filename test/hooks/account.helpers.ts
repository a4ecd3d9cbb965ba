/** Account fixtures of the hook tests: a user, a customer with addresses, payment methods. */
import type { Customer, MailingAddress, PaymentMethod, Transaction, User } from '../../src/domain/entities.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';

export const USER: User = { id: 42, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false };

export function address(id: number, isDefault = false): MailingAddress {
  return {
    id, firstName: 'Ann', lastName: 'Lee', company: null, address1: `${id} Main St`, address2: null, city: 'Seattle', zip: '98101',
    phone: '2065550100', isDefault, State: { stateCode: 'WA', title: 'Washington' }, Country: { countryCode: 'US', title: 'United States' },
  };
}

export const CUSTOMER: Customer = { id: 42, MailingAddresses: [address(1, true), address(2)] };

export function card(id: number, isGiftCard = false): PaymentMethod {
  return { id, brand: 'visa', expMonth: 4, expYear: 2030, last4: '4242', name: null, billingAddress: null, isGiftCard, giftCardCredit: null, giftCardCurrency: null };
}

export const TXN: Transaction = { id: 1, displayableId: 'T-1', email: 'ann@example.com', amount: 12, gateway: null, status: 'SUCCESS' };

export const SIGNED_IN: InitialData = { auth: { user: USER, customer: CUSTOMER }, checkout: null };
export const SIGNED_OUT: InitialData = { auth: { user: null, customer: {} }, checkout: null };
