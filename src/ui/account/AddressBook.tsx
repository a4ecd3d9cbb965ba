/**
 * The customer's mailing addresses: the cards with Edit and
 * Delete, 'Account has no addresses.', the Edit modal (Close, Confirm) and the Add address modal
 * with the address form, and the update and delete failures in an alert (a refused edit reopens
 * the Edit modal with what was typed and the message above the fields).
 *
 * This module is the only view that loads the address rules (libphonenumber-js and
 * postcode-validator): pages import it lazily, so its chunk loads only where the form is.
 * @module
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { AddressFormField } from '../../domain/address.ts';
import { ADDRESS_CREATE_TEXT } from '../../domain/address-create.ts';
import { useAddressBook } from '../../hooks/useAddressBook.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { useNewAddress } from '../../hooks/useNewAddress.ts';
import { Modal } from '../shell/Modal.tsx';
import { AddressCard } from './AddressCard.tsx';
import { AddressForm } from './AddressForm.tsx';
import './account.css';

/** Props of {@link AddressBook}. */
export interface AddressBookProps {
  /** The section heading. @default 'Addresses' */
  heading?: string;
}

/** Which fields of the Add form show their mark: those left once, or all after a save attempt. */
function useShownMarks(open: boolean) {
  const [touched, setTouched] = useState<ReadonlySet<AddressFormField> | 'all'>(new Set());
  useEffect(() => {
    if (open) setTouched(new Set());
  }, [open]);
  return {
    shown: touched,
    touch: (field: AddressFormField) => setTouched((t) => (t === 'all' ? t : new Set([...t, field]))),
    all: () => setTouched('all'),
  };
}

/**
 * The address book section.
 * @example <Suspense fallback={<Spinner />}><AddressBook /></Suspense>
 */
export default function AddressBook({ heading = 'Addresses' }: AddressBookProps) {
  const book = useAddressBook();
  const add = useNewAddress();
  const auth = useAuth();
  const marks = useShownMarks(add.modalOpen);
  const headingId = useId();
  const { refresh } = auth;

  // the shared customer may predate edits made elsewhere: read it afresh once per visit
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current) return;
    refreshed.current = true;
    refresh();
  }, [refresh]);

  return (
    <section className="ac-section" aria-labelledby={headingId}>
      <div className="ac-section__head">
        <h2 id={headingId}>{heading}</h2>
        <button type="button" className="button button-secondary" onClick={add.open}>
          {ADDRESS_CREATE_TEXT.add}
        </button>
      </div>
      {/* while the Edit modal is open (a refused edit reopens it) the message shows in it */}
      {book.alert && !book.modalOpen && (
        <div role="alert" className="ac-notice ac-notice--danger">
          <span>{book.alert}</span>
          <button type="button" className="ac-link" onClick={book.dismissAlert}>
            Dismiss
          </button>
        </div>
      )}
      {book.emptyText ? (
        <p className="ac-empty">{book.emptyText}</p>
      ) : (
        <ul className="ac-cards" aria-busy={book.updating || undefined}>
          {book.addresses.map((a) => (
            <li key={a.id}>
              <AddressCard address={a} title={a.title} deleting={book.deletingId === a.id} onEdit={() => book.edit(a.id)} onDelete={() => book.remove(a.id)} />
            </li>
          ))}
        </ul>
      )}

      <Modal open={book.modalOpen} title={ADDRESS_CREATE_TEXT.editTitle} onClose={book.close} onConfirm={book.confirm} confirmDisabled={book.updating} className="ac-modal">
        {book.alert && (
          <p role="alert" className="ac-notice ac-notice--danger">
            {book.alert}
          </p>
        )}
        {book.form && book.fieldMarks && (
          <AddressForm
            form={book.form}
            marks={book.fieldMarks}
            stateFieldShown={book.stateFieldShown}
            countries={book.countries}
            states={book.states}
            onChange={book.change}
            onCountry={book.changeCountry}
            onMakeDefault={book.setMakeDefault}
          />
        )}
      </Modal>

      <Modal
        open={add.modalOpen}
        title={ADDRESS_CREATE_TEXT.modalTitle}
        onClose={add.close}
        onConfirm={() => {
          marks.all();
          add.submit();
        }}
        confirmDisabled={add.saving}
        className="ac-modal"
      >
        {add.error && (
          <p role="alert" className="ac-notice ac-notice--danger">
            {add.error}
          </p>
        )}
        <AddressForm
          form={add.form}
          marks={add.fieldMarks}
          shownMarks={marks.shown}
          onBlur={marks.touch}
          stateFieldShown={add.stateFieldShown}
          countries={book.countries}
          states={add.states}
          onChange={add.change}
          onCountry={add.changeCountry}
          onMakeDefault={add.setMakeDefault}
        />
      </Modal>
    </section>
  );
}
