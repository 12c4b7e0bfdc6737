import { readFile, stat } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { Marked, type Tokens } from 'marked';

/**
 * The docs/ pages, served by the gateway itself as HTML under /docs/guide (docs/README.md at
 * /docs/guide, docs/<section>/<page>.md at /docs/guide/<section>/<page>), beside the API reference
 * (Swagger UI at /docs). So every deployment serves the documentation of the version it runs, with
 * no docs host to keep in step, and the `docs` link of every error body (a path on the gateway:
 * /docs/guide/api/errors#<code>) resolves wherever the gateway is reached. The pages are the
 * repository's own Markdown (trusted input: rendered as written, raw HTML included), under the
 * Content-Security-Policy of everything under /docs (no script runs on them).
 */
export const DOCS_PAGES_PATH = '/docs/guide';

/** `/docs/guide` or `/docs/guide/<section>/<page>`: lower-case words only, so no path can leave DOCS_DIR. */
const PAGE_URL = /^\/docs\/guide(?:\/([a-z0-9-]+)\/([a-z0-9-]+))?$/;

/** Adds the pages' route; a path that names no page falls through to the JSON 404 like any unknown path. */
export function serveDocsPages(app: NestExpressApplication, docsDir: string): void {
  const root = resolve(docsDir);
  const cache = new Map<string, { mtimeMs: number; html: string }>();
  // Mounted on its prefix, so that no other request (a public call above all) runs this handler;
  // Express's prefix match is case-insensitive and ignores a trailing slash: the exact path is checked here.
  app.use(DOCS_PAGES_PATH, async (req: Request, res: Response, next: NextFunction) => {
    const match = req.method === 'GET' || req.method === 'HEAD' ? PAGE_URL.exec(req.originalUrl.split('?', 1)[0]) : null;
    if (!match) return next();
    const relative = match[1] ? `${match[1]}/${match[2]}.md` : 'README.md';
    const file = resolve(root, relative);
    try {
      const { mtimeMs } = await stat(file);
      let page = cache.get(file);
      if (!page || page.mtimeMs !== mtimeMs) {
        page = { mtimeMs, html: renderDocsPage(await readFile(file, 'utf8'), relative) };
        cache.set(file, page);
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.send(page.html);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return next();
      next(err);
    }
  });
}

// -------------------------------------------------------------------------------------------------
// Anchors: GitHub's, so that a link works the same in the repository and on the gateway
// -------------------------------------------------------------------------------------------------

/** The text a heading shows, from its Markdown: links become their text, code and emphasis marks go. */
export function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim();
}

/** GitHub's anchor of a heading (github-slugger): lower case, punctuation and symbols dropped, spaces → `-`. */
export function headingSlug(markdown: string): string {
  return headingText(markdown)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings in order, a repeated one numbered as GitHub does (`x`, `x-1`, …). */
export function headingAnchors(headings: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((heading) => {
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    return count === 0 ? slug : `${slug}-${count}`;
  });
}

// -------------------------------------------------------------------------------------------------
// Rendering
// -------------------------------------------------------------------------------------------------

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Where a link of the page `relative` (a path under docs/) points once served: a page under docs/
 * becomes its /docs/guide URL; an absolute URL or a fragment stays; a file outside docs/ (source,
 * bench/README.md) is not served: null.
 */
export function servedHref(href: string, relative: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return href;
  const [path, fragment] = splitFragment(href);
  const target = posix.normalize(posix.join('docs', posix.dirname(relative), path));
  if (!target.startsWith('docs/') || !target.endsWith('.md')) return null;
  const page = target.slice('docs/'.length, -'.md'.length);
  const url = page === 'README' ? DOCS_PAGES_PATH : `${DOCS_PAGES_PATH}/${page}`;
  return fragment === undefined ? url : `${url}#${fragment}`;
}

function splitFragment(href: string): [string, string | undefined] {
  const hash = href.indexOf('#');
  return hash === -1 ? [href, undefined] : [href.slice(0, hash), href.slice(hash + 1)];
}

/** One docs page as a whole HTML document: headings with GitHub's anchors, links to other pages rewritten. */
export function renderDocsPage(markdown: string, relative: string): string {
  const marked = new Marked({ gfm: true });
  const seen = new Map<string, number>();
  let title = 'Documentation';
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { tokens, depth, text }: Tokens.Heading) {
        const slug = headingSlug(text);
        const count = seen.get(slug) ?? 0;
        seen.set(slug, count + 1);
        const id = count === 0 ? slug : `${slug}-${count}`;
        if (depth === 1) title = headingText(text);
        return `<h${depth} id="${escapeHtml(id)}"><a class="anchor" href="#${escapeHtml(id)}">${this.parser.parseInline(tokens)}</a></h${depth}>\n`;
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { href, title: linkTitle, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const served = servedHref(href, relative);
        if (served === null) {
          // A file of the repository that is not a docs page: named, not linked.
          const path = posix.normalize(posix.join('docs', posix.dirname(relative), splitFragment(href)[0]));
          return `<span class="repo-path" title="${escapeHtml(path)} in the repository">${inner}</span>`;
        }
        const titleAttribute = linkTitle ? ` title="${escapeHtml(linkTitle)}"` : '';
        return `<a href="${escapeHtml(served)}"${titleAttribute}>${inner}</a>`;
      },
    },
  });
  const body = marked.parse(markdown, { async: false });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Unified API gateway</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<nav aria-label="Documentation"><a href="${DOCS_PAGES_PATH}">Documentation</a> · <a href="/docs">API reference</a> · <a href="/">Website</a></nav>
<main>
${body}</main>
</body>
</html>
`;
}

/** Readable defaults only: the pages carry no script, and this is their one style (inline styles are allowed under /docs). */
const PAGE_STYLE = [
  'body{font:16px/1.55 system-ui,sans-serif;color:#1b1f24;margin:0 auto;max-width:980px;padding:1rem 1.25rem 4rem}',
  'nav{padding:.5rem 0 1rem;border-bottom:1px solid #d8dee4;margin-bottom:1rem}',
  'a{color:#0b5cad}h1,h2,h3,h4{line-height:1.25;margin-top:1.6em}',
  'a.anchor{color:inherit;text-decoration:none}',
  'code{font:.9em ui-monospace,monospace;background:#f1f3f5;padding:.1em .3em;border-radius:4px}',
  'pre{background:#f6f8fa;padding:.8rem;overflow:auto;border-radius:6px}pre code{background:none;padding:0}',
  'table{border-collapse:collapse;display:block;overflow:auto;margin:1rem 0}th,td{border:1px solid #d8dee4;padding:.35rem .6rem;vertical-align:top}',
  'th{background:#f6f8fa}.repo-path{border-bottom:1px dotted #888}',
].join('');
