/** The product page's tabs move by the domain's tab-list rule, key by key. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import { TAB_KEYS, tabIndexAfterKey } from '../../src/domain/tabs.ts';
import { ProductTabs } from '../../src/ui/product/ProductTabs.tsx';
import { makeProduct } from '../domain/catalogue.helpers.ts';

afterEach(cleanup);

test('any run of keys on the product tabs selects and focuses the tab the rule names; other keys change nothing', () => {
  fc.assert(
    fc.property(fc.boolean(), fc.array(fc.constantFrom(...TAB_KEYS, 'Enter', 'ArrowDown'), { minLength: 1, maxLength: 8 }), (withPdfs, keys) => {
      cleanup();
      const product = makeProduct({ PDFs: withPdfs ? [{ url: '/files/manual.pdf', Attachment: { localFilename: 'a-b-c-d-manual.pdf' } }] : [] });
      render(<ProductTabs product={product} />);
      const tabs = screen.getAllByRole('tab');
      expect(tabs).toHaveLength(withPdfs ? 3 : 2);
      let at = 0;
      for (const key of keys) {
        fireEvent.keyDown(tabs[at]!, { key });
        at = tabIndexAfterKey(key, at, tabs.length) ?? at;
        expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(tabs.map((_, i) => String(i === at)));
        if (key !== 'Enter' && key !== 'ArrowDown') expect(document.activeElement).toBe(tabs[at]);
      }
    }),
    { numRuns: 25 },
  );
});
