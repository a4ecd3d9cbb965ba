/**
 * What other parts of the store use of the payments module without reaching into its files.
 * @module
 */
export { orderPaymentRecords, providerCustomerOf, type OrderPaymentRecord } from './repository.ts';
