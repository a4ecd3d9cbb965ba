/**
 * skimmer/ui/address: the address book view and the address form, over `skimmer/hooks/address`.
 *
 * An entry of their own for the same reason as `skimmer/domain/address`: they bring the phone and
 * postcode libraries, which `skimmer/ui` never loads. Their styles are in `skimmer/ui/styles.css`.
 * @module
 */
export * from './account/AddressForm.tsx';
export { default as AddressBook } from './account/AddressBook.tsx';
export type { AddressBookProps } from './account/AddressBook.tsx';
