import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { CHUNK_LOAD_TIMEOUT_MS, CSS_CHUNK_LOAD_FAILED, LAZY_SECTION_VISIBLE_RATIO, MOBILE_BREAKPOINT_PX, MODAL_Z_INDEX, NOT_FOUND_TEXT, SHELL_MESSAGES, chunkLoadFailedMessage, isChunkLoadError, isMobileLayout } from '../../src/domain/shell.ts';
import { EXIT_INTENT, isDesktopExitTrigger, isMobileExitTrigger, mayShowExitPopup, scrollDepth, wasExitPopupShown } from '../../src/domain/exit-intent.ts';
import { FOOTER_HOURS, FOOTER_HOURS_TEXT, copyrightLine } from '../../src/domain/footer.ts';
import { WORDS_PER_MINUTE, countWords, htmlToText, readTimeFromWords, readTimeMinutes } from '../../src/domain/read-time.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('mobile layout', () => {
  test('breaks at 800 px', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(800);
  });

  test.each([
    [800, DESKTOP, true],
    [801, IPHONE, false],
    [375, DESKTOP, true],
    [1280, ANDROID, false],
    [0, DESKTOP, true],
  ])('width %s px decides once known (UA ignored): mobile=%s', (width, userAgent, mobile) => {
    expect(isMobileLayout({ width, userAgent })).toBe(mobile);
  });

  test.each([
    [null, IPHONE, true],
    [undefined, ANDROID, true],
    [null, DESKTOP, false],
    [undefined, MAC, false],
    [Number.NaN, IPHONE, true],
    [null, null, false],
    [undefined, '', false],
  ])('before the width is known (%s), a mobile user agent counts as mobile', (width, userAgent, mobile) => {
    expect(isMobileLayout({ width, userAgent })).toBe(mobile);
  });

  test('is mobile exactly for known widths up to 800 px', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.constantFrom(IPHONE, DESKTOP, ''), (width, userAgent) => {
        expect(isMobileLayout({ width, userAgent })).toBe(width <= 800);
      }),
    );
  });
});

describe('exit intent', () => {
  test('uses the spec constants', () => {
    expect(EXIT_INTENT).toMatchObject({ delayMs: 250, topEdgePx: 10, scrollUpPx: 10, depthRatio: 0.05, storageKey: 'exitIntentPopUpShown' });
  });

  test.each([
    [10, true],
    [0, true],
    [-5, true],
    [11, false],
    [400, false],
    [Number.NaN, false],
  ])('desktop: the pointer leaving at clientY %s triggers: %s', (clientY, triggers) => {
    expect(isDesktopExitTrigger(clientY)).toBe(triggers);
  });

  test.each([
    [100, 3000, 1000, 0.05],
    [0, 3000, 1000, 0],
    [2000, 3000, 1000, 1],
    [5000, 3000, 1000, 1],
    [100, 800, 1000, 0],
  ])('depth of scrollY %s on a %s px page with a %s px viewport is %s', (y, page, viewport, depth) => {
    expect(scrollDepth(y, page, viewport)).toBeCloseTo(depth, 10);
  });

  // page 5000, viewport 800: scrollable 4200, 5% = 210 px
  test.each([
    [400, 380, true, 'up 20 px past 5%'],
    [400, 390, false, 'up exactly 10 px'],
    [400, 389, true, 'up 11 px'],
    [400, 395, false, 'up 5 px'],
    [200, 150, false, 'starts above 5%'],
    [210, 100, true, 'starts at exactly 5%'],
    [400, 450, false, 'scrolling down'],
    [4200, 0, true, 'flick from the bottom to the top'],
  ])('mobile: from %s to %s triggers %s (%s)', (previousScrollY, scrollY, triggers) => {
    expect(isMobileExitTrigger({ previousScrollY, scrollY, pageHeight: 5000, viewportHeight: 800 })).toBe(triggers);
  });

  test('mobile: a page too short to scroll never triggers', () => {
    expect(isMobileExitTrigger({ previousScrollY: 300, scrollY: 0, pageHeight: 700, viewportHeight: 800 })).toBe(false);
  });

  test('mobile: never triggers without scrolling up by more than 10 px', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), fc.integer({ min: -10, max: 10000 }), fc.integer({ min: 0, max: 20000 }), fc.integer({ min: 1, max: 2000 }), (prev, down, page, viewport) => {
        const step = { previousScrollY: prev, scrollY: prev - Math.min(down, 10), pageHeight: page, viewportHeight: viewport };
        expect(isMobileExitTrigger(step)).toBe(false);
      }),
    );
  });

  test('depth stays within 0..1', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.double(), fc.double(), (y, page, viewport) => {
        const depth = scrollDepth(y, page, viewport);
        expect(depth).toBeGreaterThanOrEqual(0);
        expect(depth).toBeLessThanOrEqual(1);
      }),
    );
  });

  test.each([
    [false, false, true],
    [false, true, false],
    [true, false, false],
    [true, true, false],
    [null, false, false],
  ])('shows only to signed-out visitors, once: loggedIn=%s shown=%s -> %s', (loggedIn, alreadyShown, may) => {
    expect(mayShowExitPopup({ loggedIn, alreadyShown })).toBe(may);
  });

  test.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['1', true],
  ])('reads the stored flag %j as shown=%s', (stored, shown) => {
    expect(wasExitPopupShown(stored)).toBe(shown);
  });

  test('the value it stores reads back as shown', () => {
    expect(wasExitPopupShown(EXIT_INTENT.shownValue)).toBe(true);
  });
});

