/**
 * Product notices: California Proposition 65 warnings (the chemicals and the endpoint: cancer,
 * reproductive harm), hazardous-material handling, and "not returnable once opened"; and which
 * of them a destination must show before payment.
 *
 * The Proposition 65 texts follow the safe-harbor content of 27 CCR § 25603: the full warning of
 * subsection (a), which a website shows before the purchase, and the short form of subsection (b)
 * as amended in 2025 (it names one chemical for each endpoint). The web display rule is a warning
 * or a link marked 'WARNING' on the product page, and the full warning before payment for a
 * California address.
 * @module
 */

/** A Proposition 65 endpoint. */
export type Prop65Endpoint = 'cancer' | 'reproductive-harm';

/** A notice a product can carry. */
export type ProductNotice =
  | {
      kind: 'prop65';
      /** Listed chemicals the product can expose one to, for cancer (e.g. 'lead', 'crystalline silica'). */
      cancer: readonly string[];
      /** Listed chemicals for birth defects or other reproductive harm (e.g. 'lead'). */
      reproductiveHarm: readonly string[];
    }
  | { kind: 'hazmat-handling' }
  | { kind: 'not-returnable-once-opened' };

/** The warning symbol printed before 'WARNING' (a yellow triangle in print). */
export const WARNING_SYMBOL = '⚠';

/** The text of the product page's Proposition 65 link (the regulation asks for the word WARNING). */
export const PROP65_LINK_TEXT = `${WARNING_SYMBOL} WARNING: California Proposition 65`;

/** Where every Proposition 65 text points. */
export const P65_URL = 'www.P65Warnings.ca.gov';

/** The hazardous-material handling notice. */
export const HAZMAT_HANDLING_TEXT =
  'Hazardous material: ships by ground within the contiguous US only, never to a PO box. Keep it dry, store it sealed away from acids and other pool chemicals, and never mix chemicals.';

/** The notice of products that cannot come back once opened. */
export const NOT_RETURNABLE_TEXT = 'Not returnable once opened.';

/** 'lead', 'lead and cobalt', 'lead, cobalt and nickel'. */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const isAre = (names: readonly string[]) => (names.length > 1 ? 'are' : 'is');

/** Distinct, non-empty chemical names in first-seen order. */
function distinct(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const n of names) {
    const name = n.trim();
    const key = name.toLowerCase();
    if (name && !seen.has(key)) {
      seen.add(key);
      out.push(name);
    }
  }
  return out;
}

/** The chemicals of every Proposition 65 notice of a list, merged by endpoint. */
export function prop65Chemicals(notices: readonly ProductNotice[]): { cancer: string[]; reproductiveHarm: string[] } {
  const cancer: string[] = [];
  const reproductiveHarm: string[] = [];
  for (const n of notices) {
    if (n.kind !== 'prop65') continue;
    cancer.push(...n.cancer);
    reproductiveHarm.push(...n.reproductiveHarm);
  }
  return { cancer: distinct(cancer), reproductiveHarm: distinct(reproductiveHarm) };
}

/** The safe-harbor words of each endpoint: 'known to the State of California to cause …'. */
const CAUSES = {
  both: 'cancer and birth defects or other reproductive harm',
  cancer: 'cancer',
  reproductiveHarm: 'birth defects or other reproductive harm',
} as const;

/**
 * The full Proposition 65 warning for the chemicals of some notices, or null when there are none.
 * Each chemical is named once, in the safe-harbor words of its endpoints (27 CCR § 25603(a)): a
 * chemical listed for both is "known to the State of California to cause cancer and birth defects
 * or other reproductive harm"; the others follow with their own endpoint.
 * @example
 * prop65FullWarning([{ kind: 'prop65', cancer: ['crystalline silica'], reproductiveHarm: [] }]);
 * // '⚠ WARNING: This product can expose you to chemicals including crystalline silica, which is known to the State of California to cause cancer. For more information go to www.P65Warnings.ca.gov.'
 * prop65FullWarning([{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['lead'] }]);
 * // '⚠ WARNING: This product can expose you to chemicals including lead, which is known to the State of California to cause cancer and birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov.'
 */
