import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIGURATION_PAGE, configurationMarkdown } from '../../scripts/docs/configuration-reference';
import { ERRORS_PAGE, errorsMarkdown } from '../../scripts/docs/error-reference';
import { ERROR_CATALOG, errorDocsLink } from '../../src/common/errors/error-catalog';
import { EnvironmentVariables } from '../../src/config/app-config';
import { anchorsOf, REPO_ROOT } from './markdown-files';

const committed = (page: string) => readFileSync(join(REPO_ROOT, page), 'utf8');
const REGENERATE = 'run `npm run docs:generate` and commit the result';

/** The two generated pages equal what the code generates now: a change to the config class or the catalog fails here until they are regenerated. */
describe('generated docs pages', () => {
  it(`${CONFIGURATION_PAGE} is what the config class generates (${REGENERATE})`, () => {
    expect(committed(CONFIGURATION_PAGE)).toBe(configurationMarkdown(REPO_ROOT));
  });

  it(`${ERRORS_PAGE} is what the error catalog generates (${REGENERATE})`, () => {
    expect(committed(ERRORS_PAGE)).toBe(errorsMarkdown());
  });

  it('every variable of the config class has its section, defaults included', () => {
    const page = committed(CONFIGURATION_PAGE);
    const anchors = anchorsOf(page);
    const names = [...page.matchAll(/^### `([A-Z0-9_]+)`$/gm)].map((m) => m[1]);
    for (const name of Object.keys(new EnvironmentVariables())) expect(names).toContain(name);
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'ADMIN_TOKEN',
      'SESSION_SECRET',
      'WEBHOOK_SECRETS_KEY',
      'CONSOLE_ORIGIN',
      'METRICS_PORT',
    ])
      expect(names).toContain(name);
    for (const name of names) expect(anchors.has(name.toLowerCase())).toBe(true);
    expect(page).toMatch(
      /### `SESSION_IDLE_TIMEOUT_MS`\n\n.+\n\n- Type: integer\n- Default: `43200000` \(12 h\)\n- Constraints: at least `60000` \(1 min\); at most `2592000000` \(30 d\)\n/,
    );
  });

  it("every code of the catalog has the anchor that error bodies' docs links name", () => {
    const anchors = anchorsOf(committed(ERRORS_PAGE));
    for (const code of Object.keys(ERROR_CATALOG)) {
      expect(anchors.has(code)).toBe(true);
      expect(errorDocsLink(code)).toBe(`/docs/guide/api/errors#${code}`);
    }
  });

  it('the generators refuse a variable or a code that says nothing', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOG)) {
      expect([code, entry.when.length > 10, entry.action.length > 10]).toEqual([code, true, true]);
    }
  });
});
