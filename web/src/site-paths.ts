/**
 * The web app's own paths. The gateway serves index.html for exactly these (the pages, one page per
 * catalog slug, and anything under an area): src/web-app/web-app.paths.ts holds the same lists, and
 * test/web/web-app-paths.spec.ts fails when the two differ. A browser asking for any other page (not
 * /api, /docs, …) gets index.html with a 404 and the app's not-found page; other requests the API's JSON 404.
 */
export const SITE_PAGES = ['/', '/catalog', '/plans', '/quickstart', '/signin', '/signup', '/reference', '/reference/operator'] as const;

/** Pages with one page per catalog slug below them (`/catalog/text.generate`). */
export const SITE_SLUG_PAGES = ['/catalog'] as const;

/** Areas: the path itself and every path below it. */
export const APP_AREAS = ['/console', '/admin'] as const;
