// Lets a child process started by a test run TypeScript sources directly (same per-file
// transpilation as ts-jest's isolatedModules), e.g. a second gateway process.
//
// The output is kept on disk (node_modules/.cache/ts-register, keyed by the source, its path, the
// compiler options and the TypeScript version): a suite run starts dozens of child gateways, probes
// and CLIs, and transpiling the whole app for each was several CPU-seconds apiece. TypeScript itself
// is loaded only on a miss. Entries are written to a temporary name and renamed, so concurrent
// processes never read half a file.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const { join } = require('node:path');
const { compilerOptions } = require('../../tsconfig.json');
const typescriptVersion = require('typescript/package.json').version;

const CACHE_DIR = join(__dirname, '..', '..', 'node_modules', '.cache', 'ts-register');

let ts;
let options;
function transpile(source, filename) {
  if (!ts) {
    ts = require('typescript');
    options = {
      ...compilerOptions,
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      sourceMap: false,
      inlineSourceMap: true,
    };
    delete options.moduleResolution;
    delete options.lib;
    delete options.types;
  }
  return ts.transpileModule(source, { compilerOptions: options, fileName: filename }).outputText;
}

const optionsKey = JSON.stringify([typescriptVersion, compilerOptions]);
fs.mkdirSync(CACHE_DIR, { recursive: true });

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const key = createHash('sha256').update(optionsKey).update('\0').update(filename).update('\0').update(source).digest('hex');
  const cached = join(CACHE_DIR, `${key}.js`);
  let output;
  try {
    output = fs.readFileSync(cached, 'utf8');
  } catch {
    output = transpile(source, filename);
    const temporary = `${cached}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, output);
    fs.renameSync(temporary, cached);
  }
  module._compile(output, filename);
};