export function prop65FullWarning(notices: readonly ProductNotice[]): string | null {
  const { cancer, reproductiveHarm } = prop65Chemicals(notices);
  const inCancer = new Set(cancer.map((c) => c.toLowerCase()));
  const inRepro = new Set(reproductiveHarm.map((c) => c.toLowerCase()));
  const groups: [readonly string[], string][] = [
    [cancer.filter((c) => inRepro.has(c.toLowerCase())), CAUSES.both],
    [cancer.filter((c) => !inRepro.has(c.toLowerCase())), CAUSES.cancer],
    [reproductiveHarm.filter((c) => !inCancer.has(c.toLowerCase())), CAUSES.reproductiveHarm],
  ];
  const clauses = groups
    .filter(([names]) => names.length > 0)
    .map(([names, causes]) => `${listOf(names)}, which ${isAre(names)} known to the State of California to cause ${causes}`);
  if (clauses.length === 0) return null;
  const body = clauses.length === 1 ? clauses[0]! : `${clauses.slice(0, -1).join(', ')}, and ${clauses[clauses.length - 1]!}`;
  return `${WARNING_SYMBOL} WARNING: This product can expose you to chemicals including ${body}. For more information go to ${P65_URL}.`;
}

/**
 * The short-form Proposition 65 warning (one chemical named for each endpoint), or null.
 * @example
 * prop65ShortWarning([{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['lead'] }]);
 * // '⚠ WARNING: Risk of cancer and reproductive harm from exposure to lead. See www.P65Warnings.ca.gov.'
 */
export function prop65ShortWarning(notices: readonly ProductNotice[]): string | null {
  const { cancer, reproductiveHarm } = prop65Chemicals(notices);
  const c = cancer[0];
  const r = reproductiveHarm[0];
  let body: string;
  if (c && r) {
    // a chemical listed for both endpoints is named once
    const same = cancer.find((x) => reproductiveHarm.some((y) => y.toLowerCase() === x.toLowerCase()));
    body = same ? `Risk of cancer and reproductive harm from exposure to ${same}` : `Risk of cancer from exposure to ${c} and reproductive harm from exposure to ${r}`;
  } else if (c) {
    body = `Cancer risk from exposure to ${c}`;
  } else if (r) {
    body = `Risk of reproductive harm from exposure to ${r}`;
  } else {
    return null;
  }
  return `${WARNING_SYMBOL} WARNING: ${body}. See ${P65_URL}.`;
}

/** What a product page shows of a product's notices. */
export interface ProductNoticeView {
  /** The Proposition 65 link and its texts, or null when the product has no warning. */
  prop65: { linkText: string; shortWarning: string; fullWarning: string } | null;
  /** Hazardous-material handling text, or null. */
  hazmat: string | null;
  /** 'Not returnable once opened.', or null. */
  notReturnable: string | null;
}

/**
 * The notices a product page (and the feeds) show for a product, on every destination.
 * @example
 * productNoticeView([{ kind: 'not-returnable-once-opened' }]).notReturnable; // 'Not returnable once opened.'
 */
export function productNoticeView(notices: readonly ProductNotice[]): ProductNoticeView {
  const full = prop65FullWarning(notices);
  const short = prop65ShortWarning(notices);
  return {
    prop65: full && short ? { linkText: PROP65_LINK_TEXT, shortWarning: short, fullWarning: full } : null,
    hazmat: notices.some((n) => n.kind === 'hazmat-handling') ? HAZMAT_HANDLING_TEXT : null,
    notReturnable: notices.some((n) => n.kind === 'not-returnable-once-opened') ? NOT_RETURNABLE_TEXT : null,
  };
}

/** A notice the checkout shows before payment. */
export interface CheckoutNotice {
  kind: 'prop65' | 'hazmat-handling' | 'not-returnable-once-opened';
  /** The full text to show. */
  text: string;
  /** The lines it is about. */
  lineIds: string[];
}

