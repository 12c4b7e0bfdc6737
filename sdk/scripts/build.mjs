// Builds the package twice from one source: dist/esm (ES modules, for `import` and bundlers) and
// dist/cjs (CommonJS, for `require`), each with its .d.ts files and a package.json that tells Node
// (and TypeScript's node16 resolution) which format the folder holds. package.json "exports" picks
// one per condition. tsc is the only tool: the package has no runtime dependencies and no bundler.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const formats = [
  { dir: 'esm', type: 'module', args: ['--module', 'ES2022', '--moduleResolution', 'bundler'] },
  { dir: 'cjs', type: 'commonjs', args: ['--module', 'CommonJS', '--moduleResolution', 'node10'] },
];

rmSync(join(root, 'dist'), { recursive: true, force: true });
for (const { dir, type, args } of formats) {
  const outDir = join(root, 'dist', dir);
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', outDir, ...args], { stdio: 'inherit' });
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify({ type }, null, 2)}\n`);
}
