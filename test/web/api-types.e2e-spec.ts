import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GatewayHarness } from '../support/gateway-harness';

const ROOT = join(__dirname, '..', '..');

/**
 * The web app's API types (web/src/api/openapi.generated.ts) are the server's: regenerated from the
 * running gateway's /docs/openapi.json, they must equal the committed file. When a DTO changes, this
 * fails until `node -r ./test/support/ts-register.js web/codegen/openapi-types.ts <gateway URL>` is
 * run, and then the web app's type check points at every page the change touches. (The generator
 * runs in its own process: Prettier's ES modules do not load inside jest's sandbox.)
 */
describe('web app API types', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });
  afterAll(() => gw?.close());

  it('web/src/api/openapi.generated.ts is generated from the current OpenAPI document', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', './test/support/ts-register.js', 'web/codegen/openapi-types.ts', gw.url, '--check'],
      { cwd: ROOT },
    );
    expect(stdout).toContain('is current');
  });
});
