/**
 * The accepted-payment marks of the footer (Amex, Apple Pay, Diners, Discover,
 * Google Pay, Mastercard, PayPal, Visa) as small inline SVG cards: generic marks drawn for this
 * store in each network's colours, not the networks' trademark files. Inline, so the footer needs
 * no image request; each card is an `img` named by its method.
 * @module
 */
import type { ReactNode } from 'react';
import { PAYMENT_METHODS } from '../../domain/footer.ts';

/** A payment method of the footer. */
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

const FONT = "'Trebuchet MS', 'DejaVu Sans', Verdana, Arial, sans-serif";

/** Word set on a card, centred at x, in bold. */
function word(text: string, x: number, y: number, size: number, fill: string, italic = false): ReactNode {
  return (
    <text x={x} y={y} textAnchor="middle" fontFamily={FONT} fontSize={size} fontWeight={700} fontStyle={italic ? 'italic' : undefined} fill={fill}>
      {text}
    </text>
  );
}

/** Card background and artwork of each method, in a 48x30 box. */
const MARKS: Record<PaymentMethodName, { bg: string; border?: string; art: ReactNode }> = {
  Visa: { bg: '#1a1f71', art: <>{word('VISA', 24, 19.5, 12, '#ffffff', true)}<rect x="6" y="22.5" width="36" height="2" fill="#f7b600" /></> },
  Mastercard: {
    bg: '#252525',
    art: (
      <>
        <circle cx="19" cy="15" r="8.5" fill="#eb001b" />
        <circle cx="29" cy="15" r="8.5" fill="#f79e1b" />
        <path d="M24 8.1a8.5 8.5 0 0 1 0 13.8a8.5 8.5 0 0 1 0-13.8z" fill="#ff5f00" />
      </>
    ),
  },
  Amex: { bg: '#2e77bc', art: <><rect x="5" y="8" width="38" height="14" rx="1.5" fill="none" stroke="#ffffff" strokeWidth="1.2" />{word('AMEX', 24, 19.2, 10, '#ffffff')}</> },
  Discover: {
    bg: '#ffffff',
    border: '#c9d3da',
    art: <>{word('DISC', 14.5, 18.5, 7, '#231f20')}<circle cx="29" cy="16" r="3.6" fill="#f58220" />{word('VER', 40, 18.5, 7, '#231f20')}<rect x="6" y="23" width="36" height="2" fill="#f58220" /></>,
  },
  Diners: {
    bg: '#ffffff',
    border: '#c9d3da',
    art: (
      <>
        <circle cx="24" cy="15" r="9.5" fill="#0069aa" />
        <circle cx="24" cy="15" r="6.5" fill="#ffffff" />
        <path d="M23 9.5v11M25 9.5v11" stroke="#0069aa" strokeWidth="1.6" />
      </>
    ),
  },
  'Apple Pay': {
    bg: '#000000',
    art: (
      <>
        <path d="M12.5 11.5c-2.6 0-4 2-4 4.3 0 2.8 1.9 5.7 3.4 5.7.9 0 1.2-.5 2.2-.5s1.2.5 2.2.5c1.6 0 3.2-3 3.2-3-1.5-.7-2-2-2-3.2 0-1.3.8-2.3 1.7-2.9-.7-.9-1.8-1.2-2.6-1.2-1.2 0-1.8.6-2.4.6-.5 0-1-.3-1.7-.3z" fill="#ffffff" />
        <path d="M14.6 10.8c.8-.9 1-1.9.9-2.7-.9.1-1.9.7-2.3 1.6-.4.7-.5 1.6-.4 2.2.8.1 1.4-.4 1.8-1.1z" fill="#ffffff" />
        {word('Pay', 31, 19.5, 11, '#ffffff')}
      </>
    ),
  },
  'Google Pay': {
    bg: '#ffffff',
    border: '#c9d3da',
    art: (
      <>
        <path d="M16.5 11.2a5.5 5.5 0 1 0 1.2 5.3h-5" fill="none" stroke="#4285f4" strokeWidth="2.2" />
        <path d="M7.6 12.4a5.5 5.5 0 0 1 8.9-1.2" fill="none" stroke="#ea4335" strokeWidth="2.2" />
        <path d="M7.2 17.1a5.5 5.5 0 0 1 .4-4.7" fill="none" stroke="#fbbc04" strokeWidth="2.2" />
        <path d="M16.9 18.8a5.5 5.5 0 0 1-9.7-1.7" fill="none" stroke="#34a853" strokeWidth="2.2" />
        {word('Pay', 32, 19.5, 10.5, '#5f6368')}
      </>
    ),
  },
  PayPal: {
    bg: '#ffffff',
    border: '#c9d3da',
    art: (
      <text x="24" y="19" textAnchor="middle" fontFamily={FONT} fontSize={10} fontWeight={700} fontStyle="italic">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#009cde">Pal</tspan>
      </text>
    ),
  },
};

/**
 * One payment mark: a 48x30 card (scaled by CSS), announced as its method's name.
 * @example <PaymentMark method="Visa" />
 */
export function PaymentMark({ method }: { method: PaymentMethodName }) {
  const mark = MARKS[method];
  return (
    <svg className="payment-mark" viewBox="0 0 48 30" width="48" height="30" role="img" aria-label={method} focusable="false">
      <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill={mark.bg} stroke={mark.border ?? mark.bg} />
      {mark.art}
    </svg>
  );
}

/**
 * The list of accepted payment marks, in the spec's order.
 * @example <PaymentMarks label="Accepted payment methods" />
 */
export function PaymentMarks({ label }: { label: string }) {
  return (
    <ul className="payment-icons" aria-label={label}>
      {PAYMENT_METHODS.map((method) => (
        <li key={method} className="payment-icon">
          <PaymentMark method={method} />
        </li>
      ))}
    </ul>
  );
}
