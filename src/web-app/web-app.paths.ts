/**
 * Which request paths are the web app's (answered with its index.html, the single-page app routes
 * them in the browser). Exact, case-sensitive matches like every other route here: `/Catalog`,
 * `/catalog/` or `/api/...` are not the web app's and keep the JSON 404. web/src/site-paths.ts holds
 * the same lists for the browser side (test/web/web-app-paths.spec.ts keeps them equal).
 */
export const WEB_APP_PAGES: readonly string[] = [
  '/',
  '/catalog',
  '/plans',
  '/quickstart',
  '/signin',
  '/signup',
  '/reference',
  '/reference/operator',
];

/** Pages with one page per catalog slug below them: `/catalog/text.generate` (the slug's form only). */
export const WEB_APP_SLUG_PAGES: readonly string[] = ['/catalog'];

/** The signed-in areas: the path itself and every path below it (the app shows its own "not found"). */
export const WEB_APP_AREAS: readonly string[] = ['/console', '/admin'];

/** A catalog slug's form (src/catalog/slug.ts): `<category>.<operation>`. */
const SLUG = /^[a-z]+\.[a-z][a-z0-9_-]{0,47}$/;

/**
 * Prefixes never answered with the site's not-found page, even for a browser: the APIs, the API
 * reference and the guide, probes, metrics and the built files keep their JSON 404.
 */
const NOT_SITE_PREFIXES: readonly string[] = ['/api', '/docs', '/metrics', '/healthz', '/readyz', '/assets', '/downloads'];

export function isWebAppPath(path: string): boolean {
  if (WEB_APP_PAGES.includes(path)) return true;
  if (WEB_APP_SLUG_PAGES.some((page) => path.startsWith(`${page}/`) && SLUG.test(path.slice(page.length + 1)))) return true;
  return WEB_APP_AREAS.some((area) => path === area || path.startsWith(`${area}/`));
}

/** A path no page has that a browser may still ask for (`/login`, `/pricing`): the site's not-found page, with a 404. */
export function isSiteNotFoundPath(path: string): boolean {
  return path.startsWith('/') && !NOT_SITE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
