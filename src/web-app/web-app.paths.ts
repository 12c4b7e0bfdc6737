/**
 * Which request paths are the web app's (answered with its index.html, the single-page app routes
 * them in the browser). Exact, case-sensitive matches like every other route here: `/Catalog`,
 * `/catalog/` or `/api/...` are not the web app's and keep the JSON 404. web/src/site-paths.ts holds
 * the same lists for the browser side (test/web/web-app-paths.spec.ts keeps them equal).
 */
export const WEB_APP_PAGES: readonly string[] = ['/', '/catalog', '/plans', '/quickstart', '/signin', '/signup'];

/** The signed-in areas: the path itself and every path below it (the app shows its own "not found"). */
export const WEB_APP_AREAS: readonly string[] = ['/console', '/admin'];

export function isWebAppPath(path: string): boolean {
  if (WEB_APP_PAGES.includes(path)) return true;
  return WEB_APP_AREAS.some((area) => path === area || path.startsWith(`${area}/`));
}
