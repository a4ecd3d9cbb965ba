/**
 * Sanitising of stored HTML (article bodies, help answers, generic pages) before it leaves the
 * server: the database may hold HTML written by operators or imported from elsewhere, and the
 * storefront renders it as markup, so only formatting tags and safe links survive.
 * @module
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'strong', 'b',
    'em', 'i', 'u', 'small', 'sub', 'sup', 'code', 'pre', 'a', 'img', 'figure', 'figcaption', 'table',
    'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div', 'address',
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
  transformTags: {
    // A link that opens a new tab must not hand the opener to the target page.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/**
 * Strips scripts, event handlers, styles and unsafe URLs from stored HTML. Idempotent:
 * sanitising sanitised HTML changes nothing, so it is safe to apply at every read.
 *
 * @example
 * sanitizeContentHtml('<p onclick="x()">Hi<script>alert(1)</script></p>'); // '<p>Hi</p>'
 */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Escapes text for HTML element content and attribute values (the seed builds HTML from text). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
