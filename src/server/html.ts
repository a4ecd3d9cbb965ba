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
