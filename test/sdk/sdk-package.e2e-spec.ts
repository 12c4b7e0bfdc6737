import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createContext, runInContext } from 'node:vm';
import { GatewayHarness } from '../support/gateway-harness';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const SDK = join(ROOT, 'sdk');
const TSC = require.resolve('typescript/bin/tsc');
const NAME = '@unified-api-gateway/sdk';
/** For the steps that run tsc or npm in a child process: tens of seconds on a busy machine. */
const SLOW_STEP_MS = 120_000;

/** What each consumer script prints: one call, one stream, one typed error, from the installed package. */
const CONSUMER_BODY = `
const gateway = new Gateway({ apiKey: process.env.GATEWAY_API_KEY, baseUrl: process.env.GATEWAY_URL });
const answer = await gateway.call('text.generate', { input: 'Write a haiku' });
const { text, usage } = await gateway.stream('text.generate', { input: 'Stream me a story' }).text();
const error = await gateway.call('text.unknown', {}).catch((e) => e);
console.log(JSON.stringify({
  status: answer.status,
  billedPicoUsd: String(answer.billedPicoUsd),
  limit: answer.rateLimit.limit,
  streamed: text.length > 0,
  costPicoUsd: String(usage.costPicoUsd),
  error: [error instanceof NotFoundError, error instanceof GatewayError, error.code, error.status],
}));
`;

/**
 * The SDK as a package: `npm pack` builds it and yields a tarball that installs offline in a fresh
 * folder and runs there, from CommonJS and from ES modules, with types that TypeScript consumers
 * resolve; its build runs with the web platform's globals alone (what a browser has); and the
 * README's examples run as written against a gateway this test starts.
 */
