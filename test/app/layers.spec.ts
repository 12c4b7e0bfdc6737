import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/**
 * The layout's rules, checked on the imports of every source file, so that a change that breaks
 * one fails here rather than in review:
 * - common/ is the bottom layer: it imports no feature module;
 * - metrics/ sits just above it, so that any module can record into it without a cycle;
 * - the feature modules depend on each other without a cycle (type imports included);
 * - provider kinds (proxy/providers/<kind>/) never import each other; what they share lives in
 *   proxy/providers/shared/.
 */
const SRC = join(__dirname, '..', '..', 'src');

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

/** Every relative import of every file under src/, as paths relative to src/ (no extension). */
function relativeImports(): Import[] {
  return sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
    return specifiers.map((specifier) => ({
      from: relative(SRC, file).split(sep).join('/'),
      to: normalize(relative(SRC, join(dirname(file), specifier)))
        .split(sep)
        .join('/'),
    }));
  });
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
      if (a === b || b === 'generated') continue;
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

  it('provider kinds never import each other', () => {
    const kindOf = (path: string) => /^proxy\/providers\/([^/]+)\//.exec(path)?.[1];
    const crossing = imports.filter((i) => {
      const [a, b] = [kindOf(i.from), kindOf(i.to)];
      return a !== undefined && b !== undefined && a !== b && b !== 'shared';
    });
    expect(crossing).toEqual([]);
  });
});
