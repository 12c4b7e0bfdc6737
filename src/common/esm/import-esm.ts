/**
 * A real dynamic `import()` from this CommonJS build, for packages that are ES modules only.
 * TypeScript compiles `import()` to `require()` under `module: commonjs`, and require() cannot load
 * them; the body of a Function is not compiled, so the `import()` in it stays a real one.
 */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- deliberate: the only way to keep a native import() in CommonJS output (see above)
const nativeImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

/** Imports an ES module (a package name or an absolute path); `T` is its namespace's type (not checked). */
export function importEsm<T>(specifier: string): Promise<T> {
  return nativeImport(specifier) as Promise<T>;
}
