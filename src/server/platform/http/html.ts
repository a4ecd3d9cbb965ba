/**
 * Sanitising of stored HTML before it leaves the server: catalogue descriptions (supplier feeds,
 * operators) and content (articles, help answers, pages). The storefront renders it as markup,
 * so only formatting, tables, images and safe links survive (no scripts, no event handler
 * attributes, no javascript: URLs, no inline styles). One policy for the whole server.
 * @module
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'strong', 'b',
    'em', 'i', 'u', 'small', 'sub', 'sup', 'code', 'pre', 'a', 'img', 'figure', 'figcaption', 'table',
    'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'span', 'div', 'address',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // the text inside a dropped <script>/<style> is code, not copy: drop it too
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript'],
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

/**
 * The safe form of stored HTML. Idempotent: sanitising sanitised HTML changes nothing, so it is
 * safe to apply at every read.
 * @example
 * sanitizeHtmlText('<p onclick="x()">Hi<script>alert(1)</script></p>'); // '<p>Hi</p>'
 */
export function sanitizeHtmlText(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) {
    // most recently used last: the oldest entry is the first one evicted
    sanitized.delete(html);
    sanitized.set(html, known);
    return known;
  }
  const out = sanitizeUntilStable(html);
  if (html.length <= MEMO_LARGEST_CHARS) {
    sanitized.set(html, out);
    memoChars += html.length + out.length;
    for (const [oldest, value] of sanitized) {
      if (memoChars <= MEMO_BUDGET_CHARS) break;
      sanitized.delete(oldest);
      memoChars -= oldest.length + value.length;
    }
  }
  return out;
}

/**
 * Sanitised texts by their stored HTML, least recently used first. Sanitising is a pure function
 * of the text (two passes of an HTML parser at least: a sixth of the CPU of a product page's API
 * answer, and of every server render of it), so a description read again is answered from here;
 * an edited description is a new key. Bounded by the characters it holds.
 */
const sanitized = new Map<string, string>();
const MEMO_BUDGET_CHARS = 8_000_000;
const MEMO_LARGEST_CHARS = 200_000;
let memoChars = 0;

/** What the memo of {@link sanitizeHtmlText} holds (for tests and metrics). */
export function sanitizeMemoSize(): { entries: number; chars: number; budgetChars: number } {
  return { entries: sanitized.size, chars: memoChars, budgetChars: MEMO_BUDGET_CHARS };
}

function sanitizeUntilStable(html: string): string {
  // sanitize-html keeps nesting a browser would reparse ('<p><p></p></p>' becomes three
  // paragraphs on a second pass), so the output is run again until it is stable: the answer is
  // then the same whether a description is sanitised once, or again after an edit.
  let out = sanitizeHtml(html, OPTIONS);
  for (let i = 0; i < 4; i += 1) {
    const again = sanitizeHtml(out, OPTIONS);
    if (again === out) break;
    out = again;
  }
  return out;
}

/**
 * The safe form of stored description HTML; null stays null so "no description" survives.
 * @example
 * sanitizeDescription('<p onclick="x()">Hi<script>alert(1)</script></p>'); // '<p>Hi</p>'
 */
export function sanitizeDescription(html: string | null): string | null {
  return html === null ? null : sanitizeHtmlText(html);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * Plain text of description HTML for the search index: tags become spaces, common entities are
 * decoded. A regex rather than a parser because it runs over every product at start-up and the
 * index only needs the words.
 * @example
 * htmlToText('<p>Fits <b>SPX-1600</b></p>'); // 'Fits SPX-1600'
 */
export function htmlToText(html: string | null): string {
  if (html === null) return '';
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
