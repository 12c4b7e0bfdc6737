import { APP_AREAS, SITE_PAGES } from '../../web/src/site-paths';
import { isWebAppPath, WEB_APP_AREAS, WEB_APP_PAGES } from '../../src/web-app/web-app.paths';

/** The server answers index.html for exactly the paths the web app's router knows. */
describe('web app paths', () => {
  it('the server and the browser app list the same pages and areas', () => {
    expect([...WEB_APP_PAGES]).toEqual([...SITE_PAGES]);
    expect([...WEB_APP_AREAS]).toEqual([...APP_AREAS]);
  });

  it.each([
    '/',
    '/catalog',
    '/plans',
    '/quickstart',
    '/signin',
    '/signup',
    '/console',
    '/console/keys/abc',
    '/admin',
    '/admin/catalog/text.generate',
  ])('%s is the web app’s', (path) => expect(isWebAppPath(path)).toBe(true));

  it.each([
    '/nope',
    '/Catalog',
    '/catalog/',
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
});
