/**
 * The web app's own paths. The gateway serves index.html for exactly these (the pages, and anything
 * under an area): src/web-app/web-app.paths.ts holds the same lists, and test/web/web-app-paths.spec.ts
 * fails when the two differ. Every other path keeps the API's JSON 404.
 */
export const SITE_PAGES = ['/', '/catalog', '/plans', '/quickstart', '/signin', '/signup'] as const;

/** Areas: the path itself and every path below it. */
export const APP_AREAS = ['/console', '/admin'] as const;
