/**
 * What "first-load JavaScript" means, in one place for the budget test
 * (budget.browser.test.ts) and the benchmark that prints it (bench/web.ts): the scripts the
 * page has loaded at the moment the entry marks the document hydrated (`html[data-hydrated]`),
 * read from the page's resource timing then, as Next.js counts First Load JS. Chunks requested
 * later (lazy sections, idle work) are not part of it.
 */
import type { Page } from 'playwright-core';

type Snapshot = { __scriptsAtHydration?: string[] };

/** Before the page is opened: snapshot, in the page, the scripts loaded when it marks itself hydrated. */
export async function snapshotScriptsAtHydration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __scriptsAtHydration?: string[] };
    new MutationObserver((_, observer) => {
      if (!document.documentElement?.hasAttribute('data-hydrated')) return;
      w.__scriptsAtHydration = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith('.js'));
      observer.disconnect();
      // the document, not its root element: an init script runs before the <html> element exists
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

/** Once the page is hydrated: the URLs of the scripts of its first load (see the module). */
export async function scriptsAtHydration(page: Page): Promise<string[]> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
  return await page.evaluate(() => (window as unknown as Snapshot).__scriptsAtHydration ?? []);
}
