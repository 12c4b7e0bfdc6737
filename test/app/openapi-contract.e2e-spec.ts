import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createOpenApiDocument, OPENAPI_FILE, openApiFileText } from '../../src/app/openapi-file';
import { ERROR_CODES, Gateway, ROUTES } from '../../sdk/src/index.js';
import { GatewayHarness } from '../support/gateway-harness';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const GENERATED_TYPES = join(ROOT, 'sdk', 'src', 'generated', 'openapi.ts');
/** The type generator runs in its own process: openapi-typescript and Prettier are ES modules, which jest's sandbox cannot load. */
const generateTypes = (...args: string[]) =>
  run(process.execPath, ['-r', './test/support/ts-register.js', 'sdk/codegen/generate.ts', ...args], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
const SLOW_MS = 120_000;

/**
 * One contract: openapi.json (committed) is the application's OpenAPI document, built from its code
 * without a server, and the very document a running gateway serves; the TypeScript types of the SDK
 * and the web app (sdk/src/generated/openapi.ts) are what it generates. When a DTO or route changes,
 * this fails until `npm run api:generate` is run; then the SDK's and the web app's type checks point
 * at every client method and page the change touches. What the SDK's hand-written parts read (the
 * call envelope, the error shape and codes, the limit headers) is held to the document here too.
 */
describe('the API contract', () => {
  let gw: GatewayHarness;
  let served: any;
  let committed: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    served = await (await fetch(`${gw.url}/docs/openapi.json`)).json();
    committed = readFileSync(OPENAPI_FILE, 'utf8');
  });
  afterAll(() => gw?.close());

  it('openapi.json is the document the application builds without a server (npm run api:generate)', async () => {
    // Not equal: the API changed; run `npm run api:generate` and review the diff.
    expect(openApiFileText(await createOpenApiDocument())).toBe(committed);
  });

  it('openapi.json is the document the running gateway serves, byte for byte in the same key order', () => {
    expect(openApiFileText(served)).toBe(committed);
  });

  it(
    'the generated types are what openapi.json generates',
    async () => {
      // Exits 1 (and this rejects) when sdk/src/generated/openapi.ts differs.
      await expect(generateTypes(OPENAPI_FILE, '--check')).resolves.toBeDefined();
    },
    SLOW_MS,
  );

  it(
    'a field the server adds changes the generated types (so the check above would catch it)',
    async () => {
      const changed = structuredClone(served);
      changed.components.schemas.CustomerView.properties.loyalty_tier = { type: 'string' };
      const dir = mkdtempSync(join(tmpdir(), 'openapi-contract-'));
      try {
        writeFileSync(join(dir, 'openapi.json'), JSON.stringify(changed));
        const { stdout } = await generateTypes(join(dir, 'openapi.json'), '--stdout');
        expect(stdout).not.toBe(readFileSync(GENERATED_TYPES, 'utf8'));
        expect(stdout).toContain('loyalty_tier?: string;');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    SLOW_MS,
  );

  it('the routes the clients are checked against (ROUTES) are every method and path of the document', () => {
    const methods = ['get', 'put', 'post', 'delete', 'patch'];
    const documented = Object.entries<Record<string, unknown>>(served.paths).flatMap(([path, item]) =>
      methods.filter((m) => m in item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect([...ROUTES]).toEqual(documented);
    expect(documented.filter((r) => r.includes(' /api/reseller/v1/')).length).toBeGreaterThan(50);
  });

  it('the call result carries every field of the documented envelope (and of its usage)', async () => {
    const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const envelope = served.components.schemas.CallResponseEnvelope;
    const usage = served.components.schemas.CallUsage;
    const result = await new Gateway({ apiKey: (await gw.createTenantWithKey()).key, baseUrl: gw.url }).call('text.embed', { input: 'x' });
    expect(Object.keys(result).sort()).toEqual([...Object.keys(envelope.properties).map(camel), 'billedPicoUsd', 'rateLimit'].sort());
    expect(Object.keys(result.usage).sort()).toEqual(Object.keys(usage.properties).map(camel).sort());
  });

  it('the error shape and its codes are the ones the SDK reads', () => {
    expect(Object.keys(served.components.schemas.ErrorBody.properties)).toEqual(['error']);
    expect(Object.keys(served.components.schemas.ErrorDetail.properties).sort()).toEqual([
      'code',
      'details',
      'docs',
      'message',
      'request_id',
    ]);
    expect([...served.components.schemas.ErrorCode.enum].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('the limit headers the document declares are the ones the SDK reads', () => {
    expect(Object.keys(served.components.headers).sort()).toEqual(
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
