/**
 * skimmer/machines/address: the address book's and the new-address form's machines.
 *
 * They validate with the address rules of `skimmer/domain/address`, which carry libphonenumber-js
 * and postcode-validator, so they have an entry of their own: `skimmer/machines` never loads them.
 * @module
 */
export * from './address-book.machine.ts';
export * from './address-create.machine.ts';
