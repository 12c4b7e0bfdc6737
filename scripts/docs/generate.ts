/**
 * `npm run docs:generate`: writes the two generated docs pages, docs/operate/configuration.md (from
 * the config class) and docs/api/errors.md (from the error catalog). test/docs/docs-drift.spec.ts
 * fails when the committed pages differ from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIGURATION_PAGE, configurationMarkdown } from './configuration-reference';
import { ERRORS_PAGE, errorsMarkdown } from './error-reference';

const repoRoot = join(__dirname, '..', '..');
for (const [page, text] of [
  [CONFIGURATION_PAGE, configurationMarkdown(repoRoot)],
  [ERRORS_PAGE, errorsMarkdown()],
] as const) {
  writeFileSync(join(repoRoot, page), text);
  console.log(`wrote ${page}`);
}
