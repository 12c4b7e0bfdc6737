import type { Page } from 'playwright-core';

/**
 * Clicks every entry of a side navigation in turn and waits, for each, until it is marked current,
 * its page shows an h1 and the document title changed to "… · Unified API". Returns the titles
 * seen, in order (a page that kept the title of the one before would time out here).
 */
export async function visitEveryNavEntry(page: Page, navigationName: string, labels: string[]): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: navigationName });
  const titles: string[] = [];
  for (const label of labels) {
    const before = await page.title();
    await nav.getByRole('link', { name: label, exact: true }).click();
    await page.waitForFunction((name) => document.querySelector('.side-nav a[aria-current="page"]')?.textContent === name, label);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction((previous) => document.title !== previous && document.title.endsWith(' · Unified API'), before);
    titles.push(await page.title());
  }
  return titles;
}
