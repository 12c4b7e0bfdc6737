import { readFileSync } from 'node:fs';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core (Deque's accessibility engine) run on the page as it is, for capture(). The pages are
 * served with a strict Content-Security-Policy (no inline script), so axe is not added as a <script>:
 * its source is evaluated through the DevTools protocol (page.evaluate), which the page's CSP does not
 * govern, and only when a capture asks for it, so page loads of the suites stay as they are.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA (the level the web app promises) and Deque's best
 * practices (heading order, landmarks, one h1), plus the one experimental rule the web app must
 * also keep: a control's accessible name contains its visible text (WCAG 2.5.3, label in name), so
 * voice users can say what they see. Not AAA (enhanced contrast) and no other experimental rule.
 */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // What the failure message needs: the violations only, not the passes or the undecided checks.
  resultTypes: ['violations'],
};

/** The impacts that fail a test; minor and moderate findings are written to the report only. */
export const FAILING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

export interface AxeViolation {
  rule: string;
  impact: ImpactValue | null;
  help: string;
  /** One line per element: its CSS selector and what axe found wrong with it. */
  nodes: Array<{ target: string; message: string }>;
}

/** Runs axe on the whole page (its current state and viewport) and returns every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Once per document: a navigation gives a new window without it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options),
    AXE_OPTIONS,
  );
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      // failureSummary is "Fix any of the following:\n  <check's message>"; the message says it all.
      message: (node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? node.failureSummary ?? '',
    })),
  }));
}

/** A violation as a line of a test's failure message. */
export function describeViolation(violation: AxeViolation): string {
  const nodes = violation.nodes.map((node) => `${node.target} (${node.message})`).join(', ');
  return `axe ${violation.rule} [${violation.impact}]: ${violation.help}: ${nodes}`;
}
