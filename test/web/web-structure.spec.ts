import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The web app's shape, checked on its files so that a change that breaks it fails here rather than
 * in review (docs/develop/web-app.md):
 * - every page lives in its feature (`features/<resource>/pages/`), and is registered once, in the
 *   route table (app/routes.ts), or is a website page the table imports;
 * - no component file grows past 120 lines: a page that needs more is split into its feature's
 *   components and hooks;
 * - API calls sit in a feature's query hooks, never in a component: components import no SDK client.
 */
const WEB_SRC = join(__dirname, '..', '..', 'web', 'src');
const MAX_COMPONENT_LINES = 120;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const files = filesUnder(WEB_SRC).map((file) => relative(WEB_SRC, file).split(sep).join('/'));
const read = (file: string) => readFileSync(join(WEB_SRC, file), 'utf8');

describe('web app structure', () => {
  const pages = files.filter((file) => /\/pages\/[^/]+\.tsx$/.test(file));

  it('keeps every page in a feature slice', () => {
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.filter((file) => !/^features\/[a-z-]+\/pages\//.test(file))).toEqual([]);
  });

  it('registers every page in the one route table', () => {
    const table = read('app/routes.ts');
    const missing = pages.filter((file) => !table.includes(`../${file.replace(/\.tsx$/, '')}'`));
    expect(missing).toEqual([]);
  });

  it(`keeps every component file within ${MAX_COMPONENT_LINES} lines`, () => {
    const long = files
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => ({ file, lines: read(file).trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_COMPONENT_LINES);
    expect(long).toEqual([]);
  });

  it('imports the operator API’s client only in query files, so that only the admin area’s chunks load it', () => {
    const importing = files.filter((file) => /from '[./]*api\/admin-client'/.test(read(file)));
    expect(importing.length).toBeGreaterThan(5);
    expect(importing.filter((file) => !/(^|\/)[a-z-]*queries\.ts$/.test(file))).toEqual([]);
  });

  it('calls the API from query hooks only, never from a component', () => {
    const calling = files.filter((file) => file.endsWith('.tsx') && /\b(sdk\.(reseller|console|public)|adminSdk)\b/.test(read(file)));
    expect(calling).toEqual([]);
  });
});
