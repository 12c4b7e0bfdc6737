import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/**
 * The layout's rules, checked on the imports of every source file, so that a change that breaks
 * one fails here rather than in review:
 * - common/ is the bottom layer: it imports no feature module;
 * - metrics/ sits just above it, so that any module can record into it without a cycle;
 * - the feature modules depend on each other without a cycle (type imports included);
 * - provider kinds (proxy/providers/<kind>/) never import each other; what they share lives in
 *   proxy/providers/shared/;
 * - the client SDK (sdk/) is a package of its own: the server takes only its SSE reader from it,
 *   and the SDK imports nothing outside sdk/src/ (no dependencies, no Node built-ins: it runs in
 *   browsers too);
 * - request and response classes live in files named for their role: `*.requests.ts` holds what a
 *   route takes (bodies, queries), `*.view.ts` what it answers, and a `dto/` folder holds nothing else.
 */
const SRC = join(__dirname, '..', '..', 'src');
const SDK_SRC = join(__dirname, '..', '..', 'sdk', 'src');

interface Import {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier a file imports (static, dynamic, re-exports, require). */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import|require)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
}

/** Every relative import of every file under `root`, as paths relative to it (no extension). */
function relativeImports(root = SRC): Import[] {
  return sourceFiles(root).flatMap((file) =>
    specifiersOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({
        from: relative(root, file).split(sep).join('/'),
        to: normalize(relative(root, join(dirname(file), specifier)))
          .split(sep)
          .join('/'),
      })),
  );
}

/** The top-level folder under src/ (`main.ts` for the entry point). */
const moduleOf = (path: string) => path.split('/')[0];

describe('source layout', () => {
  const imports = relativeImports();

  it('finds the imports it checks', () => {
    expect(imports.length).toBeGreaterThan(200);
    expect(imports).toContainEqual({ from: 'gateway/gateway.module.ts', to: 'keys/keys.module' });
  });

  it('common/ imports no feature module', () => {
    const upward = imports.filter((i) => moduleOf(i.from) === 'common' && moduleOf(i.to) !== 'common');
    expect(upward).toEqual([]);
  });

  it('config/ imports nothing but common/', () => {
    const upward = imports.filter((i) => moduleOf(i.from) === 'config' && !['config', 'common'].includes(moduleOf(i.to)));
    expect(upward).toEqual([]);
  });

  it('metrics/ imports nothing but config/ and common/ (every module may record into it)', () => {
    const upward = imports.filter((i) => moduleOf(i.from) === 'metrics' && !['metrics', 'config', 'common'].includes(moduleOf(i.to)));
    expect(upward).toEqual([]);
  });

  it('feature modules depend on each other without a cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of imports) {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      if (a === b || b === 'generated' || b === '..') continue;
      if (!edges.has(a)) edges.set(a, new Set());
      edges.get(a)!.add(b);
    }
    const cycles: string[] = [];
    const visit = (node: string, path: string[]): void => {
      if (path.includes(node)) {
        cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it('src/ imports nothing outside src/ but the SDK’s SSE reader', () => {
    const outside = imports.filter((i) => i.to.startsWith('../')).map((i) => i.to);
    expect(outside).toContain('../sdk/src/sse-reader');
    expect([...new Set(outside)]).toEqual(['../sdk/src/sse-reader']);
  });

  it('the SDK imports only its own files (no dependencies, no Node built-ins), and its SSE reader nothing at all', () => {
    const sdkFiles = sourceFiles(SDK_SRC);
    expect(sdkFiles.length).toBeGreaterThan(5);
    const foreign = sdkFiles.flatMap((file) =>
      specifiersOf(file)
        .filter((specifier) => !specifier.startsWith('./') && !specifier.startsWith('../'))
        .map((specifier) => `${relative(SDK_SRC, file)}: ${specifier}`),
    );
    expect(foreign).toEqual([]);
    const escaping = relativeImports(SDK_SRC).filter((i) => i.to.startsWith('../'));
    expect(escaping).toEqual([]);
    expect(specifiersOf(join(SDK_SRC, 'sse-reader.ts'))).toEqual([]);
  });

  it('provider kinds never import each other', () => {
    const kindOf = (path: string) => /^proxy\/providers\/([^/]+)\//.exec(path)?.[1];
    const crossing = imports.filter((i) => {
      const [a, b] = [kindOf(i.from), kindOf(i.to)];
      return a !== undefined && b !== undefined && a !== b && b !== 'shared';
    });
    expect(crossing).toEqual([]);
  });

  it('request classes live in *.requests.ts, response classes in *.view.ts, and dto/ folders hold only those', () => {
    const files = sourceFiles(SRC).map((file) => relative(SRC, file).split(sep).join('/'));
    const misfiled = files.flatMap((file) => {
      const text = readFileSync(join(SRC, file), 'utf8');
      const classes = [...text.matchAll(/^export (?:abstract )?class (\w+)/gm)].map((m) => m[1]);
      const views = classes.filter((name) => /View$/.test(name) && !file.endsWith('.view.ts'));
      const requests = classes.filter((name) => /(Request|Query)$/.test(name) && !file.endsWith('.requests.ts'));
      const inDto = file.includes('/dto/') && !/\.(requests|view)\.ts$/.test(file) ? ['(not a requests or view file)'] : [];
      return [...views, ...requests, ...inDto].map((what) => `${file}: ${what}`);
    });
    expect(files.filter((file) => file.endsWith('.requests.ts')).length).toBeGreaterThan(10);
    expect(files.filter((file) => file.endsWith('.view.ts')).length).toBeGreaterThan(10);
    expect(misfiled).toEqual([]);
  });
});
