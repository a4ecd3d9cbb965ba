/**
 * skimmer/hooks/address: the address book and new-address form hooks.
 *
 * They validate with the address rules of `skimmer/domain/address` (libphonenumber-js and
 * postcode-validator), so they have an entry of their own: importing `skimmer/hooks`, even all of
 * it, never loads phone metadata. Mount them under `SkimmerProvider` like the other hooks.
 * @module
 */
export * from './useAddressBook.ts';
export * from './useNewAddress.ts';