describe('SDK package', () => {
  let gw: GatewayHarness;
  let work: string;
  let consumer: string;
  let tarball: string;
  let packedFiles: string[];
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ SIMULATOR_CHUNK_INTERVAL_MS: '0' });
    const { key } = await gw.createTenantWithKey();
    const { managementKey } = await gw.createReseller();
    env = { ...process.env, GATEWAY_URL: gw.url, GATEWAY_API_KEY: key, GATEWAY_MANAGEMENT_KEY: managementKey };
    work = mkdtempSync(join(tmpdir(), 'sdk-package-'));
    // npm pack runs the package's prepack script: the ESM and CJS builds, from a clean dist/.
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: SDK, maxBuffer: 16 * 1024 * 1024 });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = join(work, packed.filename);
    packedFiles = packed.files.map((f) => f.path);
    consumer = join(work, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'sdk-consumer', version: '1.0.0', private: true }));
    // --offline: the package has no dependencies, so nothing may need the registry.
    await run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund'], { cwd: consumer });
    // The README's OpenAI example imports the official `openai` package (no dependencies of its own):
    // linked from this repository's dev dependencies, as a project would have it installed.
    symlinkSync(join(ROOT, 'node_modules', 'openai'), join(consumer, 'node_modules', 'openai'), 'dir');
  }, 3 * SLOW_STEP_MS);

  afterAll(async () => {
    await gw?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const runNode = async (file: string) => (await run(process.execPath, [file], { cwd: consumer, env })).stdout;

  it('packs the two builds with their types, the README and the manifest, and nothing else', () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/esm/index.js',
        'dist/esm/index.d.ts',
        'dist/esm/package.json',
        'dist/cjs/index.js',
        'dist/cjs/index.d.ts',
        'dist/cjs/package.json',
      ]),
    );
    expect(packedFiles.filter((path) => !/^(package\.json|README\.md|dist\/(esm|cjs)\/.+\.(js|d\.ts|json))$/.test(path))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules', NAME, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
  });

  it.each([
    [
      'CommonJS (require)',
      'consumer.cjs',
      `const { Gateway, GatewayError, NotFoundError } = require('${NAME}');\n(async () => {${CONSUMER_BODY}})();`,
    ],
    ['ES modules (import)', 'consumer.mjs', `import { Gateway, GatewayError, NotFoundError } from '${NAME}';\n${CONSUMER_BODY}`],
  ])('installs offline in a fresh folder and runs from %s against the gateway', async (_name, file, source) => {
    writeFileSync(join(consumer, file), source);
    const printed = JSON.parse(await runNode(file)) as Record<string, unknown>;
    expect(printed).toMatchObject({ status: 'accepted', limit: 600, streamed: true, error: [true, true, 'endpoint_not_found', 404] });
    expect(BigInt(printed.billedPicoUsd as string)).toBeGreaterThan(0n);
    expect(BigInt(printed.costPicoUsd as string)).toBeGreaterThan(0n);
  });

  it.each([
    [
      'node16 resolution, ESM and CJS files, browser libraries only',
      { module: 'node16', moduleResolution: 'node16', lib: ['ES2022', 'DOM'], types: [] },
    ],
    ['bundler resolution, browser libraries only', { module: 'ES2022', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], types: [] }],
    [
      'node16 resolution, Node types only',
      { module: 'node16', moduleResolution: 'node16', lib: ['ES2022'], types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')] },
    ],
  ])(
    'its types resolve for a TypeScript consumer: %s',
    async (name, compilerOptions) => {
      const dir = join(consumer, `ts-${name.replace(/\W+/g, '-')}`);
      mkdirSync(dir);
      const typed = (from: string) => `${from}
export async function typed(gateway: Gateway): Promise<string> {
  const answer = await gateway.call('text.generate', { input: 'hi' });
  // @ts-expect-error a known slug's input is typed
  await gateway.call('text.generate', { prompt: 'hi' });
  const error: unknown = null;
  if (error instanceof RateLimitedError) return String(error.retryAt);
  return answer.result.text + String(answer.billedPicoUsd + 1n);
}
export async function operator(): Promise<string> {
  const admin = new AdminClient({ adminToken: 'adm', baseUrl: 'http://gateway.test' });
  const { data } = await admin.request('GET /tenants/{id}', { params: { id: 't1' } });
  // @ts-expect-error the operator API's routes only
  await admin.request('GET /me');
  return data.name;
}
`;
      writeFileSync(
        join(dir, 'esm.mts'),
        typed(`import { Gateway, RateLimitedError } from '${NAME}';\nimport { AdminClient } from '${NAME}/admin';`),
      );
      writeFileSync(
        join(dir, 'cjs.cts'),
        typed(
          `import sdk = require('${NAME}');\nimport admin = require('${NAME}/admin');\ntype Gateway = sdk.Gateway;\nconst { RateLimitedError } = sdk;\nconst { AdminClient } = admin;`,
        ),
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, ...compilerOptions },
          files: compilerOptions.moduleResolution === 'bundler' ? ['esm.mts'] : ['esm.mts', 'cjs.cts'],
        }),
      );
      await expect(run(process.execPath, [TSC, '-p', dir], { cwd: dir })).resolves.toBeDefined();
    },
    SLOW_STEP_MS,
  );

  it('has the operator API’s client in an entry of its own (sdk/admin), not in the main one', async () => {
    const esm = `import * as sdk from '${NAME}';\nimport * as admin from '${NAME}/admin';\nconsole.log(JSON.stringify([typeof admin.AdminClient, 'AdminClient' in sdk, admin.ADMIN_ROUTES.length > 0]));`;
    const cjs = `const sdk = require('${NAME}');\nconst admin = require('${NAME}/admin');\nconsole.log(JSON.stringify([typeof admin.AdminClient, 'AdminClient' in sdk, admin.ADMIN_ROUTES.length > 0]));`;
    writeFileSync(join(consumer, 'admin-entry.mjs'), esm);
    writeFileSync(join(consumer, 'admin-entry.cjs'), cjs);
    for (const file of ['admin-entry.mjs', 'admin-entry.cjs']) expect(JSON.parse(await runNode(file))).toEqual(['function', false, true]);
  });

  it('runs with the web platform’s globals alone (no require, process or Buffer: what a browser has)', async () => {
    const context = createContext({
      fetch,
      Headers,
      Request,
      Response,
      AbortController,
      AbortSignal,
      DOMException,
      TextDecoder,
      TextEncoder,
      ReadableStream,
      URL,
      URLSearchParams,
      setTimeout,
      clearTimeout,
      console,
    });
    // A CommonJS loader that resolves only the package's own relative files: anything else throws.
    const cache = new Map<string, unknown>();
    const load = (file: string): unknown => {
      if (cache.has(file)) return cache.get(file);
      const module = { exports: {} as unknown };
      cache.set(file, module.exports);
      const wrapper = runInContext(`(function (exports, require, module) {${readFileSync(file, 'utf8')}\n})`, context, {
        filename: file,
      }) as (exports: unknown, require: (specifier: string) => unknown, module: { exports: unknown }) => void;
      wrapper(
        module.exports,
        (specifier) => {
          if (!specifier.startsWith('.')) throw new Error(`the SDK requires ${specifier}, which a browser does not have`);
          return load(resolve(dirname(file), specifier.endsWith('.js') ? specifier : `${specifier}.js`));
        },
        module,
      );
      cache.set(file, module.exports);
      return module.exports;
    };
    (context as Record<string, unknown>).sdk = load(join(consumer, 'node_modules', NAME, 'dist', 'cjs', 'index.js'));
    (context as Record<string, unknown>).settings = { url: gw.url, key: env.GATEWAY_API_KEY };
    const outcome = (await runInContext(
      `(async () => {
        const gateway = new sdk.Gateway({ apiKey: settings.key, baseUrl: settings.url, retry: true });
        const answer = await gateway.call('text.embed', { input: 'x' });
        const { text } = await gateway.stream('text.generate', { input: 'y' }).text();
        const error = await gateway.call('text.unknown', {}).catch((e) => e);
        return [answer.status, text.length > 0, error instanceof sdk.NotFoundError, error.rateLimit.limit];
      })()`,
      context,
    )) as unknown[];
    expect(outcome).toEqual(['accepted', true, true, 120]);
  });

  it(
    'the README’s examples run as written',
    async () => {
      const readme = readFileSync(join(SDK, 'README.md'), 'utf8');
      const examples = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
      expect(examples.length).toBeGreaterThanOrEqual(5);
      for (const [i, example] of examples.entries()) {
        const file = `readme-example-${i + 1}.mjs`;
        writeFileSync(join(consumer, file), example);
        await expect(runNode(file).then(() => file)).resolves.toBe(file);
      }
    },
    SLOW_STEP_MS,
  );

  it(
    'the SDK’s sources, tests and codegen type-check, its compile-time type tests included',
    async () => {
      await expect(run(process.execPath, [TSC, '-p', join(SDK, 'tsconfig.json')], { cwd: SDK })).resolves.toBeDefined();
    },
    SLOW_STEP_MS,
  );
});
