/**
 * Text of HTML and the read-time estimate (225 words per minute), for articles and
 * the product's structured data.
 * @module
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Reading speed of the read-time estimate.
 * @default 225
 */
export const WORDS_PER_MINUTE = 225;

/**
 * Plain text of an HTML fragment: script and style bodies removed, tags turned
 * into spaces (so `a<br>b` stays two words), the common entities and numeric
 * character references decoded, whitespace collapsed and trimmed.
 * Not a sanitizer: use it for counting and for plain-text descriptions only.
 *
 * @example
 * htmlToText('<p>Pump&nbsp;<b>basket</b></p>'); // 'Pump basket'
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[ref.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Number of words in a text: whitespace-separated tokens holding at least one
 * letter or digit (a lone dash or bullet is not a word).
 *
 * @example
 * countWords('Replace the O-ring - then prime'); // 5
 */
export function countWords(text: string): number {
  let words = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) words += 1;
  return words;
}

/**
 * Minutes to read an article at 225 words per minute, rounded up, at least 1.
 *
 * Accepts HTML or plain text: tags are stripped first (see {@link htmlToText}),
 * which leaves plain text unchanged apart from whitespace. An empty article
 * still reads '1 min': a zero-minute estimate looks like a bug.
 *
 * @example
 * readTimeMinutes('<p>' + 'word '.repeat(450) + '</p>'); // 2
 * readTimeMinutes('');                                   // 1
 */
export function readTimeMinutes(htmlOrText: string | null | undefined): number {
  return readTimeFromWords(countWords(htmlToText(htmlOrText)));
}

/**
 * Minutes to read a number of words at 225 words per minute, rounded up, at least 1 (lists carry
 * an article's word count instead of its body).
 *
 * @example
 * readTimeFromWords(226); // 2
 * readTimeFromWords(0);   // 1
 */
export function readTimeFromWords(words: number): number {
  return Math.max(1, Math.ceil(Math.max(0, words) / WORDS_PER_MINUTE));
}
