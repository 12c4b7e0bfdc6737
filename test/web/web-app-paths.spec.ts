import { APP_AREAS, SITE_PAGES, SITE_SLUG_PAGES } from '../../web/src/site-paths';
import { isSiteNotFoundPath, isWebAppPath, WEB_APP_AREAS, WEB_APP_PAGES, WEB_APP_SLUG_PAGES } from '../../src/web-app/web-app.paths';

/** The server answers index.html for exactly the paths the web app's router knows. */
describe('web app paths', () => {
  it('the server and the browser app list the same pages and areas', () => {
    expect([...WEB_APP_PAGES]).toEqual([...SITE_PAGES]);
    expect([...WEB_APP_AREAS]).toEqual([...APP_AREAS]);
    expect([...WEB_APP_SLUG_PAGES]).toEqual([...SITE_SLUG_PAGES]);
  });

  it.each([
    '/',
    '/catalog',
    '/plans',
    '/quickstart',
    '/signin',
    '/signup',
    '/reference',
    '/reference/operator',
    '/catalog/text.generate',
    '/catalog/infra.dns',
    '/console',
    '/console/keys/abc',
    '/admin',
    '/admin/catalog/text.generate',
  ])('%s is the web app’s', (path) => expect(isWebAppPath(path)).toBe(true));

  it.each([
    '/nope',
    '/Catalog',
    '/catalog/',
    '/catalog/Text.generate',
    '/catalog/text',
    '/catalog/text.generate/x',
    '/catalog/../admin',
    '/CONSOLE',
    '/consoles',
    '/administrator',
    '/api/public/v1/catalog',
    '/api/admin/v1/tenants',
    '/docs',
    '/metrics',
    '/healthz',
    '/readyz',
    '',
  ])('%s is not', (path) => expect(isWebAppPath(path)).toBe(false));

  it.each(['/login', '/pricing', '/foo/bar', '/catalog/', '/Catalog', '/apix', '/docsite'])(
    'a browser asking for %s gets the site’s not-found page',
    (path) => expect(isSiteNotFoundPath(path)).toBe(true),
  );

  it.each(['/api', '/api/nope', '/docs', '/docs/nope', '/metrics', '/healthz', '/readyz', '/assets/x.js', '/downloads/x.tgz', ''])(
    '%s keeps the JSON 404, even for a browser',
    (path) => expect(isSiteNotFoundPath(path)).toBe(false),
  );
});
