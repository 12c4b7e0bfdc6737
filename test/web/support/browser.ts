import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { axeViolations, describeViolation, FAILING_IMPACTS } from './axe';

/**
 * The browser suites drive Debian's Chromium (apt package `chromium`; .ci/run installs it when it is
 * missing) through playwright-core, headless. One browser per suite, one context per test group.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Every suite that drives the browser imports this module. A test of several pages outlasts jest's 30 s
// on a busy 2-core machine once each capture() runs axe at both sizes (about 0.5 to 1.5 s each there).
jest.setTimeout(60_000);

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

export const SCREENSHOT_DIR = join(__dirname, '..', '..', '..', 'test-artifacts', 'screenshots');
/** Every axe finding of a capture, minor ones too: `<name>-desktop.json` and `<name>-mobile.json`. */
export const AXE_REPORT_DIR = join(__dirname, '..', '..', '..', 'test-artifacts', 'axe');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

/**
 * What went wrong in the page that a test would not otherwise see: uncaught errors, console errors
 * and Content-Security-Policy violations (the HTML is served with a strict CSP).
 */
export interface PageProblems {
  list(): string[];
  clear(): void;
}

export async function newContext(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; problems: PageProblems }> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
  // Well inside jest's 30 s per test, so a missing element fails with Playwright's own explanation.
  context.setDefaultTimeout(10_000);
  const problems: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  context.on('page', (page) => watch(page, problems));
  return { context, problems: { list: () => [...problems], clear: () => problems.splice(0) } };
}

/** Failed API answers the page expects (a 404 it handles) are the test's business, not a problem. */
const EXPECTED_CONSOLE_NOISE = /Failed to load resource: the server responded with a status of (401|402|403|404|409|429)/;

function watch(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' || EXPECTED_CONSOLE_NOISE.test(message.text())) return;
    problems.push(`console error: ${message.text()}`);
  });
}

/** Waits until the browser has laid out and painted the current state (charts resize on a frame). */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Full-page screenshots of the current page at the desktop size and at 375 px, saved as
 * test-artifacts/screenshots/<name>-desktop.jpg and -mobile.jpg (JPEG: PNG encoding took about a
 * quarter of a suite's time, JPEG a third of that). Also checks that nothing makes the
 * page wider than either screen (a horizontal scrollbar), and that on the desktop no table is wider
 * than its card (its last columns, often the row's buttons, out of sight), that every form
 * control is labelled, and that axe-core finds no serious or critical accessibility violation at
 * either size (tables become cards on the phone, so both are checked; every finding of any impact
 * is written to test-artifacts/axe/<name>-<size>.json, with the milliseconds axe took). Waits for the page's loading spinners to go first.
 */
export async function capture(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  mkdirSync(AXE_REPORT_DIR, { recursive: true });
  const original = page.viewportSize() ?? VIEWPORTS.desktop;
  const problems: string[] = [];
  // What the page shows once loaded, not a spinner of a part still loading.
  await page.waitForFunction(() => document.querySelector('.loading') === null);
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // From the top, so sticky headers are where a reader first sees them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${label}.jpg`),
      type: 'jpeg',
      quality: 80,
      fullPage: true,
      animations: 'disabled',
    });
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (wider > 0) problems.push(`the page is ${wider} px wider than the ${label} screen (${viewport.width} px)`);
    // On the desktop a table fits its card: a row's buttons hidden behind a sideways scroll go unseen.
    if (label === 'desktop') {
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('.table-wrap')]
          .map((wrap) => ({
            px: wrap.scrollWidth - wrap.clientWidth,
            card: wrap.clientWidth,
            // Which table, by its caption (DataTable gives every table one), and its columns' widths: what grew.
            table: wrap.querySelector('caption')?.textContent ?? '(no caption)',
            columns: [...wrap.querySelectorAll('thead th')].map(
              (th) => `${th.textContent || '(actions)'} ${Math.round(th.getBoundingClientRect().width)} px`,
            ),
          }))
          .filter((table) => table.px > 0),
      );
      for (const table of clipped)
        problems.push(
          `the table "${table.table}" is ${table.px} px wider than its card (${table.card} px) on the desktop; its columns: ${table.columns.join(', ')}`,
        );
    }
    const axeStarted = Date.now();
    const violations = await axeViolations(page);
    writeFileSync(join(AXE_REPORT_DIR, `${name}-${label}.json`), JSON.stringify({ ms: Date.now() - axeStarted, violations }, null, 2));
    for (const violation of violations.filter((v) => v.impact !== null && FAILING_IMPACTS.includes(v.impact)))
      problems.push(`${label}: ${describeViolation(violation)}`);
  }
  // Every form control has a name a screen reader says (a <label>, aria-label or aria-labelledby).
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')]
      .filter((field) => field.type !== 'hidden' && field.labels?.length === 0)
      .filter((field) => !field.getAttribute('aria-label') && !field.getAttribute('aria-labelledby'))
      .map((field) => field.outerHTML.slice(0, 120)),
  );
  for (const field of unlabelled) problems.push(`a form control has no label: ${field}`);
  await page.setViewportSize(original);
  await settled(page);
  if (problems.length > 0) throw new Error(`${name}: ${problems.join('; ')}`);
}
