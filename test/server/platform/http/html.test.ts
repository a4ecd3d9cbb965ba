import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { htmlToText, sanitizeDescription, sanitizeHtmlText, sanitizeMemoSize } from '../../../../src/server/platform/http/html.ts';

describe('sanitizeDescription', () => {
  test.each([
    ['<p onclick="x()">Hi</p>', '<p>Hi</p>'],
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<p style="color:red">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<a href="https://example.com" target="_blank">x</a>', '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>'],
    ['<table><tbody><tr><th>Part</th><td>SPX</td></tr></tbody></table>', '<table><tbody><tr><th>Part</th><td>SPX</td></tr></tbody></table>'],
  ])('sanitises %j to %j', (input, output) => {
    expect(sanitizeDescription(input)).toBe(output);
  });

  test('a text sanitised again is answered from the memo with the same result, and the memo stays within its budget', () => {
    const html = '<p onclick="x()">Fits <b>SPX-1600</b><script>alert(1)</script></p>';
    const first = sanitizeHtmlText(html);
    const entries = sanitizeMemoSize().entries;
    expect(sanitizeHtmlText(html)).toBe(first);
    expect(sanitizeMemoSize().entries).toBe(entries);
    // texts past the budget evict the least recently used ones
    const big = (i: number) => `<p>${i} ${'pump '.repeat(30_000)}</p>`;
    for (let i = 0; i < 60; i++) sanitizeHtmlText(big(i));
    const { chars, budgetChars } = sanitizeMemoSize();
    expect(chars).toBeLessThanOrEqual(budgetChars);
    expect(chars).toBeGreaterThan(budgetChars / 2);
    expect(sanitizeHtmlText(big(59))).toBe(`<p>59 ${'pump '.repeat(30_000)}</p>`);
  });

  test('null stays null', () => {
    expect(sanitizeDescription(null)).toBeNull();
  });

  test('reaches a stable form when sanitize-html leaves nesting a second pass would change (counterexample pinned)', () => {
    const html = '<p onclick="a()"><A<script><p onclick="a()">';
    const once = sanitizeDescription(html) as string;
    expect(sanitizeDescription(once)).toBe(once);
  });

  test('is idempotent and never lets a script, handler or javascript: URL through', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.constantFrom('<script>', '</script>', '<p onclick="a()">', '</p>', '<a href="javascript:x">', '</a>', '<img src=x onerror=y>', '<b>', '</b>', '&amp;', '<', '>', '"', "'"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((a) => a.join('')), (html) => {
        const once = sanitizeDescription(html) as string;
        expect(sanitizeDescription(once)).toBe(once);
        expect(once).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
      }),
    );
  });
});

describe('htmlToText', () => {
  test.each([
    ['<p>Fits <b>SPX-1600</b></p>', 'Fits SPX-1600'],
    ['<p>A &amp; B &lt;3&gt;</p>', 'A & B <3>'],
    ['x<script>var a = 1;</script>y', 'x y'],
    [null, ''],
  ])('reads %j as %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  test('leaves no tags and no runs of whitespace', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const t = htmlToText(`<p>${s.replace(/[<>]/g, '')}</p>`);
        expect(t).not.toMatch(/<[^>]*>/);
        expect(t).not.toMatch(/\s\s/);
        expect(t).toBe(t.trim());
      }),
    );
  });
});
