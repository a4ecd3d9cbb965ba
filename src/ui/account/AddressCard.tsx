/**
 * One saved address: titled 'Default Address' or 'Mailing Address', with Edit
 * and Delete.
 * @module
 */
import { useId } from 'react';
import { addressLines, printableMailingAddress } from '../../domain/address-format.ts';
import type { MailingAddress } from '../../domain/entities.ts';

/** Props of {@link AddressCard}. */
export interface AddressCardProps {
  address: MailingAddress;
  /** 'Default Address' or 'Mailing Address' (from the hook). */
  title: string;
  /** Without it the card has no Edit action. */
  onEdit?: () => void;
  /** Without it the card has no Delete action. */
  onDelete?: () => void;
  /** A delete of this address is in flight. @default false */
  deleting?: boolean;
}

/**
 * An address card.
 * @example <AddressCard address={a} title={a.title} onEdit={() => book.edit(a.id)} onDelete={() => book.remove(a.id)} />
 */
export function AddressCard({ address, title, onEdit, onDelete, deleting = false }: AddressCardProps) {
  const headingId = useId();
  const who = [address.firstName, address.lastName].filter(Boolean).join(' ');
  return (
    <article className={`ac-card${address.isDefault ? ' ac-card--default' : ''}`} aria-labelledby={headingId} aria-busy={deleting || undefined}>
      <h3 id={headingId} className="ac-card__title">
        {title}
      </h3>
      <address className="ac-card__lines">
        {addressLines(printableMailingAddress(address)).map((line, i) => (
          <span key={i}>{line}</span>
        ))}
      </address>
      {(onEdit || onDelete) && (
        <div className="ac-card__actions">
          {onEdit && (
            <button type="button" className="ac-link" onClick={onEdit}>
              Edit<span className="visually-hidden">{` ${title.toLowerCase()}: ${who}, ${address.address1}`}</span>
            </button>
          )}
          {onDelete && (
            <button type="button" className="ac-link ac-link--danger" onClick={onDelete} disabled={deleting}>
              {deleting ? 'Deleting...' : 'Delete'}
              <span className="visually-hidden">{` ${title.toLowerCase()}: ${who}, ${address.address1}`}</span>
            </button>
          )}
        </div>
      )}
    </article>
  );
}