describe('read time', () => {
  test('reads 225 words per minute', () => {
    expect(WORDS_PER_MINUTE).toBe(225);
  });

  test.each([
    ['', 1],
    [null, 1],
    ['one', 1],
    ['word '.repeat(225), 1],
    ['word '.repeat(226), 2],
    ['<p>' + 'word '.repeat(450) + '</p>', 2],
    ['<p>' + 'word '.repeat(451) + '</p>', 3],
  ])('rounds up to whole minutes, at least 1: %#', (input, minutes) => {
    expect(readTimeMinutes(input)).toBe(minutes);
  });

  test('does not count tags, attributes, scripts or styles as words', () => {
    const html = '<div class="a b c d e"><script>var x = 1 + 2;</script><style>p { color: red }</style><p>two words</p></div>';
    expect(countWords(htmlToText(html))).toBe(2);
  });

  test('turns HTML into plain text', () => {
    expect(htmlToText('<p>Pump&nbsp;<b>basket</b></p><p>&amp; lid&#33; &#x41;</p>')).toBe('Pump basket & lid! A');
    expect(htmlToText('a<br>b')).toBe('a b');
    expect(htmlToText('keep &unknown; as is')).toBe('keep &unknown; as is');
    expect(htmlToText(null)).toBe('');
  });

  test.each([
    ['Replace the O-ring - then prime', 5],
    ['  ', 0],
    ['• bullet — dash', 2],
    ['3 HP, 230 V', 4],
  ])('counts words with a letter or digit: %j has %s', (text, words) => {
    expect(countWords(text)).toBe(words);
  });

  test('grows with the word count and never drops below one minute', () => {
    fc.assert(
      fc.property(fc.nat({ max: 5000 }), fc.nat({ max: 5000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const minutes = (n: number) => readTimeMinutes('<p>' + 'pool '.repeat(n) + '</p>');
        expect(minutes(lo)).toBeLessThanOrEqual(minutes(hi));
        expect(minutes(lo)).toBeGreaterThanOrEqual(1);
        expect(minutes(hi)).toBe(Math.max(1, Math.ceil(hi / 225)));
      }),
    );
  });

  test('a word count reads as the same minutes as a text of that many words', () => {
    fc.assert(
      fc.property(fc.nat({ max: 5000 }), (n) => {
        expect(readTimeFromWords(n)).toBe(readTimeMinutes('<p>' + 'pool '.repeat(n) + '</p>'));
      }),
    );
    expect(readTimeFromWords(-3)).toBe(1);
  });

  test('appending plain text never lowers the estimate', () => {
    // Plain text only: in HTML, appending a '>' can close a tag and hide words before it.
    const word = fc.oneof(fc.constantFrom('pump', 'filter', '3', '-', '—'), fc.string({ unit: fc.constantFrom(...'ab1 .'.split('')), maxLength: 4 }));
    const text = fc.array(word, { maxLength: 800 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(readTimeMinutes(`${a} ${b}`)).toBeGreaterThanOrEqual(readTimeMinutes(a));
      }),
      { numRuns: 200 },
    );
  });
});

describe('shell messages', () => {
  test('are the spec strings', () => {
    expect(SHELL_MESSAGES).toEqual({
      oops: 'Oops.',
      somethingWentWrong: 'Something went wrong.',
      renderError: 'Oops. Something went wrong.',
      generic: 'Something went wrong. Please try again.',
      imagesCopyrighted: 'Sorry, our images are copyrighted.',
    });
    expect(NOT_FOUND_TEXT).toEqual({ title: '404 Not Found', message: 'This page does not exist.', back: 'Go Back' });
  });

  test('chunk loading: message, 120 s timeout and CSS code', () => {
    expect(chunkLoadFailedMessage(42)).toBe('Loading chunk 42 failed');
    expect(chunkLoadFailedMessage('vendors-main')).toBe('Loading chunk vendors-main failed');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(CSS_CHUNK_LOAD_FAILED).toBe('CSS_CHUNK_LOAD_FAILED');
  });

  test.each([
    [new Error('Loading chunk 7 failed'), true],
    [new Error('Loading CSS chunk 7 failed.\n(/assets/7.css)'), true],
    [Object.assign(new Error('x'), { name: 'ChunkLoadError' }), true],
    [Object.assign(new Error('x'), { code: 'CSS_CHUNK_LOAD_FAILED' }), true],
    [new Error('Network down'), false],
    ['Loading chunk 7 failed', false],
    [null, false],
  ])('recognises chunk load errors: %s -> %s', (error, chunk) => {
    expect(isChunkLoadError(error)).toBe(chunk);
  });

  test('recognises every message it makes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.stringMatching(/^[a-z0-9_-]{1,12}$/)), (id) => {
        expect(isChunkLoadError(new Error(chunkLoadFailedMessage(id)))).toBe(true);
      }),
    );
  });
});

describe('footer and layout', () => {
  test('shows the opening hours', () => {
    expect(FOOTER_HOURS).toEqual(['Mon-Fri 6AM-8PM PST', 'Sat-Sun 6AM-3PM PST']);
    expect(FOOTER_HOURS_TEXT).toBe('Mon-Fri 6AM-8PM PST and Sat-Sun 6AM-3PM PST');
  });

  test('copyright line carries the given year', () => {
    expect(copyrightLine(2025, 'Skimmer')).toBe('© 2025 Skimmer. All rights reserved.');
    expect(copyrightLine(2026, ' ')).toBe('© 2026. All rights reserved.');
  });

  test('modal stacking and lazy-section constants', () => {
    expect(MODAL_Z_INDEX).toBe(10000);
    expect(LAZY_SECTION_VISIBLE_RATIO).toBe(0.1);
  });
});
