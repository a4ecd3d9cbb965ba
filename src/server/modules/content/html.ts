/**
 * HTML helpers of the content side: sanitising (the server's one policy) and escaping text
 * that the seed turns into HTML.
 * @module
 */
import { sanitizeHtmlText } from '../../platform/http/html.ts';

/**
 * Strips scripts, event handlers, styles and unsafe URLs from stored HTML, with the server's one
 * sanitising policy (src/server/platform/http/html.ts). Idempotent, so it is safe to apply at every read.
 *
 * @example
 * sanitizeContentHtml('<p onclick="x()">Hi<script>alert(1)</script></p>'); // '<p>Hi</p>'
 */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtmlText(html);
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
