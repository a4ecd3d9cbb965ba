/**
 * The address form: Country, State (only after a country is chosen),
 * Address Line 1 and 2, City, Postal Code, Company, First Name, Last Name, Phone Number and the
 * make-default choice, each with its visual valid/invalid mark and, when invalid, the reason
 * beside it. The marks and values come from the hook (`useAddressBook` or `useNewAddress`).
 * @module
 */
import { useId } from 'react';
import { ADDRESS_FORM_FIELDS, type AddressFormField, type AddressFormValues, type FieldMark } from '../../domain/address.ts';
import { ADDRESS_CREATE_TEXT, addressFieldMessage } from '../../domain/address-create.ts';
import type { Country, State } from '../../domain/entities.ts';

/** Props of {@link AddressForm}. */
export interface AddressFormProps {
  form: AddressFormValues;
  marks: Record<AddressFormField, FieldMark>;
  stateFieldShown: boolean;
  countries: readonly Country[];
  states: readonly State[];
  /** Fields whose mark shows; all of them when omitted (a saved address being edited). */
  shownMarks?: ReadonlySet<AddressFormField> | 'all';
  onChange(field: Exclude<AddressFormField, 'countryCode'>, value: string): void;
  onCountry(countryCode: string): void;
  onMakeDefault(makeDefault: boolean): void;
  /** Called when a field loses focus (to start showing its mark). */
  onBlur?: (field: AddressFormField) => void;
}

const AUTOCOMPLETE: Record<AddressFormField, string> = {
  countryCode: 'country',
  stateCode: 'address-level1',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  zip: 'postal-code',
  company: 'organization',
  firstName: 'given-name',
  lastName: 'family-name',
  phone: 'tel',
};

function Mark({ mark }: { mark: FieldMark }) {
  if (mark === 'none') return null;
  return (
    <span className={`ac-mark ac-mark--${mark}`} aria-hidden="true">
      {mark === 'valid' ? '\u2713' : '\u2715'}
    </span>
  );
}

/**
 * The address fields.
 * @example <AddressForm form={book.form} marks={book.fieldMarks} stateFieldShown={book.stateFieldShown} countries={book.countries} states={book.states} onChange={book.change} onCountry={book.changeCountry} onMakeDefault={book.setMakeDefault} />
 */
export function AddressForm({ form, marks, stateFieldShown, countries, states, shownMarks = 'all', onChange, onCountry, onMakeDefault, onBlur }: AddressFormProps) {
  const base = useId();
  return (
    <div className="ac-address-form">
      {ADDRESS_FORM_FIELDS.map((spec) => {
        if (spec.name === 'stateCode' && !stateFieldShown) return null;
        const id = `${base}-${spec.name}`;
        const mark: FieldMark = shownMarks === 'all' || shownMarks.has(spec.name) ? marks[spec.name] : 'none';
        const value = form[spec.name];
        const message = addressFieldMessage(spec.name, spec.label, mark, value);
        const common = {
          id,
          name: spec.name,
          required: spec.required,
          autoComplete: AUTOCOMPLETE[spec.name],
          'aria-invalid': mark === 'invalid' ? true : undefined,
          'aria-describedby': message ? `${id}-msg` : undefined,
          className: `ac-input ac-input--${mark}`,
          onBlur: () => onBlur?.(spec.name),
        };
        return (
          <div key={spec.name} className={`ac-field ac-field--${spec.name}`}>
            <label htmlFor={id}>
              {spec.label}
              {spec.required && <span aria-hidden="true"> *</span>}
            </label>
            <div className="ac-control">
              {spec.name === 'countryCode' ? (
                <select {...common} value={value} onChange={(e) => onCountry(e.target.value)}>
                  <option value="">{ADDRESS_CREATE_TEXT.chooseCountry}</option>
                  {countries.map((c) => (
                    <option key={c.countryCode} value={c.countryCode}>
                      {c.title}
                    </option>
                  ))}
                </select>
              ) : spec.name === 'stateCode' ? (
                <select {...common} value={value} onChange={(e) => onChange('stateCode', e.target.value)}>
                  <option value="">{ADDRESS_CREATE_TEXT.chooseState}</option>
                  {/* the saved state stays choosable while its country's list loads */}
                  {value !== '' && !states.some((s) => s.stateCode === value) && <option value={value}>{value}</option>}
                  {states.map((s) => (
                    <option key={s.stateCode} value={s.stateCode}>
                      {s.title}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  type={spec.name === 'phone' ? 'tel' : 'text'}
                  inputMode={spec.name === 'phone' ? 'tel' : undefined}
                  value={value}
                  onChange={(e) => onChange(spec.name as Exclude<AddressFormField, 'countryCode'>, e.target.value)}
                />
              )}
              <Mark mark={mark} />
            </div>
            {message && (
              <p id={`${id}-msg`} className="ac-field-msg">
                {message}
              </p>
            )}
          </div>
        );
      })}
      <div className="ac-field ac-field--check">
        <input id={`${base}-default`} type="checkbox" checked={form.makeDefault} onChange={(e) => onMakeDefault(e.target.checked)} />
        <label htmlFor={`${base}-default`}>{ADDRESS_CREATE_TEXT.makeDefault}</label>
      </div>
    </div>
  );
}
