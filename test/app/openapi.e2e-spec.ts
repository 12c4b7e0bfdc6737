import { GatewayHarness } from '../support/gateway-harness';
import { jsonSchema2020Problems, validateOpenApi } from '../support/openapi-validation';
import { expressRoutes, nestRoutes, toOpenApiPath } from '../support/registered-routes';

/** The HTTP methods a 3.1 Path Item may have. */
const OAS31_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isDocsRoute = (path: string) => path === '/docs' || path.startsWith('/docs/');

describe('OpenAPI 3.1 document at /docs/openapi.json', () => {
  let harness: GatewayHarness;
  let doc: any;

  beforeAll(async () => {
    harness = await GatewayHarness.start();
    const res = await fetch(`${harness.url}/docs/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = await res.json();
  });

  afterAll(() => harness?.close());

  describe('validity', () => {
    test('declares 3.1.0 and passes the official OpenAPI 3.1 schema', async () => {
      expect(doc.openapi).toBe('3.1.0');
      const result = await validateOpenApi(doc);
      expect(result.errors).toBeNull();
      expect(result).toMatchObject({ valid: true, version: '3.1' });
    });

    test.each([
      ['no info', (d: any) => delete d.info],
      ['a path without a leading slash', (d: any) => (d.paths['api/x'] = {})],
      ['a response without description', (d: any) => delete d.paths['/healthz'].get.responses['200'].description],
      ['an operation under a non-3.1 method (what @All renders)', (d: any) => (d.paths['/healthz'].search = d.paths['/healthz'].get)],
      [
        'a $ref to a missing component',
        (d: any) =>
          (d.paths['/healthz'].get.responses['200'].content = { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } }),
      ],
    ])('the validator rejects a document with %s', async (_name, breakIt) => {
      const broken = structuredClone(doc);
      breakIt(broken);
      expect((await validateOpenApi(broken)).valid).toBe(false);
    });

    test('every schema is JSON Schema 2020-12, without OpenAPI 3.0 leftovers', () => {
      expect(jsonSchema2020Problems(doc)).toEqual([]);
      expect(JSON.stringify(doc)).not.toMatch(/"nullable"|"exclusiveM(in|ax)imum":(true|false)/);
    });
  });

  describe('Swagger UI', () => {
    test('is served at /docs with every asset from this server (node_modules/swagger-ui-dist), no CDN', async () => {
      const res = await fetch(`${harness.url}/docs`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      const assets = [...html.matchAll(/(?:src|href)=["']([^"']+)["']/g)].map((m) => m[1]);
      expect(assets).toEqual(expect.arrayContaining(['./docs/swagger-ui-bundle.js', './docs/swagger-ui-init.js', './docs/swagger-ui.css']));
      for (const asset of assets) {
        expect(asset).not.toMatch(/^(https?:)?\/\//);
        const assetRes = await fetch(new URL(asset, `${harness.url}/docs`));
        expect({ asset, status: assetRes.status }).toEqual({ asset, status: 200 });
        await assetRes.arrayBuffer();
      }
      // The UI gets the document inline (no fetch), and the online validator badge is off.
      const init = await (await fetch(`${harness.url}/docs/swagger-ui-init.js`)).text();
      expect(init).toContain('"openapi": "3.1.0"');
      expect(init).toContain('"validatorUrl": null');
    });

    test('has a Content-Security-Policy that lets the page load its own assets only, and X-Frame-Options: DENY', async () => {
      const res = await fetch(`${harness.url}/docs`);
      const html = await res.text();
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // Every script is a file of this origin, which script-src 'self' allows: none inline, none elsewhere.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      for (const [, attributes, body] of scripts) {
        expect({ attributes, body: body.trim() }).toEqual({ attributes: expect.stringMatching(/src=["']\.\/docs\//), body: '' });
      }
      expect(directives.get('script-src')).toEqual(["'self'"]);
      // Stylesheets are files of this origin; the page's inline <style> blocks need 'unsafe-inline'.
      const stylesheets = [...html.matchAll(/<link\b[^>]*rel=["']stylesheet["'][^>]*>/g)].map((m) => m[0]);
      expect(stylesheets.length).toBeGreaterThanOrEqual(1);
      for (const link of stylesheets) expect(link).toMatch(/href=["']\.\/docs\//);
      expect(html).toMatch(/<style>/);
      expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      // swagger-ui.css draws its icons with data: URIs; "Try it out" calls this origin.
      expect(await (await fetch(`${harness.url}/docs/swagger-ui.css`)).text()).toContain('url("data:image/svg+xml');
      expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
      // The assets and the document carry the same headers.
      for (const path of ['/docs/swagger-ui-init.js', '/docs/openapi.json']) {
        const asset = await fetch(`${harness.url}${path}`);
        expect({ path, csp: asset.headers.get('content-security-policy'), frame: asset.headers.get('x-frame-options') }).toEqual({
          path,
          csp,
          frame: 'DENY',
        });
      }
    });
  });

  describe('route coverage', () => {
    test('Express and Nest agree on what is registered (so the Nest list below is complete)', () => {
      const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
      const fromExpress = expressRoutes(harness.app)
        .filter((r) => !isDocsRoute(r.path))
        .map(key)
        .sort();
      const fromNest = nestRoutes(harness.app).map(key).sort();
      expect(fromExpress).toEqual(fromNest);
      expect(fromNest.length).toBeGreaterThan(20);
    });

    test('every registered route is in the document, unless excluded with @ApiExcludeEndpoint/@ApiExcludeController', () => {
      const problems: string[] = [];
      for (const route of nestRoutes(harness.app)) {
        if (route.excludedFromDocs) continue;
        const path = toOpenApiPath(route.path);
        if (route.method === 'all') {
          problems.push(`${route.handler}: @All ${route.path} must be excluded (its 8 rendered operations replace the real ones)`);
        } else if (!doc.paths[path]?.[route.method]) {
          problems.push(`${route.handler}: ${route.method.toUpperCase()} ${path} is not documented`);
        }
      }
      expect(problems).toEqual([]);
    });

    test('every documented operation is a registered, non-excluded route', () => {
      const registered = new Set(
        nestRoutes(harness.app)
          .filter((r) => !r.excludedFromDocs)
          .map((r) => `${r.method} ${toOpenApiPath(r.path)}`),
      );
      const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((k) => OAS31_METHODS.includes(k))
          .map((method) => `${method} ${path}`),
      );
      expect(documented.filter((op) => !registered.has(op))).toEqual([]);
      expect(documented.length).toBe(registered.size);
    });
  });

  describe('what the decorators produce', () => {
    const publicPath = '/api/public/v1/{slug}';

    test('@Head is a head operation; @All(:slug), the {*path} catch-all and /metrics (Prometheus text) are excluded', () => {
      expect(Object.keys(doc.paths[publicPath]).sort()).toEqual(['get', 'head', 'post']);
      expect(doc.paths[publicPath].head.operationId).toBe('GatewayController_head');
      expect(doc.paths[publicPath].get.operationId).toBe('GatewayController_get');
      expect(doc.paths['/api/public/{path}']).toBeUndefined();
      const excluded = nestRoutes(harness.app)
        .filter((r) => r.excludedFromDocs)
        .map((r) => `${r.method} ${r.path}`);
      expect(excluded.sort()).toEqual(['all /api/openai/{*path}', 'all /api/public/v1/:slug', 'all /api/public/{*path}', 'get /metrics']);
    });

    test('every response of the public operations carries the rate-limit and request-id headers; 429 also Retry-After', () => {
      const expected = [
        'X-Service-Request-Id',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'RateLimit',
        'RateLimit-Policy',
      ];
      for (const method of ['get', 'post', 'head']) {
        for (const [status, response] of Object.entries<any>(doc.paths[publicPath][method].responses)) {
          for (const name of expected)
            expect([method, status, name, response.headers?.[name]]).toEqual([
              method,
              status,
              name,
              { $ref: `#/components/headers/${name}` },
            ]);
        }
      }
      expect(doc.paths[publicPath].post.responses['429'].headers['Retry-After']).toEqual({ $ref: '#/components/headers/Retry-After' });
      expect(doc.components.headers['X-RateLimit-Reset']).toMatchObject({ schema: { type: 'string', format: 'date-time' } });
      expect(doc.paths[publicPath].post['x-response-headers']).toBeUndefined();
    });

    test('one 200 with two content types: the JSON envelope and an SSE stream', () => {
      const content = doc.paths[publicPath].post.responses['200'].content;
      expect(Object.keys(content).sort()).toEqual(['application/json', 'text/event-stream']);
      expect(content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CallResponseEnvelope' });
      expect(content['text/event-stream'].schema).toMatchObject({ type: 'string' });
    });

    test('errors share one ErrorBody schema (with an ErrorCode enum); the OpenAI door one OpenAI envelope', () => {
      const errorSchemas = (prefix: string, openAiDoor: boolean) =>
        Object.entries<any>(doc.paths)
          .filter(([path]) => path.startsWith(prefix) === openAiDoor)
          .map(([, item]) => item);
      const openAiRefs = errorSchemas('/api/openai/', true)
        .flatMap((item) => OAS31_METHODS.filter((m) => item[m]).map((m) => item[m]))
        .flatMap((op) =>
          Object.entries<any>(op.responses)
            .filter(([status]) => Number(status) >= 400)
            .map(([, r]) => JSON.stringify(r.content['application/json'].schema)),
        );
      expect(new Set(openAiRefs)).toEqual(new Set([JSON.stringify({ $ref: '#/components/schemas/OpenAiErrorEnvelope' })]));
      const errorRefs = errorSchemas('/api/openai/', false)
        .flatMap((item) => OAS31_METHODS.filter((m) => item[m]).map((m) => item[m]))
        .flatMap((op) =>
          Object.entries<any>(op.responses)
            .filter(([status]) => Number(status) >= 400)
            .map(([, r]) => r.content['application/json'].schema),
        );
      expect(errorRefs.length).toBeGreaterThan(50);
      expect(new Set(errorRefs.map((s) => JSON.stringify(s)))).toEqual(
        new Set([JSON.stringify({ $ref: '#/components/schemas/ErrorBody' })]),
      );
      expect(doc.components.schemas.ErrorBody).toEqual({
        type: 'object',
        properties: { error: { $ref: '#/components/schemas/ErrorDetail' } },
        required: ['error'],
      });
      expect(doc.components.schemas.ErrorDetail.required).toEqual(['code', 'message', 'request_id', 'docs']);
      expect(doc.components.schemas.ErrorDetail.properties.docs).toMatchObject({ type: 'string', format: 'uri-reference' });
      expect(doc.components.schemas.ErrorCode.enum).toContain('rate_limited');
    });

    test('bearer schemes (public API keys, the admin token, management keys) and the session cookie, each where it is accepted', () => {
      expect(doc.components.securitySchemes).toEqual({
        publicApiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'API key', description: 'A tenant API key.' },
        adminToken: { type: 'http', scheme: 'bearer', bearerFormat: 'opaque token', description: 'The operator token (ADMIN_TOKEN).' },
        managementKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'gwm_ key',
          description: "A tenant's management key (the reseller API only).",
        },
        consoleSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'gw_session' }),
      });
      expect(doc.components.securitySchemes.consoleSession.description).toContain('X-CSRF-Token');
      // Alternatives: a management key or a session; a bearer token or an operator's session; the session alone.
      expect(doc.paths['/api/reseller/v1/customers/{id}'].get.security).toEqual([{ managementKey: [] }, { consoleSession: [] }]);
      expect(doc.paths['/api/console/v1/session'].get.security).toEqual([{ consoleSession: [] }]);
      expect(doc.paths[publicPath].post.security).toEqual([{ publicApiKey: [] }]);
      expect(doc.paths[publicPath].get.security).toEqual([{ publicApiKey: [] }]);
      expect(doc.paths[publicPath].head.security).toBeUndefined();
      expect(doc.paths['/api/admin/v1/keys/{id}'].get.security).toEqual([{ adminToken: [] }, { consoleSession: [] }]);
      expect(doc.paths['/healthz'].get.security).toBeUndefined();
    });

    test('output DTOs: nullable fields as type arrays, enums as named components', () => {
      const view = doc.components.schemas.ApiKeyView.properties;
      expect(view.expires_at).toEqual({ type: ['string', 'null'], format: 'date-time' });
      expect(view.rate_limit_per_window).toEqual({ type: ['integer', 'null'] });
      expect(view.status).toEqual({ allOf: [{ $ref: '#/components/schemas/ApiKeyStatus' }] });
      expect(doc.components.schemas.ApiKeyStatus).toEqual({ type: 'string', enum: ['active', 'revoked'] });
      expect(doc.paths['/api/admin/v1/keys/{id}'].get.responses['200'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/ApiKeyView',
      });
    });
  });
});
