import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { headingAnchors } from '../../src/app/docs-pages';

/** Reading the repository's Markdown for the docs tests: its files, its links, its anchors. */

export const REPO_ROOT = join(__dirname, '..', '..');

/** README.md and every Markdown file under docs/, as paths relative to the repository. */
export function documentationFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(REPO_ROOT, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      return statSync(join(REPO_ROOT, path)).isDirectory() ? walk(path) : path.endsWith('.md') ? [path] : [];
    });
  return ['README.md', ...walk('docs')].sort();
}

/** The text outside fenced code blocks, and with inline code spans blanked: what can hold links and headings. */
export function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
  });
}

/** Every inline link target of a Markdown text (`[text](target)` and `[text](target "title")`), images included. */
export function linkTargets(markdown: string): string[] {
  // Headings keep their code spans (a heading like ### `x` still names its anchor); links never sit in code.
  const targets: string[] = [];
  for (const line of proseLines(markdown)) for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) targets.push(match[1]);
  return targets;
}

/** The anchors a Markdown file offers: GitHub's for each heading, and any explicit `id`/`name` attribute. */
export function anchorsOf(markdown: string): Set<string> {
  let fenced = false;
  const headings: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) headings.push(line.replace(/^#{1,6} /, '').replace(/\s+#+\s*$/, ''));
  }
  const explicit = [...markdown.matchAll(/\b(?:id|name)="([^"]+)"/g)].map((m) => m[1]);
  return new Set([...headingAnchors(headings), ...explicit]);
}

export interface BrokenLink {
  file: string;
  target: string;
  problem: string;
}

/** The relative links of `file` (its text, or `markdown` in its place) that name no existing file, or an anchor that file does not have. */
export function brokenLinks(file: string, markdown = readFileSync(join(REPO_ROOT, file), 'utf8')): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not in the repository
    const hash = target.indexOf('#');
    const path = hash === -1 ? target : target.slice(0, hash);
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = path === '' ? file : relative(REPO_ROOT, join(REPO_ROOT, file, '..', decodeURIComponent(path)));
    if (resolved.startsWith('..') || !existsSync(join(REPO_ROOT, resolved))) {
      broken.push({ file, target, problem: `no file ${resolved}` });
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md')) {
      broken.push({ file, target, problem: 'an anchor into a file that is not Markdown' });
      continue;
    }
    if (!anchorsOf(readFileSync(join(REPO_ROOT, resolved), 'utf8')).has(anchor)) {
      broken.push({ file, target, problem: `${resolved} has no heading for #${anchor}` });
    }
  }
  return broken;
}
