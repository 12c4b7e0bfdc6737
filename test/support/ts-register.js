// Lets a child process started by a test run TypeScript sources directly (same per-file
// transpilation as ts-jest's isolatedModules), e.g. a second gateway process.
const fs = require('node:fs');
const ts = require('typescript');
const { compilerOptions } = require('../../tsconfig.json');

const options = {
  ...compilerOptions,
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  sourceMap: false,
  inlineSourceMap: true,
};
delete options.moduleResolution;
delete options.lib;
delete options.types;
require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: options, fileName: filename });
  module._compile(outputText, filename);
};