/** A line as the notices read it. */
export interface NoticeLine {
  id: string;
  title: string;
  notices?: readonly ProductNotice[];
}

/**
 * The notices a destination must show before payment: the full Proposition 65 warning when the
 * shipping address is in California (one warning naming the chemicals of every line that
 * carries one), the hazardous-material handling notice, and which products cannot be returned
 * once opened (naming them), on every destination.
 * @example
 * noticesBeforePayment([{ id: 'de', title: 'DE Powder', notices: [{ kind: 'prop65', cancer: ['crystalline silica'], reproductiveHarm: [] }] }], 'CA');
 * // [{ kind: 'prop65', text: '⚠ WARNING: This product can expose you to chemicals including crystalline silica, …', lineIds: ['de'] }]
 */
export function noticesBeforePayment(lines: readonly NoticeLine[], state: string | null): CheckoutNotice[] {
  const out: CheckoutNotice[] = [];
  const having = (kind: ProductNotice['kind']) => lines.filter((l) => l.notices?.some((n) => n.kind === kind));
  if (state === 'CA') {
    const p65 = having('prop65');
    const text = prop65FullWarning(p65.flatMap((l) => l.notices ?? []));
    if (text) out.push({ kind: 'prop65', text, lineIds: p65.map((l) => l.id) });
  }
  const hazmat = having('hazmat-handling');
  if (hazmat.length) out.push({ kind: 'hazmat-handling', text: HAZMAT_HANDLING_TEXT, lineIds: hazmat.map((l) => l.id) });
  const closed = having('not-returnable-once-opened');
  if (closed.length) {
    out.push({ kind: 'not-returnable-once-opened', text: `${NOT_RETURNABLE_TEXT.slice(0, -1)}: ${listOf(closed.map((l) => l.title))}.`, lineIds: closed.map((l) => l.id) });
  }
  return out;
}

/** Most chemicals a Proposition 65 notice names for one endpoint. */
export const MAX_PROP65_CHEMICALS = 20;

/** Longest chemical name, characters. */
export const MAX_CHEMICAL_NAME_LENGTH = 120;

/**
 * A product's notices as an operator gives them, checked and tidied: each kind at most once,
 * chemical names trimmed and named once per endpoint, a Proposition 65 warning naming at least
 * one chemical; or what is wrong, in plain words.
 * @example
 * checkProductNotices([{ kind: 'prop65', cancer: [' lead '], reproductiveHarm: ['Lead', 'lead'] }]);
 * // { ok: true, value: [{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['Lead'] }] }
 */
export function checkProductNotices(notices: readonly ProductNotice[]): { ok: true; value: ProductNotice[] } | { ok: false; message: string } {
  const seen = new Set<string>();
  const out: ProductNotice[] = [];
  for (const n of notices) {
    if (seen.has(n.kind)) return { ok: false, message: `A product carries one '${n.kind}' notice; this one lists it twice.` };
    seen.add(n.kind);
    if (n.kind !== 'prop65') {
      out.push({ kind: n.kind });
      continue;
    }
    const cancer = distinct(n.cancer);
    const reproductiveHarm = distinct(n.reproductiveHarm);
    if (cancer.length === 0 && reproductiveHarm.length === 0) {
      return { ok: false, message: 'A Proposition 65 warning names at least one chemical, for cancer or for reproductive harm.' };
    }
    if (cancer.length > MAX_PROP65_CHEMICALS || reproductiveHarm.length > MAX_PROP65_CHEMICALS) {
      return { ok: false, message: `A Proposition 65 warning names at most ${MAX_PROP65_CHEMICALS} chemicals for each endpoint.` };
    }
    const long = [...cancer, ...reproductiveHarm].find((c) => c.length > MAX_CHEMICAL_NAME_LENGTH);
    if (long !== undefined) return { ok: false, message: `A chemical name is at most ${MAX_CHEMICAL_NAME_LENGTH} characters.` };
    out.push({ kind: 'prop65', cancer, reproductiveHarm });
  }
  return { ok: true, value: out };
}
