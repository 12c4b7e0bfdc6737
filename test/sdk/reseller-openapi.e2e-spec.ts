import { readFileSync, writeFileSync } from 'node:fs';
import { formattedResellerApi, GENERATED_FILE } from '../../sdk/codegen/generate';
import { resellerRoutes, type OpenApiDocument } from '../../sdk/codegen/reseller-api-codegen';
import { ERROR_CODES, Gateway, RESELLER_ROUTES } from '../../sdk/src/index.js';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * The SDK cannot drift from the server's API: its reseller types and routes are generated from the
 * live /docs/openapi.json and must equal what is committed, and what the public client reads (the
 * call envelope, the error shape and codes, the limit headers) must be what the document declares.
 * After a server change: `SDK_CODEGEN_WRITE=1 npx jest test/sdk/reseller-openapi` rewrites the
 * generated file; the reseller client must then still compile against it.
 */
describe('SDK against the live OpenAPI document', () => {
  let gw: GatewayHarness;
  let doc: any;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    doc = await (await fetch(`${gw.url}/docs/openapi.json`)).json();
  });

  afterAll(() => gw?.close());

  it('the generated reseller API (types and routes) is what the document generates today', () => {
    const generated = formattedResellerApi(doc as OpenApiDocument);
    if (process.env.SDK_CODEGEN_WRITE === '1') writeFileSync(GENERATED_FILE, generated);
    // Not equal: the server's reseller API changed; regenerate (see above) and review the diff.
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(generated);
  });

  it('a field the server adds, drops or changes changes the generated file (so the check above would catch it)', () => {
    const changed = structuredClone(doc);
    changed.components.schemas.CustomerView.properties.loyalty_tier = { type: 'string' };
    expect(formattedResellerApi(changed as OpenApiDocument)).not.toBe(readFileSync(GENERATED_FILE, 'utf8'));
  });

  it('every route of the reseller client is a method and path of the document, and none is missing', () => {
    const documented = resellerRoutes(doc as OpenApiDocument).map((r) => r.route);
    expect([...RESELLER_ROUTES].sort()).toEqual([...documented].sort());
    for (const route of RESELLER_ROUTES) {
      const [method, path] = route.split(' ');
      expect({ route, operation: Boolean(doc.paths[`/api/reseller/v1${path}`]?.[method.toLowerCase()]) }).toEqual({
        route,
        operation: true,
      });
    }
  });

  it('the call result carries every field of the documented envelope (and of its usage)', async () => {
    const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const envelope = doc.components.schemas.CallResponseEnvelope;
    const usage = doc.components.schemas.CallUsage;
    const result = await new Gateway({ apiKey: (await gw.createTenantWithKey()).key, baseUrl: gw.url }).call('text.embed', { input: 'x' });
    expect(Object.keys(result).sort()).toEqual([...Object.keys(envelope.properties).map(camel), 'billedPicoUsd', 'rateLimit'].sort());
    expect(Object.keys(result.usage).sort()).toEqual(Object.keys(usage.properties).map(camel).sort());
  });

  it('the error shape and its codes are the ones the SDK reads', () => {
    expect(Object.keys(doc.components.schemas.ErrorBody.properties)).toEqual(['error']);
    expect(Object.keys(doc.components.schemas.ErrorDetail.properties).sort()).toEqual(['code', 'details', 'docs', 'message', 'request_id']);
    expect([...doc.components.schemas.ErrorCode.enum].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('the limit headers the document declares are the ones the SDK reads', () => {
    expect(Object.keys(doc.components.headers).sort()).toEqual(
      [
        'RateLimit',
        'RateLimit-Policy',
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'X-Service-Request-Id',
      ].sort(),
    );
  });
});
