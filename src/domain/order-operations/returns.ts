/**
 * The store's return rules: what may come back, and what a return gives back.
 * - Pool chemicals (a product with the "not returnable once opened" notice, or any hazardous
 *   material) never come back once opened.
 * - Hazardous liquids (a hazmat-ground variant sold by volume: liquid chlorine, muriatic acid)
 *   never come back at all: a shopper may not ship one, and no carrier takes it back from a home.
 * - A restocking fee, a whole percent of the returned units' value, is set by the operator for
 *   each return (0 when waived).
 * - A freight item (a sand filter, a heat pump) comes back at the buyer's cost: the buyer books
 *   and pays the return freight; the store sends no label.
 * @module
 */
import type { Cents } from '../money.ts';
import type { OrderLineState, ReturnRuleFacts } from './state.ts';

/** The highest restocking fee an operator may set, in percent. @default 100 */
export const MAX_RESTOCKING_FEE_PERCENT = 100;

/** Why a line may not come back, or null when it may. */
export type ReturnRefusal = 'hazardous-liquid' | 'opened-chemical';

/**
 * Whether a variant title names a volume (a liquid): 'gal', 'qt', 'fl oz', 'L', 'liter'.
 * @example
 * soldByVolume('1 gal'); // true
 * soldByVolume('25 lb'); // false
 */
export function soldByVolume(variantTitle: string | null | undefined): boolean {
  return /\b\d+(?:\.\d+)?\s*(?:gal(?:lons?)?|qts?|quarts?|fl\.?\s*oz|l|litres?|liters?|ml)\b/i.test(variantTitle ?? '');
}

/** A chemical: a product that is not returnable once opened, or a hazardous material. */
export function isChemical(rules: ReturnRuleFacts): boolean {
  return rules.notReturnableOnceOpened || rules.shipClass === 'hazmat-ground';
}

/**
 * Why a line may not come back, given whether the units were opened.
 * @example
 * returnRefusal({ shipClass: 'hazmat-ground', notReturnableOnceOpened: true, liquid: true }, false); // 'hazardous-liquid'
 * returnRefusal({ shipClass: 'parcel', notReturnableOnceOpened: true, liquid: false }, true); // 'opened-chemical'
 * returnRefusal({ shipClass: 'parcel', notReturnableOnceOpened: true, liquid: false }, false); // null
 */
export function returnRefusal(rules: ReturnRuleFacts, opened: boolean): ReturnRefusal | null {
  if (rules.shipClass === 'hazmat-ground' && rules.liquid) return 'hazardous-liquid';
  if (opened && isChemical(rules)) return 'opened-chemical';
  return null;
}

/** The words of a refusal, naming the line. */
export function returnRefusalText(refusal: ReturnRefusal, title: string): string {
  return refusal === 'hazardous-liquid'
    ? `${title} is a hazardous liquid: it cannot be returned (no carrier takes it back from a home).`
    : `${title} is a pool chemical: it cannot be returned once opened.`;
}

/**
 * The restocking fee of a value: `percent` of it, rounded to the cent (half up).
 * @example
 * restockingFeeCents(10_999, 15); // 1650
 */
export function restockingFeeCents(valueCents: Cents, percent: number): Cents {
  return Math.floor((valueCents * percent + 50) / 100);
}

/** Whether any of the lines ships by freight (the buyer then pays the return freight). */
export function buyerPaysFreight(lines: readonly Pick<OrderLineState, 'rules'>[]): boolean {
  return lines.some((l) => l.rules.shipClass === 'freight');
}

/** The return instructions a shopper reads in the return's mail. */
export function returnInstructions(freight: boolean, feePercent: number): string[] {
  const out = ['Pack the items in their original packaging and write the return number on the box.'];
  if (freight) out.push('Freight items come back at your cost: book the return freight (LTL, on a pallet) with a carrier of your choice and send us its tracking number.');
  if (feePercent > 0) out.push(`A restocking fee of ${feePercent}% of the returned items' price is kept from the refund.`);
  out.push('We refund the items once they reach us and we have checked them.');
  return out;
}
