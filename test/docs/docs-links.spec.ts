import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { anchorsOf, brokenLinks, documentationFiles, linkTargets, REPO_ROOT } from './markdown-files';

const FILES = documentationFiles();
const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

describe('README.md and docs/: links and structure', () => {
  it('finds the README and the pages of every audience', () => {
    expect(FILES).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'docs/api/errors.md', 'docs/operate/configuration.md']));
    for (const section of ['api', 'concepts', 'operate', 'develop']) expect(FILES.some((f) => f.startsWith(`docs/${section}/`))).toBe(true);
  });

  it.each(FILES)('%s: every relative link names an existing file, and its anchor a heading there', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('catches what it should: a missing file, a missing anchor, a link out of the repository', () => {
    const links =
      '[a](nope.md) [b](errors.md#no_such_code) [c](errors.md#budget_exceeded) [d](../../../outside.md) [e](#no-such-heading) [f](../../package.json#x) [g](https://example.com/x.md)';
    expect(brokenLinks('docs/api/calls.md', links).map(({ target }) => target)).toEqual([
      'nope.md',
      'errors.md#no_such_code',
      '../../../outside.md',
      '#no-such-heading',
      '../../package.json#x',
    ]);
    expect(anchorsOf('# Title\n\n## Plan fee\n\n```sh\n# not a heading\n```\n### `budget_exceeded`\n## Plan fee\n')).toEqual(
      new Set(['title', 'plan-fee', 'budget_exceeded', 'plan-fee-1']),
    );
    expect(linkTargets('[a](x.md#y) `[b](not-a-link.md)` [c](https://example.com "t")\n```\n[d](code.md)\n```')).toEqual([
      'x.md#y',
      'https://example.com',
    ]);
  });

  it('the README stays a front page: at most 200 lines, with the quick start, the test command and the docs map', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    expect(readme).toContain('```sh\nnpm install\nnpm start\n```');
    expect(readme).toContain('```sh\nnpm test\n```');
    // .ci/run runs "the README's test command": the same command.
    expect(read('.ci/run')).toMatch(/^npm test$/m);
    expect(linkTargets(readme)).toContain('docs/README.md');
  });

  const PAGES = FILES.filter((f) => f.startsWith('docs/'));

  it.each(PAGES)('%s starts with its title and a one-line purpose', (file) => {
    const [title, blank, purpose, after] = read(file).split('\n');
    expect(title).toMatch(/^# \S/);
    expect(blank).toBe('');
    expect(purpose).toMatch(/^[A-Z`].{20,}[.:]$/);
    expect(after).toBe('');
  });

  it('docs/README.md lists every page', () => {
    const listed = new Set(linkTargets(read('docs/README.md')).map((target) => `docs/${target.split('#')[0]}`));
    expect(PAGES.filter((page) => page !== 'docs/README.md' && !listed.has(page))).toEqual([]);
  });
});
