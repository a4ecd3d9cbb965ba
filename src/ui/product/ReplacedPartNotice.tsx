/**
 * 'Part X was replaced by Y': the notice of a superseded part number, with a link to the part
 * that replaced it. Shown above the results of a search for the old number and at the top of the
 * old part's page, so a shopper holding an old number learns which part to order before reading
 * anything else. Rendered on the server with the page (no chunk to wait for).
 * @module
 */
import { partReplacedText } from '../../domain/replaced-part.ts';
import { CatalogLink } from '../catalog/CatalogLink.tsx';
import './replaced-part.css';

/** Props of {@link ReplacedPartNotice}. */
export interface ReplacedPartNoticeProps {
  /** The old part number, as printed. */
  number: string;
  /** The replacement's part number; its title stands in when it has none. */
  replacementNumber: string | null;
  /** The replacement's title. */
  title: string;
  /** The replacement's page. */
  href: string;
}

/**
 * The notice: the sentence with the replacement's number as its link, then the replacement's title.
 * @example <ReplacedPartNotice number="KTW-3407-B" replacementNumber="KTW-3407-C" title="Pump Lid O-Ring" href="/products/pump-lid-o-ring" />
 */
export function ReplacedPartNotice({ number, replacementNumber, title, href }: ReplacedPartNoticeProps) {
  const next = replacementNumber !== null && replacementNumber !== '' ? replacementNumber : title;
  // the sentence's words come from the domain; the replacement's number becomes the link
  const [before] = partReplacedText(number, '\u0000').split('\u0000');
  return (
    <p className="sk-replaced-part" role="note">
      {before}
      <CatalogLink to={href}>{next}</CatalogLink>
      {next !== title && <span className="sk-replaced-part__title"> ({title})</span>}
    </p>
  );
}
